import { type CreatePerform, defineCreate } from 'zapier-platform-core';
import {
  INVITE_DETAILS_SAMPLE,
  inviteAction,
  inviteActionOutputFields,
  inviteInputFields,
} from './invite-action';

const perform = (async (z, bundle) => {
  const { id, workspace_id, message, details } = await inviteAction(z, bundle, 'resend');
  return { id, workspace_id, resent: true, message: message ?? 'Invite email resent.', ...details };
}) satisfies CreatePerform;

export const resendInvite = defineCreate({
  key: 'resend_invite',
  noun: 'Invite',
  display: {
    label: 'Resend Invite',
    description:
      'Sends the invitation email of a pending workspace invite again. An expired invite is refused: OpnForm ' +
      'does not extend it when resending, so cancel it and invite the person again.',
  },
  operation: {
    inputFields: inviteInputFields,
    perform,
    sample: {
      id: 71,
      workspace_id: 7,
      resent: true,
      message: 'Invite email resent successfully.',
      ...INVITE_DETAILS_SAMPLE,
    },
    outputFields: inviteActionOutputFields('resent', 'Resent'),
  },
});

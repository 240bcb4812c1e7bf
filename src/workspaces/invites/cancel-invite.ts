import { type CreatePerform, defineCreate } from 'zapier-platform-core';
import { DESTRUCTIVE_NOTE, destructiveWarning } from '../warning';
import {
  INVITE_DETAILS_SAMPLE,
  inviteAction,
  inviteActionOutputFields,
  inviteInputFields,
} from './invite-action';

const perform = (async (z, bundle) => {
  const { id, workspace_id, message, details } = await inviteAction(z, bundle, 'cancel');
  return { id, workspace_id, cancelled: true, message: message ?? 'Invite cancelled.', ...details };
}) satisfies CreatePerform;

export const cancelInvite = defineCreate({
  key: 'cancel_invite',
  noun: 'Invite',
  display: {
    label: 'Cancel Invite',
    description:
      'Cancels a pending workspace invite: its link stops working and it disappears from the workspace. ' +
      DESTRUCTIVE_NOTE,
  },
  operation: {
    inputFields: [
      destructiveWarning(
        'The invite link stops working and the invite is deleted; to let the person join, invite them again.',
      ),
      ...inviteInputFields,
    ],
    perform,
    sample: {
      id: 71,
      workspace_id: 7,
      cancelled: true,
      message: 'Invite deleted successfully.',
      ...INVITE_DETAILS_SAMPLE,
    },
    outputFields: inviteActionOutputFields('cancelled', 'Cancelled'),
  },
});

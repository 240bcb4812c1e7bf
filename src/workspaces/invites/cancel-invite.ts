import { type CreatePerform, defineCreate } from 'zapier-platform-core';
import { inviteAction, inviteActionOutputFields, inviteInputFields } from './invite-action';

const perform = (async (z, bundle) => {
  const { id, workspace_id, message } = await inviteAction(z, bundle, 'cancel');
  return { id, workspace_id, cancelled: true, message: message ?? 'Invite cancelled.' };
}) satisfies CreatePerform;

export const cancelInvite = defineCreate({
  key: 'cancel_invite',
  noun: 'Invite',
  display: {
    label: 'Cancel Invite',
    description:
      'Cancels a pending workspace invite: its link stops working and it disappears from the workspace.',
  },
  operation: {
    inputFields: inviteInputFields,
    perform,
    sample: { id: 71, workspace_id: 7, cancelled: true, message: 'Invite deleted successfully.' },
    outputFields: inviteActionOutputFields('cancelled', 'Cancelled'),
  },
});

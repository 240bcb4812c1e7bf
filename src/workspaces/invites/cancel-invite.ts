import { defineInviteAction } from './invite-action';

export const cancelInvite = defineInviteAction({
  key: 'cancel_invite',
  action: 'cancel',
  label: 'Cancel Invite',
  description:
    'Cancels a pending workspace invite: its link stops working and it disappears from the workspace.',
  warning:
    'The invite link stops working and the invite is deleted; to let the person join, invite them again.',
  flag: 'cancelled',
  fallback: 'Invite cancelled.',
  sampleMessage: 'Invite deleted successfully.',
});

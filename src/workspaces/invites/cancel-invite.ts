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

export const cases: import('../../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', invite_id: '$pendingInviteId' },
    minimum: 2,
    why: 'the invites (whose invite it was: it is gone afterwards) + cancel',
    writes: /^DELETE /,
    review: {
      on: 'Cloud; self-hosted while it has at most 2 users (the licence limit refuses new invites: `team--add-user#3`)',
      evidence: ['team--invites#17', 'team--invites#19'],
    },
  },
];

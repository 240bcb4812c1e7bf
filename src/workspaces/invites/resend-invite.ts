import { defineInviteAction } from './invite-action';

export const resendInvite = defineInviteAction({
  key: 'resend_invite',
  action: 'resend',
  label: 'Resend Invite',
  description:
    'Sends the invitation email of a pending workspace invite again. An expired invite is refused: OpnForm ' +
    'does not extend it when resending, so cancel it and invite the person again.',
  flag: 'resent',
  fallback: 'Invite email resent.',
  sampleMessage: 'Invite email resent successfully.',
});

export const cases: import('../../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', invite_id: '$pendingInviteId' },
    minimum: 2,
    why: 'the invites (expired or accepted: OpnForm would answer 200 and send a dead link) + resend',
    review: {
      on: 'Cloud; self-hosted while it has at most 2 users (the licence limit refuses new invites: `team--add-user#3`)',
      evidence: ['team--invites#0', 'team--invites#2-#3'],
    },
  },
];

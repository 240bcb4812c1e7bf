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

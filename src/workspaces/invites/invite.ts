import type { Invite } from '../../schemas/invites';
import { isoDateTime, parseTimestamp } from '../../shared/dates';
import { teamActionFields } from '../action';
import { memberRole } from '../member';

export const statusOf = (invite: Invite) => (invite.status ?? '').trim().toLowerCase();

/** Past its `valid_until` (and not accepted), or marked expired by the server. */
export const isExpired = (invite: Invite, now = Date.now()): boolean => {
  const status = statusOf(invite);
  if (status === 'expired') return true;
  if (status === 'accepted') return false;
  const until = parseTimestamp(invite.valid_until);
  return until !== undefined && until < now;
};

/**
 * What an invite step returns, built from an allow-list: an invite token (or anything else a
 * server adds) never reaches Zapier.
 */
export const shapeInvite = (invite: Invite, now = Date.now()) => ({
  id: invite.id,
  email: invite.email,
  role: memberRole({ role: invite.role }),
  status: statusOf(invite),
  valid_until: isoDateTime(invite.valid_until),
  is_expired: isExpired(invite, now),
});
export type InviteOutput = ReturnType<typeof shapeInvite>;

/** Pending invites first (they are the ones that can be resent or cancelled), then newest first by id. */
export const pendingFirst = (invites: readonly Invite[]): Invite[] =>
  [...invites].sort((a, b) => {
    const pa = statusOf(a) === 'pending' ? 0 : 1;
    const pb = statusOf(b) === 'pending' ? 0 : 1;
    return pa !== pb ? pa - pb : b.id - a.id;
  });

export const INVITE_SAMPLE: InviteOutput = {
  id: 71,
  email: 'grace@example.org',
  role: 'user',
  status: 'pending',
  valid_until: '2026-06-03T10:00:00+00:00',
  is_expired: false,
};

/** The fields the invite sample does not say itself (`email` and `is_expired` are labelled from it). */
export const INVITE_OUTPUT_FIELDS = [
  { key: 'id', label: 'Invite ID', type: 'integer' as const },
  { key: 'role', label: 'Role' },
  { key: 'status', label: 'Status' },
  { key: 'valid_until', label: 'Valid Until', type: 'datetime' as const },
];

/** What Resend Invite and Cancel Invite add to their output from the invite list: whose invite it was. */
export const inviteDetails = (invite: Invite | undefined) => ({
  email: invite?.email ?? null,
  role: invite === undefined ? null : memberRole({ role: invite.role }),
  valid_until: isoDateTime(invite?.valid_until),
});

/** Resend and Cancel Invite's sample: the invite, the outcome flag, OpnForm's message, whose invite. */
export const inviteActionSample = (outcome: { resent: true } | { cancelled: true }, message: string) => ({
  id: 71,
  workspace_id: 7,
  ...outcome,
  message,
  email: 'grace@example.org',
  role: 'user',
  valid_until: '2026-06-03T10:00:00+00:00',
});

/** Resend and Cancel Invite: the fields the sample does not say itself (the flag, `message` and `email` are labelled from it). */
export const inviteActionOutputFields = () =>
  teamActionFields(
    'Invite ID',
    { key: 'role', label: 'Role' },
    { key: 'valid_until', label: 'Valid Until', type: 'datetime' },
  );

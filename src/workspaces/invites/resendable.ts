import type { Bundle, ZObject } from 'zapier-platform-core';
import * as invites from '../../api/invites';
import { halt, notFound } from '../../errors';
import type { Invite } from '../../schemas/invites';
import { isoDateTime } from '../../shared/dates';
import { isExpired, statusOf } from './invite';

const known = (said: string) => invites.RESEND_FAILURES.find((k) => k.said === said);

/** `2026-11-21 17:44 UTC` from any date-time OpnForm sends (`Y-m-d H:i:s` UTC in the invite list). */
const utcMinute = (value: string | null | undefined): string => {
  const iso = isoDateTime(value) ?? '';
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso)
    ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`
    : String(value);
};

/**
 * Before a resend: reads the workspace's invites (same abilities as the resend itself) and refuses
 * what OpnForm would not really resend. An expired invite stays "pending" on OpnForm and a resend
 * answers 200 without extending `valid_until` (recorded: `team--invites`), so the email would carry
 * a dead link while the Zap reports success. Unknown and accepted invites get the same clear
 * messages as OpnForm's own 400 answers, without sending anything. Returns the invite (for the output).
 */
export const refuseUnresendable = async (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
  inviteId: number,
  now = Date.now(),
): Promise<Invite | undefined> => {
  const invite = (await invites.list(z, bundle, workspaceId)).find((i) => i.id === inviteId);
  const failure =
    invite === undefined
      ? known('Invite not found for this workspace.')
      : statusOf(invite) === 'accepted'
        ? known('Invite already accepted.')
        : undefined;
  if (failure?.halt) throw halt(z, failure.message);
  if (failure !== undefined) throw notFound(z, failure.message);
  if (invite === undefined || !isExpired(invite, now)) return invite;
  // This run's invite expired: routine (the Zap is fine), so a halt.
  throw halt(
    z,
    `This invite (${invite.email}) expired on ${utcMinute(invite.valid_until)}, so it was not resent: OpnForm ` +
      'does not extend an invite when it resends it, and the email would carry a link that no longer works. ' +
      `Cancel it (Cancel Invite) and invite ${invite.email} again.`,
  );
};

import type { Member, MemberRole } from '../schemas/members';
import type { Workspace } from '../schemas/workspaces';
import { isoDateTime, parseTimestamp } from '../shared/dates';

/**
 * A member's role as one of `admin`, `user`, `readonly`. The role sits in `pivot.role` on real
 * servers and in `role` in the spec; the spec's list shows `member` for what the role-update
 * operation calls `user`. Anything that is neither admin nor read-only is a normal user.
 */
export const memberRole = (member: Pick<Member, 'role' | 'pivot'>): MemberRole => {
  const role = (member.pivot?.role ?? member.role ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
  if (role === 'admin') return 'admin';
  if (role === 'readonly' || role === 'viewer') return 'readonly';
  return 'user';
};

/** Whether the connected user is an admin of a workspace of its list (`is_admin`, else `pivot.role`). */
export const adminOf = (workspace: Pick<Workspace, 'is_admin' | 'pivot'>): boolean =>
  workspace.is_admin ?? memberRole({ role: workspace.pivot?.role }) === 'admin';

/** What a member step returns: an allow-list, never the whole user record the real server sends. */
export const shapeMember = (member: Member) => ({
  id: member.id,
  name: member.name ?? '',
  email: member.email,
  role: memberRole(member),
});
export type MemberOutput = ReturnType<typeof shapeMember>;

export const MEMBER_SAMPLE: MemberOutput = {
  id: 12,
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  role: 'admin',
};

/** The fields the member sample does not say itself (`name` and `email` are labelled from it). */
export const MEMBER_OUTPUT_FIELDS = [
  { key: 'id', label: 'User ID', type: 'integer' as const },
  { key: 'role', label: 'Role' },
];

/** Sort key: the membership's `pivot.created_at`, else the record's `created_at`. */
const sortStamp = (member: Member) => member.pivot?.created_at ?? member.created_at;

/**
 * Newest first as far as the API allows: it promises no order. When every member carries a
 * timestamp (`pivot.created_at` or `created_at`), by that, newest first; otherwise (the spec's
 * records have none) by id, highest first, since ids grow with new accounts.
 */
export const newestFirst = (members: readonly Member[]): Member[] => {
  const stamps = new Map(members.map((m) => [m, parseTimestamp(sortStamp(m))]));
  const allStamped = members.every((m) => stamps.get(m) !== undefined);
  return [...members].sort((a, b) =>
    allStamped && stamps.get(a) !== stamps.get(b)
      ? (stamps.get(b) as number) - (stamps.get(a) as number)
      : b.id - a.id,
  );
};

/** When the member joined the workspace, if the server says so (`pivot.created_at`); else null. */
export const joinedAt = (member: Member) => isoDateTime(member.pivot?.created_at);

/** Case-insensitive exact match of a trimmed email; never a partial match. */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Who a member change (Remove Member, Update Member Role) was about; null where OpnForm did not list them. */
export const changedMember = (member: Member | undefined) => ({
  name: member?.name ?? null,
  email: member?.email ?? null,
  role: member === undefined ? null : memberRole(member),
});

import type nock from 'nock';
import { eitherCause } from '../helpers/forbidden';
import { api } from '../helpers/scopes';
/** Members and invites as the spec and as a real OpnForm server send them. */

export const SPEC_MEMBERS = [
  { id: 3, name: 'Ada Lovelace', email: 'Ada@Example.org', role: 'admin' },
  { id: 12, name: 'Grace Hopper', email: 'grace@example.org', role: 'member' },
  { id: 8, name: 'Alan Turing', email: 'alan@example.org', role: 'readonly' },
];

const realUser = (id: number, name: string, email: string, role: string, joined: string) => ({
  id,
  name,
  email,
  photo_url: `https://www.gravatar.com/avatar/${id}`,
  utm_data: null,
  meta: { registration_ip: '203.0.113.9' },
  created_at: '2024-01-01T09:00:00.000000Z',
  updated_at: '2026-05-01T09:00:00.000000Z',
  is_subscribed: false,
  has_customer_id: false,
  pivot: { workspace_id: 7, user_id: id, role, created_at: joined, updated_at: joined },
});

/** Real server: full user records, role in `pivot.role`, ids not in joining order. */
export const REAL_MEMBERS = [
  realUser(3, 'Ada Lovelace', 'ada@example.org', 'admin', '2026-01-10T08:00:00.000000Z'),
  realUser(12, 'Grace Hopper', 'grace@example.org', 'user', '2026-02-10T08:00:00.000000Z'),
  realUser(8, 'Alan Turing', 'alan@example.org', 'readonly', '2026-03-10T08:00:00.000000Z'),
];

export const SPEC_INVITES = [
  { id: 70, email: 'old@example.org', role: 'user', status: 'accepted', valid_until: '2026-01-08T10:00:00Z' },
  {
    id: 71,
    email: 'Grace@Example.org',
    role: 'user',
    status: 'pending',
    valid_until: '2099-06-03T10:00:00+02:00',
  },
  {
    id: 72,
    email: 'linus@example.org',
    role: 'admin',
    status: 'pending',
    valid_until: '2020-06-03T10:00:00Z',
  },
];

/** Real server: timestamps, workspace_id, and a token the connector must never pass on. */
export const REAL_INVITES = [
  {
    id: 70,
    workspace_id: 7,
    email: 'old@example.org',
    role: 'user',
    status: 'accepted',
    token: 'SECRET-INVITE-TOKEN-70',
    valid_until: '2026-01-08T10:00:00.000000Z',
    created_at: '2026-01-01T10:00:00.000000Z',
    updated_at: '2026-01-02T10:00:00.000000Z',
  },
  {
    id: 71,
    workspace_id: 7,
    email: 'grace@example.org',
    role: 'user',
    status: 'pending',
    token: 'SECRET-INVITE-TOKEN-71',
    valid_until: '2099-06-03 10:00:00',
    created_at: '2026-05-27T10:00:00.000000Z',
    updated_at: '2026-05-27T10:00:00.000000Z',
  },
  {
    id: 72,
    workspace_id: 7,
    email: 'linus@example.org',
    role: 'admin',
    status: 'pending',
    token: 'SECRET-INVITE-TOKEN-72',
    valid_until: '2020-06-03T10:00:00.000000Z',
    created_at: '2020-05-27T10:00:00.000000Z',
    updated_at: '2020-05-27T10:00:00.000000Z',
  },
];

/**
 * The 403 messages of the team steps when the connected user's standing stays unknown: these tests
 * answer no `GET /open/workspaces` after the 403, so the message names both possible causes.
 * `test/http/forbidden.tests.ts` pins the messages once the standing is known.
 */
const either = (said: string, ability: string, role: string) => eitherCause(said, ability, `not ${role}`);

export const FORBIDDEN = {
  readMembers: (said: string) => either(said, 'workspaces-read', 'a member of the workspace'),
  manage: (said: string) => either(said, 'workspaces-write', 'an admin of the workspace'),
  leave: (said: string) => either(said, 'workspaces-read', 'a member of the workspace'),
  readInvites: (said: string) => either(said, 'workspaces-write', 'an admin of the workspace'),
  /** The guard's `GET /open/workspaces` refused: the token cannot list workspaces, so it lacks "workspaces-read". */
  guardedManage: (said: string) =>
    `OpnForm refused this step (403): "${said}" The access token lacks the "workspaces-read" ability (it cannot ` +
    'even list the connected user\'s workspaces); this step needs the "workspaces-read", "workspaces-write" ' +
    "abilities. A token's abilities cannot be changed: create a new token with them ticked in OpnForm (Settings > " +
    'Access Tokens) and reconnect.',
};

export const NOT_ADMIN = 'You need to be an admin of this workspace to do this.';
export const UNAUTHORIZED = 'This action is unauthorized.';

/** The clear messages of resend and cancel, whatever status OpnForm sends them with. */
export const ALREADY_ACCEPTED =
  'This invite was already accepted: the person is a member of the workspace now, so there is nothing to ' +
  'resend or cancel. To take their access away, use Remove Member.';
export const CANCEL_NOT_FOUND =
  'OpnForm has no such invite in this workspace, so there is nothing to cancel: it was already cancelled ' +
  '(or accepted and removed), or it belongs to another workspace.';
export const INVITE_NOT_FOUND =
  'OpnForm has no such invite in this workspace: it may have been cancelled, or it belongs to another ' +
  'workspace. Choose the invite from the list again.';

/**
 * `GET /open/workspaces` as user `me` sees workspace 7 ("Ops"), as real servers answer: the viewer's
 * `pivot` (user id and role) and every member embedded in `users`. The guard of Remove Member and
 * Update Member Role reads it before any write.
 */
export const workspace7As = (
  me: number | undefined,
  members: readonly Record<string, unknown>[] = REAL_MEMBERS,
  extra: Record<string, unknown> = {},
) => [
  {
    id: 7,
    name: 'Ops',
    users_count: members.length,
    is_admin: true,
    ...(me === undefined ? {} : { pivot: { user_id: me, workspace_id: 7, role: 'admin' } }),
    users: members,
    ...extra,
  },
];

/** The guard's read (Remove Member, Update Member Role): by default workspace 7 as Ada (user 3, admin) sees it. */
export const workspaces = (body: unknown = workspace7As(3)) =>
  api()
    .get('/open/workspaces')
    .reply(200, body as nock.Body);

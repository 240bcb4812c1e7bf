import type nock from 'nock';
import { failure, op, run } from '../../helpers/app';
import { api } from '../../helpers/scopes';
import { FORBIDDEN, NOT_ADMIN, REAL_INVITES, SPEC_INVITES } from '../fixtures';

const perform = op('searches.find_invite.operation.perform');

const invites = (body: unknown) =>
  api()
    .get('/open/workspaces/7/invites')
    .reply(200, body as nock.Body);

test('find_invite (spec): case-insensitive exact match, trimmed; valid_until with an offset', async () => {
  const scope = invites(SPEC_INVITES);
  await expect(run(perform, { workspace_id: '7', email: ' grace@EXAMPLE.org ' })).resolves.toEqual([
    {
      id: 71,
      email: 'Grace@Example.org',
      role: 'user',
      status: 'pending',
      valid_until: '2099-06-03T08:00:00+00:00',
      is_expired: false,
    },
  ]);
  expect(scope.isDone()).toBe(true);
});

test('find_invite (real server): never exposes the invite token; "Y-m-d H:i:s" read as UTC', async () => {
  invites(REAL_INVITES);
  const found = await run(perform, { workspace_id: 7, email: 'GRACE@example.org' });
  expect(found).toEqual([
    {
      id: 71,
      email: 'grace@example.org',
      role: 'user',
      status: 'pending',
      valid_until: '2099-06-03T10:00:00+00:00',
      is_expired: false,
    },
  ]);
  expect(JSON.stringify(found)).not.toContain('SECRET');
});

test('find_invite: an expired pending invite says so', async () => {
  invites(REAL_INVITES);
  await expect(run(perform, { workspace_id: 7, email: 'linus@example.org' })).resolves.toEqual([
    {
      id: 72,
      email: 'linus@example.org',
      role: 'admin',
      status: 'pending',
      valid_until: '2020-06-03T10:00:00+00:00',
      is_expired: true,
    },
  ]);
});

const TWICE = [
  { id: 80, email: 'dup@example.org', role: 'user', status: 'accepted', valid_until: '2026-01-01T00:00:00Z' },
  { id: 81, email: 'dup@example.org', role: 'admin', status: 'pending', valid_until: '2099-01-01T00:00:00Z' },
];

test('find_invite: several invites for one email, pending first', async () => {
  invites(TWICE);
  const found = (await run(perform, { workspace_id: 7, email: 'dup@example.org' })) as Array<{ id: number }>;
  expect(found.map((i) => i.id)).toEqual([81, 80]);
});

test.each([
  ['accepted', [80]],
  ['pending', [81]],
  ['Accepted', [80]],
  ['', [81, 80]],
])('find_invite: status filter "%s"', async (status, ids) => {
  invites(TWICE);
  const found = (await run(perform, { workspace_id: 7, email: 'dup@example.org', status })) as Array<{
    id: number;
  }>;
  expect(found.map((i) => i.id)).toEqual(ids);
});

test('find_invite: a status filter nothing matches -> []', async () => {
  invites(SPEC_INVITES);
  await expect(
    run(perform, { workspace_id: 7, email: 'old@example.org', status: 'pending' }),
  ).resolves.toEqual([]);
});

test.each([
  ['a prefix', 'grace@example'],
  ['a suffix', 'race@example.org'],
  ['the local part', 'grace'],
  ['inner spaces', 'grace @example.org'],
])('find_invite: no partial matches (%s) -> []', async (_why, email) => {
  invites(REAL_INVITES);
  await expect(run(perform, { workspace_id: 7, email })).resolves.toEqual([]);
});

test('find_invite: an unknown status is refused before any request', async () => {
  const error = await failure(run(perform, { workspace_id: 7, email: 'a@example.org', status: 'expired' }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'invalid_input',
    status: 400,
    message: 'Invalid input: Invite Status (status) must be one of pending, accepted.',
  });
});

test('find_invite: not an admin (403) names workspaces-write and admin rights', async () => {
  api().get('/open/workspaces/7/invites').reply(403, { message: NOT_ADMIN });
  const error = await failure(run(perform, { workspace_id: 7, email: 'a@example.org' }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'forbidden',
    status: 403,
    message: FORBIDDEN.readInvites(NOT_ADMIN),
  });
});

import { op, run } from '../../helpers/app';
import { recorded } from '../../helpers/recorded';
import { api } from '../../helpers/scopes';
import { REAL_MEMBERS, SPEC_MEMBERS } from '../fixtures';

const perform = op('triggers.new_workspace_member.operation.perform');

test('new_workspace_member (spec): no timestamps, so highest id first; joined_at null', async () => {
  const scope = api().get('/open/workspaces/7/users').reply(200, SPEC_MEMBERS);
  await expect(run(perform, { workspace_id: '7' })).resolves.toEqual([
    {
      id: 12,
      name: 'Grace Hopper',
      email: 'grace@example.org',
      role: 'user',
      workspace_id: 7,
      joined_at: null,
    },
    {
      id: 8,
      name: 'Alan Turing',
      email: 'alan@example.org',
      role: 'readonly',
      workspace_id: 7,
      joined_at: null,
    },
    {
      id: 3,
      name: 'Ada Lovelace',
      email: 'Ada@Example.org',
      role: 'admin',
      workspace_id: 7,
      joined_at: null,
    },
  ]);
  expect(scope.isDone()).toBe(true);
});

test('new_workspace_member (real server): newest membership (pivot.created_at) first, whatever the ids', async () => {
  api().get('/open/workspaces/7/users').reply(200, REAL_MEMBERS);
  await expect(run(perform, { workspace_id: 7 })).resolves.toEqual([
    {
      id: 8,
      name: 'Alan Turing',
      email: 'alan@example.org',
      role: 'readonly',
      workspace_id: 7,
      joined_at: '2026-03-10T08:00:00+00:00',
    },
    {
      id: 12,
      name: 'Grace Hopper',
      email: 'grace@example.org',
      role: 'user',
      workspace_id: 7,
      joined_at: '2026-02-10T08:00:00+00:00',
    },
    {
      id: 3,
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      role: 'admin',
      workspace_id: 7,
      joined_at: '2026-01-10T08:00:00+00:00',
    },
  ]);
});

test('new_workspace_member: top-level created_at orders members when there is no pivot', async () => {
  api()
    .get('/open/workspaces/7/users')
    .reply(200, [
      { id: 9, name: 'B', email: 'b@example.org', role: 'member', created_at: '2026-01-01 08:00:00' },
      { id: 2, name: 'A', email: 'a@example.org', role: 'admin', created_at: '2026-04-01 08:00:00' },
    ]);
  const ids = ((await run(perform, { workspace_id: 7 })) as Array<{ id: number }>).map((m) => m.id);
  expect(ids).toEqual([2, 9]);
});

test('new_workspace_member: when some members lack a timestamp, all are ordered by id, highest first', async () => {
  api()
    .get('/open/workspaces/7/users')
    .reply(200, [
      {
        id: 2,
        name: 'A',
        email: 'a@example.org',
        pivot: { role: 'admin', created_at: '2026-09-01T08:00:00Z' },
      },
      { id: 9, name: 'B', email: 'b@example.org', pivot: { role: 'user' } },
      {
        id: 5,
        name: 'C',
        email: 'c@example.org',
        pivot: { role: 'user', created_at: '2026-01-01T08:00:00Z' },
      },
    ]);
  const ids = ((await run(perform, { workspace_id: 7 })) as Array<{ id: number }>).map((m) => m.id);
  expect(ids).toEqual([9, 5, 2]);
});

test('new_workspace_member: the role is always admin, user or readonly', async () => {
  api()
    .get('/open/workspaces/7/users')
    .reply(200, [
      { id: 1, name: 'A', email: 'a@example.org', role: 'Admin' },
      { id: 2, name: 'B', email: 'b@example.org', role: 'member' },
      { id: 3, name: 'C', email: 'c@example.org', role: 'read_only' },
      { id: 4, name: 'D', email: 'd@example.org' },
      { id: 5, name: 'E', email: 'e@example.org', role: 'member', pivot: { role: 'readonly' } },
    ]);
  const roles = ((await run(perform, { workspace_id: 7 })) as Array<{ id: number; role: string }>).map(
    (m) => [m.id, m.role],
  );
  expect(roles).toEqual([
    [5, 'readonly'],
    [4, 'user'],
    [3, 'readonly'],
    [2, 'user'],
    [1, 'admin'],
  ]);
});

test('503 members (real server records, recorded team--list-users): the newest 100, one request', async () => {
  const admin = (recorded('team--list-users').exchange(0).response.body as Array<Record<string, unknown>>)[0];
  // real servers send no join time: the accounts' created_at orders them (here one a minute, id order)
  const all = Array.from({ length: 503 }, (_, i) => ({
    ...admin,
    id: i + 1,
    email: `m${i + 1}@example.test`,
    created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    pivot: { workspace_id: 6, user_id: i + 1, role: 'user' },
  }));
  const scope = api().get('/open/workspaces/6/users').reply(200, all);
  const out = (await run(perform, { workspace_id: 6 })) as Array<Record<string, unknown>>;
  expect(scope.isDone()).toBe(true);
  expect(out.map((m) => m.id)).toEqual(Array.from({ length: 100 }, (_, i) => 503 - i));
  expect(out[0]).toEqual({
    id: 503,
    name: 'Zapier Tester (corpus)',
    email: 'm503@example.test',
    role: 'user',
    workspace_id: 6,
    joined_at: null,
  });
});

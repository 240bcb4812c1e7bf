import type nock from 'nock';
import { op, run } from '../helpers/app';
import { api, recorded } from '../helpers/recorded';

const perform = op('triggers.new_workspace.operation.perform');
const home = (
  recorded('workspaces--create-update-delete').exchange(30).response.body as Array<Record<string, unknown>>
)[0];

test('every workspace of the user, newest id first, in the one output shape (ISO dates)', async () => {
  const scope = api()
    .get('/open/workspaces')
    .reply(200, [
      home,
      { ...home, id: 14, name: 'Rec WS A', icon: '', is_admin: false, users_count: 2 },
      { ...home, id: 11, name: 'Joined' },
    ] as nock.Body);
  await expect(run(perform, {})).resolves.toEqual([
    {
      id: 14,
      name: 'Rec WS A',
      icon: null,
      users_count: 2,
      is_admin: false,
      plan_tier: 'pro',
      created_at: '2026-11-25T11:43:02+00:00',
    },
    expect.objectContaining({ id: 11, name: 'Joined' }),
    {
      id: 10,
      name: 'Recorder Home WS',
      icon: '🏠',
      users_count: 1,
      is_admin: true,
      plan_tier: 'pro',
      created_at: '2026-11-25T11:43:02+00:00',
    },
  ]);
  expect(scope.isDone()).toBe(true);
});

test('503 workspaces: the newest 100 by id (Zapier takes about 100 a poll), one request', async () => {
  const all = Array.from({ length: 503 }, (_, i) => ({ ...home, id: i + 1, name: `WS ${i + 1}` }));
  const scope = api()
    .get('/open/workspaces')
    .reply(200, all as nock.Body);
  const out = (await run(perform, {})) as Array<{ id: number; name: string }>;
  expect(scope.isDone()).toBe(true);
  expect(out.map((w) => w.id)).toEqual(Array.from({ length: 100 }, (_, i) => 503 - i));
  expect(out[0]).toMatchObject({ id: 503, name: 'WS 503' });
});

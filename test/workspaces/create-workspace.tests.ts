import { failure, op, run } from '../helpers/app';
import { api, recorded, recordedScope } from '../helpers/recorded';

const perform = op('creates.create_workspace.operation.perform');
const rec = recorded('workspaces--create-update-delete');

test('name and icon: POST /open/workspaces/create with the icon as `emoji`; the new workspace is the output', async () => {
  const scope = recordedScope(rec.exchange(6));
  await expect(run(perform, { name: '  Rec WS A ', icon: '🚀' })).resolves.toEqual({
    id: 14,
    name: 'Rec WS A',
    icon: '🚀',
    users_count: 1,
    is_admin: true,
    plan_tier: 'pro',
    created_at: '2026-11-25T11:43:41+00:00',
    message: 'Workspace created.',
  });
  expect(scope.isDone()).toBe(true);
});

test('no icon: only `name` is sent, and the stored empty icon is null', async () => {
  // recorded #7 sent `icon`, which OpnForm ignores: the step never sends it
  const scope = recordedScope(rec.exchange(7), { body: { name: 'Rec WS B' } });
  await expect(run(perform, { name: 'Rec WS B', icon: ' ' })).resolves.toMatchObject({
    id: 15,
    name: 'Rec WS B',
    icon: null,
  });
  expect(scope.isDone()).toBe(true);
});

test.each([
  [{}, 'Name (name) is required'],
  [{ name: '  ' }, 'Name (name) is required'],
  [
    { name: 'L'.repeat(256) },
    'Name (name) must be at most 255 characters (it has 256): OpnForm stores at most 255',
  ],
  [
    { name: 'Ops', icon: '🚀'.repeat(33) },
    'Icon (icon) must be at most 32 characters (it has 33): an icon is one emoji',
  ],
])('bad input %j is refused before any request', async (input, said) => {
  // recorded #3: the server itself takes 300 characters (sqlite; PostgreSQL would fail)
  expect(await failure(run(perform, input))).toMatchObject({
    code: 'invalid_input',
    message: `Invalid input: ${said}.`,
  });
});

test('a token without workspaces-write (recorded 403): the ability is named, no other request', async () => {
  const scope = recordedScope(rec.exchange(4), { body: { name: 'Rec WS no write' } });
  expect(await failure(run(perform, { name: 'Rec WS no write' }))).toMatchObject({
    code: 'forbidden',
    message:
      'OpnForm refused this step (403): the access token lacks the "workspaces-write" ability: create a new ' +
      'token with it ticked in OpnForm (Settings > Access Tokens) and reconnect. Nothing was changed.',
  });
  expect(scope.isDone()).toBe(true);
});

test('the reply is checked: a create answer without its workspace is a clear error', async () => {
  api()
    .post('/open/workspaces/create', { name: 'Ops' })
    .reply(200, { type: 'success', message: 'Workspace created.' });
  expect(await failure(run(perform, { name: 'Ops' }))).toMatchObject({ code: 'bad_response' });
});

import type nock from 'nock';
import { failure, op, run } from '../helpers/app';
import { api, recorded, recordedScope } from '../helpers/recorded';

const perform = op('creates.update_workspace.operation.perform');
const rec = recorded('workspaces--create-update-delete');
/** Workspace 10 as `GET /open/workspaces` lists it (recorded #30), renamed to be workspace 14 of #8–#14. */
const home = (rec.exchange(30).response.body as Array<Record<string, unknown>>)[0];
const listing = (name: string, icon: string) =>
  api()
    .get('/open/workspaces')
    .reply(200, [{ ...home, id: 14, name, icon }] as nock.Body);

const RENAMED = {
  id: 14,
  name: 'Rec WS A renamed',
  icon: '🎯',
  users_count: 1,
  is_admin: true,
  plan_tier: 'pro',
  created_at: '2026-11-25T11:43:41+00:00',
  message: 'Workspace updated.',
};

test('name and icon given: one PUT with both (recorded #8)', async () => {
  const put = recordedScope(rec.exchange(8));
  await expect(run(perform, { workspace_id: '14', name: 'Rec WS A renamed', icon: '🎯' })).resolves.toEqual(
    RENAMED,
  );
  expect(put.isDone()).toBe(true);
});

test('only a name: the list is read first and the current icon sent back (a PUT without it clears it, #9)', async () => {
  const list = listing('Rec WS A', '🎯');
  const put = recordedScope(rec.exchange(8));
  await expect(run(perform, { workspace_id: 14, name: 'Rec WS A renamed' })).resolves.toEqual(RENAMED);
  expect(list.isDone() && put.isDone()).toBe(true);
});

test('only an icon: the current name is sent back (OpnForm requires it, #10)', async () => {
  const list = listing('Rec WS A renamed', '🚀');
  const put = recordedScope(rec.exchange(8));
  await expect(run(perform, { workspace_id: 14, icon: '🎯' })).resolves.toEqual(RENAMED);
  expect(list.isDone() && put.isDone()).toBe(true);
});

test('Remove Icon: the current name without `emoji` (recorded #9); the output icon is null', async () => {
  const list = listing('Rec WS A renamed again', '🎯');
  const put = recordedScope(rec.exchange(9));
  await expect(run(perform, { workspace_id: 14, clear_icon: 'true' })).resolves.toMatchObject({
    id: 14,
    name: 'Rec WS A renamed again',
    icon: null,
  });
  expect(list.isDone() && put.isDone()).toBe(true);
});

test('an unknown id with both values given: the 404 is a not-found error (recorded #14)', async () => {
  const put = recordedScope(rec.exchange(14));
  expect(await failure(run(perform, { workspace_id: 999999, name: 'nope', clear_icon: true }))).toMatchObject(
    {
      code: 'not_found',
      message:
        'Workspace not found in OpnForm (404). Check that the workspace still exists and that the connected user belongs to it.',
    },
  );
  expect(put.isDone()).toBe(true);
});

test("a workspace not in the connected user's list: not found, nothing sent", async () => {
  const list = listing('Other', '');
  expect(await failure(run(perform, { workspace_id: 15, name: 'New' }))).toMatchObject({
    code: 'not_found',
    message:
      "Workspace 15 is not one of the connected user's workspaces: check that it still exists and that the " +
      'connected user belongs to it. Nothing was changed.',
  });
  expect(list.isDone()).toBe(true);
});

test('a user who is not a member (recorded #13): the role is named, not the token', async () => {
  const put = recordedScope(rec.exchange(13));
  expect(
    await failure(run(perform, { workspace_id: 14, name: 'Rec WS A by outsider', clear_icon: 'yes' })),
  ).toMatchObject({
    code: 'forbidden',
    message:
      'OpnForm refused this step (403): "You cannot update this workspace." The connected user is not a member ' +
      'of it, or is read-only there: ask one of its admins. A new token does not help. Nothing was changed.',
  });
  expect(put.isDone()).toBe(true);
});

test('a token without workspaces-write (recorded #12): the ability is named', async () => {
  const put = recordedScope(rec.exchange(12));
  expect(
    await failure(run(perform, { workspace_id: 14, name: 'Rec WS A no write', clear_icon: true })),
  ).toMatchObject({
    code: 'forbidden',
    message: expect.stringMatching(/lacks the "workspaces-write" ability/),
  });
  expect(put.isDone()).toBe(true);
});

test.each([
  [
    { workspace_id: 14 },
    'Nothing to update: set at least one of New Name (name), New Icon (icon), Remove Icon (clear_icon). Nothing was changed.',
  ],
  [{ workspace_id: 14, clear_icon: 'no', name: ' ' }, 'Nothing to update: set at least one of'],
  [
    { workspace_id: 14, icon: '🔥', clear_icon: true },
    'New Icon (icon) and Remove Icon (clear_icon) are both set. Leave New Icon empty to remove, or set Remove Icon to No to use the new value.',
  ],
  [
    { workspace_id: 14, name: 'x'.repeat(256) },
    'New Name (name) must be at most 255 characters (it has 256)',
  ],
  [{ name: 'New' }, 'Workspace (workspace_id)'],
])('bad input %j is refused before any request', async (input, said) => {
  const error = await failure(run(perform, input));
  expect(error.code).toBe('invalid_input');
  expect(error.message).toContain(`Invalid input: ${said}`);
});

import type nock from 'nock';
import { failure, op, run } from '../helpers/app';
import { api, recorded, recordedScope } from '../helpers/recorded';

const perform = op('creates.delete_workspace.operation.perform');
const rec = recorded('workspaces--create-update-delete');
const forms = recorded('forms--list-workspace-forms');
/** The step's count: one form per page, only `meta.total` read. */
const COUNT = { query: { per_page: 1 } };
/** Recorded page 1 of workspace 6's forms (`meta.total` 3), as an empty workspace answers it. */
const empty = (workspaceId: number) => {
  const body = forms.exchange(1).response.body as { meta: Record<string, unknown> };
  return api()
    .get(`/open/workspaces/${workspaceId}/forms`)
    .query({ per_page: '1' })
    .reply(200, { ...body, data: [], meta: { ...body.meta, total: 0, from: null, to: null } } as nock.Body);
};
const CONFIRM = 'set Delete Even With Forms (delete_with_forms) to Yes';

test('an empty workspace: its forms counted (0), then deleted (recorded #20)', async () => {
  const count = empty(15);
  const del = recordedScope(rec.exchange(20));
  await expect(run(perform, { workspace_id: '15' })).resolves.toEqual({
    id: 15,
    deleted: true,
    forms_count: 0,
    message: 'Workspace successfully deleted.',
  });
  expect(count.isDone() && del.isDone()).toBe(true);
});

test('a workspace with forms is refused, naming the count; nothing deleted (OpnForm would orphan them, #25-#29)', async () => {
  const count = recordedScope(forms.exchange(1), COUNT);
  const error = await failure(run(perform, { workspace_id: 6, delete_with_forms: 'false' }));
  expect(count.isDone()).toBe(true);
  expect(error).toMatchObject({
    code: 'conflict',
    message:
      'Workspace 6 still holds 3 forms: deleting it would leave them unreachable. Move or delete them first, ' +
      `or ${CONFIRM}. Nothing was deleted.`,
  });
});

test('the count refused (no forms-read, recorded 403): refused, telling the user to confirm', async () => {
  const count = recordedScope(forms.exchange(7), COUNT);
  const error = await failure(run(perform, { workspace_id: 6 }));
  expect(count.isDone()).toBe(true);
  expect(error).toMatchObject({
    code: 'conflict',
    message:
      'OpnForm refused to count the forms of workspace 6 (403: the token lacks "forms-read", or the connected ' +
      `user is not a member), so the step cannot check that it holds none. To delete it anyway, ${CONFIRM}. ` +
      'Nothing was deleted.',
  });
});

test('confirmed: no count, one DELETE; forms_count is null', async () => {
  const del = recordedScope(rec.exchange(25));
  await expect(run(perform, { workspace_id: 14, delete_with_forms: true })).resolves.toEqual({
    id: 14,
    deleted: true,
    forms_count: null,
    message: 'Workspace successfully deleted.',
  });
  expect(del.isDone()).toBe(true);
});

const GONE = (id: number) =>
  `Workspace ${id} is not there (any more): already deleted, or never existed. Nothing was deleted.`;

test('already deleted (recorded DELETE 404): a halt', async () => {
  const del = recordedScope(rec.exchange(21));
  expect(await failure(run(perform, { workspace_id: 15, delete_with_forms: 'yes' }))).toMatchObject({
    name: 'HaltedError',
    message: GONE(15),
  });
  expect(del.isDone()).toBe(true);
});

test('an unknown workspace at the count (recorded 404): a halt, no DELETE', async () => {
  const count = recordedScope(forms.exchange(6), COUNT);
  expect(await failure(run(perform, { workspace_id: 999999 }))).toMatchObject({
    name: 'HaltedError',
    message: GONE(999999),
  });
  expect(count.isDone()).toBe(true);
});

test("the user's last workspace (recorded #31): OpnForm's refusal as it said it", async () => {
  const del = recordedScope(rec.exchange(31));
  expect(await failure(run(perform, { workspace_id: 10, delete_with_forms: true }))).toMatchObject({
    code: 'forbidden',
    message:
      'OpnForm refused (403): "You cannot delete your last workspace. Delete your account instead." Every user ' +
      'keeps one workspace. Nothing was deleted.',
  });
  expect(del.isDone()).toBe(true);
});

test('a member who is not an admin (recorded #17): the role is named after one read of the standing', async () => {
  const del = recordedScope(rec.exchange(17));
  const home = (rec.exchange(30).response.body as Array<Record<string, unknown>>)[0];
  const standing = api()
    .get('/open/workspaces')
    .reply(200, [
      { ...home, id: 14, name: 'Rec WS A', is_admin: false, pivot: { role: 'user' } },
    ] as nock.Body);
  const error = await failure(run(perform, { workspace_id: 14, delete_with_forms: true }));
  expect(del.isDone() && standing.isDone()).toBe(true);
  expect(error).toMatchObject({
    code: 'forbidden',
    message:
      'OpnForm refused this step (403): "You need to be an admin of this workspace to do this." The connected ' +
      'user is a member with the "user" role of the workspace "Rec WS A". This step needs an admin of the ' +
      'workspace "Rec WS A": ask an admin of it to make the connected user an admin, or connect an admin\'s ' +
      'account. A new token does not help.',
  });
});

test('a bad confirmation value is refused before any request', async () => {
  expect(await failure(run(perform, { workspace_id: 14, delete_with_forms: 'maybe' }))).toMatchObject({
    code: 'invalid_input',
    message: 'Invalid input: Delete Even With Forms (delete_with_forms) must be yes or no (true or false).',
  });
});

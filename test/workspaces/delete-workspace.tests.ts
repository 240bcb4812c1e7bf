import type nock from 'nock';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { clock } from '../../src/shared/budget';
import { failure, op, run } from '../helpers/app';
import { api, recorded, recordedScope } from '../helpers/recorded';
import { withCache } from '../submissions/cache';
import {
  deleteFormScope,
  FORM_DELETED,
  formsOf,
  formsOf14,
  mine,
  proof,
  TWO,
} from './delete-workspace-fixtures';

const deleteWorkspace = op('creates.delete_workspace.operation.perform');
/** Zapier's cache, empty at each test (core's test runner keeps one in memory for the whole file). */
let cache = new Map<string, unknown>();
let cacheCalls: string[] = [];
beforeEach(() => {
  cache = new Map();
  cacheCalls = [];
});
const perform = (z: ZObject, bundle: Bundle) => withCache(deleteWorkspace, cache, cacheCalls)(z, bundle);
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
const CONFIRM = 'set Delete Its Forms Too (delete_with_forms) to Yes';

test('an empty workspace: its forms counted (0), then deleted (recorded #20)', async () => {
  const count = empty(15);
  const del = recordedScope(rec.exchange(20));
  await expect(run(perform, { workspace_id: '15' })).resolves.toEqual({
    id: 15,
    deleted: true,
    forms_count: 0,
    deleted_forms: [],
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
      'Workspace 6 still holds 3 forms: deleting it alone would leave them unreachable. Move or delete them ' +
      `first, or ${CONFIRM} to delete them with it. Nothing was deleted.`,
  });
});

test('the count refused (no forms-read, recorded 403): refused, nothing deleted', async () => {
  const count = recordedScope(forms.exchange(7), COUNT);
  const error = await failure(run(perform, { workspace_id: 6 }));
  expect(count.isDone()).toBe(true);
  expect(error).toMatchObject({
    code: 'conflict',
    message:
      'OpnForm refused to list the forms of workspace 6 (403: the token lacks "forms-read", or the connected ' +
      'user is not a member), so the step cannot check that it holds none or delete them first. Nothing was deleted.',
  });
});

test('confirmed with forms: they are listed, the role checked, each deleted, then the workspace (#25)', async () => {
  const scopes = [
    formsOf14(TWO),
    mine(),
    proof(),
    deleteFormScope(22),
    deleteFormScope(23),
    recordedScope(rec.exchange(25)),
  ];
  await expect(run(perform, { workspace_id: 14, delete_with_forms: true })).resolves.toEqual({
    id: 14,
    deleted: true,
    forms_count: 2,
    deleted_forms: TWO,
    message: 'Workspace successfully deleted.',
  });
  expect(scopes.every((s) => s.isDone())).toBe(true);
});

test('confirmed on an empty workspace: its list (0), then the DELETE; no role read', async () => {
  const scopes = [formsOf14([]), recordedScope(rec.exchange(25))];
  await expect(run(perform, { workspace_id: 14, delete_with_forms: true })).resolves.toEqual({
    id: 14,
    deleted: true,
    forms_count: 0,
    deleted_forms: [],
    message: 'Workspace successfully deleted.',
  });
  expect(scopes.every((s) => s.isDone())).toBe(true);
});

test('a form delete fails: the workspace is not deleted; the error names the forms gone and those left', async () => {
  const three = [...TWO, { id: 24, title: 'Third' }];
  const scopes = [formsOf14(three), mine(), proof(), deleteFormScope(22), deleteFormScope(23, 403)];
  const error = await failure(run(perform, { workspace_id: 14, delete_with_forms: true }));
  expect(scopes.every((s) => s.isDone())).toBe(true);
  expect(error).toMatchObject({ code: 'forbidden', status: 403 });
  expect(error.message).toMatch(
    /^Workspace 14 was not deleted: deleting its form 23 "Second form" failed\. OpnForm refused this step \(403\)/,
  );
  expect(error.message).toMatch(
    / Deleted: form 22 "Form in a workspace about to be deleted"\. Still there: form 23 "Second form", form 24 "Third"\.$/,
  );
});

test('a form already deleted in between counts as deleted (its 404 halts nothing)', async () => {
  const scopes = [
    formsOf14(TWO),
    mine(),
    proof(),
    recordedScope(recorded('forms--delete-form').exchange(2), { path: '/open/forms/22' }),
    deleteFormScope(23),
    recordedScope(rec.exchange(25)),
  ];
  await expect(run(perform, { workspace_id: 14, delete_with_forms: true })).resolves.toMatchObject({
    forms_count: 2,
    deleted_forms: TWO,
  });
  expect(scopes.every((s) => s.isDone())).toBe(true);
});

test.each([
  [
    'not an admin',
    () => mine('user'),
    'The connected user is not an admin of workspace 14 "Rec WS A": only its admins can delete it, so none of ' +
      "its forms was deleted either. Ask an admin of it, or connect an admin's account. Nothing was deleted.",
  ],
  [
    'the last workspace',
    () => mine('admin', false),
    'The workspace 14 "Rec WS A" is the connected user\'s last workspace, which OpnForm refuses to delete ("You ' +
      'cannot delete your last workspace. Delete your account instead."), so none of its forms was deleted ' +
      'either. Nothing was deleted.',
  ],
])('confirmed, but %s: refused before any DELETE', async (_what, workspacesScope, message) => {
  const scopes = [formsOf14(TWO), workspacesScope()];
  const error = await failure(run(perform, { workspace_id: 14, delete_with_forms: true }));
  expect(scopes.every((s) => s.isDone())).toBe(true);
  expect(error).toMatchObject({ code: 'forbidden', status: 403, message });
});

test('confirmed, but the token lacks workspaces-write (invites 403, team--invites #13): refused before any DELETE', async () => {
  const scopes = [formsOf14(TWO), mine(), proof(13)];
  const error = await failure(run(perform, { workspace_id: 14, delete_with_forms: true }));
  expect(scopes.every((s) => s.isDone())).toBe(true);
  expect(error).toMatchObject({
    code: 'forbidden',
    status: 403,
    message:
      'OpnForm refused to list the invites of workspace 14 (403), which needs what deleting the workspace needs: ' +
      'the "workspaces-write" ability, so the access token lacks it. Create a new token with it ticked in OpnForm ' +
      '(Settings > Access Tokens) and reconnect. Nothing was deleted: not the workspace, not one of its forms.',
  });
});

describe("OpnForm's 100 requests a minute (time controlled: the clock stands still)", () => {
  const realNow = clock.now;
  beforeEach(() => {
    clock.now = () => 1_000_000;
  });
  afterEach(() => {
    clock.now = realNow;
  });
  const forms105 = Array.from({ length: 105 }, (_, i) => ({ id: 1000 + i, title: `Form ${i + 1}` }));

  test('105 forms: run 1 stops at 99 requests with a ThrottledError; the replay deletes the rest and reports all 105', async () => {
    // run 1: the first page (100 of 105), the role, the write proof, 96 form deletes: 99 requests
    const first = [formsOf14(forms105.slice(0, 100), 105), mine(), proof()];
    const deletes1 = forms105.slice(0, 96).map((f) => deleteFormScope(f.id));
    const error = await failure(run(perform, { workspace_id: 14, delete_with_forms: true }));
    expect([...first, ...deletes1].filter((s) => s.isDone())).toHaveLength(99);
    expect(error).toMatchObject({
      name: 'ThrottledError',
      delay: 60,
      message:
        'Workspace 14 was not deleted yet: it held 105 forms, and OpnForm takes 100 requests a minute, so one run ' +
        'deletes at most 96. Deleted: form 1000 "Form 1", form 1001 "Form 2", form 1002 "Form 3", form 1003 ' +
        '"Form 4", form 1004 "Form 5", form 1005 "Form 6", form 1006 "Form 7", form 1007 "Form 8", form 1008 ' +
        '"Form 9", form 1009 "Form 10" and 86 more. Still there: form 1096 "Form 97", form 1097 "Form 98", form ' +
        '1098 "Form 99", form 1099 "Form 100" and 5 more. Zapier runs the step again in 60 seconds: it ' +
        'continues with the forms still there, then deletes the workspace.',
    });
    expect(cacheCalls).toEqual([
      'get opnform:delete-workspace:14',
      `set opnform:delete-workspace:14 ${7 * 24 * 60 * 60}`,
    ]);
    // run 2 (Zapier's retry): the 9 left, then the workspace; the output counts every run's forms
    const left = forms105.slice(96);
    const second = [formsOf14(left), mine(), proof(), ...left.map((f) => deleteFormScope(f.id))];
    const del = recordedScope(rec.exchange(25));
    await expect(run(perform, { workspace_id: 14, delete_with_forms: true })).resolves.toEqual({
      id: 14,
      deleted: true,
      forms_count: 105,
      deleted_forms: forms105,
      message: 'Workspace successfully deleted.',
    });
    expect([...second, del].every((s) => s.isDone())).toBe(true);
    expect(cache.size).toBe(0);
  });

  test("without Zapier's cache the deletes still stop inside the limit (only the report is lost, logged)", async () => {
    const scopes = [formsOf14(forms105.slice(0, 100), 105), mine(), proof()];
    forms105.slice(0, 96).forEach((f) => {
      scopes.push(deleteFormScope(f.id));
    });
    const broken = (z: ZObject, bundle: Bundle) => withCache(deleteWorkspace, 'broken')(z, bundle);
    const error = await failure(run(broken, { workspace_id: 14, delete_with_forms: true }));
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(error).toMatchObject({ name: 'ThrottledError', delay: 60 });
  });
});

test('confirmed, but the list is refused (no forms-read, recorded 403): nothing deleted', async () => {
  const list = recordedScope(forms.exchange(7), { query: { per_page: 100 } });
  const error = await failure(run(perform, { workspace_id: 6, delete_with_forms: true }));
  expect(list.isDone()).toBe(true);
  expect(error).toMatchObject({
    code: 'conflict',
    message:
      'OpnForm refused to list the forms of workspace 6 (403: the token lacks "forms-read", or the connected ' +
      'user is not a member), so the step cannot check that it holds none or delete them first. Nothing was deleted.',
  });
});

describe('the step budget (controlled time)', () => {
  const realNow = clock.now;
  afterEach(() => {
    clock.now = realNow;
  });

  test('the forms stop before the budget runs short: no workspace DELETE, the rest named for a replay', async () => {
    let now = 1_000_000;
    clock.now = () => now;
    // each form delete "takes" 5 s: after two, less than two write reserves are left
    const slow = (id: number) =>
      api()
        .delete(`/open/forms/${id}`)
        .reply(() => {
          now += 5_000;
          return [200, FORM_DELETED];
        });
    const three = [...TWO, { id: 24, title: 'Third' }];
    const scopes = [formsOf14(three, 3), mine(), proof(), slow(22), slow(23)];
    const error = await failure(run(perform, { workspace_id: 14, delete_with_forms: true }));
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(error).toMatchObject({
      code: 'out_of_time',
      status: 504,
      message:
        "Workspace 14 was not deleted yet: it held 3 forms, and one run of this step must end within Zapier's 30 seconds. " +
        'Deleted: form 22 "Form in a workspace about to be deleted", form 23 "Second form". Still there: form 24 ' +
        '"Third". Run the step again (replay this run): it continues with the forms still there, then deletes the ' +
        'workspace.',
    });
  });
});

test('more forms than one list page shows: the listed ones go, the workspace stays, the rest are counted', async () => {
  const scopes = [formsOf14(TWO, 102), mine(), proof(), deleteFormScope(22), deleteFormScope(23)];
  const error = await failure(run(perform, { workspace_id: 14, delete_with_forms: true }));
  expect(scopes.every((s) => s.isDone())).toBe(true);
  expect(error).toMatchObject({ name: 'ThrottledError', delay: 60 });
  expect(error.message).toContain(
    'Deleted: form 22 "Form in a workspace about to be deleted", form 23 "Second form". Still there: 100 more forms.',
  );
});

const GONE = (id: number) =>
  `Workspace ${id} is not there (any more): already deleted, or never existed. Nothing was deleted.`;

test('already deleted (recorded DELETE 404): a halt', async () => {
  const scopes = [formsOf(15, []), recordedScope(rec.exchange(21))];
  expect(await failure(run(perform, { workspace_id: 15, delete_with_forms: 'yes' }))).toMatchObject({
    name: 'HaltedError',
    message: GONE(15),
  });
  expect(scopes.every((s) => s.isDone())).toBe(true);
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
  const list = formsOf(10, []);
  expect(await failure(run(perform, { workspace_id: 10, delete_with_forms: true }))).toMatchObject({
    code: 'forbidden',
    message:
      'OpnForm refused (403): "You cannot delete your last workspace. Delete your account instead." Every user ' +
      'keeps one workspace. Nothing was deleted.',
  });
  expect(del.isDone() && list.isDone()).toBe(true);
});

test('a member who is not an admin (recorded #17): the role is named after one read of the standing', async () => {
  const list = formsOf14([]);
  const del = recordedScope(rec.exchange(17));
  const home = (rec.exchange(30).response.body as Array<Record<string, unknown>>)[0];
  const standing = api()
    .get('/open/workspaces')
    .reply(200, [
      { ...home, id: 14, name: 'Rec WS A', is_admin: false, pivot: { role: 'user' } },
    ] as nock.Body);
  const error = await failure(run(perform, { workspace_id: 14, delete_with_forms: true }));
  expect(del.isDone() && standing.isDone() && list.isDone()).toBe(true);
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
    message: 'Invalid input: Delete Its Forms Too (delete_with_forms) must be yes or no (true or false).',
  });
});

test('the forms went but the workspace DELETE failed: the error says the forms were deleted', async () => {
  const scopes = [
    formsOf14(TWO),
    mine(),
    proof(),
    deleteFormScope(22),
    deleteFormScope(23),
    api().delete('/open/workspaces/14').reply(500, { message: 'Server Error' }),
  ];
  const error = await failure(run(perform, { workspace_id: 14, delete_with_forms: true }));
  expect(scopes.every((s) => s.isDone())).toBe(true);
  expect(error).toMatchObject({
    code: 'server_error',
    message:
      'Workspace 14 was not deleted, but its forms were (form 22 "Form in a workspace about to be deleted", form 23 ' +
      '"Second form"): OpnForm had a temporary problem (HTTP 500). Try again in a few minutes; if it keeps ' +
      'happening, check the status of your OpnForm server.',
  });
});

test('the forms went, then the workspace was gone (DELETE 404): a halt that names the forms deleted', async () => {
  const scopes = [
    formsOf14(TWO),
    mine(),
    proof(),
    deleteFormScope(22),
    deleteFormScope(23),
    recordedScope(rec.exchange(21), { path: '/open/workspaces/14' }),
  ];
  const error = await failure(run(perform, { workspace_id: 14, delete_with_forms: true }));
  expect(scopes.every((s) => s.isDone())).toBe(true);
  expect(error).toMatchObject({
    name: 'HaltedError',
    message:
      'Workspace 14 was already gone when the step came to delete it (deleted in the meantime); its forms were ' +
      'deleted first (form 22 "Form in a workspace about to be deleted", form 23 "Second form").',
  });
});

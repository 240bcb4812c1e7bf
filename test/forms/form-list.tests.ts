import type { Bundle, ZObject } from 'zapier-platform-core';
import { failure, op, run } from '../helpers/app';
import { api } from '../helpers/scopes';

const perform = op('triggers.form_list.operation.perform');

/** A page of `GET /open/workspaces/{id}/forms` as a real server answers it (summaries, no questions). */
const formsPage = (workspaceId: number, ids: number[], current: number, last: number) => ({
  data: ids.map((id) => ({
    id,
    slug: `form-${id}`,
    title: `Form ${id}`,
    visibility: 'draft',
    workspace_id: workspaceId,
  })),
  links: { first: null, last: null, prev: null, next: current < last ? 'next' : null },
  meta: { current_page: current, last_page: last, per_page: 100, total: ids.length },
});

const listed = (workspaceId: number, page: number, ids: number[], last: number) =>
  api()
    .get(`/open/workspaces/${workspaceId}/forms`)
    .query({ page: String(page), per_page: '100' })
    .reply(200, formsPage(workspaceId, ids, page, last));

const withCursor = (store: { value: string | null }) => (z: ZObject, bundle: Bundle) => {
  (z as { cursor: unknown }).cursor = {
    get: async () => store.value,
    set: async (next: string) => {
      store.value = next;
      return null;
    },
  };
  return perform(z, bundle);
};

test('no workspace chosen: workspace after workspace, a workspace without forms passed over in the same call', async () => {
  const store = { value: null as string | null };
  const step = withCursor(store);
  const hundred = Array.from({ length: 100 }, (_, i) => 1000 - i);
  const scopes = [
    api()
      .get('/external/zapier/workspaces')
      .reply(200, [
        { id: 7, name: 'Sales' },
        { id: 8, name: 'Empty' },
        { id: 9, name: 'Support' },
      ]),
    listed(7, 1, hundred, 2),
  ];
  const first = (await run(step, {})) as Array<{ id: number; name: string }>;
  expect(first).toHaveLength(100);
  expect(first[0]).toEqual({ id: 1000, name: 'Form 1000 (form-1000)' });
  expect(JSON.parse(store.value as string)).toEqual({ workspaces: [7, 8, 9], page: 2 });
  scopes.push(listed(7, 2, [5], 2));
  await expect(run(step, {}, { meta: { page: 1 } })).resolves.toEqual([{ id: 5, name: 'Form 5 (form-5)' }]);
  expect(JSON.parse(store.value as string)).toEqual({ workspaces: [8, 9], page: 1 });
  scopes.push(listed(8, 1, [], 1), listed(9, 1, [40], 1));
  await expect(run(step, {}, { meta: { page: 2 } })).resolves.toEqual([
    { id: 40, name: 'Form 40 (form-40)' },
  ]);
  expect(JSON.parse(store.value as string)).toEqual({ workspaces: [], page: 1 });
  await expect(run(step, {}, { meta: { page: 3 } })).resolves.toEqual([]);
  for (const scope of scopes) expect(scope.isDone()).toBe(true);
});

test('no workspace chosen and no cursor store (a local run): the first page, then the list ends without a request', async () => {
  const scopes = [
    api()
      .get('/external/zapier/workspaces')
      .reply(200, [{ id: 7, name: 'Sales' }]),
    listed(7, 1, [3], 2),
  ];
  await expect(run(perform, {})).resolves.toEqual([{ id: 3, name: 'Form 3 (form-3)' }]);
  await expect(run(perform, {}, { meta: { page: 1 } })).resolves.toEqual([]);
  for (const scope of scopes) expect(scope.isDone()).toBe(true);
});

test('form_list refuses a workspace that is not an id, before any request', async () => {
  const error = await failure(run(perform, { workspace_id: '../7' }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'invalid_input',
    status: 400,
    message: 'Invalid input: Workspace (workspace_id) must be a whole number (an OpnForm id), got "../7".',
  });
});

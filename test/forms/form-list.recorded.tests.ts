// The Form dropdown against the real server's recorded answers (forms--list-workspace-forms,
// external--workspaces): one page of a workspace's forms per dropdown page, names only.
import nock from 'nock';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { failure, op, run } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';

const perform = op('triggers.form_list.operation.perform');
const FORMS = recorded('forms--list-workspace-forms');
const page = (n: number) => ({ page: n, per_page: 100 });

/** Zapier's cursor store for one dropdown (what page N sets, page N + 1 gets). */
const cursorStore = () => {
  const store = { value: null as string | null };
  const cursor = {
    get: async () => store.value,
    set: async (next: string) => {
      store.value = next;
      return null;
    },
  };
  const withCursor = (z: ZObject, bundle: Bundle) => {
    (z as { cursor: unknown }).cursor = cursor;
    return perform(z, bundle);
  };
  return { store, withCursor };
};

afterEach(() => nock.cleanAll());

test('a workspace: one page of 100 a dropdown page (last edited first), "<title> (<slug>)", never the questions', async () => {
  const first = recordedScope(FORMS.exchange(0), { query: page(1) });
  await expect(run(perform, { workspace_id: '6' })).resolves.toEqual([
    { id: 12, name: 'Minimal API Form (minimal-api-form-ziqr7v)' },
    { id: 13, name: 'Every Block Form (every-block-form-0bv2sb)' },
    { id: 6, name: 'Zapier Test Form (corpus) (zapier-test-form-corpus-bnml9u)' },
  ]);
  expect(first.isDone()).toBe(true);
});

test("Load more: Zapier's page N is OpnForm's page N + 1; past the last page, an empty page ends the list", async () => {
  const second = recordedScope(FORMS.exchange(2), { query: page(2) });
  await expect(run(perform, { workspace_id: 6 }, { meta: { page: 1 } })).resolves.toEqual([
    { id: 6, name: 'Zapier Test Form (corpus) (zapier-test-form-corpus-bnml9u)' },
  ]);
  expect(second.isDone()).toBe(true);
  const past = recordedScope(FORMS.exchange(3), { query: page(9) });
  await expect(run(perform, { workspace_id: 6 }, { meta: { page: 8 } })).resolves.toEqual([]);
  expect(past.isDone()).toBe(true);
});

test("another user's workspace and a token without forms-read (recorded 403) name the ability", async () => {
  for (const index of [5, 7]) {
    const ex = FORMS.exchange(index);
    const scope = recordedScope(ex, { query: page(1) });
    const error = await failure(run(perform, { workspace_id: ex.request.path.split('/')[3] }));
    expect(scope.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(error.message).toContain('"forms-read" ability');
  }
});

test('no workspace chosen: the workspaces (names only), then one page of forms a dropdown page, the place kept in the cursor', async () => {
  for (const input of [{}, { workspace_id: '  ' }]) {
    const { store, withCursor } = cursorStore();
    const workspaces = recordedScope(recorded('external--workspaces').exchange(0));
    const first = recordedScope(FORMS.exchange(0), { query: page(1) });
    await expect(run(withCursor, input)).resolves.toEqual([
      { id: 12, name: 'Minimal API Form (minimal-api-form-ziqr7v)' },
      { id: 13, name: 'Every Block Form (every-block-form-0bv2sb)' },
      { id: 6, name: 'Zapier Test Form (corpus) (zapier-test-form-corpus-bnml9u)' },
    ]);
    expect(workspaces.isDone() && first.isDone()).toBe(true);
    // the one workspace's last page was read: nothing is left, and Load more sends no request
    expect(JSON.parse(store.value as string)).toEqual({ workspaces: [], page: 1 });
    await expect(run(withCursor, input, { meta: { page: 1 } })).resolves.toEqual([]);
  }
});

test('no workspace chosen, a workspace of several pages: Load more reads its next page from the cursor', async () => {
  const { store, withCursor } = cursorStore();
  recordedScope(recorded('external--workspaces').exchange(0));
  // the recorded pages of 2 (last_page 2), answered to the connector's pages of 100
  const first = recordedScope(FORMS.exchange(1), { query: page(1) });
  await expect(run(withCursor, {})).resolves.toEqual([
    { id: 12, name: 'Minimal API Form (minimal-api-form-ziqr7v)' },
    { id: 13, name: 'Every Block Form (every-block-form-0bv2sb)' },
  ]);
  expect(first.isDone()).toBe(true);
  expect(JSON.parse(store.value as string)).toEqual({ workspaces: [6], page: 2 });
  const second = recordedScope(FORMS.exchange(2), { query: page(2) });
  await expect(run(withCursor, {}, { meta: { page: 1 } })).resolves.toEqual([
    { id: 6, name: 'Zapier Test Form (corpus) (zapier-test-form-corpus-bnml9u)' },
  ]);
  expect(second.isDone()).toBe(true);
  expect(JSON.parse(store.value as string)).toEqual({ workspaces: [], page: 1 });
});

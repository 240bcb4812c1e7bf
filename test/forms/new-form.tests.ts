import type nock from 'nock';
import { BASE, failure, op, run } from '../helpers/app';
import { api } from '../helpers/scopes';

const perform = op('triggers.new_form.operation.perform');
const LIST = '/open/workspaces/7/forms';
const NOW = Date.UTC(2026, 10, 22, 7, 0, 0);
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString().replace('Z', '000Z');
const iso = (m: number) => new Date(NOW - m * 60_000).toISOString().replace('.000Z', '+00:00');

const summary = (id: number, createdAgo: number, updatedAgo: number) => ({
  id,
  slug: `form-${id}`,
  title: `Form ${id}`,
  visibility: 'public',
  tags: [],
  views_count: 1,
  submissions_count: 0,
  created_at: minutesAgo(createdAgo),
  updated_at: minutesAgo(updatedAgo),
  last_edited_human: '1 minute ago',
  closes_at: null,
  is_closed: false,
  max_submissions_count: null,
  max_number_of_submissions_reached: false,
  is_pro: false,
  workspace_id: 7,
  share_url: `https://opnform.com/forms/form-${id}`,
});

const page = (data: unknown[], current: number, last: number) => ({
  data,
  links: {
    first: null,
    last: null,
    prev: null,
    next: current < last ? `${BASE}${LIST}?page=${current + 1}` : null,
  },
  meta: { current_page: current, from: 1, last_page: last, per_page: 100, to: data.length, total: 0 },
});

/** The list answered page after page (`page=1`, `2`, …; 100 a page), `last` the last page OpnForm says there is. */
const listed = (last: number, ...pages: unknown[][]) =>
  pages.reduce<nock.Scope>(
    (scope, data, i) =>
      scope
        .get(LIST)
        .query({ page: String(i + 1), per_page: '100' })
        .reply(200, page(data, i + 1, last)),
    api(),
  );

test('one page: newest created first (the API orders by last edit), summary fields with ISO dates', async () => {
  const scope = listed(1, [summary(1, 900, 1), summary(3, 10, 5), summary(2, 60, 30)]);
  const out = (await run(perform, { workspace_id: '7' })) as Array<Record<string, unknown>>;
  expect(scope.isDone()).toBe(true);
  expect(out.map((f) => f.id)).toEqual([3, 2, 1]);
  expect(out[0]).toEqual({
    id: 3,
    slug: 'form-3',
    title: 'Form 3',
    visibility: 'public',
    tags: [],
    workspace_id: 7,
    closes_at: null,
    is_closed: false,
    max_submissions_count: null,
    submissions_count: 0,
    share_url: 'https://opnform.com/forms/form-3',
    views_count: 1,
    max_number_of_submissions_reached: false,
    created_at: iso(10),
    updated_at: iso(5),
  });
});

test('stops after one full page when it already holds 100 forms created after its oldest edit', async () => {
  const forms = Array.from({ length: 100 }, (_, i) => summary(1000 + i, i, i));
  const scope = listed(5, forms);
  const out = (await run(perform, { workspace_id: 7 })) as Array<{ id: number }>;
  expect(scope.isDone()).toBe(true);
  expect(out).toHaveLength(100);
  expect(out[0]?.id).toBe(1000);
});

test('reads on while old forms edited lately fill the first page; the last page ends the list', async () => {
  // page 1: 80 new forms and 20 old forms edited in the last hours, by last edit
  const first = Array.from({ length: 100 }, (_, i) => summary(i + 1, i % 5 === 0 ? 50_000 + i : i, i));
  // page 2: edited earlier; one of them created after some old forms of page 1
  const second = [summary(500, 200, 200), summary(501, 60_000, 300)];
  const scope = listed(2, first, second);
  const out = (await run(perform, { workspace_id: 7 })) as Array<{ id: number; created_at: string }>;
  expect(scope.isDone()).toBe(true);
  expect(out).toHaveLength(100);
  const created = out.map((f) => Date.parse(f.created_at));
  expect(created).toEqual([...created].sort((a, b) => b - a));
  expect(out.map((f) => f.id)).toContain(500);
  expect(out.map((f) => f.id)).not.toContain(501);
  expect(new Set(out.map((f) => f.id)).size).toBe(100);
});

test('reads at most 3 pages and returns only the forms whose place is certain', async () => {
  const old = 100_000;
  const pageOf = (p: number) =>
    Array.from({ length: 100 }, (_, i) => {
      const id = p * 1000 + i;
      const updatedAgo = (p - 1) * 100 + i;
      const fresh = (p === 1 && (i === 0 || i === 7)) || (p === 3 && i === 50);
      return summary(id, fresh ? updatedAgo : old + id, updatedAgo);
    });
  const scope = listed(9, pageOf(1), pageOf(2), pageOf(3));
  const out = (await run(perform, { workspace_id: 7 })) as Array<{ id: number }>;
  expect(scope.isDone()).toBe(true);
  expect(out.map((f) => f.id)).toEqual([1000, 1007, 3050]);
});

test('the same form on two pages (edited between reads) is returned once', async () => {
  const first = Array.from({ length: 100 }, (_, i) => summary(i + 1, 90_000 + i, i));
  const scope = listed(2, first, [summary(100, 90_099, 99), summary(300, 95_000, 95_000)]);
  const out = (await run(perform, { workspace_id: 7 })) as Array<{ id: number }>;
  expect(scope.isDone()).toBe(true);
  expect(out.filter((f) => f.id === 100)).toHaveLength(1);
  expect(out).toHaveLength(100);
});

test('a workspace that is not an id is refused before any request', async () => {
  const error = await failure(run(perform, { workspace_id: 'seven' }));
  expect(error.message).toBe(
    'Invalid input: Workspace (workspace_id) must be a whole number (an OpnForm id), got "seven".',
  );
});

// Zapier's Transfer (bulk read, `canPaginate: true`) on New Submission (hook: performList) and New
// Partial Submission (polling: perform), against the recorded every-block submission 1049.
import nock from 'nock';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { jsonBytes, OUTPUT_BUDGET_BYTES } from '../../src/shared/output-budget';
import { partialClock } from '../../src/submissions/new-partial-submission';
import { TRANSFER_PAGE_SIZE } from '../../src/submissions/reading/transfer';
import { App, op, run } from '../helpers/app';
import { fakeDateOnly } from '../helpers/clock';
import { api, recorded, recordedScope } from '../helpers/recorded';
import { withCache } from './cache';
import { API_ITEM, F, FORM } from './fixtures';

const performList = op('triggers.new_submission.operation.performList');
const perform = op('triggers.new_submission.operation.perform');
const partial = op('triggers.new_partial_submission.operation.perform');

/** The perform with Zapier's cursor store (`z.cursor`), kept in memory across its calls. */
const withCursorStore = (run: (z: ZObject, bundle: Bundle) => unknown) => {
  let cursor = '';
  const store = {
    get: async () => cursor,
    set: async (next: string) => {
      cursor = next;
      return null;
    },
  };
  return (z: ZObject, bundle: Bundle) => run(Object.assign(Object.create(z), { cursor: store }), bundle);
};

const EVERY_BLOCK = recorded('external--hook-delivery-every-block');
const GET_FORM = recorded('forms--get-form');
const formScope = () => recordedScope(GET_FORM.find('GET', '/open/forms/13', 200));
/** The recorded list answer (page 1: submission 1049), asked for with the Transfer's page and size. */
const listScope = (page: number, perPage: number) =>
  recordedScope(EVERY_BLOCK.find('GET', '/open/forms/13/submissions', 200), {
    query: { page, per_page: perPage, status: 'completed' },
  });
const emptyPage = (page: number) => ({
  data: [],
  meta: { current_page: page, last_page: 1, per_page: TRANSFER_PAGE_SIZE, total: 1 },
});
const unsigned = (value: unknown) =>
  JSON.parse(JSON.stringify(value).replace(/expires=\d+&signature=[0-9a-f]+/g, 'expires=X&signature=X'));
const INPUT = { workspace_id: 6, form_id: 13 };
const RECEIVED = '2026-11-23T17:39:06+00:00';

beforeEach(() => {
  fakeDateOnly(new Date(RECEIVED));
});
afterAll(() => {
  jest.useRealTimers();
});
afterEach(() => nock.cleanAll());

test('both submission triggers declare canPaginate (Transfer)', () => {
  expect(App.triggers.new_submission.operation.canPaginate).toBe(true);
  expect(App.triggers.new_partial_submission.operation.canPaginate).toBe(true);
});

describe('New Submission: a bulk read pages through the /open list, shaped exactly like deliveries', () => {
  test('Zapier page 0 is list page 1 of 100: the form + one page; each item equals the delivery of the same submission, key by key', async () => {
    const form = formScope();
    const list = listScope(1, TRANSFER_PAGE_SIZE);
    const items = (await run(performList, INPUT, { meta: { isBulkRead: true, page: 0 } })) as Array<
      Record<string, unknown>
    >;
    expect(form.isDone() && list.isDone()).toBe(true);
    expect(items.map((item) => item.id)).toEqual([1049]);
    const [listed] = items;
    expect(listed).toMatchObject({
      submitted_at: '2026-11-23T17:39:05+00:00',
      received_at: RECEIVED,
      is_edit: false,
    });
    const formAgain = formScope();
    const [delivered] = (await run(withCache(perform, new Map()), INPUT, {
      cleanedRequest: EVERY_BLOCK.exchange(2).request.body,
      subscribeData: { hookUrl: 'https://hooks.example.net/hooks/zapier-everyblock', form_id: 13 },
    })) as Array<Record<string, unknown>>;
    expect(formAgain.isDone()).toBe(true);
    expect(Object.keys(listed as object).sort()).toEqual(Object.keys(delivered as object).sort());
    // a delivery carries no submit time nor completion time (src/submissions/new-submission.ts); the list does
    for (const key of Object.keys(delivered as object).filter(
      (k) => !['submitted_at', 'completion_time'].includes(k),
    )) {
      expect([key, unsigned(listed?.[key])]).toEqual([key, unsigned(delivered?.[key])]);
    }
  });

  test('Zapier page N is list page N + 1; an empty page ends the transfer', async () => {
    const form = formScope();
    const list = api()
      .get('/open/forms/13/submissions')
      .query({ page: '4', per_page: String(TRANSFER_PAGE_SIZE), status: 'completed' })
      .reply(200, emptyPage(4));
    await expect(run(performList, INPUT, { meta: { isBulkRead: true, page: 3 } })).resolves.toEqual([]);
    expect(form.isDone() && list.isDone()).toBe(true);
  });

  test('the editor test (page 0, no bulk read) stays as it was: list page 1 of 3', async () => {
    const form = formScope();
    const list = listScope(1, 3);
    const items = (await run(performList, INPUT, { meta: { isLoadingSample: true, page: 0 } })) as unknown[];
    expect(form.isDone() && list.isDone()).toBe(true);
    expect(items).toHaveLength(1);
  });

  test('a later page without a bulk read continues at the same size (list page 2 of 3)', async () => {
    const form = formScope();
    const list = listScope(2, 3);
    await run(performList, INPUT, { meta: { page: 1 } });
    expect(form.isDone() && list.isDone()).toBe(true);
  });
});

describe('New Submission, a wide form: each Transfer page returns the newest whose output fits the 4 MB budget', () => {
  /** An answer long enough for 3 shaped items (each answer is in `answers`, `data` and `submission`) to fit. */
  const WIDE = Math.floor(OUTPUT_BUDGET_BYTES / 3.5 / 3);
  const wide = (id: number) => ({
    ...API_ITEM,
    id,
    data: { [F.name]: 'x'.repeat(WIDE), status: 'completed', created_at: '2026-11-21 15:00:00', id },
  });
  /** List page `page` of 100 holding `ids` (of 5 in all: pages after the first are empty). */
  const listed = (page: number, ids: number[]) =>
    api()
      .get('/open/forms/42/submissions')
      .query({ page: String(page), per_page: String(TRANSFER_PAGE_SIZE), status: 'completed' })
      .reply(200, {
        data: ids.map(wide),
        meta: { current_page: page, last_page: 1, per_page: TRANSFER_PAGE_SIZE, total: 5 },
      });

  test('the next Zapier page returns exactly the rest (the same list page read again): the form + one page each', async () => {
    const withCursor = withCursorStore(performList);
    const input = { workspace_id: 7, form_id: 42 };
    const pageOf = async (page: number) =>
      (await run(withCursor, input, { meta: { isBulkRead: true, page } })) as Array<{ id: number }>;
    const scopes = [api().get('/open/forms/42').reply(200, FORM), listed(1, [1805, 1804, 1803, 1802, 1801])];
    const first = await pageOf(0);
    expect(first.map((item) => item.id)).toEqual([1805, 1804, 1803]);
    expect(jsonBytes(first)).toBeLessThanOrEqual(OUTPUT_BUDGET_BYTES);
    scopes.push(api().get('/open/forms/42').reply(200, FORM), listed(1, [1805, 1804, 1803, 1802, 1801]));
    expect((await pageOf(1)).map((item) => item.id)).toEqual([1802, 1801]);
    scopes.push(api().get('/open/forms/42').reply(200, FORM), listed(2, []));
    await expect(pageOf(2)).resolves.toEqual([]);
    expect(scopes.every((scope) => scope.isDone())).toBe(true);
  });
});

describe('New Partial Submission: a bulk read pages through the partial submissions, without the idle wait', () => {
  const NOW = Date.parse('2026-11-21T16:00:00Z');
  const realNow = partialClock.now;
  beforeEach(() => {
    partialClock.now = () => NOW;
  });
  afterEach(() => {
    partialClock.now = realNow;
  });
  const item = (id: number, createdAt: string) => ({
    ...API_ITEM,
    id,
    completion_time: null,
    data: { [F.name]: 'Grace', status: 'partial', created_at: createdAt, id, submission_id: `uuid-${id}` },
  });
  const pageOf = (items: unknown[], page: number) => ({
    data: items,
    meta: { current_page: page, last_page: 2, per_page: TRANSFER_PAGE_SIZE, total: 101 },
  });
  const list = (page: number, perPage: number) =>
    api()
      .get('/open/forms/42/submissions')
      .query({ status: 'partial', per_page: String(perPage), page: String(page) });

  test('Zapier page 1 is list page 2 of 100; a partial submission saved a minute ago is included', async () => {
    const submissions = list(2, TRANSFER_PAGE_SIZE).reply(
      200,
      pageOf([item(1700, '2026-11-21 15:59:00')], 2),
    );
    const form = api().get('/open/forms/42').reply(200, FORM);
    const items = (await run(
      partial,
      { workspace_id: 7, form_id: 42 },
      { meta: { isBulkRead: true, page: 1, limit: 5 } },
    )) as Array<{ id: number; status: string }>;
    expect(submissions.isDone() && form.isDone()).toBe(true);
    expect(items.map(({ id, status }) => [id, status])).toEqual([[1700, 'partial']]);
  });

  test("with Zapier's cursor, a deletion between pages: the page before is read again, nothing is skipped", async () => {
    const withCursor = withCursorStore(partial);
    const ids = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);
    const listed = (list: number[], page: number, total: number) => ({
      data: list.map((id) => item(id, '2026-11-21 15:00:00')),
      meta: { current_page: page, last_page: Math.ceil(total / 100), per_page: TRANSFER_PAGE_SIZE, total },
    });
    const input = { workspace_id: 7, form_id: 42 };
    list(1, TRANSFER_PAGE_SIZE).reply(200, listed(ids(250, 151), 1, 250));
    api().get('/open/forms/42').reply(200, FORM);
    const first = (await run(withCursor, input, { meta: { isBulkRead: true, page: 0 } })) as Array<{
      id: number;
    }>;
    expect(first.map((s) => s.id)).toEqual(ids(250, 151));
    // 240 was deleted meanwhile: 249 left, and 150 moved up onto list page 1
    const after = ids(250, 1).filter((id) => id !== 240);
    list(2, TRANSFER_PAGE_SIZE).reply(200, listed(after.slice(100, 200), 2, 249));
    list(1, TRANSFER_PAGE_SIZE).reply(200, listed(after.slice(0, 100), 1, 249));
    api().get('/open/forms/42').reply(200, FORM);
    const second = (await run(withCursor, input, { meta: { isBulkRead: true, page: 1 } })) as Array<{
      id: number;
    }>;
    expect(second.map((s) => s.id)).toEqual(ids(150, 50));
  });

  test('an empty page ends the transfer (one request)', async () => {
    const submissions = list(3, TRANSFER_PAGE_SIZE).reply(200, pageOf([], 3));
    await expect(
      run(partial, { workspace_id: 7, form_id: 42 }, { meta: { isBulkRead: true, page: 2 } }),
    ).resolves.toEqual([]);
    expect(submissions.isDone()).toBe(true);
  });

  test('an ordinary poll (page 0, no bulk read) is unchanged: page 1, the idle wait holds back a fresh save', async () => {
    const submissions = list(1, 100).reply(200, pageOf([item(1700, '2026-11-21 15:59:00')], 1));
    await expect(run(partial, { workspace_id: 7, form_id: 42 }, { meta: { page: 0 } })).resolves.toEqual([]);
    expect(submissions.isDone()).toBe(true);
  });
});

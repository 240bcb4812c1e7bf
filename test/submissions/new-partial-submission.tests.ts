import nock from 'nock';
import { PARTIAL_PLAN_MESSAGE } from '../../src/api/submissions';
import { jsonBytes, OUTPUT_BUDGET_BYTES } from '../../src/shared/output-budget';
import { partialClock } from '../../src/submissions/new-partial-submission';
import { App, failure, op, run } from '../helpers/app';
import { api } from '../helpers/scopes';
import { API_ITEM, F, FORM } from './fixtures';

const perform = op('triggers.new_partial_submission.operation.perform');

const partial = (id: number, createdAt: string, answers: Record<string, unknown>) => ({
  ...API_ITEM,
  id,
  completion_time: null,
  data: { ...answers, status: 'partial', created_at: createdAt, id, submission_id: `uuid-${id}` },
});

const page = (items: unknown[]) => ({
  data: items,
  links: { first: null, last: null, prev: null, next: null },
  meta: { current_page: 1, from: 1, last_page: 1, per_page: 100, to: items.length, total: items.length },
});

const list = (query: Record<string, string>) => api().get('/open/forms/42/submissions').query(query);

// The idle time is measured on a controlled clock: "now" is 2026-11-21 16:00:00 UTC unless a test moves it.
const NOW = Date.parse('2026-11-21T16:00:00Z');
const realNow = partialClock.now;
let now = NOW;
beforeEach(() => {
  now = NOW;
  partialClock.now = () => now;
});
afterEach(() => {
  partialClock.now = realNow;
});
const MINUTE = 60_000;

test('lists partial submissions newest first, then reads the form once: two requests, same output shape', async () => {
  const submissions = list({ status: 'partial', per_page: '100', page: '1' }).reply(
    200,
    page([
      partial(1851, '2026-11-21 15:12:40', { [F.name]: 'Grace', [F.consent]: false }),
      partial(1850, '2026-11-21 15:02:00', { [F.email]: 'x@example.org' }),
    ]),
  );
  const form = api().get('/open/forms/42').reply(200, FORM);
  const items = (await run(perform, { workspace_id: '7', form_id: '42' })) as Array<Record<string, unknown>>;
  expect(submissions.isDone() && form.isDone()).toBe(true);
  expect(items.map((i) => i.id)).toEqual([1851, 1850]);
  expect(items[0]).toEqual({
    id: 1851,
    form_id: 42,
    form_slug: 'contact-us',
    form_title: 'Contact Us',
    edit_link: null,
    submitted_at: '2026-11-21T15:12:40+00:00',
    status: 'partial',
    completion_time: null,
    attribution: { utm_source: 'newsletter', utm_campaign: 'november', gclid: 'Cj0KCQ' },
    answers: { [F.name]: 'Grace', [F.consent]: false },
    answer_dates: {},
    answer_matrices: {},
    answer_files: {},
  });
});

test('nothing new: one request, the form is not read', async () => {
  const scope = list({ status: 'partial', per_page: '100', page: '1' }).reply(200, page([]));
  await expect(run(perform, { workspace_id: 7, form_id: '42' })).resolves.toEqual([]);
  expect(scope.isDone()).toBe(true);
});

test("Zapier's limit sets the page size; completed items from a server ignoring the filter are dropped", async () => {
  list({ status: 'partial', per_page: '5', page: '1' }).reply(
    200,
    page([
      {
        ...partial(7, '2026-11-21 10:00:00', { [F.name]: 'Done' }),
        data: { [F.name]: 'Done', status: 'completed' },
      },
      partial(6, '2026-11-21 09:00:00', { [F.name]: 'Half' }),
    ]),
  );
  api().get('/open/forms/42').reply(200, FORM);
  const items = (await run(perform, { workspace_id: 7, form_id: 42 }, { meta: { limit: 5 } })) as Array<{
    id: number;
  }>;
  expect(items.map((i) => i.id)).toEqual([6]);
});

test('a workspace plan without partial submissions (402) says it needs Pro', async () => {
  list({ status: 'partial', per_page: '100', page: '1' }).reply(402, {
    message: 'This feature requires a Pro subscription.',
    feature: 'partial_submissions',
    required_tier: 'pro',
    current_tier: 'free',
  });
  const error = await failure(run(perform, { workspace_id: 7, form_id: '42' }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'payment_required',
    status: 402,
    message: PARTIAL_PLAN_MESSAGE,
  });
  expect(error.message).toContain('partial submissions are a Pro feature');
});

test('a missing form (404) is named', async () => {
  list({ status: 'partial', per_page: '100', page: '1' }).reply(404, { message: '' });
  const error = await failure(run(perform, { workspace_id: 7, form_id: '42' }));
  expect(error.message).toBe(
    'Form not found in OpnForm (404). Check that the form still exists and that the connected user can see it.',
  );
});

describe('idle time: a partial submission triggers only once nobody has saved it for the chosen time', () => {
  const PARTIAL_QUERY = { status: 'partial', per_page: '100', page: '1' };

  test('saved 29 minutes ago: nothing yet (the form is not read); at 30 minutes it triggers', async () => {
    const item = partial(1851, '2026-11-21 15:30:00', { [F.name]: 'Grace' });
    now = Date.parse('2026-11-21T15:59:00Z');
    const early = list(PARTIAL_QUERY).reply(200, page([item]));
    await expect(run(perform, { workspace_id: 7, form_id: 42 })).resolves.toEqual([]);
    expect(early.isDone()).toBe(true);

    now = Date.parse('2026-11-21T16:00:00Z');
    const later = list(PARTIAL_QUERY).reply(200, page([item]));
    const form = api().get('/open/forms/42').reply(200, FORM);
    const items = (await run(perform, { workspace_id: 7, form_id: 42 })) as Array<Record<string, unknown>>;
    expect(later.isDone() && form.isDone()).toBe(true);
    expect(items.map((i) => [i.id, i.status, i.answers])).toEqual([[1851, 'partial', { [F.name]: 'Grace' }]]);
  });

  test('an active partial (saved a minute ago) waits while an idle one beside it triggers', async () => {
    const scope = list(PARTIAL_QUERY).reply(
      200,
      page([
        partial(1852, '2026-11-21 15:59:00', { [F.name]: 'Still Typing' }),
        partial(1851, '2026-11-21 15:00:00', { [F.name]: 'Gone Away' }),
      ]),
    );
    api().get('/open/forms/42').reply(200, FORM);
    const items = (await run(perform, { workspace_id: 7, form_id: 42 })) as Array<Record<string, unknown>>;
    expect(scope.isDone()).toBe(true);
    expect(items.map((i) => i.id)).toEqual([1851]);
  });

  test('the chosen idle time applies (5 minutes: 6 minutes idle triggers, 4 does not)', async () => {
    list(PARTIAL_QUERY).reply(
      200,
      page([
        partial(1852, '2026-11-21 15:56:00', { [F.name]: 'Four' }),
        partial(1851, '2026-11-21 15:54:00', { [F.name]: 'Six' }),
      ]),
    );
    const form = api().get('/open/forms/42').reply(200, FORM);
    const items = (await run(perform, { workspace_id: 7, form_id: 42, idle_minutes: '5' })) as Array<{
      id: number;
    }>;
    expect(form.isDone()).toBe(true);
    expect(items.map((i) => i.id)).toEqual([1851]);
    expect(nock.isDone()).toBe(true);
  });

  test('a later save (`updated_at`, when a server gives it) restarts the idle time', async () => {
    const resaved = {
      ...partial(1851, '2026-11-21 15:00:00', { [F.name]: 'Grace' }),
      updated_at: '2026-11-21T15:45:00.000000Z',
    };
    const scope = list(PARTIAL_QUERY).reply(200, page([resaved]));
    await expect(run(perform, { workspace_id: 7, form_id: 42 })).resolves.toEqual([]);
    expect(scope.isDone()).toBe(true);

    now += 15 * MINUTE;
    list(PARTIAL_QUERY).reply(200, page([resaved]));
    const form = api().get('/open/forms/42').reply(200, FORM);
    const items = (await run(perform, { workspace_id: 7, form_id: 42 })) as Array<Record<string, unknown>>;
    expect(form.isDone()).toBe(true);
    // `updated_at` is metadata, never an answer
    expect(items.map((i) => [i.id, i.answers])).toEqual([[1851, { [F.name]: 'Grace' }]]);
  });

  test('completed before the idle time ran out: never triggers (not listed, or listed as completed)', async () => {
    const item = partial(1851, '2026-11-21 15:50:00', { [F.name]: 'Grace' });
    const first = list(PARTIAL_QUERY).reply(200, page([item]));
    await expect(run(perform, { workspace_id: 7, form_id: 42 })).resolves.toEqual([]);
    expect(first.isDone()).toBe(true);

    // the person finished: OpnForm no longer lists it as partial (submissions--update-partial.json #6)
    now += 60 * MINUTE;
    const second = list(PARTIAL_QUERY).reply(200, page([]));
    await expect(run(perform, { workspace_id: 7, form_id: 42 })).resolves.toEqual([]);
    expect(second.isDone()).toBe(true);

    // a server ignoring the status filter lists it as completed: still nothing, the form is not read
    const third = list(PARTIAL_QUERY).reply(
      200,
      page([{ ...item, data: { ...item.data, status: 'completed' } }]),
    );
    await expect(run(perform, { workspace_id: 7, form_id: 42 })).resolves.toEqual([]);
    expect(third.isDone()).toBe(true);
  });

  test('loading a test record in the editor shows the newest partial submissions at once', async () => {
    list({ status: 'partial', per_page: '3', page: '1' }).reply(
      200,
      page([partial(1852, '2026-11-21 15:59:30', { [F.name]: 'Just Now' })]),
    );
    const form = api().get('/open/forms/42').reply(200, FORM);
    const items = (await run(
      perform,
      { workspace_id: 7, form_id: 42 },
      { meta: { isLoadingSample: true, limit: 3 } },
    )) as Array<{ id: number }>;
    expect(form.isDone()).toBe(true);
    expect(items.map((i) => i.id)).toEqual([1852]);
    expect(nock.isDone()).toBe(true);
  });

  test('an item without a readable save time is not held back for ever', async () => {
    const item = partial(1851, 'yesterday', { [F.name]: 'Grace' });
    list(PARTIAL_QUERY).reply(200, page([item]));
    const form = api().get('/open/forms/42').reply(200, FORM);
    const items = (await run(perform, { workspace_id: 7, form_id: 42 })) as Array<{ id: number }>;
    expect(form.isDone()).toBe(true);
    expect(items.map((i) => i.id)).toEqual([1851]);
    expect(nock.isDone()).toBe(true);
  });

  test.each([
    ['0', '"0"'],
    ['1441', '"1441"'],
    ['1.5', '"1.5"'],
    ['half an hour', '"half an hour"'],
    [-5, '-5'],
  ])('idle time %p is refused before any request', async (value, shown) => {
    const error = await failure(run(perform, { workspace_id: 7, form_id: 42, idle_minutes: value }));
    expect(error).toEqual({
      name: 'AppError',
      code: 'invalid_input',
      status: 400,
      message: `Invalid input: Idle Time (Minutes) (idle_minutes) must be a whole number of minutes from 1 to 1440 (a day), got ${shown}.`,
    });
  });

  test('empty idle time means 30 minutes; a mapped number is accepted', async () => {
    const item = partial(1851, '2026-11-21 15:30:00', { [F.name]: 'Grace' });
    list(PARTIAL_QUERY).reply(200, page([item]));
    api().get('/open/forms/42').reply(200, FORM);
    const empty = (await run(perform, { workspace_id: 7, form_id: 42, idle_minutes: '' })) as unknown[];
    expect(empty).toHaveLength(1);
    const scope = list(PARTIAL_QUERY).reply(200, page([item]));
    await expect(run(perform, { workspace_id: 7, form_id: 42, idle_minutes: 31 })).resolves.toEqual([]);
    expect(scope.isDone()).toBe(true);
    expect(nock.isDone()).toBe(true);
  });
});

test('the editor shows the idle time: an input with bounded choices and a default, named in the description', () => {
  const trigger = App.triggers?.new_partial_submission as unknown as {
    display: { description: string };
    operation: { inputFields: Array<Record<string, unknown>> };
  };
  expect(trigger.display.description).toContain('idle 30 minutes, or the time you choose');
  const field = trigger.operation.inputFields.find((f) => f.key === 'idle_minutes');
  expect(field).toMatchObject({ label: 'Idle Time (Minutes)', required: false, default: '30' });
  expect(
    ((field?.choices ?? []) as Array<{ value: string; label: string }>).map((c) => [c.value, c.label]),
  ).toEqual([
    ['5', '5 minutes'],
    ['15', '15 minutes'],
    ['30', '30 minutes'],
    ['60', '1 hour'],
    ['120', '2 hours'],
    ['240', '4 hours'],
    ['720', '12 hours'],
    ['1440', '1 day'],
  ]);
});

describe('wide partial submissions: a poll returns the newest whose output fits the 4 MB budget', () => {
  /** An answer long enough for 3 shaped submissions to fit the budget, and not 4. */
  const WIDE = Math.floor(OUTPUT_BUDGET_BYTES / 3.5);
  const wide = (id: number, length = WIDE) =>
    partial(id, '2026-11-21 15:00:00', { [F.name]: 'x'.repeat(length) });

  test('the newest that fit, newest first: the page + the form (two requests, as for any poll)', async () => {
    const submissions = list({ status: 'partial', per_page: '100', page: '1' }).reply(
      200,
      page([1860, 1859, 1858, 1857, 1856, 1855].map((id) => wide(id))),
    );
    const form = api().get('/open/forms/42').reply(200, FORM);
    const items = (await run(perform, { workspace_id: '7', form_id: '42' })) as Array<{ id: number }>;
    expect(submissions.isDone() && form.isDone()).toBe(true);
    expect(items.map((i) => i.id)).toEqual([1860, 1859, 1858]);
    expect(jsonBytes(items)).toBeLessThanOrEqual(OUTPUT_BUDGET_BYTES);
  });

  test('one submission over the budget (5 MB) is returned alone', async () => {
    const submissions = list({ status: 'partial', per_page: '100', page: '1' }).reply(
      200,
      page([wide(1860, 5 * 1024 * 1024), wide(1859, 10)]),
    );
    const form = api().get('/open/forms/42').reply(200, FORM);
    const items = (await run(perform, { workspace_id: '7', form_id: '42' })) as Array<{ id: number }>;
    expect(submissions.isDone() && form.isDone()).toBe(true);
    expect(items.map((i) => i.id)).toEqual([1860]);
  });

  test("one submission over Zapier's 6 MB: refused, naming it and its size", async () => {
    list({ status: 'partial', per_page: '100', page: '1' }).reply(200, page([wide(1860, 6.5 * 1024 * 1024)]));
    api().get('/open/forms/42').reply(200, FORM);
    const error = await failure(run(perform, { workspace_id: '7', form_id: '42' }));
    expect(error.message).toBe(
      "Submission 1860 is 6.5 MB as this step's output, over the 6 MB Zapier passes on to the next step, so " +
        'it cannot trigger a Zap. Shorten its longest answers in OpnForm (or delete it) and try again.',
    );
  });
});

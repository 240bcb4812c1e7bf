import nock from 'nock';
import { clock } from '../../src/shared/budget';
import { failure, op, run } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';
import { api } from '../helpers/scopes';
import { FORM, FORM_ID, fillers, item, page, shaped } from './sample-form';

const perform = op('searches.find_submission.operation.perform');
const LIST = `/open/forms/${FORM_ID}/submissions`;
const input = (extra: Record<string, unknown> = {}) => ({
  workspace_id: '7',
  form_id: String(FORM_ID),
  search_field: 'f-email',
  search: 'ann@example.org',
  ...extra,
});
const formRead = () => api().get(`/open/forms/${FORM_ID}`).reply(200, FORM);
const ids = (found: unknown) => (found as Array<{ id: number }>).map((s) => s.id);

test('exact match on the chosen question: ann@example.org finds Ann, never the newer joann@example.org', async () => {
  const form = formRead();
  const list = api()
    .get(LIST)
    .query({ page: '1', per_page: '100', search: 'ann@example.org' })
    .reply(
      200,
      page(
        [
          item(530, { 'f-email': 'joann@example.org', 'f-name': 'Joann' }),
          item(520, { 'f-email': ' Ann@Example.org ', 'f-name': 'Ann' }),
          item(510, { 'f-email': 'ann@example.org.uk', 'f-name': 'ann@example.org' }),
        ],
        1,
        1,
      ),
    );
  await expect(run(perform, input())).resolves.toEqual([
    shaped(520, { 'f-email': ' Ann@Example.org ', 'f-name': 'Ann' }),
  ]);
  expect([form.isDone(), list.isDone()]).toEqual([true, true]);
});

test('typed with spaces and capitals, the value still finds the email; [] when only look-alikes exist', async () => {
  formRead();
  api()
    .get(LIST)
    .query({ page: '1', per_page: '100', search: 'ANN@example.org' })
    .reply(
      200,
      page(
        [item(530, { 'f-email': 'joann@example.org' }), item(520, { 'f-email': 'anne@example.org' })],
        1,
        1,
      ),
    );
  await expect(run(perform, input({ search: '  ANN@example.org ' }))).resolves.toEqual([]);
  expect(nock.isDone()).toBe(true);
});

test('a question can be named by its label; numbers compare by value and are not pre-filtered by search', async () => {
  formRead();
  const list = api()
    .get(LIST)
    .query({ page: '1', per_page: '100' })
    .reply(200, page([item(530, { 'f-age': 360 }), item(520, { 'f-age': 36 })], 1, 1));
  const found = await run(perform, input({ search_field: 'age', search: '36.0' }));
  expect(ids(found)).toEqual([520]);
  expect(list.isDone()).toBe(true);
});

test.each([
  ['left out', {}],
  ['empty', { search_field: '' }],
  ['spaces', { search_field: '  ' }],
])(
  'no question chosen (%s): refused before any request, so Find or Create never takes an equal answer to another question for a match and skips the create',
  async (_case, question) => {
    // before issue 26 this read the list and matched 520's Referrer answer "ANN": a find-or-create
    // searching a person's name would then skip creating their submission
    const { search_field: _chosen, ...noQuestion } = input({ search: 'ann' });
    const error = await failure(run(perform, { ...noQuestion, ...question }));
    expect(error).toEqual({
      name: 'AppError',
      code: 'invalid_input',
      status: 400,
      message:
        'Invalid input: Question (search_field) is empty: choose the question whose answer must equal Value to ' +
        'Find (search), so an equal answer to another question is never taken for a match. Nothing was searched.',
    });
  },
);

test('status and submitted since/until are checked on every item; paging stops at a submission older than since', async () => {
  formRead();
  const at = (id: number, created: string, status = 'completed') => {
    const base = item(id, { 'f-email': 'ann@example.org' });
    return { ...base, data: { ...base.data, created_at: created, status } };
  };
  const list = api()
    .get(LIST)
    .query({ page: '1', per_page: '100', search: 'ann@example.org', status: 'completed' })
    .reply(
      200,
      page(
        [
          at(540, '2026-11-22 10:00:00'), // after until
          at(535, '2026-11-21 10:00:00', 'partial'), // a server ignoring status must not leak it
          at(530, '2026-11-19 23:00:00'), // before since: the older pages are not read
        ],
        1,
        3,
      ),
    );
  const found = await run(
    perform,
    input({
      status: 'completed',
      submitted_since: '2026-11-20',
      submitted_until: '2026-11-21T12:00:00+00:00',
    }),
  );
  expect(found).toEqual([]);
  expect(list.isDone()).toBe(true);
});

test('the newest page holding a match ends the search; at most 5 pages of 100, then []', async () => {
  formRead();
  const pages = [1, 2, 3, 4, 5].map((n) =>
    api()
      .get(LIST)
      .query({ page: String(n), per_page: '100', search: 'ann@example.org' })
      .reply(200, page(fillers(1000 - n * 100, 100), n, 10)),
  );
  await expect(run(perform, input())).resolves.toEqual([]);
  expect(pages.every((p) => p.isDone())).toBe(true);

  formRead();
  const p1 = api()
    .get(LIST)
    .query({ page: '1', per_page: '100', search: 'ann@example.org' })
    .reply(200, page(fillers(900, 100), 1, 3));
  const p2 = api()
    .get(LIST)
    .query({ page: '2', per_page: '100', search: 'ann@example.org' })
    .reply(200, page([item(790, { 'f-email': 'ann@example.org' }), ...fillers(789, 99)], 2, 3));
  expect(ids(await run(perform, input()))).toEqual([790]);
  expect([p1.isDone(), p2.isDone()]).toEqual([true, true]);
});

test('a server that cannot run search (recorded 500 on sqlite) is read without it, with the same result', async () => {
  const list = recorded('submissions--list');
  const form = recordedScope(recorded('forms--update-form').find('GET', '/open/forms/6', 200));
  const refused = recordedScope(list.find('GET', '/open/forms/6/submissions', 500), {
    query: { page: 1, per_page: 100, search: 'ada@example.test' },
  });
  const plain = recordedScope(list.exchange(0), { query: { page: 1, per_page: 100 } });
  const found = await run(perform, {
    workspace_id: '6',
    form_id: '6',
    search_field: 'Email',
    search: 'ada@example.test',
  });
  // the three newest submissions answered ada@example.test, newest first; the partial one has no email
  expect(ids(found)).toEqual([2063, 2058, 2059]);
  expect([form.isDone(), refused.isDone(), plain.isDone()]).toEqual([true, true, true]);
});

test('an unknown question, status or date is refused naming the field (the question after one form read)', async () => {
  const status = await failure(run(perform, input({ status: 'done' })));
  expect(status.message).toBe(
    'Invalid input: Submission Status (status) must be one of completed, partial, all.',
  );
  const since = await failure(run(perform, input({ submitted_since: 'yesterday' })));
  expect(since.message).toContain('Submitted Since (submitted_since) must be a date and time');
  const order = await failure(
    run(perform, input({ submitted_since: '2026-11-21', submitted_until: '2026-11-20' })),
  );
  expect(order.message).toBe(
    'Invalid input: Submitted Since (submitted_since) is later than Submitted Until (submitted_until). Nothing was searched.',
  );
  const form = formRead();
  const question = await failure(run(perform, input({ search_field: 'Phone' })));
  expect(question.message).toBe(
    'Invalid input: Question (search_field) names no question of form 42 (got "Phone"); its questions are ' +
      'Name, Email, Plan, Tags, Age, Agree, Visit, Website, Ratings, CV, Referrer. Nothing was searched.',
  );
  expect(form.isDone()).toBe(true);
});

describe('two questions with the same name (recorded: form 13 has two named "Comments")', () => {
  const FORM_13 = recorded('forms--get-form').find('GET', '/open/forms/13', 200);

  test('the shared name is refused, naming both questions, before any list is read', async () => {
    const form = recordedScope(FORM_13);
    const error = await failure(
      run(perform, { workspace_id: '6', form_id: '13', search_field: 'comments', search: 'Great' }),
    );
    expect(form.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'invalid_input', status: 400 });
    expect(error.message).toBe(
      'Invalid input: Question (search_field) "comments" is the name of 2 questions of this form ("Comments (1)", ' +
        '"Comments (2)"): map one of those labels, as the dropdown shows them, or the question\'s id. Nothing was ' +
        'searched.',
    );
  });

  test('the label as the dropdown shows it picks one ("Comments (2)": the second)', async () => {
    const form = recordedScope(FORM_13);
    const list = api()
      .get('/open/forms/13/submissions')
      .query({ page: '1', per_page: '100', search: 'Great' })
      .reply(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 100, total: 0 } });
    await expect(
      run(perform, { workspace_id: '6', form_id: '13', search_field: 'Comments (2)', search: 'Great' }),
    ).resolves.toEqual([]);
    expect(form.isDone() && list.isDone()).toBe(true);
  });
});

describe('Submissions to Search (search_window, issue 22)', () => {
  const realNow = clock.now;
  afterEach(() => {
    clock.now = realNow;
  });
  const listPages = (count: number, last: number) =>
    Array.from({ length: count }, (_, i) =>
      api()
        .get(LIST)
        .query({ page: String(i + 1), per_page: '100', search: 'ann@example.org' })
        .reply(200, page(fillers(10_000 - i * 100, 100), i + 1, last)),
    );

  test('a window of 800 reads up to 8 pages of 100, then []', async () => {
    formRead();
    const pages = listPages(8, 40);
    await expect(run(perform, input({ search_window: '800' }))).resolves.toEqual([]);
    expect(pages.every((p) => p.isDone())).toBe(true);
  });

  test('3000 at most: the 30th page is the last one read', async () => {
    formRead();
    const pages = listPages(30, 40);
    await expect(run(perform, input({ search_window: 3000 }))).resolves.toEqual([]);
    expect(pages.every((p) => p.isDone())).toBe(true);
  });

  test.each([
    ['50', 'got "50"'],
    ['3100', 'got "3100"'],
    ['250', 'got "250"'],
    ['lots', 'got "lots"'],
  ])('%j is refused before any request', async (search_window, got) => {
    const error = await failure(run(perform, input({ search_window })));
    expect(error).toEqual({
      name: 'AppError',
      code: 'invalid_input',
      status: 400,
      message: `Invalid input: Submissions to Search (search_window) must be a whole number from 100 to 3000 in steps of 100, ${got}.`,
    });
  });

  test("the step's time nearly spent before the window is read: an error saying how many were searched, not []", async () => {
    let now = 1_000_000;
    clock.now = () => now;
    formRead();
    const pages = [1, 2].map((n) =>
      api()
        .get(LIST)
        .query({ page: String(n), per_page: '100', search: 'ann@example.org' })
        .reply(() => {
          now += 11_000; // two slow pages: 22 s of the 25 s budget gone
          return [200, page(fillers(10_000 - (n - 1) * 100, 100), n, 40)];
        }),
    );
    const error = await failure(run(perform, input({ search_window: '2000' })));
    expect(pages.every((p) => p.isDone())).toBe(true);
    expect(error).toEqual({
      name: 'AppError',
      code: 'out_of_time',
      status: 504,
      message:
        'This step ran out of time after searching 200 submissions (2 pages) of the 2000 in Submissions to Search ' +
        '(search_window), with no match so far. Lower Submissions to Search or set Submitted Since, then try again. ' +
        'Nothing was changed in OpnForm.',
    });
  });
});

test('a page of 100 wide matches: the newest that fit 4 MB of output are returned, newest first (issue 33)', async () => {
  // every submission gave the email searched, with a 200 KB comment: 100 of them are 20 MB of output
  const wide = Array.from({ length: 100 }, (_, i) =>
    item(700 - i, { 'f-email': 'ann@example.org', 'f-ref': 'c'.repeat(200_000) }),
  );
  const form = formRead();
  const list = api()
    .get(LIST)
    .query({ page: '1', per_page: '100', search: 'ann@example.org' })
    .reply(200, JSON.stringify(page(wide, 1, 5)), { 'Content-Type': 'application/json' });
  const found = await run(perform, input());
  const got = ids(found);
  expect(got).toEqual(Array.from({ length: got.length }, (_, i) => 700 - i));
  expect(got.length).toBeGreaterThan(10);
  expect(got.length).toBeLessThan(100);
  expect(Buffer.byteLength(JSON.stringify(found))).toBeLessThanOrEqual(4 * 1024 * 1024);
  expect([form.isDone(), list.isDone()]).toEqual([true, true]);
});

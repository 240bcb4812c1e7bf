import { clock } from '../../src/shared/budget';
import { App, failure, op, run } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';
import { api } from '../helpers/scopes';
import { FORM, FORM_ID, fillers, item, page, shaped } from './sample-form';

const perform = op('searches.find_submission_by_id.operation.perform');
const LIST = `/open/forms/${FORM_ID}/submissions`;
const listed = recorded('submissions--list');
const form6 = () => recordedScope(recorded('forms--update-form').exchange(1));
const input6 = (submission_id: unknown) => ({ workspace_id: '6', form_id: '6', submission_id });
const pageOf = (n: number) => ({ page: n, per_page: 100 });
const ids = (found: unknown) => (found as Array<{ id: number }>).map((s) => s.id);

test('found on the newest page: one list read, then the form, shaped as Find Submission shapes it', async () => {
  const list = api()
    .get(LIST)
    .query({ page: '1', per_page: '100' })
    .reply(200, page([item(530), item(520, { 'f-name': 'Ann' }), item(510)], 1, 1));
  const form = api().get(`/open/forms/${FORM_ID}`).reply(200, FORM);
  await expect(
    run(perform, { workspace_id: '7', form_id: String(FORM_ID), submission_id: ' 520 ' }),
  ).resolves.toEqual([shaped(520, { 'f-name': 'Ann' })]);
  expect([list.isDone(), form.isDone()]).toEqual([true, true]);
});

test('recorded list (submissions--list#0): the partial submission 2061 is found on page 1', async () => {
  const list = recordedScope(listed.exchange(0), { query: pageOf(1) });
  const form = form6();
  const found = (await run(perform, input6(2061))) as Array<{ id: number; status: string; form_id: number }>;
  expect(found.map(({ id, status, form_id }) => ({ id, status, form_id }))).toEqual([
    { id: 2061, status: 'partial', form_id: 6 },
  ]);
  expect([list.isDone(), form.isDone()]).toEqual([true, true]);
});

test('recorded pages (#1, #2): ids are not strictly newest first, so a page above the id leads to the next', async () => {
  const p1 = recordedScope(listed.exchange(1), { query: pageOf(1) });
  const p2 = recordedScope(listed.exchange(2), { query: pageOf(2) });
  const form = form6();
  expect(ids(await run(perform, input6('2061')))).toEqual([2061]);
  expect([p1.isDone(), p2.isDone(), form.isDone()]).toEqual([true, true, true]);
});

test('a page holding only lower ids proves absence: [] without reading further (and no form read)', async () => {
  // page 1 (2063, 2058) still reaches above 2062; page 2 (2059, 2061) is wholly below: pages 3-5 are older
  const p1 = recordedScope(listed.exchange(1), { query: pageOf(1) });
  const p2 = recordedScope(listed.exchange(2), { query: pageOf(2) });
  await expect(run(perform, input6(2062))).resolves.toEqual([]);
  expect([p1.isDone(), p2.isDone()]).toEqual([true, true]);

  // an id above the newest: the first page already proves it (searching 260 must not return 213)
  const only = recordedScope(listed.exchange(0), { query: pageOf(1) });
  await expect(run(perform, input6(3000))).resolves.toEqual([]);
  expect(only.isDone()).toBe(true);
});

test('the last page read without the id: []', async () => {
  const list = api()
    .get(LIST)
    .query({ page: '1', per_page: '100' })
    .reply(200, page([item(530), item(510)], 1, 1));
  await expect(
    run(perform, { workspace_id: '7', form_id: String(FORM_ID), submission_id: 520 }),
  ).resolves.toEqual([]);
  expect(list.isDone()).toBe(true);
});

test('30 pages above the id without proof: an error naming what was read, never []', async () => {
  const scope = api();
  for (let n = 1; n <= 30; n++) {
    scope
      .get(LIST)
      .query({ page: String(n), per_page: '100' })
      .reply(200, page(fillers(10_000 - (n - 1) * 100, 100), n, 60));
  }
  const error = await failure(
    run(perform, { workspace_id: '7', form_id: String(FORM_ID), submission_id: 5 }),
  );
  expect(scope.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'AppError',
    code: 'too_many_submissions',
    status: 400,
    message:
      'Submission 5 was not among the 3000 newest submissions of form 42 (30 pages read), and this step reads at ' +
      'most 30 pages of 100. Nothing was changed in OpnForm.',
  });
});

describe("the step's time", () => {
  const realNow = clock.now;
  afterEach(() => {
    clock.now = realNow;
  });

  test('nearly spent before proof: an error naming how many were read, the next page not asked for', async () => {
    let now = 1_000_000;
    clock.now = () => now;
    const scope = api();
    for (const n of [1, 2]) {
      scope
        .get(LIST)
        .query({ page: String(n), per_page: '100' })
        .reply(() => {
          now += 11_000; // two slow pages: 22 s of the 25 s budget gone
          return [200, page(fillers(1000 - (n - 1) * 100, 100), n, 10)];
        });
    }
    const error = await failure(
      run(perform, { workspace_id: '7', form_id: String(FORM_ID), submission_id: 5 }),
    );
    expect(scope.isDone()).toBe(true);
    expect(error).toEqual({
      name: 'AppError',
      code: 'out_of_time',
      status: 504,
      message:
        "Submission 5 was not among the 200 newest submissions of form 42 (2 pages read), and the step's time ran " +
        'out before the older ones were read. Try again in a few minutes. Nothing was changed in OpnForm.',
    });
  });
});

test('a token that may not read the list (recorded 403, submissions--list#9): the abilities are named', async () => {
  const scope = recordedScope(listed.exchange(9), { query: pageOf(1) });
  const error = await failure(run(perform, input6(2061)));
  expect(scope.isDone()).toBe(true);
  expect(error.code).toBe('forbidden');
  expect(error.message).toContain('"forms-read" or "manage-integrations"');
});

test("by its UUID (the edit link's submission_id, any case, spaces around): recorded list #0 holds it", async () => {
  const list = recordedScope(listed.exchange(0), { query: pageOf(1) });
  const form = form6();
  const uuid = ' 15FC50CE-89D7-4810-B303-EF68E52CFCBE ';
  expect(ids(await run(perform, input6(uuid)))).toEqual([2063]);
  expect([list.isDone(), form.isDone()]).toEqual([true, true]);
});

test('a UUID has no order: pages of lower ids do not prove absence, the last page does ([], no form read)', async () => {
  const scope = api();
  scope
    .get(LIST)
    .query({ page: '1', per_page: '100' })
    .reply(200, page([item(530), item(520)], 1, 2));
  scope
    .get(LIST)
    .query({ page: '2', per_page: '100' })
    .reply(200, page([item(510)], 2, 2));
  const uuid = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
  await expect(
    run(perform, { workspace_id: '7', form_id: String(FORM_ID), submission_id: uuid }),
  ).resolves.toEqual([]);
  expect(scope.isDone()).toBe(true);
});

test.each([
  [
    'abc',
    "Invalid input: Submission (submission_id) must be the submission's ID (a whole number) or its UUID (as in " +
      'its edit link), got "abc".',
  ],
  [
    'bm90ZXNfN2FjMWJiODItZDA3',
    'Invalid input: Submission (submission_id) is not a real submission id: bm90ZXNfN2FjMWJiODItZDA3. ' +
      'Use a submission from a live run or pick one in the Submission dropdown.',
  ],
])('refuses %j before any request', async (submission_id, message) => {
  const error = await failure(run(perform, { workspace_id: '7', form_id: '42', submission_id }));
  expect(error).toEqual({ name: 'AppError', code: 'invalid_input', status: 400, message });
});

test('the Submission dropdown lists recent ones and does not point back at a search', () => {
  const fields = App.searches.find_submission_by_id.operation.inputFields as Array<Record<string, unknown>>;
  expect(fields.map((f) => f.key)).toEqual(['workspace_id', 'form_id', 'submission_id']);
  expect(fields[2]).toMatchObject({
    dynamic: 'submission_list.id.label',
    dependsOn: ['form_id'],
    required: true,
  });
  expect(fields[2]).not.toHaveProperty('search');
});

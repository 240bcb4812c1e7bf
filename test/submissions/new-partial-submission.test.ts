import nock from 'nock';
import { PARTIAL_PLAN_MESSAGE } from '../../src/submissions/new-partial-submission';
import { API_HEADERS, BASE, failure, op, run } from '../helpers/app';
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

const list = (query: Record<string, string>) =>
  nock(BASE, { reqheaders: API_HEADERS }).get('/open/forms/42/submissions').query(query);

test('lists partial submissions newest first, then reads the form once: two requests, same output shape', async () => {
  const submissions = list({ status: 'partial', per_page: '100', page: '1' }).reply(
    200,
    page([
      partial(1851, '2026-11-21 15:12:40', { [F.name]: 'Grace', [F.consent]: false }),
      partial(1850, '2026-11-21 15:02:00', { [F.email]: 'x@example.org' }),
    ]),
  );
  const form = nock(BASE, { reqheaders: API_HEADERS }).get('/open/forms/42').reply(200, FORM);
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
  nock(BASE).get('/open/forms/42').reply(200, FORM);
  const items = (await run(
    perform,
    { workspace_id: 7, form_id: 42 },
    { meta: { limit: 5 } as never },
  )) as Array<{
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

import nock from 'nock';
import { API_HEADERS, BASE, failure, op, run } from '../helpers/app';
import { FORM, FORM_ID, fillers, item, page, shaped } from './sample-form';

const perform = op('searches.find_submission.operation.perform');
const LIST = `/open/forms/${FORM_ID}/submissions`;
const api = () => nock(BASE, { reqheaders: API_HEADERS });
const input = (extra: Record<string, unknown> = {}) => ({
  workspace_id: '7',
  form_id: String(FORM_ID),
  search: 'grace',
  ...extra,
});

test('newest match first, in the shared submission shape; search and status are sent on every page', async () => {
  const list = api()
    .get(LIST)
    .query({ page: '1', per_page: '100', search: 'grace', status: 'all' })
    .reply(
      200,
      page([item(520, { 'f-name': 'Grace Hopper' }), item(510, { 'f-email': 'GRACE@navy.mil' })], 1, 1),
    );
  const form = api().get(`/open/forms/${FORM_ID}`).reply(200, FORM);
  await expect(run(perform, input())).resolves.toEqual([
    shaped(520, { 'f-name': 'Grace Hopper' }),
    shaped(510, { 'f-email': 'GRACE@navy.mil' }),
  ]);
  expect([list.isDone(), form.isDone()]).toEqual([true, true]);
});

test('paging stops at the first page holding a match (a server that ignores the filter cannot leak items)', async () => {
  const p1 = api()
    .get(LIST)
    .query({ page: '1', per_page: '100', search: 'grace', status: 'completed' })
    .reply(200, page(fillers(900, 100), 1, 3));
  const p2 = api()
    .get(LIST)
    .query({ page: '2', per_page: '100', search: 'grace', status: 'completed' })
    .reply(200, page([...fillers(800, 10), item(790, { 'f-name': 'Grace' }), ...fillers(789, 89)], 2, 3));
  const p3 = api()
    .get(LIST)
    .query(true)
    .reply(200, page([item(100, { 'f-name': 'Grace' })], 3, 3));
  api().get(`/open/forms/${FORM_ID}`).reply(200, FORM);
  const found = (await run(perform, input({ status: 'completed' }))) as Array<{ id: number }>;
  expect(found.map((s) => s.id)).toEqual([790]);
  expect([p1.isDone(), p2.isDone(), p3.isDone()]).toEqual([true, true, false]);
});

test('status partial keeps only partial submissions', async () => {
  api()
    .get(LIST)
    .query({ page: '1', per_page: '100', search: 'grace', status: 'partial' })
    .reply(
      200,
      page(
        [
          item(3, { 'f-name': 'Grace' }),
          {
            ...item(2, { 'f-name': 'Grace' }),
            data: { ...item(2, { 'f-name': 'Grace' }).data, status: 'partial' },
          },
        ],
        1,
        1,
      ),
    );
  api().get(`/open/forms/${FORM_ID}`).reply(200, FORM);
  const found = (await run(perform, input({ status: 'Partial' }))) as Array<{ id: number; status: string }>;
  expect(found.map((s) => [s.id, s.status])).toEqual([[2, 'partial']]);
});

test('nothing matches: [] after the bounded pages, without reading the form', async () => {
  const pages = [1, 2, 3].map((n) =>
    api()
      .get(LIST)
      .query({ page: String(n), per_page: '100', search: 'grace', status: 'all' })
      .reply(200, page(fillers(1000 - n * 100, 100), n, 10)),
  );
  await expect(run(perform, input())).resolves.toEqual([]);
  expect(pages.every((p) => p.isDone())).toBe(true);
});

test('an empty form: [] after one request', async () => {
  const scope = api()
    .get(LIST)
    .query(true)
    .reply(200, page([], 1, 1));
  await expect(run(perform, input())).resolves.toEqual([]);
  expect(scope.isDone()).toBe(true);
});

test('an unknown status is refused before any request', async () => {
  const error = await failure(run(perform, input({ status: 'done' })));
  expect(error.message).toBe('Invalid input: Status (status) must be one of completed, partial, all.');
});

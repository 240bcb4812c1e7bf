// Update Submission's search for the current answers (issue 33): pages read as a stream, only the wanted
// submission held, and an id above every id of a page proven absent without reading further.
import { failure, op, run } from '../../helpers/app';
import { api } from '../../helpers/scopes';
import { fillers, item, page } from '../sample-form';
import { formScope, input, LIST, OUTPUT, REAL_REPLY, SENT } from './fixtures';

const perform = op('creates.update_submission.operation.perform');

describe('finding the current answers', () => {
  test('an id above every id of a page is proven absent there: one page read, no PUT', async () => {
    formScope();
    // newest first, so the later pages hold only lower ids: reading them could not find 512
    const p1 = api()
      .get(LIST)
      .query({ page: '1', per_page: '100' })
      .reply(200, page(fillers(400, 100), 1, 20));
    const error = await failure(run(perform, input({ 'answer__f-plan': 'Pro' })));
    expect(error.message).toMatch(
      /^Submission 512 was not found among the submissions of form 42, so nothing was changed\./,
    );
    expect(p1.isDone()).toBe(true);
  });

  test('a page of wide submissions (past the 20 MB a page read whole may be) is read as a stream', async () => {
    formScope();
    // 100 submissions with a 230 KB answer each: only the wanted one is held (issue 33)
    const wide = (id: number) => item(id, { 'f-ref': 'x'.repeat(230_000) });
    const items = [...Array.from({ length: 99 }, (_, i) => wide(611 - i)), item(512)];
    api()
      .get(LIST)
      .query({ page: '1', per_page: '100' })
      .reply(200, JSON.stringify(page(items, 1, 3)), { 'Content-Type': 'application/json' });
    const put = api()
      .put(`${LIST}/512`, { ...SENT, 'f-plan': 'Pro', completion_time: 80 })
      .reply(200, REAL_REPLY({ 'f-plan': 'Pro' }));
    await expect(run(perform, input({ 'answer__f-plan': 'Pro' }))).resolves.toEqual(
      OUTPUT({ 'f-plan': 'Pro' }),
    );
    expect(put.isDone()).toBe(true);
  });
});

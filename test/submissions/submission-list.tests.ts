import { op, run } from '../helpers/app';
import { api } from '../helpers/scopes';
import { FORM_ID, item, page } from './sample-form';

const perform = op('triggers.submission_list.operation.perform');
const LIST = `/open/forms/${FORM_ID}/submissions`;

test('submission_list: newest first, each labelled by a readable answer and its date', async () => {
  const scope = api()
    .get(LIST)
    .query({ page: '1', per_page: '50' })
    .reply(
      200,
      page(
        [
          item(513),
          item(512, { 'f-name': '', 'f-email': 'x'.repeat(80) }),
          {
            id: 511,
            form_id: FORM_ID,
            data: { 'f-agree': true, created_at: '2026-11-19T08:00:00+02:00', id: 511 },
          },
        ],
        1,
        1,
        50,
      ),
    );
  await expect(run(perform, { workspace_id: '7', form_id: String(FORM_ID) })).resolves.toEqual([
    { id: 513, label: 'Ada Lovelace · 2026-11-20 14:03 UTC' },
    { id: 512, label: `${'x'.repeat(59)}… · 2026-11-20 14:03 UTC` },
    { id: 511, label: 'Submission 511 · 2026-11-19 06:00 UTC' },
  ]);
  expect(scope.isDone()).toBe(true);
});

test('submission_list pages: Zapier page 2 (meta.page = 1) reads API page 2', async () => {
  const scope = api()
    .get(LIST)
    .query({ page: '2', per_page: '50' })
    .reply(200, page([item(400)], 2, 2, 50));
  await expect(
    run(perform, { workspace_id: '7', form_id: String(FORM_ID) }, { meta: { page: 1 } }),
  ).resolves.toEqual([{ id: 400, label: 'Ada Lovelace · 2026-11-20 14:03 UTC' }]);
  expect(scope.isDone()).toBe(true);
});

test('submission_list of a wide form (past the 20 MB a page read whole may be): read as a stream, labels only', async () => {
  // 50 submissions with a 450 KB answer each (issue 33): only the id and the label of each are held
  const wide = Array.from({ length: 50 }, (_, i) =>
    item(600 - i, { 'f-name': '', 'f-ref': 'y'.repeat(450_000) }),
  );
  const scope = api()
    .get(LIST)
    .query({ page: '1', per_page: '50' })
    .reply(200, JSON.stringify(page(wide, 1, 9, 50)), { 'Content-Type': 'application/json' });
  const out = (await run(perform, { workspace_id: '7', form_id: String(FORM_ID) })) as Array<{ id: number }>;
  expect(out.map((choice) => choice.id)).toEqual(Array.from({ length: 50 }, (_, i) => 600 - i));
  expect(out[0]).toEqual({ id: 600, label: 'ada@example.org · 2026-11-20 14:03 UTC' });
  expect(scope.isDone()).toBe(true);
});

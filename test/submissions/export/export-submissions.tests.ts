// Export Submissions: one sync export, background jobs and columns. Forms over 1000 submissions
// (exported by ids), the limit and the time budget: export-submissions-by-ids.tests.ts.
import type nock from 'nock';
import { App, BASE, failure, op, run } from '../../helpers/app';
import { api, recorded, recordedScope } from '../../helpers/recorded';
import { otherHost } from '../../helpers/scopes';
import { FORM, FORM_ID } from '../sample-form';
import {
  asyncExports,
  COLUMNS_18,
  csv18,
  exportApi,
  exportScope,
  FORM_6,
  form18,
  N,
  NAME,
  syncCsv,
} from './fixtures';
import { formScope, input18, useForm18 } from './form18';
import { csvSize, csvStream, type StashCall, withStash } from './helpers';

const perform = op('creates.export_submissions.operation.perform');
const columnsField = op('creates.export_submissions.operation.inputFields.2');
const { list1001, last1001 } = useForm18();

describe('one sync export (the whole form, at most 1000 submissions)', () => {
  test('form 6: the recorded CSV is streamed to storage as it came; 2 requests', async () => {
    const ex = syncCsv.exchange(1);
    const form = formScope(FORM_6, 6);
    const post = exportScope(6, ex.request.body, ex);
    const calls: StashCall[] = [];
    const out = await run(withStash(perform, calls), {
      workspace_id: 6,
      form_id: 6,
      columns: ['30816303-36b4-46cd-8cff-8658ca969c86', 'Date', '5b64ebdf-1d1f-40df-b45d-985790dd1d74'],
    });
    expect([form.isDone(), post.isDone()]).toEqual([true, true]);
    expect(calls.map((c) => [c.kind, c.filename, c.contentType])).toEqual([
      ['stream', 'zapier-test-form-corpus-bnml9u-submission-data.csv', 'text/csv'],
    ]);
    expect(calls[0]?.text).toBe(ex.response.body);
    expect(out).toEqual({
      id: 'zapier-test-form-corpus-bnml9u-submission-data.csv',
      form_id: 6,
      mode: 'sync',
      status: 'completed',
      job_id: null,
      file: 'https://stash.example.org/zapier-test-form-corpus-bnml9u-submission-data.csv',
      file_name: 'zapier-test-form-corpus-bnml9u-submission-data.csv',
      rows: 9,
      columns: [
        '30816303-36b4-46cd-8cff-8658ca969c86',
        '7c99a4d1-b593-4a33-a822-83392bba7112',
        '5b64ebdf-1d1f-40df-b45d-985790dd1d74',
      ],
      header: ['id', 'Name', 'Date', 'Files', 'status'],
      progress: 100,
      expires_at: null,
      message: 'Exported 9 rows to zapier-test-form-corpus-bnml9u-submission-data.csv.',
      processed_submissions: 9,
      total_submissions: 9,
      error_message: null,
      chunks: 1,
    });
  });

  test('a multi-MB CSV is streamed, never held whole; rows counted with quoted newlines', async () => {
    const rows = 40_000;
    const size = await csvSize(rows, 120);
    formScope(FORM, FORM_ID);
    exportApi()
      .post(`/open/forms/${FORM_ID}/submissions/export`)
      .reply(200, () => csvStream(rows, 120), {
        'Content-Type': 'text/csv; charset=UTF-8',
        'Content-Disposition': 'attachment; filename=contact-us-submission-data.csv',
      });
    const calls: StashCall[] = [];
    const out = (await run(withStash(perform, calls), { workspace_id: 7, form_id: FORM_ID })) as {
      rows: number;
    };
    expect([calls[0]?.kind, calls[0]?.bytes]).toEqual(['stream', size]);
    expect(calls[0]?.peakBuffered).toBeLessThan(1_000_000);
    expect(out.rows).toBe(rows);
  });

  test('the recorded 422s and 403 reach the user with the field named', async () => {
    formScope(FORM_6, 6);
    const ex = syncCsv.exchange(4);
    exportScope(6, { columns: { '30816303-36b4-46cd-8cff-8658ca969c86': true } }, ex);
    const error = await failure(run(perform, { workspace_id: 6, form_id: 6, columns: ['Name'] }));
    expect(error).toEqual({
      name: 'AppError',
      code: 'validation_failed',
      status: 422,
      message:
        'OpnForm rejected the request (422): The columns contain invalid values: no-such-column columns: The columns contain invalid values: no-such-column',
    });
  });
});

describe('background jobs: only where the token can read their status', () => {
  const job = asyncExports.exchange(1);
  const JOB = '51ac557f-39db-48d2-a590-1626907ea747';
  const SPEC = `/open/forms/18/submissions/export/${JOB}/status`;
  const REAL = `/open/forms/18/submissions/export/status/${JOB}`;

  test('a real server answering async where the form count said sync: status hidden, so by ids', async () => {
    formScope(form18(900), 18);
    exportScope(18, { columns: COLUMNS_18 }, job);
    const spec = recordedScope(asyncExports.exchange(2));
    const real = recordedScope(asyncExports.exchange(3));
    const [list, first] = list1001();
    expect([list, first]).toHaveLength(2);
    last1001();
    const out = (await run(withStash(perform, []), input18())) as Record<string, unknown>;
    expect([spec.isDone(), real.isDone()]).toEqual([true, true]);
    expect([out.mode, out.rows, out.chunks]).toEqual(['sync', 1001, 2]);
  });

  describe('a spec-like server (status at the spec path)', () => {
    const probeMissing = () =>
      api()
        .get('/open/forms/18/submissions/export/00000000-0000-4000-8000-000000000000/status')
        .reply(404, asyncExports.exchange(6).response.body as nock.Body);

    test('over 5000: probe, job, polled every 3 s on the fake clock, file downloaded without the token', async () => {
      formScope(form18(6000), 18);
      const probe = probeMissing();
      exportScope(18, { columns: COLUMNS_18 }, job);
      const completed = asyncExports.exchange(5).response.body as Record<string, unknown>;
      const polls = api()
        .get(SPEC)
        .reply(200, { ...completed, status: 'processing', progress: 40, file_url: undefined })
        .get(SPEC)
        .reply(200, completed);
      const link = new URL(String(completed.file_url));
      const download = otherHost(link.origin)
        .get(link.pathname)
        .query(true)
        .reply(200, () => csv18([3, 2, 1]), { 'Content-Type': 'text/csv' });
      const calls: StashCall[] = [];
      const out = await run(withStash(perform, calls), input18());
      expect([probe.isDone(), polls.isDone(), download.isDone()]).toEqual([true, true, true]);
      expect(out).toEqual({
        id: JOB,
        form_id: 18,
        mode: 'async',
        status: 'completed',
        job_id: JOB,
        file: 'https://stash.example.org/large-form-h6fdmj-submissions-2026-11-23-17-42-08.csv',
        file_name: 'large-form-h6fdmj-submissions-2026-11-23-17-42-08.csv',
        rows: 3,
        columns: [NAME, N, 'created_at'],
        header: ['id', 'Name', 'N', 'created_at'],
        progress: 100,
        expires_at: '2026-11-24T17:42:08.916622Z',
        message: 'Exported 3 rows to large-form-h6fdmj-submissions-2026-11-23-17-42-08.csv.',
        processed_submissions: 1001,
        total_submissions: 1001,
        error_message: null,
        chunks: 1,
      });
      expect(JSON.stringify(out)).not.toContain('signature=');
    });

    test('not finished within the budget: fails (no success without a file), naming the job', async () => {
      formScope(form18(6000), 18);
      probeMissing();
      exportScope(18, { columns: COLUMNS_18 }, job);
      let reads = 0;
      api()
        .get(SPEC)
        .times(8)
        .reply(() => {
          reads += 1;
          return [200, { job_id: JOB, status: 'processing', progress: 35 }];
        });
      const error = await failure(run(perform, input18()));
      expect(reads).toBe(8); // at 0, 3, ..., 21 s; one more at 24 s would leave less than the step budget's 2 s read reserve
      expect(error).toEqual({
        name: 'AppError',
        code: 'still_running',
        status: 504,
        message:
          `OpnForm's export job ${JOB} is still processing (35% done) after the time one Zapier step may take, so ` +
          'no file was saved. Export at most 5000 submissions per step (Newest Submissions, a date range or a ' +
          'status): those are exported within the step.',
      });
    });

    test('a failed job fails the step with its error message', async () => {
      formScope(form18(6000), 18);
      probeMissing();
      exportScope(18, { columns: COLUMNS_18 }, job);
      api().get(SPEC).reply(200, { status: 'failed', progress: 10, error_message: 'Disk full' });
      expect(await failure(run(perform, input18()))).toEqual({
        name: 'AppError',
        code: 'server_error',
        status: 502,
        message: `OpnForm could not export the submissions (job ${JOB}): Disk full.`,
      });
    });

    test('the real status path is used when the spec path is missing', async () => {
      formScope(form18(6000), 18);
      probeMissing();
      exportScope(18, { columns: COLUMNS_18 }, job);
      api().get(SPEC).reply(404, { message: '' });
      api().get(REAL).reply(200, { status: 'failed', error_message: 'Disk full' });
      expect((await failure(run(perform, input18()))).message).toBe(
        `OpnForm could not export the submissions (job ${JOB}): Disk full.`,
      );
    });
  });
});

describe('columns', () => {
  test('columns by id, name, system and attribution keys; no Content-Disposition: named from the slug', async () => {
    formScope(FORM, FORM_ID);
    const post = exportApi()
      .post(`/open/forms/${FORM_ID}/submissions/export`, {
        columns: { 'f-email': true, 'f-plan': true, status: true, 'meta.attribution.utm_source': true },
      })
      .reply(200, 'id,Email\r\nenc1,a@b.c\r\n', { 'Content-Type': 'text/csv' });
    const out = (await run(withStash(perform, []), {
      workspace_id: 7,
      form_id: FORM_ID,
      columns: ['f-email', 'plan', 'status', 'meta.attribution.utm_source'],
    })) as Record<string, unknown>;
    expect(post.isDone()).toBe(true);
    expect([out.rows, out.file_name]).toEqual([1, 'contact-us-submissions.csv']);
  });

  test('without a usable form id the columns input is offered without choices (no request)', async () => {
    const [field] = (await run(columnsField, { form_id: '' })) as Array<Record<string, unknown>>;
    expect([field?.key, field?.list, 'choices' in (field ?? {})]).toEqual(['columns', true, false]);
  });

  test('an unknown column stops the step before the export is asked for', async () => {
    formScope(FORM, FORM_ID);
    const error = await failure(
      run(perform, { workspace_id: 7, form_id: FORM_ID, columns: 'Shoe size, meta.attribution.utm_nope' }),
    );
    expect(error.message).toBe(
      'Invalid input: Columns (columns) has unknown columns "Shoe size", "meta.attribution.utm_nope". Allowed: the ' +
        'questions of this form (by id or name), created_at, status, and meta.attribution.<key> (utm_source, ' +
        'utm_medium, utm_campaign, utm_id, utm_term, utm_content, utm_source_platform, utm_creative_format, ' +
        'utm_marketing_tactic, gclid, gbraid, wbraid, dclid, fbclid, ttclid, msclkid). Nothing was exported.',
    );
  });

  test('a column named like two questions (recorded form 13: two "Comments") is refused, naming both', async () => {
    const form = recordedScope(recorded('forms--get-form').find('GET', '/open/forms/13', 200));
    const error = await failure(run(perform, { workspace_id: 6, form_id: 13, columns: 'Comments' }));
    expect(form.isDone()).toBe(true);
    expect(error.message).toBe(
      'Invalid input: Columns (columns): "Comments" is the name of 2 questions of this form ("Comments (1)", ' +
        '"Comments (2)"): map one of those labels, as the dropdown shows them, or the question\'s id. Nothing ' +
        'was exported.',
    );
  });

  test('the columns dropdown offers the questions, then created_at, status and the attribution columns', async () => {
    formScope(FORM, FORM_ID);
    const [field] = (await run(columnsField, { form_id: String(FORM_ID) })) as Array<{
      choices: Array<{ value: string; label: string }>;
    }>;
    const values = field?.choices.map((c) => c.value) ?? [];
    expect(values.slice(9, 13)).toEqual(['f-cv', 'f-ref', 'created_at', 'status']);
    expect(values.slice(13)).toHaveLength(16);
  });
});

test("core's http patch is off: it would keep every chunk of the streamed CSV in memory", () => {
  expect(App.flags).toEqual({ skipHttpPatch: true });
});

test('BASE is the recordings base', () => {
  expect(String(syncCsv.exchange(1).response.body)).not.toContain('{base_url}');
  expect(BASE).toBe('https://forms.example.org/api');
});

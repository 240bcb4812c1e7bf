// Export Submissions of more than 1000 submissions: listed 100 per page and exported by ids, at
// most 5000 per step, within 25 s. The sync export, background jobs and columns: export-submissions.tests.ts.
import nock from 'nock';
import { exportRate, uploadRate } from '../../../src/submissions/export/chunks';
import { failure, op, run } from '../../helpers/app';
import { api, recordedScope } from '../../helpers/recorded';
import {
  asyncExports,
  COLUMNS_18,
  CSV_HEADER_18,
  csv18,
  exportApi,
  exportScope,
  form18,
  item18,
  limits,
  N,
  NAME,
  page18,
} from './fixtures';
import { CHUNK_ANSWER, formScope, ids, input18, range, useForm18 } from './form18';
import { type StashCall, withStash } from './helpers';

const perform = op('creates.export_submissions.operation.perform');
const { clock, pages18, listed1001, last1001 } = useForm18();

describe('by ids: listed 100 per page, exported 1000 ids per request, joined into one file', () => {
  test('form 18 (1001 submissions): 11 pages, 2 exports; one BOM, one header, 1001 rows', async () => {
    const [form, list, first] = listed1001();
    const second = last1001();
    const calls: StashCall[] = [];
    const out = await run(withStash(perform, calls), input18());
    expect([form.isDone(), list.isDone(), first.isDone(), second.isDone()]).toEqual([true, true, true, true]);
    expect(calls).toHaveLength(1);
    const text = calls[0]?.text ?? '';
    expect(calls[0]?.kind).toBe('stream');
    expect(text.startsWith(`\uFEFF${CSV_HEADER_18}"enc1001","Person 1001"`)).toBe(true);
    expect(calls[0]?.bytes).toBe(
      Buffer.byteLength(
        `\uFEFF${CSV_HEADER_18}${range(1001, 1)
          .map((n) => `"enc${n}","Person ${n}","${n}","2026-11-23 17:25"\n`)
          .join('')}`,
      ),
    );
    expect(out).toEqual({
      id: 'large-form-h6fdmj-submission-data.csv',
      form_id: 18,
      mode: 'sync',
      status: 'completed',
      job_id: null,
      file: 'https://stash.example.org/large-form-h6fdmj-submission-data.csv',
      file_name: 'large-form-h6fdmj-submission-data.csv',
      rows: 1001,
      columns: [NAME, N, 'created_at'],
      header: ['id', 'Name', 'N', 'created_at'],
      progress: 100,
      expires_at: null,
      message: 'Exported 1001 rows to large-form-h6fdmj-submission-data.csv.',
      processed_submissions: 1001,
      total_submissions: 1001,
      error_message: null,
      chunks: 2,
    });
  });

  test('the whole concatenation is one CSV: the BOM once, the header once (kept text checked to the end)', async () => {
    listed1001();
    last1001();
    let whole = '';
    const stash = (async (input: NodeJS.ReadableStream) => {
      for await (const chunk of input) whole += String(chunk);
      return 'https://stash.example.org/x.csv';
    }) as never;
    await run((z, bundle) => {
      (z as { stashFile: unknown }).stashFile = stash;
      return (perform as (z: unknown, b: unknown) => unknown)(z, bundle);
    }, input18());
    expect(whole.split('\uFEFF')).toHaveLength(2);
    expect(whole.split(CSV_HEADER_18)).toHaveLength(2);
    expect(
      whole.endsWith(`"enc2","Person 2","2","2026-11-23 17:25"\n"enc1","Person 1","1","2026-11-23 17:25"\n`),
    ).toBe(true);
  });

  test('newest 150, completed only: the status query on every page, one export of 150 ids', async () => {
    formScope(form18(), 18);
    const list = pages18(1001, 2, { status: 'completed' });
    const post = exportScope(
      18,
      { columns: COLUMNS_18, submissionIds: ids(range(1001, 852)) },
      CHUNK_ANSWER,
      () => csv18(range(1001, 852)),
    );
    const out = (await run(
      withStash(perform, []),
      input18({ newest: '150', status: 'completed' }),
    )) as Record<string, unknown>;
    expect([list.isDone(), post.isDone()]).toEqual([true, true]);
    expect([out.rows, out.total_submissions, out.chunks]).toEqual([150, 150, 1]);
  });

  test('submitted since/until: items checked one by one; reading stops at the first older page', async () => {
    formScope(form18(), 18);
    const at = (n: number) => `2026-11-${String(Math.ceil(n / 10)).padStart(2, '0')} 10:00:00`;
    const items = (from: number, to: number) => range(from, to).map((n) => item18(n, at(n)));
    const list = api()
      .get('/open/forms/18/submissions')
      .query({ page: '1', per_page: '100' })
      .reply(200, page18(items(300, 201), 1, 300))
      .get('/open/forms/18/submissions')
      .query({ page: '2', per_page: '100' })
      .reply(200, page18(items(200, 101), 2, 300));
    // 2026-11-15 00:00 .. 2026-11-19 23:59:59 UTC: n 141..190 (at(n) = day ceil(n/10))
    const chosen = range(190, 141);
    const post = exportScope(18, { columns: COLUMNS_18, submissionIds: ids(chosen) }, CHUNK_ANSWER, () =>
      csv18(chosen),
    );
    const out = (await run(
      withStash(perform, []),
      input18({ submitted_since: '2026-11-15T00:00:00Z', submitted_until: '2026-11-19T23:59:59+00:00' }),
    )) as Record<string, unknown>;
    expect([list.isDone(), post.isDone()]).toEqual([true, true]);
    expect(out.rows).toBe(50);
  });

  test('nothing matches: the run halts (no file, no export request)', async () => {
    formScope(form18(), 18);
    const list = api()
      .get('/open/forms/18/submissions')
      .query({ page: '1', per_page: '100', status: 'partial' })
      .reply(200, page18([], 1, 0));
    const error = await failure(run(perform, input18({ status: 'partial', newest: 5 })));
    expect(list.isDone()).toBe(true);
    expect(error).toEqual({
      name: 'HaltedError',
      message:
        'No submission of form 18 matches the selection (status partial, the newest 5); there is nothing to export.',
    });
  });

  test('a 429 on an export request becomes a ThrottledError with the recorded Retry-After', async () => {
    formScope(form18(), 18);
    pages18(1001, 11);
    exportScope(18, { columns: COLUMNS_18, submissionIds: ids(range(1001, 2)) }, limits.exchange(14));
    const error = await failure(run(withStash(perform, []), input18()));
    expect(error).toEqual({
      name: 'ThrottledError',
      message: 'OpnForm rate limit reached (429 Too Many Requests). Zapier will retry later.',
      delay: 60,
    });
  });

  test('an id of another form (recorded 422) fails the step; the half-written file is discarded', async () => {
    listed1001();
    exportScope(18, { columns: COLUMNS_18, submissionIds: [2067] }, asyncExports.exchange(9));
    const calls: StashCall[] = [];
    const error = await failure(run(withStash(perform, calls), input18()));
    expect(error.message).toBe(
      'OpnForm rejected the request (422): The selected submissionIds.1 is invalid. submissionIds.1: The selected submissionIds.1 is invalid.',
    );
    expect(calls).toHaveLength(1); // the upload began with the first chunk and was aborted
  });
});

const NARROW =
  'Narrow the selection: set Newest Submissions (newest) to 5000 or less, a later Submitted Since ' +
  '(submitted_since) or an earlier Submitted Until (submitted_until), or a Submission Status (status); for more, use ' +
  'several steps with consecutive date ranges. Nothing was exported.';

describe('the limit: at most 5000 submissions per step, with what to narrow', () => {
  const WHY =
    'Export Submissions exports at most 5000 submissions per step (OpnForm exports at most 1000 at once and ' +
    '10 times a minute, lists 100 per page and 100 pages a minute, and a Zapier step has 30 seconds).';

  test('the whole form above 5000 on a real server: the status probe says jobs are hidden; no export started', async () => {
    formScope(form18(6000), 18);
    const probe = recordedScope(asyncExports.exchange(2), {
      path: '/open/forms/18/submissions/export/00000000-0000-4000-8000-000000000000/status',
    });
    const error = await failure(run(perform, input18()));
    expect(probe.isDone()).toBe(true);
    expect(error).toEqual({
      name: 'AppError',
      code: 'too_many_submissions',
      status: 400,
      message:
        'This form has 6000 submissions. OpnForm exports more than 1000 at once only as a background job, and ' +
        'this OpnForm server does not let access tokens read export jobs (both status paths answer 404 without ' +
        `a reason, whether the job exists or not), so its file could never reach Zapier. ${WHY} ${NARROW}`,
    });
  });

  test('a status filter matching more than 5000: said after the first page, from its total', async () => {
    formScope(form18(9000), 18);
    const list = pages18(6200, 1, { status: 'completed' });
    const error = await failure(run(perform, input18({ status: 'completed' })));
    expect(list.isDone()).toBe(true);
    expect(error.message).toBe(
      `More than 5000 submissions of this form match (status completed; OpnForm lists 6200). ${WHY} ${NARROW}`,
    );
  });

  test('a date range reaching past the 5000 newest: 50 pages read, then stopped', async () => {
    formScope(form18(8000), 18);
    const list = pages18(8000, 50, {}, 10);
    const error = await failure(run(perform, input18({ submitted_until: '2020-01-01' })));
    expect(list.isDone()).toBe(true);
    expect(error.message).toBe(
      'The selection (status all, submitted until 2020-01-01T00:00:00Z) reaches further back than the 5000 ' +
        `newest submissions of this form, which is as far as one step reads. ${WHY} ${NARROW}`,
    );
  });

  test.each([
    [{ newest: 0 }, 'Newest Submissions (newest) must be a whole number from 1 to 5000, got 0.'],
    [{ newest: '5001' }, 'Newest Submissions (newest) must be a whole number from 1 to 5000, got "5001".'],
    [
      { submitted_since: 'last week' },
      'Submitted Since (submitted_since) must be a date and time such as 2026-11-20T09:00:00Z, got "last week".',
    ],
    [{ status: 'done' }, 'Submission Status (status) must be one of all, completed, partial.'],
  ])('bad selection %j: refused before any request', async (extra, expected) => {
    const error = await failure(run(perform, input18(extra)));
    expect(error).toEqual({
      name: 'AppError',
      code: 'invalid_input',
      status: 400,
      message: `Invalid input: ${expected}`,
    });
  });

  test('since after until: refused before any request', async () => {
    const error = await failure(
      run(perform, input18({ submitted_since: '2026-11-20', submitted_until: '2026-11-19' })),
    );
    expect(error.message).toBe(
      'Invalid input: Submitted Since (submitted_since) is later than Submitted Until (submitted_until). Nothing was exported.',
    );
  });
});

describe('time: the step keeps within 25 s and never starts an export it cannot finish', () => {
  // the rates a test slows down are put back after it
  const rates = { upload: uploadRate.bytesPerMs, listed: exportRate.listedBytesPerMs };
  afterEach(() => {
    uploadRate.bytesPerMs = rates.upload;
    exportRate.listedBytesPerMs = rates.listed;
  });

  test('a slow first export: the second is not started, no file is kept, the message says how many fit', async () => {
    formScope(form18(1500), 18);
    pages18(1500, 15, {}, 300); // 4.5 s of listing
    exportApi()
      .post('/open/forms/18/submissions/export', {
        columns: COLUMNS_18,
        submissionIds: ids(range(1500, 501)),
      })
      .reply(() => {
        clock.advance(15_000); // 19.5 s used; 500 more ids at 15 ms each (7.5 s) would end past 25 s
        return [200, csv18(range(1500, 501)), CHUNK_ANSWER.response.headers];
      });
    const calls: StashCall[] = [];
    const error = await failure(run(withStash(perform, calls), input18()));
    expect(error.message).toBe(
      'Exporting 1500 submissions took too long for one Zapier step: 1000 were exported when the next request of ' +
        'up to 1000 could no longer finish in time, so no file was saved. Export about 1000 per step. Narrow the ' +
        'selection: set Newest Submissions (newest) to 5000 or less, a later Submitted Since (submitted_since) or ' +
        'an earlier Submitted Until (submitted_until), or a Submission Status (status); for more, use several steps with ' +
        'consecutive date ranges. Nothing was exported.',
    );
    expect(calls.map((c) => c.kind)).toEqual(['stream']); // the upload that began was aborted, not finished
    expect(nock.pendingMocks()).toEqual([]);
  });

  test('slow list pages: stops before a page that would end past the budget, saying what was read', async () => {
    formScope(form18(3000), 18);
    pages18(3000, 8, {}, 3_000); // 24 s after 8 pages; a 9th (3 s) does not fit
    const error = await failure(run(perform, input18()));
    expect(error).toMatchObject({ code: 'too_many_submissions', status: 400 });
    expect(error.message).toBe(
      'Listing the submissions to export (status all) took too long for one Zapier step: OpnForm answered slowly, ' +
        '8 pages of 100 were read (800 matching submissions found so far), the rest of the list was not read. ' +
        NARROW,
    );
  });

  // measured on a server upgrading old submissions: list pages of 1.5 to 1.9 s
  test('pages of 1.8 s leave 5 s for the export: it is a read (nothing changes), so it is sent and finishes', async () => {
    formScope(form18(1001), 18);
    const list = pages18(1001, 11, {}, 1_800); // 19.8 s of listing
    exportScope(18, { columns: COLUMNS_18, submissionIds: ids(range(1001, 2)) }, CHUNK_ANSWER, () => {
      clock.advance(1_500);
      return csv18(range(1001, 2));
    });
    last1001();
    const calls: StashCall[] = [];
    const out = (await run(withStash(perform, calls), input18())) as Record<string, unknown>;
    expect(list.isDone()).toBe(true);
    expect(out).toMatchObject({ rows: 1001, chunks: 2, total_submissions: 1001 });
  });

  test('pages of 1.8 s and a slow first export: the message says what was exported and what to narrow', async () => {
    formScope(form18(1001), 18);
    pages18(1001, 11, {}, 1_800);
    exportScope(18, { columns: COLUMNS_18, submissionIds: ids(range(1001, 2)) }, CHUNK_ANSWER, () => {
      clock.advance(3_500); // 1.5 s left: the second request is not sent
      return csv18(range(1001, 2));
    });
    const calls: StashCall[] = [];
    const error = await failure(run(withStash(perform, calls), input18()));
    expect(error).toMatchObject({ code: 'too_many_submissions', status: 400 });
    expect(error.message).toBe(
      'Exporting 1001 submissions took too long for one Zapier step: 1000 were exported when the next request of ' +
        `up to 1000 could no longer finish in time, so no file was saved. Export about 1000 per step. ${NARROW}`,
    );
  });

  test("the file's upload after the last export is planned for: a last request leaving it no time is not sent", async () => {
    formScope(form18(1001), 18);
    pages18(1001, 11, {}, 1_000); // 11 s of listing
    exportScope(18, { columns: COLUMNS_18, submissionIds: ids(range(1001, 2)) }, CHUNK_ANSWER, () => {
      clock.advance(2_000); // 12 s left, and 2 ms an id: the last id alone takes 2 ms
      return csv18(range(1001, 2));
    });
    // a storage that takes 1 byte a millisecond: the 1001 rows' file would take minutes to upload
    uploadRate.bytesPerMs = 1;
    const error = await failure(run(withStash(perform, []), input18()));
    expect(error.message).toBe(
      'Exporting 1001 submissions took too long for one Zapier step: 1000 were exported when the next request of ' +
        `up to 1000 could no longer finish in time, so no file was saved. Export about 1000 per step. ${NARROW}`,
    );
    expect(nock.pendingMocks()).toEqual([]);
  });

  test("a wide form's first request is planned from the width its list showed: not started, what fits said", async () => {
    formScope(form18(1001), 18);
    pages18(1001, 2);
    // as if the list's bytes turned into CSV at 1 byte a millisecond: 150 ids would take minutes
    exportRate.listedBytesPerMs = 1;
    const error = await failure(run(withStash(perform, []), input18({ newest: '150' })));
    expect(error.message).toBe(
      'Exporting 150 submissions took too long for one Zapier step: 0 were exported when the next request of ' +
        `up to 1000 could no longer finish in time, so no file was saved. Export about 100 per step. ${NARROW}`,
    );
    expect(nock.pendingMocks()).toEqual([]);
  });
});

import nock from 'nock';
import { App, BASE, failure, op, run } from '../../helpers/app';
import { api, recorded, recordedScope } from '../../helpers/recorded';
import { otherHost } from '../../helpers/scopes';
import { FORM, FORM_ID } from '../sample-form';
import {
  asyncExports,
  COLUMNS_18,
  CSV_HEADER_18,
  csv18,
  exportApi,
  exportScope,
  FORM_6,
  form18,
  item18,
  limits,
  N,
  NAME,
  page18,
  syncCsv,
  useFakeClock,
} from './fixtures';
import { csvSize, csvStream, type StashCall, withStash } from './helpers';

const perform = op('creates.export_submissions.operation.perform');
const columnsField = op('creates.export_submissions.operation.inputFields.2');
const clock = useFakeClock();
const formScope = (form: unknown, id: number) =>
  api()
    .get(`/open/forms/${id}`)
    .reply(200, form as nock.Body);
const input18 = (extra: Record<string, unknown> = {}) => ({
  workspace_id: 6,
  form_id: 18,
  columns: [NAME, N, 'created_at'],
  ...extra,
});

/** Pages 1..k of form 18 (newest first, `total` submissions), each read costing `ms` on the fake clock. */
const pages18 = (total: number, pages: number, query: Record<string, string> = {}, ms = 300) => {
  let scope = api();
  for (let page = 1; page <= pages; page += 1) {
    const ns: number[] = [];
    for (let n = total - (page - 1) * 100; n > Math.max(0, total - page * 100); n -= 1) ns.push(n);
    scope = scope
      .get('/open/forms/18/submissions')
      .query({ page: String(page), per_page: '100', ...query })
      .reply(() => {
        clock.advance(ms);
        return [
          200,
          page18(
            ns.map((n) => item18(n)),
            page,
            total,
          ),
        ];
      }) as unknown as nock.Scope;
  }
  return scope;
};
const range = (from: number, to: number) => {
  const out: number[] = [];
  for (let n = from; n >= to; n -= 1) out.push(n);
  return out;
};
const ids = (ns: number[]) => ns.map((n) => 2066 + n);
const CHUNK_ANSWER = asyncExports.exchange(7);
/** Form 18 with 1001 submissions: the form, its 11 pages, and the export of the newest 1000 ids. */
/** The pages of the 1001 and the export of the newest 1000 (without the form read). */
const list1001 = () => {
  const list = pages18(1001, 11);
  const first = exportScope(
    18,
    { columns: COLUMNS_18, submissionIds: ids(range(1001, 2)) },
    CHUNK_ANSWER,
    () => csv18(range(1001, 2)),
  );
  return [list, first] as const;
};
const listed1001 = () => {
  const form = formScope(form18(), 18);
  return [form, ...list1001()] as const;
};
/** The export of the oldest of the 1001 (id 2067). */
const last1001 = () =>
  exportScope(18, { columns: COLUMNS_18, submissionIds: [2067] }, CHUNK_ANSWER, () => csv18([1]));

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
  '(submitted_since) or an earlier Submitted Until (submitted_until), or a Status (status); for more, use ' +
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
    [{ status: 'done' }, 'Status (status) must be one of all, completed, partial.'],
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
        'an earlier Submitted Until (submitted_until), or a Status (status); for more, use several steps with ' +
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

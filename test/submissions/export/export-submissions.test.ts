import nock from 'nock';
import { API_HEADERS, App, BASE, failure, op, run } from '../../helpers/app';
import { FORM, FORM_ID } from '../sample-form';
import { csvSize, csvStream, type StashCall, withStash } from './helpers';

const perform = op('creates.export_submissions.operation.perform');
const columnsField = op('creates.export_submissions.operation.inputFields.2');
const EXPORT = `/open/forms/${FORM_ID}/submissions/export`;
const FILES = 'https://files.example.org';
const input = (extra: Record<string, unknown> = {}) => ({
  workspace_id: '7',
  form_id: String(FORM_ID),
  ...extra,
});
const api = () => nock(BASE, { reqheaders: API_HEADERS });
/** The export POST is a raw (streamed) request: it accepts CSV or JSON. */
const exportApi = () =>
  nock(BASE, {
    reqheaders: { authorization: API_HEADERS.authorization, accept: 'text/csv, application/json' },
  });
const formScope = () => api().get(`/open/forms/${FORM_ID}`).reply(200, FORM);

const ALL_QUESTIONS = [
  'f-name',
  'f-email',
  'f-plan',
  'f-tags',
  'f-age',
  'f-agree',
  'f-when',
  'f-site',
  'f-grid',
  'f-cv',
  'f-ref',
];
const columnsBody = (keys: string[]) => ({ columns: Object.fromEntries(keys.map((k) => [k, true])) });

const env = { ...process.env };
beforeEach(() => {
  process.env.OPNFORM_EXPORT_POLL_MS = '20';
  process.env.OPNFORM_EXPORT_BUDGET_MS = '2000';
});
afterEach(() => {
  process.env = { ...env };
});

describe('sync answer (CSV)', () => {
  test('a multi-MB CSV is streamed to z.stashFile, never held whole; rows counted with quoted newlines', async () => {
    const rows = 40_000;
    const size = await csvSize(rows, 120); // ~8 MB
    expect(size).toBeGreaterThan(7_000_000);
    formScope();
    const post = exportApi()
      .post(EXPORT, columnsBody([...ALL_QUESTIONS, 'created_at']))
      .reply(200, () => csvStream(rows, 120), {
        'Content-Type': 'text/csv; charset=UTF-8',
        'Content-Disposition': 'attachment; filename=contact-us-submission-data.csv',
      });
    const calls: StashCall[] = [];
    const out = await run(withStash(perform, calls), input());
    expect(post.isDone()).toBe(true);
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.kind).toBe('stream');
    expect(call.bytes).toBe(size);
    expect(call.peakBuffered).toBeLessThan(1_000_000); // the whole body is ~8 MB
    expect(call.filename).toBe('contact-us-submission-data.csv');
    expect(call.contentType).toBe('text/csv');
    expect(call.text.startsWith('\uFEFFid,Name,Notes,Created At\nenc1,"Person 1","line one\nline two')).toBe(
      true,
    );
    expect(out).toEqual({
      id: 'contact-us-submission-data.csv',
      form_id: FORM_ID,
      mode: 'sync',
      status: 'completed',
      job_id: null,
      file: 'https://stash.example.org/contact-us-submission-data.csv',
      file_name: 'contact-us-submission-data.csv',
      rows,
      columns: [...ALL_QUESTIONS, 'created_at'],
      header: ['id', 'Name', 'Notes', 'Created At'],
      progress: 100,
      expires_at: null,
      message: `Exported ${rows} rows to contact-us-submission-data.csv.`,
    });
  });

  test('columns by id, name, system and attribution keys; no Content-Disposition: named from the form slug', async () => {
    formScope();
    const post = exportApi()
      .post(EXPORT, columnsBody(['f-email', 'f-plan', 'status', 'meta.attribution.utm_source']))
      .reply(200, 'id,Email\r\nenc1,a@b.c\r\n', { 'Content-Type': 'text/csv' });
    const calls: StashCall[] = [];
    const out = (await run(
      withStash(perform, calls),
      input({ columns: ['f-email', 'plan', 'status', 'meta.attribution.utm_source'] }),
    )) as {
      rows: number;
      file_name: string;
    };
    expect(post.isDone()).toBe(true);
    expect([out.rows, out.file_name]).toEqual([1, 'contact-us-submissions.csv']);
  });

  test('without a usable form id the columns input is offered without choices (no request)', async () => {
    const [field] = (await run(columnsField, { form_id: '' })) as Array<Record<string, unknown>>;
    expect([field?.key, field?.list, 'choices' in (field ?? {})]).toEqual(['columns', true, false]);
  });

  test('an unknown column stops the step before the export is asked for', async () => {
    formScope();
    const error = await failure(run(perform, input({ columns: 'Shoe size, meta.attribution.utm_nope' })));
    expect(error).toEqual({
      name: 'AppError',
      code: 'invalid_input',
      status: 400,
      message:
        'Invalid input: Columns (columns) has unknown columns "Shoe size", "meta.attribution.utm_nope". Allowed: the ' +
        'questions of this form (by id or name), created_at, status, and meta.attribution.<key> (utm_source, ' +
        'utm_medium, utm_campaign, utm_id, utm_term, utm_content, utm_source_platform, utm_creative_format, ' +
        'utm_marketing_tactic, gclid, gbraid, wbraid, dclid, fbclid, ttclid, msclkid). Nothing was exported.',
    });
  });

  test('the columns dropdown offers the questions, then created_at, status and the attribution columns', async () => {
    formScope();
    const [field] = (await run(columnsField, { form_id: String(FORM_ID) })) as Array<{
      key: string;
      list: boolean;
      choices: Array<{ value: string; label: string }>;
    }>;
    expect([field?.key, field?.list]).toEqual(['columns', true]);
    const values = field?.choices.map((c) => c.value) ?? [];
    expect(values.slice(0, 13)).toEqual([...ALL_QUESTIONS, 'created_at', 'status']);
    expect(values.slice(13)).toHaveLength(16);
    expect(field?.choices[13]).toEqual({
      value: 'meta.attribution.utm_source',
      label: 'Attribution: utm_source',
      sample: 'meta.attribution.utm_source',
    });
  });
});

describe('async answer (job)', () => {
  const startAsync = () => {
    formScope();
    exportApi()
      .post(EXPORT)
      .reply(200, { type: 'success', message: 'Export started', job_id: 'job-1', is_async: true });
  };
  const SPEC_STATUS = `${EXPORT}/job-1/status`;
  const REAL_STATUS = `${EXPORT}/status/job-1`;

  test('completes inside the budget: spec path 404, real path used from then on; file downloaded without the token', async () => {
    startAsync();
    const spec = api().get(SPEC_STATUS).reply(404, { message: '' });
    const real = api()
      .get(REAL_STATUS)
      .reply(200, { status: 'queued', progress: 0, job_id: 'job-1' })
      .get(REAL_STATUS)
      .reply(200, { status: 'processing', progress: 40, job_id: 'job-1' })
      .get(REAL_STATUS)
      .reply(200, {
        status: 'completed',
        progress: 100,
        job_id: 'job-1',
        file_url: `${FILES}/exports/contact-us-export.csv?signature=s3cr3t`,
        expires_at: '2026-11-22T10:00:00+00:00',
      });
    const download = nock(FILES, { badheaders: ['authorization'] })
      .get('/exports/contact-us-export.csv')
      .query({ signature: 's3cr3t' })
      .reply(200, () => csvStream(3), { 'Content-Type': 'text/csv' });
    const calls: StashCall[] = [];
    const out = await run(withStash(perform, calls), input());
    expect([spec.isDone(), real.isDone(), download.isDone()]).toEqual([true, true, true]);
    expect(calls.map((c) => [c.kind, c.filename])).toEqual([['stream', 'contact-us-export.csv']]);
    expect(out).toEqual({
      id: 'job-1',
      form_id: FORM_ID,
      mode: 'async',
      status: 'completed',
      job_id: 'job-1',
      file: 'https://stash.example.org/contact-us-export.csv',
      file_name: 'contact-us-export.csv',
      rows: 3,
      columns: [...ALL_QUESTIONS, 'created_at'],
      header: ['id', 'Name', 'Notes', 'Created At'],
      progress: 100,
      expires_at: '2026-11-22T10:00:00+00:00',
      message: 'Exported 3 rows to contact-us-export.csv.',
    });
    expect(JSON.stringify(out)).not.toContain('s3cr3t');
  });

  test('not finished within the budget: job id, status and progress, pointing at Find Export', async () => {
    process.env.OPNFORM_EXPORT_POLL_MS = '40';
    process.env.OPNFORM_EXPORT_BUDGET_MS = '150';
    startAsync();
    let polls = 0;
    api()
      .get(SPEC_STATUS)
      .times(10)
      .reply(() => {
        polls += 1;
        return [200, { status: 'processing', progress: 35, job_id: 'job-1', form_id: FORM_ID, user_id: 1 }];
      });
    const started = Date.now();
    const out = (await run(perform, input())) as Record<string, unknown>;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(polls).toBeGreaterThanOrEqual(2); // every 40 ms within 150 ms: a handful of polls, never past the budget
    expect(polls).toBeLessThanOrEqual(4);
    expect(out).toMatchObject({
      id: 'job-1',
      mode: 'async',
      status: 'processing',
      progress: 35,
      file: null,
      rows: null,
    });
    expect(out.message).toBe(
      'The export is still running (processing, 35% done) after the time a Zapier step may wait. Add a Find Export ' +
        'step with this job id later (for example after a Delay) to get the file; export files expire (real servers ' +
        'keep jobs about 2 hours).',
    );
  });

  test('404 on both status paths: says the job was not found or its status cannot be read; no file', async () => {
    startAsync();
    const spec = api().get(SPEC_STATUS).reply(404, { message: '' });
    const real = api()
      .get(REAL_STATUS)
      .reply(404, { type: 'error', message: 'Export job not found or has expired.' });
    const out = (await run(perform, input())) as Record<string, unknown>;
    expect([spec.isDone(), real.isDone()]).toEqual([true, true]);
    expect(out).toMatchObject({ id: 'job-1', status: 'unknown', file: null, progress: null });
    expect(out.message).toMatch(
      /^OpnForm started export job job-1, but its status could not be read \(404: this server may not let access tokens read export status, or the job has already expired\)\. Add a Find Export step/,
    );
  });

  test('a status that turns 404 after being read: the job expired', async () => {
    startAsync();
    api().get(SPEC_STATUS).reply(200, { status: 'processing', progress: 5 }).get(SPEC_STATUS).reply(404, {});
    api().get(REAL_STATUS).reply(404, {});
    const out = (await run(perform, input())) as Record<string, unknown>;
    expect(out.message).toBe('Export job job-1 was not found or has expired (404). Start a new export.');
  });

  test('a failed job fails the step with its error message', async () => {
    startAsync();
    api().get(SPEC_STATUS).reply(200, { status: 'failed', progress: 10, error_message: 'Disk full' });
    const error = await failure(run(perform, input()));
    expect(error).toEqual({
      name: 'AppError',
      code: 'server_error',
      status: 502,
      message: 'OpnForm could not export the submissions (job job-1): Disk full.',
    });
  });

  test('an expired file link (403 from storage) says the link may have expired', async () => {
    startAsync();
    api()
      .get(SPEC_STATUS)
      .reply(200, { status: 'completed', progress: 100, file_url: `${FILES}/x.csv` });
    nock(FILES).get('/x.csv').reply(404, 'gone');
    const error = await failure(run(withStash(perform, []), input()));
    expect(error.message).toBe('File not found in OpnForm (404). The link may have expired.');
  });
});

test("core's http patch is off: it would keep every chunk of the streamed CSV in memory (bench/export.ts measures it)", () => {
  // create-http-patch.js skips only requests whose User-Agent is exactly "Zapier"; ours is the connector's own
  expect(App.flags).toEqual({ skipHttpPatch: true });
});

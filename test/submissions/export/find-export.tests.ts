import type nock from 'nock';
import { App, failure, op, run } from '../../helpers/app';
import { api, recordedScope } from '../../helpers/recorded';
import { otherHost } from '../../helpers/scopes';
import { asyncExports } from './fixtures';
import { csvStream, type StashCall, withStash } from './helpers';

const perform = op('searches.find_export.operation.perform');
const hydrate = op('hydrators.exportFile');
const JOB = '51ac557f-39db-48d2-a590-1626907ea747';
const SPEC = `/open/forms/18/submissions/export/${JOB}/status`;
const REAL = `/open/forms/18/submissions/export/status/${JOB}`;
const input = { workspace_id: '6', form_id: '18', job_id: JOB };
/** The job status a browser session reads (the recording's reference exchange): a spec-like server's answer. */
const COMPLETED = asyncExports.exchange(5).response.body as Record<string, unknown>;
const MISSING = asyncExports.exchange(6).response.body as nock.Body;

describe('a real OpnForm server (status hidden from tokens)', () => {
  test('the recorded 404s on both paths: the step fails and says why, instead of answering []', async () => {
    const spec = recordedScope(asyncExports.exchange(2));
    const real = recordedScope(asyncExports.exchange(3));
    const error = await failure(run(perform, input));
    expect([spec.isDone(), real.isDone()]).toEqual([true, true]);
    expect(error).toEqual({
      name: 'AppError',
      code: 'export_status_unreadable',
      status: 404,
      message:
        `Find Export cannot look up export job ${JOB}: this OpnForm server does not let access tokens read export ` +
        'jobs (both status paths answer 404 without a reason, whether the job exists or not), so a finished job ' +
        'and an unknown one look the same. Use the File output of Export Submissions instead: it exports up to ' +
        '5000 submissions per step without a background job.',
    });
  });
});

describe('a spec-like server (status readable)', () => {
  test('completed: the shared export shape; the file as a hydration pointer that carries no link', async () => {
    const scope = api().get(SPEC).reply(200, COMPLETED);
    const [found] = (await run(perform, input)) as Array<Record<string, unknown>>;
    expect(scope.isDone()).toBe(true);
    const { file, ...rest } = found ?? {};
    expect(rest).toEqual({
      id: JOB,
      form_id: 18,
      mode: 'async',
      status: 'completed',
      job_id: JOB,
      file_name: null,
      rows: null,
      columns: [],
      header: [],
      progress: 100,
      expires_at: '2026-11-24T17:42:08.916622Z',
      message: `Export job ${JOB} is completed; its file is ready.`,
      processed_submissions: 1001,
      total_submissions: 1001,
      error_message: null,
      chunks: null,
    });
    expect(file).toMatch(/^hydrate\|\|\|.*hydrators\.exportFile.*\|\|\|hydrate$/);
    expect(String(file)).not.toContain('signature');
    expect(String(file)).toContain(`"job_id":"${JOB}"`);
  });

  test('the same keys as Export Submissions', () => {
    const keys = (operation: unknown) =>
      (operation as { outputFields: Array<{ key: string }> }).outputFields.map((f) => f.key);
    expect(keys(App.searches?.find_export?.operation)).toEqual(
      keys(App.creates?.export_submissions?.operation),
    );
  });

  test('failed (real path, after the spec path has no such route): the error message, no file', async () => {
    recordedScope(asyncExports.exchange(2));
    api().get(REAL).reply(200, { status: 'failed', progress: 20, error_message: 'Disk full' });
    const [found] = (await run(perform, input)) as Array<Record<string, unknown>>;
    expect([found?.status, found?.file, found?.error_message, found?.message]).toEqual([
      'failed',
      null,
      'Disk full',
      `Export job ${JOB} failed: Disk full.`,
    ]);
  });

  test('still processing: status and progress, no file', async () => {
    api().get(SPEC).reply(200, {
      status: 'processing',
      progress: 60,
      processed_submissions: 600,
      total_submissions: 1000,
    });
    const [found] = (await run(perform, input)) as Array<Record<string, unknown>>;
    expect([found?.status, found?.progress, found?.file, found?.message]).toEqual([
      'processing',
      60,
      null,
      `Export job ${JOB} is processing (60% done); its file is not ready yet.`,
    ]);
  });

  test('the server says the job does not exist or has expired: []', async () => {
    const spec = api().get(SPEC).reply(404, MISSING);
    const real = recordedScope(asyncExports.exchange(3));
    await expect(run(perform, input)).resolves.toEqual([]);
    expect([spec.isDone(), real.isDone()]).toEqual([true, true]);
  });

  test('a job id with a slash is refused before any request', async () => {
    const error = await failure(run(perform, { ...input, job_id: '../x' }));
    expect(error.message).toBe(
      'Invalid input: Export Job (job_id) must be an export job id (letters, digits and dashes), got "../x".',
    );
  });

  test('the hydrator reads the status again and streams the file (downloaded without the token) to storage', async () => {
    api().get(SPEC).reply(200, COMPLETED);
    const link = new URL(String(COMPLETED.file_url));
    const download = otherHost(link.origin)
      .get(link.pathname)
      .query({
        expires: link.searchParams.get('expires') ?? '',
        signature: link.searchParams.get('signature') ?? '',
      })
      .reply(200, () => csvStream(5), { 'Content-Disposition': 'attachment; filename="big export.csv"' });
    const calls: StashCall[] = [];
    await expect(run(withStash(hydrate, calls), { form_id: 18, job_id: JOB })).resolves.toBe(
      'https://stash.example.org/big export.csv',
    );
    expect(download.isDone()).toBe(true);
    expect(calls.map((c) => c.kind)).toEqual(['stream']);
  });

  test('the hydrator on a job that can no longer be read says so', async () => {
    recordedScope(asyncExports.exchange(2));
    recordedScope(asyncExports.exchange(3));
    const error = await failure(run(hydrate, { form_id: 18, job_id: JOB }));
    expect(error.message).toBe(
      `The file of export job ${JOB} is no longer available (the job was not found, has expired, has no file, or ` +
        'the server no longer shows it to access tokens). Start a new export.',
    );
  });
});

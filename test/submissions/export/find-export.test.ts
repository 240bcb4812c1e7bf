import nock from 'nock';
import { API_HEADERS, BASE, failure, op, run } from '../../helpers/app';
import { FORM_ID } from '../sample-form';
import { csvStream, type StashCall, withStash } from './helpers';

const perform = op('searches.find_export.operation.perform');
const hydrate = op('hydrators.exportFile');
const SPEC_STATUS = `/open/forms/${FORM_ID}/submissions/export/job-9/status`;
const REAL_STATUS = `/open/forms/${FORM_ID}/submissions/export/status/job-9`;
const input = { workspace_id: '7', form_id: String(FORM_ID), job_id: 'job-9' };
const api = () => nock(BASE, { reqheaders: API_HEADERS });
const COMPLETED = {
  status: 'completed',
  progress: 100,
  form_id: FORM_ID,
  user_id: 3,
  job_id: 'job-9',
  processed_submissions: 2500,
  total_submissions: 2500,
  file_url: 'https://files.example.org/exports/big.csv?signature=s3cr3t',
  expires_at: '2026-11-22T10:00:00+00:00',
};

test('completed: status, expires_at and the file as a hydration pointer that carries no link', async () => {
  const scope = api().get(SPEC_STATUS).reply(200, COMPLETED);
  const [found] = (await run(perform, input)) as Array<Record<string, unknown>>;
  expect(scope.isDone()).toBe(true);
  expect(found).toMatchObject({
    id: 'job-9',
    job_id: 'job-9',
    form_id: FORM_ID,
    status: 'completed',
    progress: 100,
    processed_submissions: 2500,
    total_submissions: 2500,
    expires_at: '2026-11-22T10:00:00+00:00',
    error_message: null,
  });
  expect(found?.file).toMatch(/^hydrate\|\|\|.*hydrators\.exportFile.*\|\|\|hydrate$/);
  expect(String(found?.file)).not.toContain('s3cr3t');
  expect(String(found?.file)).toContain('"job_id":"job-9"');
});

test('failed: the error message, no file (real status path after the spec one answers 404)', async () => {
  api().get(SPEC_STATUS).reply(404, {});
  api().get(REAL_STATUS).reply(200, { status: 'failed', progress: 20, error_message: 'Disk full' });
  await expect(run(perform, input)).resolves.toEqual([
    {
      id: 'job-9',
      job_id: 'job-9',
      form_id: FORM_ID,
      status: 'failed',
      progress: 20,
      processed_submissions: null,
      total_submissions: null,
      file: null,
      expires_at: null,
      error_message: 'Disk full',
    },
  ]);
});

test('still processing: status and progress, no file', async () => {
  api()
    .get(SPEC_STATUS)
    .reply(200, { status: 'processing', progress: 60, processed_submissions: 600, total_submissions: 1000 });
  const [found] = (await run(perform, input)) as Array<Record<string, unknown>>;
  expect(found).toMatchObject({ status: 'processing', progress: 60, file: null, processed_submissions: 600 });
});

test('unknown or expired (404 on both status paths): []', async () => {
  const spec = api().get(SPEC_STATUS).reply(404, {});
  const real = api()
    .get(REAL_STATUS)
    .reply(404, { type: 'error', message: 'Export job not found or has expired.' });
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
  api().get(SPEC_STATUS).reply(200, COMPLETED);
  const download = nock('https://files.example.org', { badheaders: ['authorization'] })
    .get('/exports/big.csv')
    .query({ signature: 's3cr3t' })
    .reply(200, () => csvStream(5), { 'Content-Disposition': 'attachment; filename="big export.csv"' });
  const calls: StashCall[] = [];
  await expect(run(withStash(hydrate, calls), { form_id: FORM_ID, job_id: 'job-9' })).resolves.toBe(
    'https://stash.example.org/big export.csv',
  );
  expect(download.isDone()).toBe(true);
  expect(calls.map((c) => c.kind)).toEqual(['stream']);
});

test('the hydrator on an expired job says so', async () => {
  api().get(SPEC_STATUS).reply(404, {});
  api().get(REAL_STATUS).reply(404, {});
  const error = await failure(run(hydrate, { form_id: FORM_ID, job_id: 'job-9' }));
  expect(error.message).toBe(
    'The file of export job job-9 is no longer available (the job was not found, has expired, or has no file). Start a new export.',
  );
});

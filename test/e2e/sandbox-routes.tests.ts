// The sandbox itself behaves like a real OpnForm server (real-server-notes.md) where that is harder
// for the connector: /open submissions, members and invites, exports. Later end-to-end tests rely on
// these behaviours (its hooks and deliveries: sandbox-deliveries.tests.ts).
import { REAL_RATE_LIMITS, startSandbox } from '../../sandbox/server';
import { fakeDateOnly } from '../helpers/clock';
import { call, useSandbox } from './helpers';

const sandbox = useSandbox();
describe('/open submissions', () => {
  it('lists newest first in the real-server shape; links.next drops per_page, search and status', async () => {
    const s = sandbox();
    const reply = await call(
      s,
      'GET',
      `/open/forms/${s.ids.largeFormId}/submissions?per_page=2&status=completed`,
    );
    expect(reply.status).toBe(200);
    const [first, second] = reply.json.data;
    expect(first.id).toBeGreaterThan(second.id);
    expect(first.submission_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    expect(first.data).toMatchObject({
      id: first.id,
      submission_id: first.submission_id,
      status: 'completed',
    });
    expect(first.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(reply.json.links.next).toBe(`${s.baseUrl}/open/forms/${s.ids.largeFormId}/submissions?page=2`);
    expect(reply.json.meta).toMatchObject({ current_page: 1, per_page: 2, total: 1200, last_page: 600 });
  });

  it('PUT validates required answers and replaces every answer', async () => {
    const s = sandbox();
    const F = s.ids.fields;
    const { id } = await s.submit(s.ids.formId, {
      'Full Name': 'Before',
      Email: 'b@example.org',
      Plan: 'Free',
      Phone: '+33612345678',
    });
    const refused = await call(s, 'PUT', `/open/forms/${s.ids.formId}/submissions/${id}`, {
      body: { [F.full_name as string]: 'After' },
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.json.errors).sort()).toEqual([F.email, F.plan].sort());
    const ok = await call(s, 'PUT', `/open/forms/${s.ids.formId}/submissions/${id}`, {
      body: {
        [F.full_name as string]: 'After',
        [F.email as string]: 'a@example.org',
        [F.plan as string]: 'Pro',
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ type: 'success', message: 'Record successfully updated.' });
    expect(s.state.submissions.find((x) => x.id === id)?.answers).toEqual({
      [F.full_name as string]: 'After',
      [F.email as string]: 'a@example.org',
      [F.plan as string]: 'Pro',
    });
  });
});

describe('members and invites', () => {
  it('users carry the role in pivot.role', async () => {
    const s = sandbox();
    const reply = await call(s, 'GET', `/open/workspaces/${s.ids.workspaceId}/users`);
    expect(reply.json.map((u: { pivot: { role: string } }) => u.pivot.role)).toEqual([
      'admin',
      'user',
      'readonly',
    ]);
    expect(reply.json[0]).not.toHaveProperty('role');
  });

  it('invite errors are 400 {type, success, message}; a non-admin gets the generic 403', async () => {
    const s = sandbox();
    const w = s.ids.workspaceId;
    expect(
      await call(s, 'POST', `/open/workspaces/${w}/invites/${s.ids.acceptedInviteId}/resend`),
    ).toMatchObject({
      status: 400,
      json: { type: 'error', success: false, message: 'Invite already accepted.' },
    });
    expect(await call(s, 'DELETE', `/open/workspaces/${w}/invites/999/cancel`)).toMatchObject({
      status: 400,
      json: { type: 'error', success: false, message: 'Invite not found for this workspace.' },
    });
    expect(
      await call(s, 'POST', `/open/workspaces/${w}/invites/${s.ids.expiredInviteId}/resend`),
    ).toMatchObject({
      status: 200,
    });
    expect(await call(s, 'GET', `/open/workspaces/${w}/invites`, { token: 'member' })).toMatchObject({
      status: 403,
      json: { message: 'This action is unauthorized.' },
    });
  });
});

describe('export (as the recordings exports--* show a real server)', () => {
  const post = (s: ReturnType<typeof sandbox>, formId: number, body: unknown) =>
    call(s, 'POST', `/open/forms/${formId}/submissions/export`, { body });

  it('answers a CSV with BOM and Content-Disposition at or below 1000; every cell quoted; status added with partials on', async () => {
    const s = sandbox();
    const response = await fetch(`${s.baseUrl}/open/forms/${s.ids.formId}/submissions/export`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.tokens.admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        columns: {
          [s.ids.fields.full_name as string]: true,
          created_at: true,
          'meta.attribution.utm_source': true,
        },
      }),
    });
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename=customer-feedback-submission-data.csv',
    );
    expect(response.headers.get('x-ratelimit-limit')).toBe('1000');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\n');
    expect(lines[0]).toBe('"id","Full Name","utm_source","created_at","status"');
    expect(lines[1]).toMatch(
      /^"[^"]+","[^"]*","[^"]*","\d{4}-\d{2}-\d{2} \d{2}:\d{2}","(Completed|In Progress)"$/,
    );
  });

  it('refuses bad columns with the recorded 422s', async () => {
    const s = sandbox();
    const id = s.ids.fields.full_name as string;
    expect(await post(s, s.ids.formId, { columns: { [id]: true, 'no-such-column': true } })).toMatchObject({
      status: 422,
      json: {
        message: 'The columns contain invalid values: no-such-column',
        errors: { columns: ['The columns contain invalid values: no-such-column'] },
      },
    });
    expect(await post(s, s.ids.formId, {})).toMatchObject({
      status: 422,
      json: { message: 'The columns field is required.' },
    });
    expect(await post(s, s.ids.formId, { columns: { [id]: 'yes' } })).toMatchObject({
      status: 422,
      json: { message: `The columns.${id} field must be true or false.` },
    });
    expect(
      await post(s, s.ids.formId, { columns: { [id]: true, 'meta.attribution.referrer': true } }),
    ).toMatchObject({
      status: 422,
      json: { message: 'The columns contain invalid values: meta.attribution.referrer' },
    });
  });

  it('goes async above 1000 (also for 1001 ids or an empty list); up to 1000 ids sync; an id of another form: 422', async () => {
    const s = sandbox();
    const large = s.ids.largeFormId;
    const ids = s.state.submissions.filter((x) => x.form_id === large).map((x) => x.id);
    const columns = { created_at: true };
    const asyncAnswer = {
      type: 'success',
      message: 'Export started. Large export will be processed in the background.',
      job_id: expect.any(String),
      is_async: true,
    };
    expect((await post(s, large, { columns })).json).toEqual(asyncAnswer);
    expect((await post(s, large, { columns, submissionIds: [] })).json).toEqual(asyncAnswer);
    expect((await post(s, large, { columns, submissionIds: ids.slice(0, 1001) })).json).toEqual(asyncAnswer);
    const sync = await post(s, large, { columns, submissionIds: ids.slice(0, 1000) });
    expect([sync.status, sync.headers.get('content-type'), sync.text.split('\n')]).toEqual([
      200,
      'text/csv; charset=UTF-8',
      expect.any(Array),
    ]);
    expect(sync.text.split('\n')).toHaveLength(1002);
    const other = s.state.submissions.find((x) => x.form_id === s.ids.formId)?.id as number;
    expect(await post(s, large, { columns, submissionIds: [ids[0], other] })).toMatchObject({
      status: 422,
      json: {
        message: 'The selected submissionIds.1 is invalid.',
        errors: { 'submissionIds.1': ['The selected submissionIds.1 is invalid.'] },
      },
    });
  });

  it('no status path answers a token: the spec path has no route, the real one 404 with an empty message', async () => {
    const s = sandbox();
    const large = s.ids.largeFormId;
    const started = await post(s, large, { columns: { created_at: true } });
    const job = started.json.job_id as string;
    expect(await call(s, 'GET', `/open/forms/${large}/submissions/export/${job}/status`)).toMatchObject({
      status: 404,
      json: { message: `The route open/forms/${large}/submissions/export/${job}/status could not be found.` },
    });
    for (const id of [job, 'no-such-job'])
      expect(await call(s, 'GET', `/open/forms/${large}/submissions/export/status/${id}`)).toMatchObject({
        status: 404,
        json: { message: '' },
      });
  });

  it('a spec-like sandbox serves the status at the spec path: queued/processing, then completed with the file', async () => {
    const s = await startSandbox({ exportStatusForTokens: true, exportPollDelayMs: 100 });
    // the job's state follows the clock: only Date is faked, so a slow machine cannot finish it early
    const t0 = new Date('2026-11-25T12:00:00Z');
    fakeDateOnly(t0);
    try {
      const started = await call(s, 'POST', `/open/forms/${s.ids.largeFormId}/submissions/export`, {
        body: { columns: { created_at: true } },
      });
      const status = `/open/forms/${s.ids.largeFormId}/submissions/export/${started.json.job_id}/status`;
      expect((await call(s, 'GET', status)).json.status).toBe('queued');
      jest.setSystemTime(t0.getTime() + 1_000);
      const done = await call(s, 'GET', status);
      expect(done.json).toMatchObject({ status: 'completed', progress: 100, total_submissions: 1200 });
      const file = await fetch(done.json.file_url);
      expect(file.status).toBe(200);
      expect((await file.text()).split('\n')).toHaveLength(1202);
      expect(
        await call(s, 'GET', `/open/forms/${s.ids.largeFormId}/submissions/export/nope/status`),
      ).toMatchObject({
        status: 404,
        json: { type: 'error', message: 'Export job not found or has expired.' },
      });
    } finally {
      jest.useRealTimers();
      await s.close();
    }
  });

  it('the export POST is limited to 10 a minute per user with REAL_RATE_LIMITS; the 429 has Retry-After', async () => {
    const s = await startSandbox({ rateLimits: REAL_RATE_LIMITS });
    try {
      const body = { columns: { created_at: true } };
      for (let i = 0; i < 10; i += 1) expect((await post(s, s.ids.formId, body)).status).toBe(200);
      const limited = await post(s, s.ids.formId, body);
      expect([limited.status, limited.json, limited.headers.get('x-ratelimit-limit')]).toEqual([
        429,
        { message: 'Too Many Attempts.' },
        '10',
      ]);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await call(s, 'GET', `/open/forms/${s.ids.formId}/submissions?per_page=1`)).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('signed file links expire', async () => {
    const s = sandbox();
    const name = [...s.state.files.keys()][0] as string;
    expect((await fetch(s.fileUrl(name, 60_000))).status).toBe(200);
    expect((await fetch(s.fileUrl(name, -1000))).status).toBe(403);
  });
});

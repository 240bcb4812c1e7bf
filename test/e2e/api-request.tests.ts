// API Request against the sandbox in both modes: reads, writes (create, rename, delete a workspace), a
// query, error statuses with and without Stop on Error, a refused token, and one request per run.
import { type Sandbox, startSandbox } from '../../sandbox/server';
import { failure } from '../helpers/app';
import { MODES, modeOptions, runOn, type TokenName } from './helpers';

const STEP = 'creates.api_request.operation.perform';
const ALLOWED = [
  'content_type',
  'content_length',
  'content_disposition',
  'date',
  'etag',
  'last_modified',
  'cache_control',
  'retry_after',
  'x_ratelimit_limit',
  'x_ratelimit_remaining',
  'x_ratelimit_reset',
  'location',
];

interface Answer {
  status: number;
  headers: Record<string, string>;
  data: unknown;
  text: string | null;
}

describe.each(MODES)('%s mode', (mode) => {
  let s: Sandbox;
  beforeAll(async () => {
    s = await startSandbox({ ...modeOptions(mode), submissions: 5, largeFormSubmissions: 5 });
  });
  afterAll(() => s.close());
  beforeEach(() => s.resetRequests());

  const request = (input: Record<string, unknown>, token: TokenName = 'admin') =>
    runOn<Answer>(s, STEP, input, token);
  const sent = () =>
    s.requests().map((r) => `${r.method} ${r.path}${r.query === '' ? '' : `?${r.query}`} ${r.status}`);

  test("GET a workspace's members: one request, the list as data, the rate limit headers", async () => {
    const out = await request({ method: 'GET', path: `/open/workspaces/${s.ids.workspaceId}/users` });
    expect(sent()).toEqual([`GET /open/workspaces/${s.ids.workspaceId}/users 200`]);
    expect(out.status).toBe(200);
    expect(out.headers).toMatchObject({
      content_type: 'application/json',
      x_ratelimit_limit: expect.stringMatching(/^\d+$/),
      x_ratelimit_remaining: expect.stringMatching(/^\d+$/),
    });
    // only the allowed headers, never what a server adds besides (cookies, server names)
    expect(Object.keys(out.headers).filter((name) => !ALLOWED.includes(name))).toEqual([]);
    expect(out.data).toEqual(expect.arrayContaining([expect.objectContaining({ email: 'ada@example.org' })]));
    expect(out.text).toBeNull();
  });

  test('query parameters reach the server', async () => {
    const out = await request({
      method: 'GET',
      path: `/open/forms/${s.ids.formId}/submissions`,
      query: { per_page: '2', page: 1 },
    });
    expect(sent()).toEqual([`GET /open/forms/${s.ids.formId}/submissions?per_page=2&page=1 200`]);
    expect((out.data as { data: unknown[] }).data).toHaveLength(2);
  });

  test('a workspace created, renamed and deleted through POST, PUT and DELETE', async () => {
    const created = await request({
      method: 'POST',
      path: '/open/workspaces/create',
      body: '{"name": "Made by API Request", "emoji": "🧪"}',
    });
    const id = (created.data as { workspace_id: number }).workspace_id;
    expect(created).toMatchObject({ status: 200, data: { message: 'Workspace created.' } });
    const renamed = await request({
      method: 'put',
      path: `open/workspaces/${id}`,
      body: '{"name": "Renamed by API Request", "emoji": "🧪"}',
    });
    expect(renamed).toMatchObject({
      status: 200,
      data: { workspace: { id, name: 'Renamed by API Request' } },
    });
    const deleted = await request({ method: 'DELETE', path: `/open/workspaces/${id}` });
    expect(deleted).toMatchObject({ status: 200, data: { workspace_id: id } });
    expect(sent()).toEqual([
      'POST /open/workspaces/create 200',
      `PUT /open/workspaces/${id} 200`,
      `DELETE /open/workspaces/${id} 200`,
    ]);
  });

  test('PATCH goes out as PATCH (a route that takes PUT answers 405)', async () => {
    const out = await request({
      method: 'PATCH',
      path: `/open/workspaces/${s.ids.workspaceId}`,
      body: '{"name": "x"}',
      stop_on_error: 'no',
    });
    expect(sent()).toEqual([`PATCH /open/workspaces/${s.ids.workspaceId} 405`]);
    expect(out.status).toBe(405);
  });

  test("a read-only token's write: the 403 is the error with Stop on Error, the output without", async () => {
    const input = { method: 'POST', path: '/open/workspaces/create', body: '{"name": "Not allowed"}' };
    const error = await failure(request(input, 'readonly'));
    expect(error).toMatchObject({ code: 'forbidden' });
    expect(error.message).toMatch(/^OpnForm refused this step \(403\): "This action is unauthorized\."/);
    const out = await request({ ...input, stop_on_error: false }, 'readonly');
    expect(out).toMatchObject({ status: 403, data: { message: 'This action is unauthorized.' } });
    expect(sent()).toEqual(['POST /open/workspaces/create 403', 'POST /open/workspaces/create 403']);
  });

  test('an unknown path: the 404 names it', async () => {
    const error = await failure(request({ method: 'GET', path: '/open/nothing-here' }));
    expect(error.message).toBe(
      "OpnForm has nothing at GET /open/nothing-here (404). Check the path and the ids in it: OpnForm's API paths " +
        'for tokens start with /open/.',
    );
  });

  test("a password form's read: its password masked in data", async () => {
    const form = s.state.forms.find((f) => f.id === s.ids.emptyFormId);
    if (form === undefined) throw new Error('no empty form');
    form.attributes = { ...form.attributes, password: 'opensesame-4711' };
    const out = await request({ method: 'GET', path: `/open/forms/${form.id}` });
    expect(out.data).toMatchObject({ id: form.id, password: '********', has_password: true });
    expect(JSON.stringify(out)).not.toContain('opensesame-4711');
  });
});

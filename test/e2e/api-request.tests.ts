// API Request against the sandbox in both modes: writes (create, rename, delete a workspace), PATCH sent
// as PATCH, and a password form's read masked. Reads, queries, headers and error statuses with and
// without Stop on Error: test/requests/api-request.tests.ts.
import { type Sandbox, startSandbox } from '../../sandbox/server';
import { MODES, modeOptions, runOn } from './helpers';

const STEP = 'creates.api_request.operation.perform';

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

  const request = (input: Record<string, unknown>) => runOn<Answer>(s, STEP, input);
  const sent = () =>
    s.requests().map((r) => `${r.method} ${r.path}${r.query === '' ? '' : `?${r.query}`} ${r.status}`);

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

  test("a password form's read: its password masked in data", async () => {
    const form = s.state.forms.find((f) => f.id === s.ids.emptyFormId);
    if (form === undefined) throw new Error('no empty form');
    form.attributes = { ...form.attributes, password: 'opensesame-4711' };
    const out = await request({ method: 'GET', path: `/open/forms/${form.id}` });
    expect(out.data).toMatchObject({ id: form.id, password: '********', has_password: true });
    expect(JSON.stringify(out)).not.toContain('opensesame-4711');
  });
});

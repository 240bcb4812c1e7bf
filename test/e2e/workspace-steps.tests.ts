// Create, Find, New, Update and Delete Workspace against the sandbox in both modes: one workspace's
// whole life, the requests each step sends, a replayed delete, and Delete Its Forms Too read back (the
// refusals before a write: test/workspaces/ and test/forms/delete-form.tests.ts).
import { type Sandbox, startSandbox } from '../../sandbox/server';
import { failure } from '../helpers/app';
import { call, MODES, modeOptions, REQUIRED_FORM_BODY, runOn, type TokenName } from './helpers';

interface Ws {
  id: number;
  name: string;
  icon: string | null;
  users_count: number | null;
  is_admin: boolean | null;
  plan_tier: string | null;
  created_at: string | null;
  message?: string;
}

describe.each(MODES)('%s mode', (mode) => {
  let s: Sandbox;
  beforeAll(async () => {
    s = await startSandbox({ ...modeOptions(mode), submissions: 5, largeFormSubmissions: 5 });
  });
  afterAll(() => s.close());
  beforeEach(() => s.resetRequests());

  const step = <T>(path: string, input: Record<string, unknown>, token: TokenName = 'admin') =>
    runOn<T>(s, path as Parameters<typeof runOn>[1], input, token);
  const sent = () =>
    s.requests().map((r) => `${r.method} ${r.path}${r.query === '' ? '' : `?${r.query}`} ${r.status}`);

  test('create, notice, find, rename, change and remove the icon, delete: each with its requests', async () => {
    const made = await step<Ws>('creates.create_workspace.operation.perform', {
      name: ' Zap Ops ',
      icon: '🚀',
    });
    expect(made).toEqual({
      id: expect.any(Number),
      name: 'Zap Ops',
      icon: '🚀',
      users_count: 1,
      is_admin: true,
      plan_tier: 'pro',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
      message: 'Workspace created.',
    });
    const id = made.id;
    expect(sent()).toEqual(['POST /open/workspaces/create 200']);

    s.resetRequests();
    const polled = await step<Ws[]>('triggers.new_workspace.operation.perform', {});
    expect(polled[0]).toEqual({ ...made, message: undefined });
    expect(polled.map((w) => w.id)).toEqual([...polled.map((w) => w.id)].sort((a, b) => b - a));
    expect(await step('searches.find_workspace.operation.perform', { name: 'zap ops' })).toEqual([polled[0]]);
    expect(sent()).toEqual(['GET /open/workspaces 200', 'GET /open/workspaces 200']);

    s.resetRequests();
    const renamed = await step<Ws>('creates.update_workspace.operation.perform', {
      workspace_id: id,
      name: 'Zap Ops 2',
    });
    expect(renamed).toMatchObject({ id, name: 'Zap Ops 2', icon: '🚀', message: 'Workspace updated.' });
    const cleared = await step<Ws>('creates.update_workspace.operation.perform', {
      workspace_id: id,
      clear_icon: true,
    });
    expect(cleared).toMatchObject({ id, name: 'Zap Ops 2', icon: null });
    const both = await step<Ws>('creates.update_workspace.operation.perform', {
      workspace_id: id,
      name: 'Zap Ops 3',
      icon: '🎯',
    });
    expect(both).toMatchObject({ id, name: 'Zap Ops 3', icon: '🎯' });
    expect(sent()).toEqual([
      'GET /open/workspaces 200',
      `PUT /open/workspaces/${id} 200`,
      'GET /open/workspaces 200',
      `PUT /open/workspaces/${id} 200`,
      `PUT /open/workspaces/${id} 200`,
    ]);

    s.resetRequests();
    await expect(step('creates.delete_workspace.operation.perform', { workspace_id: id })).resolves.toEqual({
      id,
      deleted: true,
      forms_count: 0,
      deleted_forms: [],
      message: 'Workspace successfully deleted.',
    });
    expect(sent()).toEqual([
      `GET /open/workspaces/${id}/forms?per_page=1 200`,
      `DELETE /open/workspaces/${id} 200`,
    ]);
    expect(await step('searches.find_workspace.operation.perform', { name: 'Zap Ops 3' })).toEqual([]);

    // run again (a replayed Zap): already gone is a halt, before any DELETE
    s.resetRequests();
    expect(
      await failure(step('creates.delete_workspace.operation.perform', { workspace_id: id })),
    ).toMatchObject({
      name: 'HaltedError',
      message: `Workspace ${id} is not there (any more): already deleted, or never existed. Nothing was deleted.`,
    });
    expect(sent()).toEqual([`GET /open/workspaces/${id}/forms?per_page=1 404`]);
  });

  /** What the sandbox holds outside one workspace: its forms, their submissions and integrations. */
  const outside = (workspaceId: number) => {
    const formIds = new Set(s.state.forms.filter((f) => f.workspace_id !== workspaceId).map((f) => f.id));
    return JSON.stringify({
      forms: s.state.forms.filter((f) => formIds.has(f.id)),
      submissions: s.state.submissions.filter((x) => formIds.has(x.form_id)),
      integrations: s.state.integrations.filter((i) => formIds.has(i.form_id)),
    });
  };

  test('Delete Its Forms Too: the forms, their submissions and webhooks go first, then the workspace; nothing else is touched', async () => {
    const ws = await step<Ws>('creates.create_workspace.operation.perform', { name: 'Doomed' });
    const formIds: number[] = [];
    for (const title of ['Doomed A', 'Doomed B']) {
      const made = await call(s, 'POST', '/open/forms', {
        body: { ...REQUIRED_FORM_BODY, workspace_id: ws.id, title },
      });
      expect(made.status).toBe(200);
      formIds.push(made.json.form.id);
      const submitted = await call(s, 'POST', `/__sandbox/forms/${made.json.form.id}/submit`, {
        token: null,
        body: { answers: { 'c29fee32-b629-46bf-afb4-1c3f7cde1ff9': `answer to ${title}` } },
      });
      expect(submitted.status).toBe(201);
    }
    await step('creates.create_webhook_integration.operation.perform', {
      workspace_id: ws.id,
      form_id: formIds[0],
      webhook_url: 'https://hooks.example.com/doomed',
    });
    if (mode === 'production') await call(s, 'POST', '/__sandbox/worker/run', { token: null });
    const before = outside(ws.id);

    s.resetRequests();
    const out = await step<Ws & { forms_count: number; deleted_forms: Array<{ id: number; title: string }> }>(
      'creates.delete_workspace.operation.perform',
      { workspace_id: ws.id, delete_with_forms: true },
    );
    expect({ ...out, deleted_forms: [...out.deleted_forms].sort((a, b) => a.id - b.id) }).toEqual({
      id: ws.id,
      deleted: true,
      forms_count: 2,
      deleted_forms: [
        { id: formIds[0], title: 'Doomed A' },
        { id: formIds[1], title: 'Doomed B' },
      ],
      message: 'Workspace successfully deleted.',
    });
    expect(sent().filter((line) => line.startsWith('DELETE '))).toHaveLength(3);
    expect(sent().at(-1)).toBe(`DELETE /open/workspaces/${ws.id} 200`);

    // read back: nothing of the workspace is reachable, and nothing was left behind as an orphan
    for (const id of formIds) {
      for (const path of [
        `/open/forms/${id}`,
        `/open/forms/${id}/submissions`,
        `/open/forms/${id}/integrations`,
      ]) {
        expect((await call(s, 'GET', path)).status).toBe(404);
      }
    }
    expect((await call(s, 'GET', '/open/workspaces')).json.map((w: { id: number }) => w.id)).not.toContain(
      ws.id,
    );
    expect(s.state.forms.filter((f) => f.workspace_id === ws.id)).toEqual([]);
    expect(s.state.integrations.filter((i) => formIds.includes(i.form_id))).toEqual([]);
    expect(outside(ws.id)).toBe(before);
  });
});

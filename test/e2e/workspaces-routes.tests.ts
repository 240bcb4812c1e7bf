// The sandbox's workspace routes as a real OpnForm server answers them (recorded:
// workspaces--create-update-delete; the Free plan's workspace limit read from OpnForm's code), in
// both modes: create, rename, delete, the refusals, and a deleted workspace's forms left orphaned.
import { type Sandbox, startSandbox } from '../../sandbox/server';
import { call, MODES, modeOptions } from './helpers';

const ADMIN = 'You need to be an admin of this workspace to do this.';

describe.each(MODES)('%s mode', (mode) => {
  let s: Sandbox;
  beforeEach(async () => {
    s = await startSandbox({ ...modeOptions(mode), submissions: 5, largeFormSubmissions: 5 });
  });
  afterEach(() => s.close());
  const create = (body: unknown, token: Parameters<typeof call>[3] = {}) =>
    call(s, 'POST', '/open/workspaces/create', { body, ...token });

  test('POST /open/workspaces is a 405 naming the allowed methods, with or without a token', async () => {
    for (const token of ['admin', null] as const) {
      const reply = await call(s, 'POST', '/open/workspaces', { body: { name: 'X' }, token });
      expect([reply.status, reply.json]).toEqual([
        405,
        {
          message:
            'The POST method is not supported for route open/workspaces. Supported methods: GET, HEAD.',
        },
      ]);
      expect(reply.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });

  test('create: the name (trimmed) and the icon from `emoji`; `icon` is ignored; listed afterwards', async () => {
    const next = s.state.next.workspace;
    const made = await create({ name: '  Ops  ', emoji: '🚀' });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ type: 'success', message: 'Workspace created.', workspace_id: next });
    expect(made.json.workspace).toMatchObject({
      id: next,
      name: 'Ops',
      icon: '🚀',
      users_count: 1,
      is_admin: true,
    });
    expect(made.json.workspace.users).toBeUndefined();
    const bare = await create({ name: 'Plain', icon: '🎯' });
    expect(bare.json.workspace.icon).toBe('');
    const listed = await call(s, 'GET', '/open/workspaces');
    expect(listed.json.map((w: { name: string }) => w.name)).toEqual(
      expect.arrayContaining(['Ops', 'Plain']),
    );
  });

  test('create refusals: no name 422 (after the policy), no workspaces-write 403', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }])
      expect(await create(body)).toMatchObject({
        status: 422,
        json: { message: 'The name field is required.', errors: { name: ['The name field is required.'] } },
      });
    // the read-only token of the same admin: refused before the body is looked at
    for (const body of [{ name: 'No write' }, {}])
      expect(await create(body, { token: 'readonly' })).toMatchObject({
        status: 403,
        json: { message: 'This action is unauthorized.' },
      });
  });

  test('on OpnForm Cloud a Free user may have one workspace; a self-hosted server has no such limit', async () => {
    // the outsider administers only the Free workspace 12
    expect(await create({ name: 'Second' }, { token: 'outsider' })).toMatchObject({
      status: 403,
      json: {
        message:
          'You have reached the workspace limit for Free plan. Upgrade to create additional workspaces.',
      },
    });
    const selfHosted = await startSandbox({
      ...modeOptions(mode),
      submissions: 5,
      largeFormSubmissions: 5,
      selfHosted: true,
    });
    try {
      const made = await call(selfHosted, 'POST', '/open/workspaces/create', {
        body: { name: 'Second' },
        token: 'outsider',
      });
      expect(made.status).toBe(200);
      expect(made.json.workspace.plan_tier).toBe('pro');
    } finally {
      await selfHosted.close();
    }
  });

  test('update: a `user` member may rename; no `emoji` clears the icon; non-members and read-only members may not', async () => {
    const id = s.ids.workspaceId;
    const renamed = await call(s, 'PUT', `/open/workspaces/${id}`, {
      body: { name: 'Renamed by member', emoji: '🔥' },
      token: 'member',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ type: 'success', message: 'Workspace updated.' });
    expect(renamed.json.workspace).toMatchObject({ name: 'Renamed by member', icon: '🔥', is_admin: false });
    expect(renamed.json.workspace.users.map((u: { id: number }) => u.id)).toEqual([1, 2, 3]);
    const cleared = await call(s, 'PUT', `/open/workspaces/${id}`, { body: { name: 'No icon' } });
    expect(cleared.json.workspace.icon).toBe('');
    expect(s.state.workspaces.find((w) => w.id === id)).toMatchObject({ name: 'No icon', icon: '' });
    for (const token of ['readonlyMember', 'outsider'] as const)
      expect(await call(s, 'PUT', `/open/workspaces/${id}`, { body: { name: 'x' }, token })).toMatchObject({
        status: 403,
        json: { message: 'You cannot update this workspace.' },
      });
    expect(
      await call(s, 'PUT', `/open/workspaces/${id}`, { body: { name: 'x' }, token: 'readonly' }),
    ).toMatchObject({
      status: 403,
      json: { message: 'This action is unauthorized.' },
    });
    expect(await call(s, 'PUT', `/open/workspaces/${id}`, { body: { emoji: '🔥' } })).toMatchObject({
      status: 422,
      json: { errors: { name: ['The name field is required.'] } },
    });
    expect(await call(s, 'PUT', '/open/workspaces/999999', { body: { name: 'x' } })).toMatchObject({
      status: 404,
      json: { message: 'No query results for model [App\\Models\\Workspace] 999999' },
    });
  });

  test('delete: admins with workspaces-write only, never the last workspace', async () => {
    const id = s.ids.workspaceId;
    for (const token of ['member', 'readonly'] as const)
      expect(await call(s, 'DELETE', `/open/workspaces/${id}`, { token })).toMatchObject({
        status: 403,
        json: { message: ADMIN },
      });
    // the outsider's only workspace... is shared with the admin: it is still the outsider's last one
    expect(
      await call(s, 'DELETE', `/open/workspaces/${s.ids.otherWorkspaceId}`, { token: 'outsider' }),
    ).toMatchObject({
      status: 403,
      json: { message: 'You cannot delete your last workspace. Delete your account instead.' },
    });
  });

  test('delete a workspace with forms: its forms stay but nobody reaches them (403, public 404), its invites go', async () => {
    const id = s.ids.workspaceId;
    const form = s.state.forms.find((f) => f.id === s.ids.formId);
    if (form === undefined) throw new Error('no main form');
    const deleted = await call(s, 'DELETE', `/open/workspaces/${id}`);
    expect([deleted.status, deleted.json]).toEqual([
      200,
      { type: 'success', message: 'Workspace successfully deleted.', workspace_id: id },
    ]);
    expect(s.state.forms.some((f) => f.id === form.id)).toBe(true);
    expect(s.state.invites.filter((i) => i.workspace_id === id)).toEqual([]);
    for (const path of [`/open/forms/${form.id}`, `/open/forms/${form.id}/submissions`])
      expect(await call(s, 'GET', path)).toMatchObject({
        status: 403,
        json: { message: 'This action is unauthorized.' },
      });
    const all = await call(s, 'GET', '/open/forms');
    expect(all.json.some((f: { id: number }) => f.id === form.id)).toBe(false);
    expect(await call(s, 'GET', `/forms/${form.slug}`, { token: null })).toMatchObject({
      status: 404,
      json: { type: 'error', message: 'Form not found.' },
    });
    const answered = await call(s, 'POST', `/forms/${form.slug}/answer`, { body: {}, token: null });
    expect(answered.status).toBe(500);
    // the member (role `user`) kept no workspace: none is made for them
    expect(s.state.workspaces.some((w) => w.members.some((m) => m.userId === s.ids.memberUserId))).toBe(
      false,
    );
    expect(await call(s, 'DELETE', `/open/workspaces/${id}`)).toMatchObject({ status: 404 });
    // the seeded spare workspace goes too: the admin is left with the other workspace, now their last
    expect(await call(s, 'DELETE', `/open/workspaces/${s.ids.spareWorkspaceId}`)).toMatchObject({
      status: 200,
    });
    expect(await call(s, 'DELETE', `/open/workspaces/${s.ids.otherWorkspaceId}`)).toMatchObject({
      status: 403,
      json: { message: 'You cannot delete your last workspace. Delete your account instead.' },
    });
  });
});

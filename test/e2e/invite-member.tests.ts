// Invite Member (and Find or Invite Member) against the sandbox over loopback: each test gets a fresh
// sandbox, since the step adds members and creates invites.
import { type Sandbox, startSandbox } from '../../sandbox/server';
import { failure, type StepPath } from '../helpers/app';
import { runOn, type TokenName } from './helpers';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ submissions: 1, largeFormSubmissions: 1 });
});
afterEach(async () => {
  await sandbox.close();
});

// biome-ignore lint/suspicious/noExplicitAny: e2e assertions walk the step outputs freely; a wrong path fails the assertion
const on = <T = any>(method: StepPath, inputData: Record<string, unknown>, token: TokenName = 'admin') =>
  runOn<T>(sandbox, method, inputData, token);
const invite = (email: string, role = 'user', token: TokenName = 'admin', s = sandbox) =>
  runOn<{ invite_id: number | null; valid_until: string | null }>(
    s,
    'creates.invite_member.operation.perform',
    { workspace_id: s.ids.workspaceId, email, role },
    token,
  );
const paths = () =>
  sandbox
    .requests()
    .filter((r) => !r.path.startsWith('/__sandbox/'))
    .map((r) => `${r.method} ${r.path}`);

test('an existing account mapped in upper case is added (not invited), then removed with Remove Member', async () => {
  const W = sandbox.ids.workspaceId;
  sandbox.resetRequests();
  await expect(invite(' EDSGER@Example.org ', 'readonly')).resolves.toEqual({
    id: sandbox.ids.outsiderUserId,
    workspace_id: W,
    status: 'added',
    message: 'User has been successfully added to workspace.',
    email: 'edsger@example.org',
    role: 'readonly',
    name: 'Edsger Dijkstra',
    invite_id: null,
    valid_until: null,
  });
  expect(paths()).toEqual([`POST /open/workspaces/${W}/users/add`, `GET /open/workspaces/${W}/users`]);
  expect(sandbox.state.invites.filter((i) => i.email.toLowerCase() === 'edsger@example.org')).toEqual([]);
  await expect(
    on('creates.remove_member.operation.perform', { workspace_id: W, user_id: sandbox.ids.outsiderUserId }),
  ).resolves.toMatchObject({ removed: true, email: 'edsger@example.org', role: 'readonly' });
});

test('an email with no account is invited in one request; again, a halt about the pending invite', async () => {
  const W = sandbox.ids.workspaceId;
  sandbox.resetRequests();
  const invited = await invite('Katherine@Example.org', 'admin');
  expect(invited).toMatchObject({
    id: null,
    workspace_id: W,
    status: 'invited',
    email: 'katherine@example.org',
    role: 'admin',
    invite_id: expect.any(Number),
  });
  expect(invited.valid_until).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
  expect(paths()).toEqual([`POST /open/workspaces/${W}/users/add`]);
  await expect(
    on('searches.find_invite.operation.perform', { workspace_id: W, email: 'katherine@example.org' }),
  ).resolves.toMatchObject([{ id: invited.invite_id, status: 'pending' }]);
  const again = await failure(invite('katherine@example.org', 'admin'));
  expect(again).toMatchObject({ name: 'HaltedError', message: expect.stringMatching(/pending invite/) });
});

test('a member: the same role is already_member with their id; another role halts and stays unchanged', async () => {
  const W = sandbox.ids.workspaceId;
  await expect(invite('grace@example.org', 'user')).resolves.toMatchObject({
    id: sandbox.ids.memberUserId,
    status: 'already_member',
    role: 'user',
    name: 'Grace Hopper',
  });
  const error = await failure(invite('grace@example.org', 'admin'));
  expect(error).toEqual({
    name: 'HaltedError',
    message:
      'grace@example.org is already a member of this workspace with the role "user". OpnForm keeps an existing ' +
      'member\'s role, so it is not "admin": use Update Member Role to change it.',
  });
  await expect(
    on('searches.find_member.operation.perform', { workspace_id: W, email: 'grace@example.org' }),
  ).resolves.toMatchObject([{ role: 'user' }]);
});

test('refusals: a non-admin member, and a self-hosted server without a licence', async () => {
  expect((await failure(invite('katherine@example.org', 'user', 'member'))).message).toMatch(
    /^OpnForm refused this step \(403\): "You need to be an admin of this workspace to do this\." The connected user is a member with the "user" role .* needs an admin/,
  );
  const selfHosted = await startSandbox({ submissions: 1, largeFormSubmissions: 1, selfHosted: true });
  try {
    const error = await failure(invite('brand-new@example.org', 'user', 'admin', selfHosted));
    expect(error).toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/no Enterprise licence/),
    });
    await expect(invite('EDSGER@example.org', 'user', 'admin', selfHosted)).resolves.toMatchObject({
      status: 'added',
    });
  } finally {
    await selfHosted.close();
  }
});

test('Find or Invite Member: the search finds nothing, the create invites with the same workspace and email', async () => {
  const input = { workspace_id: sandbox.ids.workspaceId, email: 'linus@example.org' };
  await expect(on('searches.find_member.operation.perform', input)).resolves.toEqual([]);
  await expect(
    on('creates.invite_member.operation.perform', { ...input, role: 'user' }),
  ).resolves.toMatchObject({ status: 'invited', email: 'linus@example.org' });
});

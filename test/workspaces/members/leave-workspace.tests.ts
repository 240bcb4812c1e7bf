import nock from 'nock';
import { failure, op, run } from '../../helpers/app';
import { api, recorded, recordedScope } from '../../helpers/recorded';
import { FORBIDDEN, UNAUTHORIZED } from '../fixtures';

const perform = op('creates.leave_workspace.operation.perform');

const leave = recorded('team--leave');
/** Workspace 6 as its admin (user 5) lists it: `is_admin: true`, one embedded member. */
const adminList = recorded('forms--list-workspaces').exchange(0);
type Ws = Record<string, unknown> & { users: Array<Record<string, unknown>> };
const ws6 = (adminList.response.body as Ws[])[0] as Ws;
/** The same workspace as the member (user 6, role user) sees it after `team--add-user`. */
const asMember: Ws = {
  ...ws6,
  is_admin: false,
  users_count: 3,
  pivot: { user_id: 6, workspace_id: 6, role: 'user' },
};
/** `GET /open/workspaces/6/users` after `team--add-user`: admin 5, user 6, readonly 7. */
const users = recorded('team--add-user').exchange(10);

const workspaces = (body: unknown) =>
  api()
    .get('/open/workspaces')
    .reply(200, body as nock.Body);

afterEach(() => nock.cleanAll());

test('a member leaves (recorded 200 with workspaces-read): 2 requests, the list first', async () => {
  const list = workspaces([asMember]);
  const post = recordedScope(leave.exchange(1));
  await expect(run(perform, { workspace_id: '6' })).resolves.toEqual({
    id: 6,
    workspace_id: 6,
    left: true,
    message: 'You have left the workspace successfully.',
    workspace_name: 'Zapier WS (corpus)',
  });
  expect(list.isDone() && post.isDone()).toBe(true);
});

test('the sole admin and sole member is refused before any leave is sent (OpnForm would accept it)', async () => {
  // recorded: the spare user's only workspace, where they are the only member and admin
  const list = recordedScope(leave.exchange(4));
  const error = await failure(run(perform, { workspace_id: 10 }));
  expect(list.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'AppError',
    code: 'conflict',
    status: 409,
    message:
      'You are the only admin of the workspace "Zapier WS (corpus-spare)", so Leave Workspace did not leave it: ' +
      'OpnForm would let you, and it would be left with no members and with no admin to manage members, ' +
      'invites or settings. Invite someone as admin first, or delete the workspace in OpnForm.',
  });
});

test('an admin whose workspace list does not embed every member: the users list is read, the last admin refused', async () => {
  const list = workspaces([{ ...ws6, users_count: 3 }]);
  const members = recordedScope(users);
  const error = await failure(run(perform, { workspace_id: 6 }));
  expect(list.isDone() && members.isDone()).toBe(true);
  expect(error.message).toBe(
    'You are the only admin of the workspace "Zapier WS (corpus)", so Leave Workspace did not leave it: ' +
      'OpnForm would let you, and its 2 other members would be left with no admin to manage members, ' +
      'invites or settings. Make another member an admin first (Update Member Role), then leave.',
  );
});

test('an admin leaves when another admin stays: 3 requests', async () => {
  const list = workspaces([{ ...ws6, users_count: 3 }]);
  const twoAdmins = (users.response.body as Array<Record<string, unknown>>).map((u) =>
    u.id === 6 ? { ...u, pivot: { workspace_id: 6, user_id: 6, role: 'admin' } } : u,
  );
  const members = api().get('/open/workspaces/6/users').reply(200, twoAdmins);
  const post = recordedScope(leave.exchange(1));
  await expect(run(perform, { workspace_id: 6 })).resolves.toMatchObject({ left: true, workspace_id: 6 });
  expect(list.isDone() && members.isDone() && post.isDone()).toBe(true);
});

test('a workspace the user is not a member of: a halt (nothing to leave), no leave sent', async () => {
  const list = workspaces([asMember]);
  const error = await failure(run(perform, { workspace_id: 9 }));
  expect(list.isDone()).toBe(true);
  expect(error.name).toBe('HaltedError');
  expect(error.message).toBe(
    'The connected OpnForm user is not a member of workspace 9, so there is nothing to leave. ' +
      'Choose a workspace from the list (it shows only the workspaces this user belongs to).',
  );
});

test('a token without workspaces-read (recorded 403) names the one ability leaving needs', async () => {
  const list = recordedScope(recorded('limits--abilities-403').exchange(5));
  const error = await failure(run(perform, { workspace_id: 6 }));
  expect(list.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'AppError',
    code: 'forbidden',
    status: 403,
    message:
      'OpnForm refused this step (403): "This action is unauthorized." The access token lacks the "workspaces-read" ' +
      "ability (it cannot even list the connected user's workspaces). A token's abilities cannot be changed: " +
      'create a new token with it ticked in OpnForm (Settings > Access Tokens) and reconnect.',
  });
});

test('a spec server (204, no body; workspaces without is_admin) still leaves', async () => {
  const list = api()
    .get('/open/workspaces')
    .reply(200, [{ id: 7, name: 'Ops' }]);
  const scope = api()
    .post(
      '/open/workspaces/7/leave',
      (body) => body === '' || body === undefined || Object.keys(body).length === 0,
    )
    .reply(204);
  await expect(run(perform, { workspace_id: '7' })).resolves.toEqual({
    id: 7,
    workspace_id: 7,
    left: true,
    message: 'You left the workspace.',
    workspace_name: 'Ops',
  });
  expect(list.isDone() && scope.isDone()).toBe(true);
});

test('leave answered 403 (membership lost in between, recorded)', async () => {
  const list = workspaces([asMember]);
  const post = recordedScope(leave.exchange(2));
  const error = await failure(run(perform, { workspace_id: 6 }));
  expect(list.isDone() && post.isDone()).toBe(true);
  expect(error.message).toBe(FORBIDDEN.leave(UNAUTHORIZED));
});

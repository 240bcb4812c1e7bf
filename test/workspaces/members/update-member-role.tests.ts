import nock from 'nock';
import { App, failure, op, run } from '../../helpers/app';
import { api, apiJson } from '../../helpers/scopes';
import {
  FORBIDDEN,
  NOT_ADMIN,
  REAL_MEMBERS,
  SPEC_MEMBERS,
  UNAUTHORIZED,
  workspace7As,
  workspaces,
} from '../fixtures';

const perform = op('creates.update_member_role.operation.perform');

afterEach(() => nock.cleanAll());

test('update_member_role (spec): the workspaces, then PUT {role}; the output names the member and the old role', async () => {
  const list = workspaces(workspace7As(3, SPEC_MEMBERS));
  const scope = apiJson()
    .put('/open/workspaces/7/users/12/update-role', { role: 'readonly' })
    .reply(200, { message: 'Role updated.' });
  await expect(run(perform, { workspace_id: '7', user_id: '12', role: 'readonly' })).resolves.toEqual({
    id: 12,
    workspace_id: 7,
    role: 'readonly',
    message: 'Role updated.',
    name: 'Grace Hopper',
    email: 'grace@example.org',
    previous_role: 'user',
  });
  expect(list.isDone() && scope.isDone()).toBe(true);
});

test('update_member_role (real server): answer {type, message}; the role is matched case-insensitively', async () => {
  const list = workspaces();
  const scope = apiJson()
    .put('/open/workspaces/7/users/12/update-role', { role: 'admin' })
    .reply(200, { type: 'success', message: 'User role updated.' });
  await expect(run(perform, { workspace_id: 7, user_id: 12, role: ' Admin ' })).resolves.toEqual({
    id: 12,
    workspace_id: 7,
    role: 'admin',
    message: 'User role updated.',
    name: 'Grace Hopper',
    email: 'grace@example.org',
    previous_role: 'user',
  });
  expect(list.isDone() && scope.isDone()).toBe(true);
});

test('update_member_role: the connected user cannot lower their own role (refused before any change)', async () => {
  const twoAdmins = REAL_MEMBERS.map((m) =>
    m.id === 12 ? { ...m, pivot: { ...m.pivot, role: 'admin' } } : m,
  );
  const list = workspaces(workspace7As(3, twoAdmins));
  const error = await failure(run(perform, { workspace_id: 7, user_id: 3, role: 'user' }));
  expect(list.isDone()).toBe(true);
  expect(nock.pendingMocks()).toEqual([]);
  expect(error).toEqual({
    name: 'AppError',
    code: 'conflict',
    status: 409,
    message:
      "Update Member Role does not lower the connected OpnForm user's own role (the owner of the access token " +
      'this Zap uses): the Zap would lose the admin rights its team steps need, and the workspace could be left ' +
      'without an admin. Have another admin change this role in OpnForm.',
  });
});

test('update_member_role: demoting the last admin is refused before any change', async () => {
  const list = workspaces(workspace7As(undefined, SPEC_MEMBERS));
  const error = await failure(run(perform, { workspace_id: 7, user_id: 3, role: 'readonly' }));
  expect(list.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'AppError',
    code: 'conflict',
    status: 409,
    message:
      'Ada Lovelace is the only admin of the workspace "Ops", so Update Member Role did not change their role: ' +
      'the workspace would be left with no admin to manage members, invites or settings. Make another member ' +
      'an admin first.',
  });
});

test('update_member_role: "admin" for the connected admin or the last admin is never refused', async () => {
  const list = workspaces();
  const scope = apiJson()
    .put('/open/workspaces/7/users/3/update-role', { role: 'admin' })
    .reply(200, { message: 'Role updated.' });
  await expect(run(perform, { workspace_id: 7, user_id: 3, role: 'admin' })).resolves.toMatchObject({
    role: 'admin',
    previous_role: 'admin',
  });
  expect(list.isDone() && scope.isDone()).toBe(true);
});

test('update_member_role: a token without workspaces-read cannot run the guard (403 names both abilities)', async () => {
  api().get('/open/workspaces').reply(403, { message: UNAUTHORIZED });
  const error = await failure(run(perform, { workspace_id: 7, user_id: 12, role: 'user' }));
  expect(nock.pendingMocks()).toEqual([]);
  expect(error.message).toBe(FORBIDDEN.guardedManage(UNAUTHORIZED));
});

test('update_member_role: a role outside admin, user, readonly is refused before any request', async () => {
  const error = await failure(run(perform, { workspace_id: 7, user_id: 12, role: 'owner' }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'invalid_input',
    status: 400,
    message: 'Invalid input: Role (role) must be one of admin, user, readonly (got "owner").',
  });
});

test('update_member_role: a user the workspace does not list is left to OpnForm, whose 404 is explained', async () => {
  workspaces();
  api()
    .put('/open/workspaces/7/users/99/update-role')
    .reply(404, { message: 'No query results for model [App\\Models\\User] 99' });
  const error = await failure(run(perform, { workspace_id: 7, user_id: 99, role: 'user' }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'not_found',
    status: 404,
    message: 'Member not found in OpnForm (404). Check that the user is still a member of the workspace.',
  });
});

test.each([
  ['not an admin', NOT_ADMIN],
  ['missing ability', UNAUTHORIZED],
])('update_member_role: 403 (%s) names the write abilities and admin rights', async (_why, said) => {
  workspaces();
  api().put('/open/workspaces/7/users/12/update-role').reply(403, { message: said });
  const error = await failure(run(perform, { workspace_id: 7, user_id: 12, role: 'user' }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'forbidden',
    status: 403,
    message: FORBIDDEN.manage(said),
  });
});

test('update_member_role: the description says what it refuses', () => {
  expect(App.creates.update_member_role.display.description).toBe(
    "Changes a workspace member's role; refuses to demote you or the last admin. Returns the member and their " +
      'previous role.',
  );
});

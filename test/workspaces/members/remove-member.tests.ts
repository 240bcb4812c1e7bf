import nock from 'nock';
import { App, failure, op, run } from '../../helpers/app';
import { api } from '../../helpers/scopes';
import {
  FORBIDDEN,
  NOT_ADMIN,
  REAL_MEMBERS,
  SPEC_MEMBERS,
  UNAUTHORIZED,
  workspace7As,
  workspaces,
} from '../fixtures';

const perform = op('creates.remove_member.operation.perform');

afterEach(() => nock.cleanAll());

test('remove_member (spec): the workspaces, then DELETE .../users/{id}/remove; the output names the member', async () => {
  const list = workspaces(workspace7As(3, SPEC_MEMBERS));
  const scope = api().delete('/open/workspaces/7/users/12/remove').reply(200, { message: 'User removed.' });
  await expect(run(perform, { workspace_id: '7', user_id: '12' })).resolves.toEqual({
    id: 12,
    workspace_id: 7,
    removed: true,
    message: 'User removed.',
    name: 'Grace Hopper',
    email: 'grace@example.org',
    role: 'user',
  });
  expect(list.isDone() && scope.isDone()).toBe(true);
});

test('remove_member (real server): answer {type, message}; role from pivot.role', async () => {
  const list = workspaces();
  const scope = api()
    .delete('/open/workspaces/7/users/8/remove')
    .reply(200, { type: 'success', message: 'User removed from workspace.' });
  await expect(run(perform, { workspace_id: 7, user_id: 8 })).resolves.toEqual({
    id: 8,
    workspace_id: 7,
    removed: true,
    message: 'User removed from workspace.',
    name: 'Alan Turing',
    email: 'alan@example.org',
    role: 'readonly',
  });
  expect(list.isDone() && scope.isDone()).toBe(true);
});

test('remove_member: the connected user is refused before any removal (Leave Workspace is the step for that)', async () => {
  const list = workspaces();
  const error = await failure(run(perform, { workspace_id: 7, user_id: 3 }));
  expect(list.isDone()).toBe(true);
  expect(nock.pendingMocks()).toEqual([]);
  expect(error).toEqual({
    name: 'AppError',
    code: 'conflict',
    status: 409,
    message:
      'Remove Member does not remove the connected OpnForm user (the owner of the access token this Zap uses): ' +
      'use Leave Workspace for that, which also makes sure the workspace keeps an admin.',
  });
});

test('remove_member: the last admin is refused before any removal (a server that does not say who is connected)', async () => {
  const list = workspaces(workspace7As(undefined, SPEC_MEMBERS));
  const error = await failure(run(perform, { workspace_id: 7, user_id: 3 }));
  expect(list.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'AppError',
    code: 'conflict',
    status: 409,
    message:
      'Ada Lovelace is the only admin of the workspace "Ops", so Remove Member did not remove them: the ' +
      'workspace would be left with no admin to manage members, invites or settings. Make another member an ' +
      'admin first.',
  });
});

test('remove_member: an admin is removed when another admin stays', async () => {
  const twoAdmins = REAL_MEMBERS.map((m) =>
    m.id === 12 ? { ...m, pivot: { ...m.pivot, role: 'admin' } } : m,
  );
  const list = workspaces(workspace7As(undefined, twoAdmins));
  const scope = api().delete('/open/workspaces/7/users/12/remove').reply(200, { message: 'Removed.' });
  await expect(run(perform, { workspace_id: 7, user_id: 12 })).resolves.toMatchObject({
    removed: true,
    role: 'admin',
  });
  expect(list.isDone() && scope.isDone()).toBe(true);
});

test('remove_member: a workspace answer without every member embedded: the members are read (3 requests)', async () => {
  const list = workspaces(workspace7As(3, [], { users_count: 3 }));
  const members = api().get('/open/workspaces/7/users').reply(200, REAL_MEMBERS);
  const scope = api().delete('/open/workspaces/7/users/12/remove').reply(200, { message: 'Removed.' });
  await expect(run(perform, { workspace_id: 7, user_id: 12 })).resolves.toMatchObject({
    name: 'Grace Hopper',
    email: 'grace@example.org',
  });
  expect(list.isDone() && members.isDone() && scope.isDone()).toBe(true);
});

test('remove_member: a workspace the connected user is not in: a clear error, nothing removed', async () => {
  const list = workspaces([]);
  const error = await failure(run(perform, { workspace_id: 7, user_id: 12 }));
  expect(list.isDone()).toBe(true);
  expect(error).toMatchObject({ code: 'not_found', status: 404 });
  expect(error.message).toBe(
    'The connected OpnForm user is not a member of workspace 7, so Remove Member changed nothing. ' +
      'Choose a workspace from the list (it shows only the workspaces this user belongs to).',
  );
});

test('remove_member: a member id that is not a number is refused before any request', async () => {
  const error = await failure(run(perform, { workspace_id: 7, user_id: 'grace@example.org' }));
  expect(error.message).toBe(
    'Invalid input: Member (user_id) must be a whole number (an OpnForm id), got "grace@example.org".',
  );
});

test('remove_member: a user the workspace does not list is left to OpnForm; its 404 (empty message) halts', async () => {
  const list = workspaces();
  const scope = api().delete('/open/workspaces/7/users/99/remove').reply(404, { message: '' });
  const error = await failure(run(perform, { workspace_id: 7, user_id: 99 }));
  expect(list.isDone() && scope.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'HaltedError',
    message: 'This user is not a member of the workspace (any more), so there is nothing to remove.',
  });
});

test('remove_member: an unknown user id (404 on the model) stays an error', async () => {
  const list = workspaces();
  const scope = api()
    .delete('/open/workspaces/7/users/99/remove')
    .reply(404, { message: 'No query results for model [App\\Models\\User] 99' });
  const error = await failure(run(perform, { workspace_id: 7, user_id: 99 }));
  expect(list.isDone() && scope.isDone()).toBe(true);
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
])('remove_member: 403 (%s) names the write abilities and admin rights', async (_why, said) => {
  workspaces();
  api().delete('/open/workspaces/7/users/12/remove').reply(403, { message: said });
  const error = await failure(run(perform, { workspace_id: 7, user_id: 12 }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'forbidden',
    status: 403,
    message: FORBIDDEN.manage(said),
  });
});

test('remove_member: the description warns about lost access and that it is final; the warning, about the personal workspace', () => {
  expect(App.creates.remove_member.display.description).toBe(
    'Removes a member from a workspace: they lose access to its forms at once. Returns who was removed. ' +
      'This cannot be undone.',
  );
  expect(App.creates.remove_member.operation.inputFields?.[0]).toEqual({
    key: 'destructive_warning',
    label: 'Warning',
    type: 'copy',
    helpText:
      '**Warning: this step cannot be undone.** Invite them again to undo it; one left with none gets a ' +
      'personal workspace. Not for you (Leave Workspace), the last admin or a pending invitee (Cancel Invite).',
  });
});

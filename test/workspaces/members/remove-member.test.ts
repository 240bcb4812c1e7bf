import nock from 'nock';
import { API_HEADERS, App, BASE, failure, op, run } from '../../helpers/app';
import { FORBIDDEN, NOT_ADMIN, UNAUTHORIZED } from '../fixtures';

const perform = op('creates.remove_member.operation.perform');

test('remove_member (spec): DELETE .../users/{id}/remove, answer {message}', async () => {
  const scope = nock(BASE, { reqheaders: API_HEADERS })
    .delete('/open/workspaces/7/users/12/remove')
    .reply(200, { message: 'User removed.' });
  await expect(run(perform, { workspace_id: '7', user_id: '12' })).resolves.toEqual({
    id: 12,
    workspace_id: 7,
    removed: true,
    message: 'User removed.',
  });
  expect(scope.isDone()).toBe(true);
});

test('remove_member (real server): answer {type, message}', async () => {
  nock(BASE, { reqheaders: API_HEADERS })
    .delete('/open/workspaces/7/users/12/remove')
    .reply(200, { type: 'success', message: 'User removed from workspace.' });
  await expect(run(perform, { workspace_id: 7, user_id: 12 })).resolves.toEqual({
    id: 12,
    workspace_id: 7,
    removed: true,
    message: 'User removed from workspace.',
  });
});

test('remove_member: a member id that is not a number is refused before any request', async () => {
  const error = await failure(run(perform, { workspace_id: 7, user_id: 'grace@example.org' }));
  expect(error.message).toBe(
    'Invalid input: Member (user_id) must be a whole number (an OpnForm id), got "grace@example.org".',
  );
});

test('remove_member: not a member (404, empty message) halts: the goal already holds', async () => {
  const scope = nock(BASE).delete('/open/workspaces/7/users/99/remove').reply(404, { message: '' });
  const error = await failure(run(perform, { workspace_id: 7, user_id: 99 }));
  expect(scope.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'HaltedError',
    message: 'This user is not a member of the workspace (any more), so there is nothing to remove.',
  });
});

test('remove_member: an unknown user id (404 on the model) stays an error', async () => {
  const scope = nock(BASE)
    .delete('/open/workspaces/7/users/99/remove')
    .reply(404, { message: 'No query results for model [App\\Models\\User] 99' });
  const error = await failure(run(perform, { workspace_id: 7, user_id: 99 }));
  expect(scope.isDone()).toBe(true);
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
  nock(BASE).delete('/open/workspaces/7/users/12/remove').reply(403, { message: said });
  const error = await failure(run(perform, { workspace_id: 7, user_id: 12 }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'forbidden',
    status: 403,
    message: FORBIDDEN.manage(said),
  });
});

test('remove_member: the description warns about lost access and the personal workspace', () => {
  expect(App.creates.remove_member.display.description).toBe(
    'Removes a member from a workspace: they immediately lose access to its forms and submissions. ' +
      'A user left with no workspace gets a new personal workspace automatically.',
  );
});

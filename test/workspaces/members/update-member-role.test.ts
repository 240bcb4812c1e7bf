import nock from 'nock';
import { API_HEADERS, BASE, failure, op, run } from '../../helpers/app';
import { FORBIDDEN, NOT_ADMIN, UNAUTHORIZED } from '../fixtures';

const perform = op('creates.update_member_role.operation.perform');
const JSON_HEADERS = { ...API_HEADERS, 'content-type': 'application/json' };

test('update_member_role (spec): PUT {role}, answer {message}', async () => {
  const scope = nock(BASE, { reqheaders: JSON_HEADERS })
    .put('/open/workspaces/7/users/12/update-role', { role: 'readonly' })
    .reply(200, { message: 'Role updated.' });
  await expect(run(perform, { workspace_id: '7', user_id: '12', role: 'readonly' })).resolves.toEqual({
    id: 12,
    workspace_id: 7,
    role: 'readonly',
    message: 'Role updated.',
  });
  expect(scope.isDone()).toBe(true);
});

test('update_member_role (real server): answer {type, message}; the role is matched case-insensitively', async () => {
  const scope = nock(BASE, { reqheaders: JSON_HEADERS })
    .put('/open/workspaces/7/users/12/update-role', { role: 'admin' })
    .reply(200, { type: 'success', message: 'User role updated.' });
  await expect(run(perform, { workspace_id: 7, user_id: 12, role: ' Admin ' })).resolves.toEqual({
    id: 12,
    workspace_id: 7,
    role: 'admin',
    message: 'User role updated.',
  });
  expect(scope.isDone()).toBe(true);
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

test('update_member_role: not a member of the workspace (404)', async () => {
  nock(BASE)
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
  nock(BASE).put('/open/workspaces/7/users/12/update-role').reply(403, { message: said });
  const error = await failure(run(perform, { workspace_id: 7, user_id: 12, role: 'user' }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'forbidden',
    status: 403,
    message: FORBIDDEN.manage(said),
  });
});

import type nock from 'nock';
import { failure, op, run } from '../../helpers/app';
import { api } from '../../helpers/scopes';
import { FORBIDDEN, REAL_MEMBERS, SPEC_MEMBERS, UNAUTHORIZED } from '../fixtures';

const perform = op('searches.find_member.operation.perform');

const members = (body: unknown) =>
  api()
    .get('/open/workspaces/7/users')
    .reply(200, body as nock.Body);

test('find_member (spec): case-insensitive exact match, trimmed input; role `member` becomes `user`', async () => {
  const scope = members(SPEC_MEMBERS);
  await expect(run(perform, { workspace_id: '7', email: '  GRACE@example.ORG \n' })).resolves.toEqual([
    { id: 12, name: 'Grace Hopper', email: 'grace@example.org', role: 'user' },
  ]);
  expect(scope.isDone()).toBe(true);
});

test('find_member (spec): the server email may differ in case from the input', async () => {
  members(SPEC_MEMBERS);
  await expect(run(perform, { workspace_id: 7, email: 'ada@example.org' })).resolves.toEqual([
    { id: 3, name: 'Ada Lovelace', email: 'Ada@Example.org', role: 'admin' },
  ]);
});

test('find_member (real server): role from pivot.role; the output is an allow-list of the user record', async () => {
  members(REAL_MEMBERS);
  await expect(run(perform, { workspace_id: 7, email: 'alan@example.org' })).resolves.toEqual([
    { id: 8, name: 'Alan Turing', email: 'alan@example.org', role: 'readonly' },
  ]);
});

test.each([
  ['a prefix', 'grace@example'],
  ['a suffix', 'race@example.org'],
  ['a longer address', 'grace@example.org.uk'],
  ['the name', 'Grace Hopper'],
  ['a wildcard', '%@example.org'],
])('find_member: no partial matches (%s) -> []', async (_why, email) => {
  const scope = members(REAL_MEMBERS);
  await expect(run(perform, { workspace_id: 7, email })).resolves.toEqual([]);
  expect(scope.isDone()).toBe(true);
});

test('find_member: an empty list -> []', async () => {
  members([]);
  await expect(run(perform, { workspace_id: 7, email: 'ada@example.org' })).resolves.toEqual([]);
});

test('find_member: a blank email is refused before any request', async () => {
  const error = await failure(run(perform, { workspace_id: 7, email: '   ' }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'invalid_input',
    status: 400,
    message: 'Invalid input: Email (email) is required (an email address).',
  });
});

test('find_member: missing ability (403) names the read abilities', async () => {
  api().get('/open/workspaces/7/users').reply(403, { message: UNAUTHORIZED });
  const error = await failure(run(perform, { workspace_id: 7, email: 'ada@example.org' }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'forbidden',
    status: 403,
    message: FORBIDDEN.readMembers(UNAUTHORIZED),
  });
});

test('find_member: unknown workspace (404)', async () => {
  api()
    .get('/open/workspaces/99/users')
    .reply(404, { message: 'No query results for model [App\\Models\\Workspace] 99' });
  const error = await failure(run(perform, { workspace_id: 99, email: 'ada@example.org' }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'not_found',
    status: 404,
    message:
      'Workspace not found in OpnForm (404). Check that the workspace still exists and that the connected user belongs to it.',
  });
});

test('find_member: a member without an email is a wrong shape, said clearly', async () => {
  members([{ id: 1, name: 'No Mail' }]);
  const error = await failure(run(perform, { workspace_id: 7, email: 'ada@example.org' }));
  expect(error.code).toBe('bad_response');
  expect(error.message).toMatch(
    /^OpnForm sent an unexpected answer for this workspace request \(\[0\]\.email: /,
  );
});

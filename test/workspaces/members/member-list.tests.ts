import { failure, op, run } from '../../helpers/app';
import { api } from '../../helpers/scopes';
import { FORBIDDEN, REAL_MEMBERS, SPEC_MEMBERS, UNAUTHORIZED } from '../fixtures';

const perform = op('triggers.member_list.operation.perform');

test('member_list (spec): role `member` becomes `user`; labelled "Name (email), role"; highest id first', async () => {
  const scope = api().get('/open/workspaces/7/users').reply(200, SPEC_MEMBERS);
  await expect(run(perform, { workspace_id: '7' })).resolves.toEqual([
    {
      id: 12,
      name: 'Grace Hopper',
      email: 'grace@example.org',
      role: 'user',
      label: 'Grace Hopper (grace@example.org), user',
    },
    {
      id: 8,
      name: 'Alan Turing',
      email: 'alan@example.org',
      role: 'readonly',
      label: 'Alan Turing (alan@example.org), readonly',
    },
    {
      id: 3,
      name: 'Ada Lovelace',
      email: 'Ada@Example.org',
      role: 'admin',
      label: 'Ada Lovelace (Ada@Example.org), admin',
    },
  ]);
  expect(scope.isDone()).toBe(true);
});

test('member_list (real server): role from pivot.role, newest membership first, nothing else of the user record', async () => {
  const scope = api().get('/open/workspaces/7/users').reply(200, REAL_MEMBERS);
  await expect(run(perform, { workspace_id: 7 })).resolves.toEqual([
    {
      id: 8,
      name: 'Alan Turing',
      email: 'alan@example.org',
      role: 'readonly',
      label: 'Alan Turing (alan@example.org), readonly',
    },
    {
      id: 12,
      name: 'Grace Hopper',
      email: 'grace@example.org',
      role: 'user',
      label: 'Grace Hopper (grace@example.org), user',
    },
    {
      id: 3,
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      role: 'admin',
      label: 'Ada Lovelace (ada@example.org), admin',
    },
  ]);
  expect(scope.isDone()).toBe(true);
});

test('member_list labels a member without a name by email only', async () => {
  api()
    .get('/open/workspaces/7/users')
    .reply(200, [{ id: 4, name: null, email: 'x@example.org', role: 'admin' }]);
  await expect(run(perform, { workspace_id: 7 })).resolves.toEqual([
    { id: 4, name: '', email: 'x@example.org', role: 'admin', label: 'x@example.org, admin' },
  ]);
});

test('member_list: 403 names the read abilities', async () => {
  api().get('/open/workspaces/7/users').reply(403, { message: UNAUTHORIZED });
  const error = await failure(run(perform, { workspace_id: 7 }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'forbidden',
    status: 403,
    message: FORBIDDEN.readMembers(UNAUTHORIZED),
  });
});

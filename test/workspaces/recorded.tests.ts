/**
 * The team steps against answers recorded from a real OpnForm server (`team--*.json`): the exact
 * request the step sends, and what the user sees of each recorded answer.
 */
import nock from 'nock';
import { failure, op, run } from '../helpers/app';
import { api, recorded, recordedScope } from '../helpers/recorded';
import { ALREADY_ACCEPTED, FORBIDDEN, UNAUTHORIZED } from './fixtures';

afterEach(() => {
  jest.restoreAllMocks();
  nock.cleanAll();
});

const listUsers = recorded('team--list-users');
const updateRole = recorded('team--update-role');
const removeUser = recorded('team--remove-user');
const invites = recorded('team--invites');

type User = Record<string, unknown> & { id: number };
/** Workspace 6 as its admin (user 5) lists it (recorded), with `users` set to the members given. */
const ws6 = (
  recorded('forms--list-workspaces').exchange(0).response.body as Array<Record<string, unknown>>
)[0];
/** Members 5 (admin), 6 (user) and 7 (readonly) after `team--add-user`, as the users list shows them. */
const members = recorded('team--add-user').exchange(10).response.body as User[];
/** The spare user that `team--remove-user` adds (role user) and then removes. */
const spare: User = {
  id: 9,
  name: 'Zapier Tester (corpus-spare)',
  email: 'corpus-spare-d0b487@example.test',
  pivot: { workspace_id: 6, user_id: 9, role: 'user' },
};
/** The guard's read of Remove Member and Update Member Role: `GET /open/workspaces`, every member embedded. */
const workspaces = (users: User[], as: Record<string, unknown> = {}) =>
  api()
    .get('/open/workspaces')
    .reply(200, [{ ...ws6, users_count: users.length, users, ...as }]);

test('Find Workspace Member on the recorded users list: role from pivot.role, allow-listed output', async () => {
  const scope = recordedScope(listUsers.exchange(0));
  await expect(
    run(op('searches.find_member.operation.perform'), {
      workspace_id: 6,
      email: 'CORPUS-10023C@example.test',
    }),
  ).resolves.toEqual([
    { id: 5, name: 'Zapier Tester (corpus)', email: 'corpus-10023c@example.test', role: 'admin' },
  ]);
  expect(scope.isDone()).toBe(true);
});

test('a token with workspace-users-read and -write but not workspaces-read (recorded 403): the one ability it lacks', async () => {
  const scope = recordedScope(listUsers.exchange(1));
  const error = await failure(run(op('triggers.member_list.operation.perform'), { workspace_id: 6 }));
  expect(scope.isDone()).toBe(true);
  expect(error.message).toBe(FORBIDDEN.readMembers(UNAUTHORIZED));
});

test('Update Member Role: the workspaces, then the recorded request and answer', async () => {
  const list = workspaces(members);
  const scope = recordedScope(updateRole.exchange(0));
  await expect(
    run(op('creates.update_member_role.operation.perform'), { workspace_id: 6, user_id: 6, role: 'Admin' }),
  ).resolves.toEqual({
    id: 6,
    workspace_id: 6,
    role: 'admin',
    message: 'User role changed successfully.',
    name: 'Zapier Tester (corpus-member)',
    email: 'corpus-member-6074b7@example.test',
    previous_role: 'user',
  });
  expect(list.isDone() && scope.isDone()).toBe(true);
});

test('Update Member Role of an unknown user id (recorded 404 on the model): member not found', async () => {
  const list = workspaces(members);
  const scope = recordedScope(updateRole.exchange(5), { body: { role: 'user' } });
  const error = await failure(
    run(op('creates.update_member_role.operation.perform'), {
      workspace_id: 6,
      user_id: 999999,
      role: 'user',
    }),
  );
  expect(list.isDone() && scope.isDone()).toBe(true);
  expect(error).toMatchObject({ name: 'AppError', code: 'not_found', status: 404 });
  expect(error.message).toBe(
    'Member not found in OpnForm (404). Check that the user is still a member of the workspace.',
  );
});

test('Update Member Role of a user who is not a member (recorded 404, empty message): a halt', async () => {
  const list = workspaces(members);
  const scope = recordedScope(updateRole.exchange(4), { body: { role: 'user' } });
  const error = await failure(
    run(op('creates.update_member_role.operation.perform'), { workspace_id: 6, user_id: 9, role: 'user' }),
  );
  expect(list.isDone() && scope.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'HaltedError',
    message:
      'This user is not a member of the workspace (any more), so their role was not changed. Invite them again ' +
      'to give them access.',
  });
});

test('Update Member Role refused to a non-admin (recorded 403): workspaces-write and admin rights named', async () => {
  const list = workspaces(members, { is_admin: false, pivot: { user_id: 6, workspace_id: 6, role: 'user' } });
  const scope = recordedScope(updateRole.exchange(6));
  const error = await failure(
    run(op('creates.update_member_role.operation.perform'), { workspace_id: 6, user_id: 7, role: 'user' }),
  );
  expect(list.isDone() && scope.isDone()).toBe(true);
  expect(error.message).toBe(FORBIDDEN.manage(UNAUTHORIZED));
});

test('Remove Member: the recorded answer, then the recorded 404 of a second removal', async () => {
  const before = workspaces([...members, spare]);
  const ok = recordedScope(removeUser.exchange(3));
  await expect(
    run(op('creates.remove_member.operation.perform'), { workspace_id: 6, user_id: 9 }),
  ).resolves.toEqual({
    id: 9,
    workspace_id: 6,
    removed: true,
    message: 'User removed from workspace successfully.',
    name: 'Zapier Tester (corpus-spare)',
    email: 'corpus-spare-d0b487@example.test',
    role: 'user',
  });
  const after = workspaces(members);
  const again = recordedScope(removeUser.exchange(4));
  const error = await failure(
    run(op('creates.remove_member.operation.perform'), { workspace_id: 6, user_id: 9 }),
  );
  expect(before.isDone() && ok.isDone() && after.isDone() && again.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'HaltedError',
    message: 'This user is not a member of the workspace (any more), so there is nothing to remove.',
  });
});

test('Find Invite on the recorded list: the list shows Y-m-d H:i:s in UTC; the output gives ISO and is_expired', async () => {
  jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-23T17:44:10Z'));
  const scope = recordedScope(invites.exchange(2));
  await expect(
    run(op('searches.find_invite.operation.perform'), {
      workspace_id: 6,
      email: 'corpus-spare-d0b487@example.test',
    }),
  ).resolves.toEqual([
    {
      id: 10,
      email: 'Corpus-Spare-D0B487@Example.Test',
      role: 'readonly',
      status: 'pending',
      valid_until: '2026-11-21T17:44:09+00:00',
      is_expired: true,
    },
    {
      id: 8,
      email: 'CORPUS-SPARE-D0B487@EXAMPLE.TEST',
      role: 'user',
      status: 'pending',
      valid_until: '2026-11-30T17:43:45+00:00',
      is_expired: false,
    },
  ]);
  expect(scope.isDone()).toBe(true);
});

test('Cancel Invite: the invites, then the recorded 400 of an accepted invite and the recorded success', async () => {
  jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-23T17:44:10Z'));
  const lists = [recordedScope(invites.exchange(2)), recordedScope(invites.exchange(2))];
  const accepted = recordedScope(invites.exchange(14));
  const ok = recordedScope(invites.exchange(17));
  const cancel = op('creates.cancel_invite.operation.perform');
  await expect(failure(run(cancel, { workspace_id: 6, invite_id: 9 }))).resolves.toEqual({
    name: 'HaltedError',
    message: ALREADY_ACCEPTED,
  });
  await expect(run(cancel, { workspace_id: 6, invite_id: 8 })).resolves.toEqual({
    id: 8,
    workspace_id: 6,
    cancelled: true,
    message: 'Invite deleted successfully.',
    email: 'CORPUS-SPARE-D0B487@EXAMPLE.TEST',
    role: 'user',
    valid_until: '2026-11-30T17:43:45+00:00',
  });
  expect(lists.every((l) => l.isDone()) && accepted.isDone() && ok.isDone()).toBe(true);
});

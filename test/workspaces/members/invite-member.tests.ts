/**
 * Invite Member against the answers recorded from a real OpnForm server (`team--add-user`,
 * `team--invites`): the exact request, what the user sees of each answer, and the requests per case.
 */
import nock from 'nock';
import { failure, op, run } from '../../helpers/app';
import { api, recorded, recordedScope } from '../../helpers/recorded';
import { FORBIDDEN, NOT_ADMIN } from '../fixtures';

afterEach(() => {
  nock.cleanAll();
});

const addUser = recorded('team--add-user');
const invites = recorded('team--invites');
const invite = op('creates.invite_member.operation.perform');

type User = Record<string, unknown> & { id: number };
/** Members 5 (admin), 6 (user) and 7 (readonly) after the adds, as the users list shows them (#10). */
const members = addUser.exchange(10).response.body as User[];
const usersList = () => api().get('/open/workspaces/6/users').reply(200, members);

test('an existing account, mapped in mixed case: sent in lower case (the recorded request), added, its id looked up', async () => {
  const add = recordedScope(addUser.exchange(0));
  const list = usersList();
  await expect(
    run(invite, { workspace_id: '6', email: '  Corpus-Member-6074B7@Example.Test ', role: 'User' }),
  ).resolves.toEqual({
    id: 6,
    workspace_id: 6,
    status: 'added',
    message: 'User has been successfully added to workspace.',
    email: 'corpus-member-6074b7@example.test',
    role: 'user',
    name: 'Zapier Tester (corpus-member)',
    invite_id: null,
    valid_until: null,
  });
  expect(add.isDone() && list.isDone()).toBe(true);
});

test('a member asked for another role (recorded "already in workspace", role unchanged): a halt that says so', async () => {
  const add = recordedScope(addUser.exchange(1));
  const list = usersList();
  const error = await failure(
    run(invite, { workspace_id: 6, email: 'corpus-member-6074b7@example.test', role: 'admin' }),
  );
  expect(add.isDone() && list.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'HaltedError',
    message:
      'corpus-member-6074b7@example.test is already a member of this workspace with the role "user". OpnForm ' +
      'keeps an existing member\'s role, so it is not "admin": use Update Member Role to change it.',
  });
});

test('a member asked for the role they have: already_member, their id, nothing changed', async () => {
  const add = recordedScope(addUser.exchange(1), {
    body: { email: 'corpus-readonly-4c36d8@example.test', role: 'readonly' },
  });
  const list = usersList();
  await expect(
    run(invite, { workspace_id: 6, email: 'corpus-readonly-4c36d8@example.test', role: 'readonly' }),
  ).resolves.toEqual({
    id: 7,
    workspace_id: 6,
    status: 'already_member',
    message: 'User is already in workspace.',
    email: 'corpus-readonly-4c36d8@example.test',
    role: 'readonly',
    name: 'Zapier Tester (corpus-readonly)',
    invite_id: null,
    valid_until: null,
  });
  expect(add.isDone() && list.isDone()).toBe(true);
});

test('an email with no account (the recorded invite answer): invited in one request, invite id and ISO valid_until', async () => {
  const add = recordedScope(addUser.exchange(4), {
    body: { email: 'brand-new-person@example.test', role: 'user' },
  });
  await expect(
    run(invite, { workspace_id: 6, email: 'Brand-New-Person@example.test', role: 'user' }),
  ).resolves.toEqual({
    id: null,
    workspace_id: 6,
    status: 'invited',
    message: 'Registration invitation email sent to user.',
    email: 'brand-new-person@example.test',
    role: 'user',
    name: null,
    invite_id: 8,
    valid_until: '2026-11-30T17:43:45+00:00',
  });
  expect(add.isDone()).toBe(true);
});

test('a second invite while the first is pending (recorded 400): a halt naming Resend and Cancel Invite', async () => {
  const add = recordedScope(addUser.exchange(5), {
    body: { email: 'corpus-spare-d0b487@example.test', role: 'user' },
  });
  const error = await failure(
    run(invite, { workspace_id: 6, email: 'CORPUS-SPARE-D0B487@EXAMPLE.TEST', role: 'user' }),
  );
  expect(add.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'HaltedError',
    message:
      'This email already has a pending invite to the workspace, so OpnForm sent no new one (and kept the ' +
      "invite's role). Use Resend Invite to send it again, or Cancel Invite and invite them again to change the role.",
  });
});

test('the self-hosted licence limit (recorded 403): its own message, no standing lookup', async () => {
  const add = recordedScope(addUser.exchange(3));
  const error = await failure(
    run(invite, { workspace_id: 6, email: 'brand-new-person@example.test', role: 'user' }),
  );
  expect(add.isDone()).toBe(true);
  expect(error).toMatchObject({
    code: 'forbidden',
    message:
      'OpnForm refused to invite this person (403): this self-hosted OpnForm server has no Enterprise licence, ' +
      'and without one it allows only 2 user accounts, so it cannot invite someone who has no account on it yet. ' +
      'People who already have an account on this server can still be added; for more, the server needs a licence.',
  });
});

test('a non-admin (recorded 403 "You need to be an admin"): workspaces-write and admin rights named', async () => {
  const add = recordedScope(addUser.exchange(9));
  const error = await failure(
    run(invite, { workspace_id: 6, email: 'corpus-spare-d0b487@example.test', role: 'user' }),
  );
  expect(add.isDone()).toBe(true);
  expect(error.message).toBe(FORBIDDEN.manage(NOT_ADMIN));
});

test('the recorded 422 of a bad role, should the server refuse what the step checked: field named', async () => {
  const add = recordedScope(addUser.exchange(6), {
    body: { email: 'corpus-member-6074b7@example.test', role: 'user' },
  });
  const error = await failure(
    run(invite, { workspace_id: 6, email: 'corpus-member-6074b7@example.test', role: 'user' }),
  );
  expect(add.isDone()).toBe(true);
  expect(error).toMatchObject({
    code: 'validation_failed',
    message:
      'OpnForm rejected the request (422): The selected role is invalid. Role (role): The selected role is invalid.',
  });
});

test('the invite of team--invites #0 (upper case in the recording) is what the output reports', async () => {
  const add = recordedScope(invites.exchange(0), {
    body: { email: 'corpus-other-08d9fc@example.test', role: 'user' },
  });
  await expect(
    run(invite, { workspace_id: 6, email: 'CORPUS-OTHER-08D9FC@EXAMPLE.TEST', role: 'user' }),
  ).resolves.toMatchObject({ status: 'invited', invite_id: 9, valid_until: '2026-11-30T17:44:08+00:00' });
  expect(add.isDone()).toBe(true);
});

test.each([
  [{ workspace_id: 6, email: 'not-an-email', role: 'user' }, 'email'],
  [{ workspace_id: 6, email: 'a b@example.org', role: 'user' }, 'email'],
  [{ workspace_id: 6, email: 'ada@example.org', role: 'owner' }, 'role'],
  [{ workspace_id: 6, email: 'ada@example.org' }, 'role'],
  [{ email: 'ada@example.org', role: 'user' }, 'workspace_id'],
])('bad input %j names %s and sends nothing', async (input, key) => {
  const error = await failure(run(invite, input));
  expect(error.code).toBe('invalid_input');
  expect(error.message).toContain(`(${key})`);
});

test('an email of 100,003 characters: refused at once by its length, before any pattern reads it, nothing sent', async () => {
  const email = `${'a'.repeat(100_000)}@b.`;
  const error = await failure(run(invite, { workspace_id: 6, email, role: 'user' }));
  expect(error.code).toBe('invalid_input');
  expect(error.message).toBe(
    'Invalid input: Email (email) must be one email address of at most 255 characters (got 100003 characters).',
  );
  // the longest allowed still goes through the pattern: 255 characters with a dotted domain
  const longest = `${'a'.repeat(64)}@${'b'.repeat(185)}.test`;
  expect(longest).toHaveLength(255);
  const add = api()
    .post('/open/workspaces/6/users/add', { email: longest, role: 'user' })
    .reply(200, {
      message: 'Registration invitation email sent to user.',
      invite: { id: 3, valid_until: null },
    });
  await expect(run(invite, { workspace_id: 6, email: longest, role: 'user' })).resolves.toMatchObject({
    status: 'invited',
    email: longest,
  });
  expect(add.isDone()).toBe(true);
});

test('the step is paired with Find Workspace Member as Find or Invite Member', async () => {
  const { App } = await import('../../helpers/app');
  expect(App.searchOrCreates?.find_or_invite_member).toMatchObject({
    key: 'find_member',
    search: 'find_member',
    create: 'invite_member',
  });
});

test('answers without a message (the spec shows none): added or invited all the same, with default messages', async () => {
  const add = api()
    .post('/open/workspaces/6/users/add', { email: 'corpus-member-6074b7@example.test', role: 'user' })
    .reply(200, {});
  const list = usersList();
  await expect(
    run(invite, { workspace_id: 6, email: 'corpus-member-6074b7@example.test', role: 'user' }),
  ).resolves.toMatchObject({
    id: 6,
    status: 'added',
    message: 'User has been successfully added to workspace.',
  });
  const invited = api()
    .post('/open/workspaces/6/users/add', { email: 'new@example.org', role: 'admin' })
    .reply(200, { invite: { id: 12, valid_until: null } });
  await expect(
    run(invite, { workspace_id: 6, email: 'new@example.org', role: 'admin' }),
  ).resolves.toMatchObject({
    status: 'invited',
    message: 'Registration invitation email sent to user.',
    invite_id: 12,
    valid_until: null,
  });
  expect(add.isDone() && list.isDone() && invited.isDone()).toBe(true);
});

test('"already in workspace" for someone the members list no longer shows: no id, no role claimed', async () => {
  const add = recordedScope(addUser.exchange(1), {
    body: { email: 'gone@example.org', role: 'admin' },
  });
  const list = usersList();
  await expect(run(invite, { workspace_id: 6, email: 'gone@example.org', role: 'admin' })).resolves.toEqual({
    id: null,
    workspace_id: 6,
    status: 'already_member',
    message: 'User is already in workspace.',
    email: 'gone@example.org',
    role: null,
    name: null,
    invite_id: null,
    valid_until: null,
  });
  expect(add.isDone() && list.isDone()).toBe(true);
});

test("the email's help text warns that a mapped, respondent-supplied address lets its owner in at once", async () => {
  const { App } = await import('../../helpers/app');
  const fields = App.creates.invite_member.operation.inputFields as Array<{ key: string; helpText?: string }>;
  expect(fields.find((field) => field.key === 'email')?.helpText).toContain(
    'Careful: mapping an address a stranger can type (a form answer, a sign-up) lets anyone with that address ' +
      'into this workspace, with the role below: map only addresses you have checked.',
  );
});

// Workspace team steps against the sandbox over loopback (real HTTP, no nock scopes). Each test gets
// a fresh sandbox, since these steps change members and invites.
import { type Sandbox, startSandbox } from '../../sandbox/server';
import { failure, type StepPath } from '../helpers/app';
import { NOT_ADMIN } from '../workspaces/fixtures';
import { call, runOn, type TokenName } from './helpers';

/** The sandbox's admin with a read-only token: the standing shows the role is fine, so the ability is named. */
const ADMIN_WITHOUT_WRITE =
  'OpnForm refused this step (403): "This action is unauthorized." The connected user\'s role in the workspace ' +
  '"Acme Research" (admin) allows this step, so the access token lacks the "workspaces-write" ability. A ' +
  "token's abilities cannot be changed: create a new token with it ticked in OpnForm (Settings > Access Tokens) " +
  'and reconnect.';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ submissions: 5, largeFormSubmissions: 5 });
});
afterEach(async () => {
  await sandbox.close();
});

// biome-ignore lint/suspicious/noExplicitAny: e2e assertions walk the sandbox's JSON freely; a wrong path fails the assertion
const on = <T = any>(method: StepPath, inputData: Record<string, unknown>, token: TokenName = 'admin') =>
  runOn<T>(sandbox, method, inputData, token);

const W = 11;
const GRACE = 2;
const PENDING = 201;
const _ACCEPTED = 202;
const EXPIRED = 203;

describe('members', () => {
  test('find_member finds Grace by email in any case; the role comes from pivot.role', async () => {
    await expect(
      on('searches.find_member.operation.perform', { workspace_id: W, email: ' GRACE@example.org ' }),
    ).resolves.toEqual([{ id: GRACE, name: 'Grace Hopper', email: 'grace@example.org', role: 'user' }]);
    await expect(
      on('searches.find_member.operation.perform', { workspace_id: W, email: 'grace@example' }),
    ).resolves.toEqual([]);
  });

  test("update_member_role changes Grace's role and find_member reads it back", async () => {
    await expect(
      on('creates.update_member_role.operation.perform', {
        workspace_id: W,
        user_id: GRACE,
        role: 'readonly',
      }),
    ).resolves.toEqual({
      id: GRACE,
      workspace_id: W,
      role: 'readonly',
      message: 'User role changed successfully.',
      name: 'Grace Hopper',
      email: 'grace@example.org',
      previous_role: 'user',
    });
    await expect(
      on('searches.find_member.operation.perform', { workspace_id: W, email: 'grace@example.org' }),
    ).resolves.toEqual([{ id: GRACE, name: 'Grace Hopper', email: 'grace@example.org', role: 'readonly' }]);
  });

  test('a member who is not an admin cannot change roles (403): the role is named, not the token', async () => {
    const error = await failure(
      on(
        'creates.update_member_role.operation.perform',
        { workspace_id: W, user_id: 3, role: 'admin' },
        'member',
      ),
    );
    expect(error).toEqual({
      name: 'AppError',
      code: 'forbidden',
      status: 403,
      message:
        'OpnForm refused this step (403): "This action is unauthorized." The connected user is a member with the ' +
        '"user" role of the workspace "Acme Research". This step needs an admin of the workspace "Acme Research": ' +
        "ask an admin of it to make the connected user an admin, or connect an admin's account. A new token does " +
        'not help.',
    });
  });

  test('update_member_role of a non-member: a halt (routine), not an error', async () => {
    const error = await failure(
      on('creates.update_member_role.operation.perform', { workspace_id: W, user_id: 4, role: 'user' }),
    );
    expect(error).toEqual({
      name: 'HaltedError',
      message:
        'This user is not a member of the workspace (any more), so their role was not changed. Invite them again ' +
        'to give them access.',
    });
  });

  test('remove_member removes Alan, who then has a personal workspace', async () => {
    await expect(
      on('creates.remove_member.operation.perform', { workspace_id: W, user_id: 3 }),
    ).resolves.toEqual({
      id: 3,
      workspace_id: W,
      removed: true,
      message: 'User removed from workspace successfully.',
      name: 'Alan Turing',
      email: 'alan@example.org',
      role: 'readonly',
    });
    await expect(
      on('searches.find_member.operation.perform', { workspace_id: W, email: 'alan@example.org' }),
    ).resolves.toEqual([]);
    const alans = await on<Array<{ name: string }>>(
      'triggers.workspace_list.operation.perform',
      {},
      'readonlyMember',
    );
    expect(alans.map((w) => w.name)).toEqual(['My Workspace']);
  });

  test('leave_workspace: Grace leaves (200 with a body) and is gone from the member list', async () => {
    await expect(
      on('creates.leave_workspace.operation.perform', { workspace_id: W }, 'member'),
    ).resolves.toEqual({
      id: W,
      workspace_id: W,
      left: true,
      message: 'You have left the workspace successfully.',
      workspace_name: 'Acme Research',
    });
    await expect(
      on('searches.find_member.operation.perform', { workspace_id: W, email: 'grace@example.org' }),
    ).resolves.toEqual([]);
  });

  test.each<[StepPath, Record<string, unknown>]>([
    ['creates.remove_member.operation.perform', {}],
    ['creates.update_member_role.operation.perform', { role: 'readonly' }],
  ])(
    '%s of the connected (and only) admin is refused after one read; they stay admin',
    async (method, extra) => {
      sandbox.resetRequests();
      const error = await failure(on(method, { workspace_id: W, user_id: 1, ...extra }));
      expect(error).toMatchObject({ code: 'conflict', status: 409 });
      expect(error.message).toContain('the connected OpnForm user');
      expect(sandbox.requests().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /open/workspaces']);
      expect(
        sandbox.state.workspaces.find((w) => w.id === W)?.members.find((m) => m.userId === 1)?.role,
      ).toBe('admin');
    },
  );

  test('leave_workspace: the only admin is refused before any leave is sent, and stays', async () => {
    sandbox.resetRequests();
    const error = await failure(on('creates.leave_workspace.operation.perform', { workspace_id: W }));
    expect(error).toMatchObject({ code: 'conflict', status: 409 });
    expect(error.message).toContain('You are the only admin of the workspace "Acme Research"');
    expect(error.message).toContain('its 2 other members would be left with no admin');
    expect(sandbox.requests().map((r) => `${r.method} ${r.path}`)).toEqual(['GET /open/workspaces']);
    expect(sandbox.state.workspaces.find((w) => w.id === W)?.members.map((m) => m.userId)).toContain(1);
  });

  test('leave_workspace with a read-only token (workspaces-read is all leaving needs) once another admin exists', async () => {
    await on('creates.update_member_role.operation.perform', {
      workspace_id: W,
      user_id: GRACE,
      role: 'admin',
    });
    sandbox.resetRequests();
    await expect(
      on('creates.leave_workspace.operation.perform', { workspace_id: W }, 'readonly'),
    ).resolves.toMatchObject({ left: true, message: 'You have left the workspace successfully.' });
    // the workspace list embeds every member, so no users list is needed: 2 requests
    expect(sandbox.requests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /open/workspaces 200',
      `POST /open/workspaces/${W}/leave 200`,
    ]);
  });
});

describe('invites', () => {
  test('resend and then cancel a pending invite; both say whose invite it was', async () => {
    const stored = sandbox.state.invites.find((i) => i.id === PENDING)?.valid_until ?? '';
    const barbara = {
      email: 'barbara@example.org',
      role: 'user',
      valid_until: `${stored.slice(0, 19)}+00:00`,
    };
    await expect(
      on('creates.resend_invite.operation.perform', { workspace_id: W, invite_id: PENDING }),
    ).resolves.toEqual({
      id: PENDING,
      workspace_id: W,
      resent: true,
      message: 'Invite email resent successfully.',
      ...barbara,
    });
    await expect(
      on('creates.cancel_invite.operation.perform', { workspace_id: W, invite_id: PENDING }),
    ).resolves.toEqual({
      id: PENDING,
      workspace_id: W,
      cancelled: true,
      message: 'Invite deleted successfully.',
      ...barbara,
    });
    await expect(
      on('searches.find_invite.operation.perform', { workspace_id: W, email: 'barbara@example.org' }),
    ).resolves.toEqual([]);
  });

  test('resending an expired invite is refused before sending; it stays expired, as on OpnForm', async () => {
    sandbox.resetRequests();
    const before = sandbox.state.invites.find((i) => i.id === EXPIRED);
    const error = await failure(
      on('creates.resend_invite.operation.perform', { workspace_id: W, invite_id: EXPIRED }),
    );
    expect(error.name).toBe('HaltedError');
    expect(error.message).toMatch(
      /^This invite \(ken@example\.org\) expired on \d{4}-\d\d-\d\d \d\d:\d\d UTC, so it was not resent: /,
    );
    expect(sandbox.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /open/workspaces/${W}/invites`,
    ]);
    expect(before?.sent).toBe(1);
    const after = await on<Array<{ id: number; status: string; is_expired: boolean }>>(
      'searches.find_invite.operation.perform',
      { workspace_id: W, email: 'ken@example.org' },
    );
    expect(after.map((i) => [i.id, i.status, i.is_expired])).toEqual([[EXPIRED, 'pending', true]]);
  });

  test('the sandbox itself answers 200 to a resend of an expired invite and does not extend it', async () => {
    const invite = sandbox.state.invites.find((i) => i.id === EXPIRED);
    const until = invite?.valid_until;
    const response = await fetch(`${sandbox.baseUrl}/open/workspaces/${W}/invites/${EXPIRED}/resend`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.tokens.admin}`, Accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ type: 'success', message: 'Invite email resent successfully.' });
    expect(invite?.valid_until).toBe(until);
    expect(invite?.sent).toBe(2);
  });

  test('find_invite with read abilities only: an admin, so the 403 names workspaces-write', async () => {
    const error = await failure(
      on(
        'searches.find_invite.operation.perform',
        { workspace_id: W, email: 'barbara@example.org' },
        'readonly',
      ),
    );
    expect(error).toEqual({
      name: 'AppError',
      code: 'forbidden',
      status: 403,
      message: ADMIN_WITHOUT_WRITE,
    });
  });
});

describe('POST /open/workspaces/{id}/users/add (sandbox, as recorded in team--add-user)', () => {
  const add = (body: unknown, token: TokenName = 'admin', s: Sandbox = sandbox) =>
    call(s, 'POST', `/open/workspaces/${W}/users/add`, { body, token });

  test('an existing user is added at once; again, "already in workspace" and the role is unchanged', async () => {
    expect(await add({ email: 'edsger@example.org', role: 'user' })).toMatchObject({
      status: 200,
      json: { type: 'success', message: 'User has been successfully added to workspace.' },
    });
    expect(await add({ email: 'edsger@example.org', role: 'admin' })).toMatchObject({
      status: 200,
      json: { type: 'success', message: 'User is already in workspace.' },
    });
    expect(sandbox.state.workspaces.find((w) => w.id === W)?.members).toContainEqual({
      userId: 4,
      role: 'user',
    });
  });

  test('an unknown email (or a known one in another case) becomes an invite; again is 400', async () => {
    const invited = await add({ email: 'EDSGER@EXAMPLE.ORG', role: 'readonly' });
    expect(invited).toMatchObject({
      status: 200,
      json: {
        type: 'success',
        message: 'Registration invitation email sent to user.',
        invite: { email: 'EDSGER@EXAMPLE.ORG', role: 'readonly', workspace_id: W, id: expect.any(Number) },
      },
    });
    expect(invited.json.invite.valid_until).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(await add({ email: 'EDSGER@EXAMPLE.ORG', role: 'readonly' })).toMatchObject({
      status: 400,
      json: { type: 'error', message: 'User has already been invited.' },
    });
    const list = await call(sandbox, 'GET', `/open/workspaces/${W}/invites`);
    const row = list.json.find((i: { id: number }) => i.id === invited.json.invite.id);
    expect(row.valid_until).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  test('self-hosted without a licence: a brand-new email is 403; an existing account in another case passes', async () => {
    const selfHosted = await startSandbox({ submissions: 1, largeFormSubmissions: 1, selfHosted: true });
    try {
      expect(await add({ email: 'brand-new@example.org', role: 'user' }, 'admin', selfHosted)).toMatchObject({
        status: 403,
        json: {
          message: 'Enterprise license is required to add more than 2 users to a self-hosted instance.',
        },
      });
      expect((await add({ email: 'EDSGER@example.org', role: 'user' }, 'admin', selfHosted)).status).toBe(
        200,
      );
    } finally {
      await selfHosted.close();
    }
  });

  test('refusals: a non-admin or a token without workspaces-write, an invalid role, no email', async () => {
    for (const token of ['member', 'readonly'] as const)
      expect(await add({ email: 'edsger@example.org', role: 'user' }, token)).toMatchObject({
        status: 403,
        json: { message: NOT_ADMIN },
      });
    expect(await add({ email: 'edsger@example.org', role: 'owner' })).toMatchObject({
      status: 422,
      json: { message: 'The selected role is invalid.', errors: { role: ['The selected role is invalid.'] } },
    });
    expect(await add({ role: 'user' })).toMatchObject({
      status: 422,
      json: { errors: { email: ['The email field is required.'] } },
    });
  });
});

/**
 * 403s tell the token's abilities (fixed only by a new token) from the connected user's role and
 * membership (fixed only by a workspace admin). OpnForm's sentences differ (recorded:
 * `limits--abilities-403`): "Invalid ability provided." (the /external routes' ability check) needs
 * nothing more; "This action is unauthorized." and "You need to be an admin..." (policies) are
 * explained by one `GET /open/workspaces` sent after the 403 (never on the success path).
 */
import nock from 'nock';
import { forbiddenMessage } from '../../src/http/failures';
import { failure, op, run, type StepPath } from '../helpers/app';
import { eitherCause } from '../helpers/forbidden';
import { api, recorded, recordedScope } from '../helpers/recorded';

const limits = recorded('limits--abilities-403');
/** The recorded `GET /open/workspaces` of the main user: workspace 6 "Zapier WS (corpus)", admin. */
const ownWorkspaces = recorded('forms--list-workspaces').exchange(0).response.body as Array<
  Record<string, unknown>
>;

/** The same list as another user sees it, in the given role (`is_admin`/`is_readonly`/`pivot.role`). */
const asRole = (role: 'admin' | 'user' | 'readonly') =>
  ownWorkspaces.map((w) => ({
    ...w,
    is_admin: role === 'admin',
    is_readonly: role === 'readonly',
    pivot: { ...(w.pivot as object), role },
  }));

const standing = (body: unknown) =>
  api()
    .get('/open/workspaces')
    .reply(200, body as nock.Body);

const NEW_TOKEN_IT =
  "A token's abilities cannot be changed: create a new token with it ticked in OpnForm (Settings > Access " +
  'Tokens) and reconnect.';

afterEach(() => nock.cleanAll());

/** Runs a step whose request is refused, then checks that the refusal and the standing were both asked. */
const refusedThen = async (
  refused: nock.Scope,
  roles: nock.Scope,
  key: StepPath,
  input: Record<string, unknown>,
) => {
  const error = await failure(run(op(key), input));
  expect(refused.isDone() && roles.isDone()).toBe(true);
  return error;
};

test('a read-only member (recorded readonly-member 403 on the invites) is told their role, not to make a token', async () => {
  const error = await refusedThen(
    recordedScope(limits.exchange(37)),
    standing(asRole('readonly')),
    'triggers.invite_list.operation.perform',
    { workspace_id: 6 },
  );
  expect(error).toEqual({
    name: 'AppError',
    code: 'forbidden',
    status: 403,
    message:
      'OpnForm refused this step (403): "This action is unauthorized." The connected user is a read-only member ' +
      'of the workspace "Zapier WS (corpus)". This step needs an admin of the workspace "Zapier WS (corpus)": ask ' +
      "an admin of it to make the connected user an admin, or connect an admin's account. A new token does not help.",
  });
});

test.each([
  {
    who: 'a read-only member on a form route (recorded readonly-member 403 on the integrations) is told the role',
    refused: () => recordedScope(limits.exchange(35)),
    list: () => standing(asRole('readonly')),
    key: 'triggers.webhook_integration_list.operation.perform' as const,
    input: { workspace_id: 6, form_id: 13 },
    message:
      'OpnForm refused this step (403): "This action is unauthorized." The connected user is a read-only member of ' +
      'the workspace "Zapier WS (corpus)". This step needs a role that may change things ("user" or "admin"): ask ' +
      'an admin of the workspace "Zapier WS (corpus)" to change the connected user\'s role. A new token does not help.',
  },
  {
    who: 'a member who is not an admin (recorded member 403) is told to ask an admin',
    refused: () => recordedScope(recorded('team--invites').exchange(12)),
    list: () => standing(asRole('user')),
    key: 'triggers.invite_list.operation.perform' as const,
    input: { workspace_id: 6 },
    message:
      'OpnForm refused this step (403): "This action is unauthorized." The connected user is a member with the ' +
      '"user" role of the workspace "Zapier WS (corpus)". This step needs an admin of the workspace "Zapier WS ' +
      '(corpus)": ask an admin of it to make the connected user an admin, or connect an admin\'s account. A new ' +
      'token does not help.',
  },
  {
    who: "an outsider (recorded 403 on another user's workspace 9) is told they are not a member",
    refused: () => recordedScope(recorded('team--list-users').exchange(2)),
    list: () => standing(ownWorkspaces),
    key: 'triggers.member_list.operation.perform' as const,
    input: { workspace_id: 9 },
    message:
      'OpnForm refused this step (403): "This action is unauthorized." The connected user is not a member of ' +
      "workspace 9. Ask an admin of that workspace to invite them, or choose one of the connected user's " +
      'workspaces. A new token does not help.',
  },
])('$who', async ({ refused, list, key, input, message }) => {
  const error = await refusedThen(refused(), list(), key, input);
  expect(error.message).toBe(message);
});

test('an admin whose token lacks workspaces-write (recorded policy 403): the role is fine, so the ability is named (the list is read by the guard, then after the 403)', async () => {
  const error = await refusedThen(
    recordedScope(recorded('team--remove-user').exchange(2)),
    api()
      .get('/open/workspaces')
      .times(2)
      .reply(200, ownWorkspaces as nock.Body),
    'creates.remove_member.operation.perform',
    { workspace_id: 6, user_id: 9 },
  );
  expect(error.message).toBe(
    'OpnForm refused this step (403): "This action is unauthorized." The connected user\'s role in the workspace ' +
      `"Zapier WS (corpus)" (admin) allows this step, so the access token lacks the "workspaces-write" ability. ${NEW_TOKEN_IT}`,
  );
});

test('"Invalid ability provided." (recorded, /external) names the ability at once: no second request', async () => {
  const refused = recordedScope(limits.exchange(0));
  const error = await failure(run(op('triggers.workspace_list.operation.perform')));
  expect(refused.isDone()).toBe(true);
  expect(nock.pendingMocks()).toEqual([]);
  expect(error).toEqual({
    name: 'AppError',
    code: 'forbidden',
    status: 403,
    message: `OpnForm refused this step (403): "Invalid ability provided." The access token lacks the "workspaces-read" ability this step needs. ${NEW_TOKEN_IT}`,
  });
});

test('a token without workspaces-read cannot even learn the standing: the missing abilities are named', async () => {
  const error = await refusedThen(
    recordedScope(limits.exchange(22)),
    recordedScope(limits.exchange(5)),
    'triggers.invite_list.operation.perform',
    { workspace_id: 6 },
  );
  expect(error.message).toBe(
    'OpnForm refused this step (403): "This action is unauthorized." The access token lacks the "workspaces-read" ' +
      'ability (it cannot even list the connected user\'s workspaces); this step needs the "workspaces-write" ' +
      "ability. A token's abilities cannot be changed: create a new token with them ticked in OpnForm (Settings > " +
      'Access Tokens) and reconnect.',
  );
});

test('when the standing cannot be learned (the list fails), the 403 names both possible causes', async () => {
  const error = await refusedThen(
    recordedScope(limits.exchange(22)),
    api().get('/open/workspaces').reply(500, { message: 'Server Error' }),
    'triggers.invite_list.operation.perform',
    { workspace_id: 6 },
  );
  expect(error).toEqual({
    name: 'AppError',
    code: 'forbidden',
    status: 403,
    message: eitherCause('This action is unauthorized.', 'workspaces-write', 'not an admin of the workspace'),
  });
});

test('another 403 sentence (a self-hosted licence limit) is shown as OpnForm said it, blaming neither', async () => {
  const refused = api().get('/open/workspaces/6/users').reply(403, {
    message: 'Enterprise license is required to add more than 2 users to a self-hosted instance.',
  });
  const error = await failure(run(op('triggers.member_list.operation.perform'), { workspace_id: 6 }));
  expect(refused.isDone()).toBe(true);
  expect(error.message).toBe(
    'OpnForm refused this step (403): "Enterprise license is required to add more than 2 users to a self-hosted ' +
      'instance." Check the workspace\'s plan and settings in OpnForm.',
  );
});

describe('form steps (the request names no workspace)', () => {
  const need = { thing: 'form' as const, abilities: ['forms-write' as const] };
  const said = { message: 'This action is unauthorized.' };

  test('read-only in some workspaces: both causes, the read-only workspaces named', () => {
    const memberships = [
      { id: 6, name: 'Sales', role: 'admin' as const },
      { id: 7, name: 'Support', role: 'readonly' as const },
    ];
    expect(forbiddenMessage(said, need, { kind: 'memberships', memberships })).toBe(
      'OpnForm refused this step (403): "This action is unauthorized." Either the access token lacks the ' +
        '"forms-write" ability (then create a new token with it ticked in OpnForm, Settings > Access Tokens, and ' +
        'reconnect), or the form belongs to a workspace the connected user is not a member of or a workspace where ' +
        'the connected user is read-only ("Support") (then ask an admin of that workspace; a new token does not help).',
    );
  });

  test('read-only in every workspace: the role is named', () => {
    const memberships = [{ id: 7, name: 'Support', role: 'readonly' as const }];
    expect(forbiddenMessage(said, need, { kind: 'memberships', memberships })).toBe(
      'OpnForm refused this step (403): "This action is unauthorized." The connected user is a read-only member of ' +
        'the workspace "Support". This step needs a role that may change things ("user" or "admin"): ask an admin ' +
        'of the workspace "Support" to change the connected user\'s role. A new token does not help.',
    );
  });
});

/**
 * Issue 19, point 5: a form route names no workspace, and a real user is nearly always an admin of a
 * workspace of their own (OpnForm gives every user one: `team--leave` #6) besides the team workspace
 * where they may be read-only. The error path reads the form's workspace (one `GET /open/forms/{id}`,
 * quiet: it holds the form's password), so the message names the one cause instead of two.
 */
describe('form routes: the form read on the error path names the workspace', () => {
  const FORM_13 = recorded('forms--get-form').find('GET', '/open/forms/13', 200).response.body as object;
  const FORM_6 = recorded('forms--update-form').find('GET', '/open/forms/6', 200).response.body as object;
  /** A personal workspace as OpnForm creates it (recorded: "My Workspace", admin). */
  const personal = (recorded('team--leave').exchange(6).response.body as object[])[0] as object;
  const readonlyMember = () => standing([personal, ...asRole('readonly')]);
  const formRead = (id: number, body: object) =>
    api()
      .get(`/open/forms/${id}`)
      .reply(200, body as nock.Body);
  /** Update Submission's reads before its PUT: the form and the first page holding submission 1049. */
  const updateReads = () => [
    formRead(13, FORM_13),
    recordedScope(recorded('submissions--update').exchange(0), { query: { page: '1', per_page: '100' } }),
  ];
  const UPDATE_INPUT = {
    workspace_id: 6,
    form_id: 13,
    submission_id: 1049,
    'answer__b25602d4-a4c4-4d85-b359-f75cd6520fee': 'x',
  };

  test('Update Submission by a read-only member (recorded readonly-member PUT 403): the role, not a new token', async () => {
    const scopes = [
      ...updateReads(),
      recordedScope(limits.exchange(32), { body: () => true }),
      readonlyMember(),
      formRead(13, FORM_13),
    ];
    const error = await failure(run(op('creates.update_submission.operation.perform'), UPDATE_INPUT));
    expect(scopes.map((s) => s.isDone())).toEqual([true, true, true, true, true]);
    expect(error).toEqual({
      name: 'AppError',
      code: 'forbidden',
      status: 403,
      message:
        'OpnForm refused this step (403): "This action is unauthorized." The connected user is a read-only ' +
        'member of the workspace "Zapier WS (corpus)". This step needs a role that may change things ("user" or ' +
        '"admin"): ask an admin of the workspace "Zapier WS (corpus)" to change the connected user\'s role. A new ' +
        'token does not help.',
    });
  });

  test('Delete Submission by an admin whose token lacks forms-write (recorded): the role allows it, so the ability', async () => {
    const scopes = [
      formRead(6, FORM_6), // the step's own read (is the form in the chosen workspace?)
      recordedScope(recorded('submissions--delete').exchange(1)),
      standing(ownWorkspaces),
      formRead(6, FORM_6),
    ];
    const error = await failure(
      run(op('creates.delete_submission.operation.perform'), {
        workspace_id: 6,
        form_id: 6,
        submission_id: 2063,
      }),
    );
    expect(scopes.map((s) => s.isDone())).toEqual([true, true, true, true]);
    expect(error.message).toBe(
      'OpnForm refused this step (403): "This action is unauthorized." The connected user\'s role in the workspace ' +
        `"Zapier WS (corpus)" (admin) allows this step, so the access token lacks the "forms-write" ability. ${NEW_TOKEN_IT}`,
    );
  });

  test('a new hook (body names the form) by a read-only member (recorded readonly-member 403): the role', async () => {
    const scopes = [
      formRead(13, FORM_13), // the step's own read (the form in the chosen workspace), then the hook
      recordedScope(limits.exchange(33), { body: () => true }),
      readonlyMember(),
      formRead(13, FORM_13),
    ];
    const error = await failure(
      run(
        op('triggers.new_submission.operation.performSubscribe'),
        { workspace_id: 6, form_id: 13 },
        {
          targetUrl: 'https://hooks.zapier.com/hooks/standard/1/abc',
        },
      ),
    );
    expect(scopes.map((s) => s.isDone())).toEqual([true, true, true, true]);
    expect(error.message).toMatch(
      /^OpnForm refused this step \(403\): "This action is unauthorized\." The connected user is a read-only member of the workspace "Zapier WS \(corpus\)"\./,
    );
  });

  test('the form read refused too (403): both causes, the read-only workspace named', async () => {
    const scopes = [
      ...updateReads(),
      recordedScope(limits.exchange(32), { body: () => true }),
      readonlyMember(),
      api().get('/open/forms/13').reply(403, { message: 'This action is unauthorized.' }),
    ];
    const error = await failure(run(op('creates.update_submission.operation.perform'), UPDATE_INPUT));
    expect(scopes.map((s) => s.isDone())).toEqual([true, true, true, true, true]);
    expect(error.message).toBe(
      'OpnForm refused this step (403): "This action is unauthorized." Either the access token lacks the ' +
        '"forms-write" ability (then create a new token with it ticked in OpnForm, Settings > Access Tokens, and ' +
        'reconnect), or the form belongs to a workspace the connected user is not a member of or a workspace where ' +
        'the connected user is read-only ("Zapier WS (corpus)") (then ask an admin of that workspace; a new token ' +
        'does not help).',
    );
  });

  test('a refused form read is not read again: the workspaces only (recorded 403 without forms-read)', async () => {
    const unmatched: string[] = [];
    const record = (req: { method: string; path: string }) => unmatched.push(`${req.method} ${req.path}`);
    nock.emitter.on('no match', record);
    try {
      const scopes = [
        recordedScope(recorded('forms--get-form').exchange(6)),
        standing([personal, ...asRole('readonly')]),
      ];
      const error = await failure(run(op('creates.update_submission.operation.perform'), UPDATE_INPUT));
      expect(scopes.map((s) => s.isDone())).toEqual([true, true]);
      expect(unmatched).toEqual([]);
      expect(error.message).toMatch(
        /^OpnForm refused this step \(403\): "This action is unauthorized\." Either /,
      );
    } finally {
      nock.emitter.removeListener('no match', record);
    }
  });
});

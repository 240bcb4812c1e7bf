import type nock from 'nock';
import { failure, op, run } from '../../helpers/app';
import { recorded, recordedScope } from '../../helpers/recorded';
import { api } from '../../helpers/scopes';
import {
  ALREADY_ACCEPTED,
  CANCEL_NOT_FOUND,
  FORBIDDEN,
  NOT_ADMIN,
  INVITE_NOT_FOUND as NOT_FOUND,
  UNAUTHORIZED,
} from '../fixtures';

const steps = [
  {
    key: 'resend_invite' as const,
    method: 'post' as const,
    path: '/open/workspaces/7/invites/71/resend',
    flag: 'resent',
    fallback: 'Invite email resent.',
  },
  {
    key: 'cancel_invite' as const,
    method: 'delete' as const,
    path: '/open/workspaces/7/invites/71/cancel',
    flag: 'cancelled',
    fallback: 'Invite cancelled.',
  },
];

/** What both steps add to their output from the invite list: whose invite it was. */
const GRACE = { email: 'grace@example.org', role: 'user', valid_until: '2099-06-03T10:00:00+00:00' };

describe.each(steps)('$key', ({ key, method, path, flag, fallback }) => {
  const perform = op(`creates.${key}.operation.perform`);
  const input = { workspace_id: '7', invite_id: '71' };
  /**
   * Both read the invites first (a resend refuses an expired one; a cancel outputs whose invite it
   * was): here invite 71 is pending and valid, so the write is sent.
   */
  const reply = (status: number, body?: nock.Body) => {
    const scope = api();
    scope.get('/open/workspaces/7/invites').reply(200, [
      {
        id: 71,
        workspace_id: 7,
        email: 'grace@example.org',
        role: 'user',
        status: 'pending',
        valid_until: '2099-06-03 10:00:00',
      },
    ]);
    return scope[method](path).reply(status, body);
  };

  test('spec: 200 {message}', async () => {
    const scope = reply(200, { message: 'Done by the server.' });
    await expect(run(perform, input)).resolves.toEqual({
      id: 71,
      workspace_id: 7,
      [flag]: true,
      message: 'Done by the server.',
      ...GRACE,
    });
    expect(scope.isDone()).toBe(true);
  });

  test('real server: 200 {type, message}', async () => {
    const scope = reply(200, { type: 'success', message: 'Done by the real server.' });
    await expect(run(perform, { workspace_id: 7, invite_id: 71 })).resolves.toEqual({
      id: 71,
      workspace_id: 7,
      [flag]: true,
      message: 'Done by the real server.',
      ...GRACE,
    });
    expect(scope.isDone()).toBe(true);
  });

  test('an answer without a message still says what happened', async () => {
    reply(200, {});
    await expect(run(perform, input)).resolves.toEqual({
      id: 71,
      workspace_id: 7,
      [flag]: true,
      message: fallback,
      ...GRACE,
    });
  });

  test.each([
    ['real server 400', 400, { type: 'error', success: false, message: 'Invite already accepted.' }],
    [
      'spec validation body 422',
      422,
      { message: 'The given data was invalid.', errors: { invite: ['Invite already accepted.'] } },
    ],
    [
      '400 validation format',
      400,
      { message: 'Invite already accepted.', errors: { invite: ['Invite already accepted.'] } },
    ],
    ['409 without the final period, other case', 409, { message: 'invite already accepted' }],
  ])(
    'already accepted (%s) -> a halt (routine: the person is a member), not an error',
    async (_why, status, body) => {
      const scope = reply(status, body);
      const error = await failure(run(perform, input));
      expect(error).toEqual({ name: 'HaltedError', message: ALREADY_ACCEPTED });
      expect(scope.isDone()).toBe(true);
    },
  );

  test.each([
    [
      'real server 400',
      400,
      { type: 'error', success: false, message: 'Invite not found for this workspace.' },
    ],
    ['404', 404, { message: 'Invite not found for this workspace.' }],
    ['422', 422, { message: 'Invalid.', errors: { invite_id: ['Invite not found for this workspace.'] } }],
  ])(
    'not found for this workspace (%s): resend errors, cancel halts (already gone)',
    async (_why, status, body) => {
      const scope = reply(status, body);
      const error = await failure(run(perform, input));
      expect(error).toEqual(
        key === 'cancel_invite'
          ? { name: 'HaltedError', message: CANCEL_NOT_FOUND }
          : { name: 'AppError', code: 'not_found', status, message: NOT_FOUND },
      );
      expect(scope.isDone()).toBe(true);
    },
  );

  test('a bare 404 keeps the generic invite wording', async () => {
    reply(404, { message: '' });
    const error = await failure(run(perform, input));
    expect(error).toEqual({
      name: 'AppError',
      code: 'not_found',
      status: 404,
      message: 'Invite not found in OpnForm (404). Check that the invite still exists in that workspace.',
    });
  });

  test('another 400 sentence is shown as OpnForm said it', async () => {
    reply(400, { type: 'error', message: 'Something else went wrong.' });
    const error = await failure(run(perform, input));
    expect(error).toEqual({
      name: 'AppError',
      code: 'validation_failed',
      status: 400,
      message: 'OpnForm rejected the request (400): Something else went wrong.',
    });
  });

  test('a partial sentence is not taken for a known failure', async () => {
    reply(400, { message: 'Invite already accepted by someone else? No.' });
    const error = await failure(run(perform, input));
    expect(error.code).toBe('validation_failed');
  });

  test.each([
    ['not an admin', NOT_ADMIN],
    ['missing ability', UNAUTHORIZED],
  ])('403 (%s) names the write ability and admin rights', async (_why, said) => {
    api().get('/open/workspaces/7/invites').reply(403, { message: said });
    const error = await failure(run(perform, input));
    expect(error).toEqual({
      name: 'AppError',
      code: 'forbidden',
      status: 403,
      message: FORBIDDEN.manage(said),
    });
  });

  test('a 403 that happens to carry a known sentence stays a 403', async () => {
    api().get('/open/workspaces/7/invites').reply(403, { message: 'Invite already accepted.' });
    const error = await failure(run(perform, input));
    expect(error.code).toBe('forbidden');
  });

  test('an invite that is not an id is refused before any request', async () => {
    const error = await failure(run(perform, { workspace_id: 7, invite_id: 'grace@example.org' }));
    expect(error.message).toBe(
      'Invalid input: Invite (invite_id) must be a whole number (an OpnForm id), got "grace@example.org".',
    );
  });
});

describe('resend_invite on a real server (recorded: team--invites)', () => {
  const perform = op('creates.resend_invite.operation.perform');
  const invites = recorded('team--invites');
  /** Invites 8 (pending, valid until 2026-11-30 17:43:45 UTC), 9 (accepted), 10 (pending, expired 2026-11-21). */
  const list = invites.exchange(2);
  const INVITE_8 = (list.response.body as Array<{ id: number; email: string }>).find((i) => i.id === 8) as {
    email: string;
  };
  /** The recording's own moment (2026-11-23, 17:44 UTC): the clock is fixed, never the wall clock. */
  const RECORDED_AT = Date.parse('2026-11-23T17:44:10Z');

  beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(RECORDED_AT));
  afterEach(() => jest.restoreAllMocks());

  test('a pending, valid invite: the list, then the resend (2 requests)', async () => {
    const read = recordedScope(list);
    const resend = recordedScope(invites.exchange(3));
    await expect(run(perform, { workspace_id: 6, invite_id: 8 })).resolves.toEqual({
      id: 8,
      workspace_id: 6,
      resent: true,
      message: 'Invite email resent successfully.',
      email: INVITE_8.email,
      role: 'user',
      valid_until: '2026-11-30T17:43:45+00:00',
    });
    expect(read.isDone() && resend.isDone()).toBe(true);
  });

  test('an expired invite (still "pending" on OpnForm) halts before any resend is sent', async () => {
    const read = recordedScope(list);
    const error = await failure(run(perform, { workspace_id: 6, invite_id: 10 }));
    expect(read.isDone()).toBe(true);
    expect(error).toEqual({
      name: 'HaltedError',
      message:
        'This invite (Corpus-Spare-D0B487@Example.Test) expired on 2026-11-21 17:44 UTC, so it was not resent: ' +
        'OpnForm does not extend an invite when it resends it, and the email would carry a link that no longer ' +
        'works. Cancel it (Cancel Invite) and invite Corpus-Spare-D0B487@Example.Test again.',
    });
  });

  test('the same invite 8 once its valid_until (UTC, no offset in the list) has passed is refused', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-30T17:43:46Z'));
    const read = recordedScope(list);
    const error = await failure(run(perform, { workspace_id: 6, invite_id: 8 }));
    expect(read.isDone()).toBe(true);
    expect(error.message).toContain('expired on 2026-11-30 17:43 UTC');
  });

  test.each([
    ['accepted invite 9: a halt', 9, { name: 'HaltedError', message: ALREADY_ACCEPTED }],
    [
      'unknown invite 999999: an error',
      999999,
      { name: 'AppError', code: 'not_found', status: 404, message: NOT_FOUND },
    ],
  ])('%s, no resend sent', async (_why, id, expected) => {
    const read = recordedScope(list);
    const error = await failure(run(perform, { workspace_id: 6, invite_id: id }));
    expect(read.isDone()).toBe(true);
    expect(error).toEqual(expected);
  });

  test('a token without workspaces-write cannot read the invites (recorded 403)', async () => {
    const read = recordedScope(invites.exchange(13));
    const error = await failure(run(perform, { workspace_id: 6, invite_id: 8 }));
    expect(read.isDone()).toBe(true);
    expect(error.message).toBe(FORBIDDEN.readInvites(UNAUTHORIZED));
  });

  test('cancel of the expired invite still works (recorded 200), and says whose invite it was', async () => {
    const read = recordedScope(list);
    const cancel = recordedScope(invites.exchange(19));
    await expect(
      run(op('creates.cancel_invite.operation.perform'), { workspace_id: 6, invite_id: 10 }),
    ).resolves.toEqual({
      id: 10,
      workspace_id: 6,
      cancelled: true,
      message: 'Invite deleted successfully.',
      email: 'Corpus-Spare-D0B487@Example.Test',
      role: 'readonly',
      valid_until: '2026-11-21T17:44:09+00:00',
    });
    expect(read.isDone() && cancel.isDone()).toBe(true);
  });
});

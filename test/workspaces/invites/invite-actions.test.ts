import nock from 'nock';
import { API_HEADERS, BASE, failure, op, run } from '../../helpers/app';
import {
  ALREADY_ACCEPTED,
  FORBIDDEN,
  NOT_ADMIN,
  INVITE_NOT_FOUND as NOT_FOUND,
  UNAUTHORIZED,
} from '../fixtures';

const steps = [
  {
    key: 'resend_invite',
    method: 'post' as const,
    path: '/open/workspaces/7/invites/71/resend',
    flag: 'resent',
    fallback: 'Invite email resent.',
  },
  {
    key: 'cancel_invite',
    method: 'delete' as const,
    path: '/open/workspaces/7/invites/71/cancel',
    flag: 'cancelled',
    fallback: 'Invite cancelled.',
  },
];

describe.each(steps)('$key', ({ key, method, path, flag, fallback }) => {
  const perform = op(`creates.${key}.operation.perform`);
  const input = { workspace_id: '7', invite_id: '71' };
  const reply = (status: number, body?: nock.Body) =>
    nock(BASE, { reqheaders: API_HEADERS })[method](path).reply(status, body);

  test('spec: 200 {message}', async () => {
    const scope = reply(200, { message: 'Done by the server.' });
    await expect(run(perform, input)).resolves.toEqual({
      id: 71,
      workspace_id: 7,
      [flag]: true,
      message: 'Done by the server.',
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
  ])('already accepted (%s) -> the clear message', async (_why, status, body) => {
    reply(status, body);
    const error = await failure(run(perform, input));
    expect(error).toEqual({ name: 'AppError', code: 'conflict', status, message: ALREADY_ACCEPTED });
  });

  test.each([
    [
      'real server 400',
      400,
      { type: 'error', success: false, message: 'Invite not found for this workspace.' },
    ],
    ['404', 404, { message: 'Invite not found for this workspace.' }],
    ['422', 422, { message: 'Invalid.', errors: { invite_id: ['Invite not found for this workspace.'] } }],
  ])('not found for this workspace (%s) -> the clear message', async (_why, status, body) => {
    reply(status, body);
    const error = await failure(run(perform, input));
    expect(error).toEqual({ name: 'AppError', code: 'not_found', status, message: NOT_FOUND });
  });

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
  ])('403 (%s) names the write abilities and admin rights', async (_why, said) => {
    reply(403, { message: said });
    const error = await failure(run(perform, input));
    expect(error).toEqual({
      name: 'AppError',
      code: 'forbidden',
      status: 403,
      message: FORBIDDEN.manage(said),
    });
  });

  test('a 403 that happens to carry a known sentence stays a 403', async () => {
    reply(403, { message: 'Invite already accepted.' });
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

import { failure, op, run } from '../../helpers/app';
import { api } from '../../helpers/scopes';
import { FORBIDDEN, NOT_ADMIN, REAL_INVITES, SPEC_INVITES, UNAUTHORIZED } from '../fixtures';

const perform = op('triggers.invite_list.operation.perform');

test('invite_list (spec): pending first (newest first), labelled "email (role), status"', async () => {
  const scope = api().get('/open/workspaces/7/invites').reply(200, SPEC_INVITES);
  await expect(run(perform, { workspace_id: '7' })).resolves.toEqual([
    {
      id: 72,
      email: 'linus@example.org',
      role: 'admin',
      status: 'pending',
      valid_until: '2020-06-03T10:00:00+00:00',
      is_expired: true,
      label: 'linus@example.org (admin), pending, expired',
    },
    {
      id: 71,
      email: 'Grace@Example.org',
      role: 'user',
      status: 'pending',
      valid_until: '2099-06-03T08:00:00+00:00',
      is_expired: false,
      label: 'Grace@Example.org (user), pending',
    },
    {
      id: 70,
      email: 'old@example.org',
      role: 'user',
      status: 'accepted',
      valid_until: '2026-01-08T10:00:00+00:00',
      is_expired: false,
      label: 'old@example.org (user), accepted',
    },
  ]);
  expect(scope.isDone()).toBe(true);
});

test('invite_list (real server): the same shape, and no invite token anywhere', async () => {
  api().get('/open/workspaces/7/invites').reply(200, REAL_INVITES);
  const invites = (await run(perform, { workspace_id: 7 })) as Array<Record<string, unknown>>;
  expect(invites.map((i) => [i.id, i.label, i.valid_until])).toEqual([
    [72, 'linus@example.org (admin), pending, expired', '2020-06-03T10:00:00+00:00'],
    [71, 'grace@example.org (user), pending', '2099-06-03T10:00:00+00:00'],
    [70, 'old@example.org (user), accepted', '2026-01-08T10:00:00+00:00'],
  ]);
  expect(Object.keys(invites[0] ?? {})).toEqual([
    'id',
    'email',
    'role',
    'status',
    'valid_until',
    'is_expired',
    'label',
  ]);
  expect(JSON.stringify(invites)).not.toContain('SECRET-INVITE-TOKEN');
});

test.each([
  ['not an admin', NOT_ADMIN],
  ['missing ability', UNAUTHORIZED],
])('invite_list: 403 (%s) names workspaces-write and admin rights', async (_why, said) => {
  api().get('/open/workspaces/7/invites').reply(403, { message: said });
  const error = await failure(run(perform, { workspace_id: 7 }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'forbidden',
    status: 403,
    message: FORBIDDEN.readInvites(said),
  });
});

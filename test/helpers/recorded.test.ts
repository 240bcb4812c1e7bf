import { failure, op, run } from './app';
import { RECORDED_DIR, recorded, recordedScope } from './recorded';

test('every recording in the recordings folder parses and has exchanges', () => {
  const names = require('node:fs')
    .readdirSync(RECORDED_DIR)
    .filter((f: string) => f.endsWith('.json'));
  expect(names.length).toBeGreaterThanOrEqual(41);
  for (const name of names) expect(recorded(name).exchanges.length).toBeGreaterThan(0);
});

test('a recorded 400 answer drives a step as the real server answered', async () => {
  const ex = recorded('team--invites').find('DELETE', '/open/workspaces/6/invites/9/cancel', 400);
  const scope = recordedScope(ex);
  const error = await failure(
    run(op('creates.cancel_invite.operation.perform'), { workspace_id: 6, invite_id: 9 }),
  );
  expect(error.message).toBe(
    'This invite was already accepted, so it can no longer be resent or cancelled: the person is a member of the workspace now. To take their access away, use Remove Member.',
  );
  expect(scope.isDone()).toBe(true);
});

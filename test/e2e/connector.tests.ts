// The connector's operations against the sandbox over loopback (real HTTP, no nock scopes): what the
// sandbox's tokens and memberships change. The connection test and the dropdowns' output are in
// test/auth.test.ts, test/workspaces/workspace-list.tests.ts and test/forms/form-list.recorded.tests.ts.
import { failure } from '../helpers/app';
import { runOn, useSandbox } from './helpers';

const sandbox = useSandbox();

describe('tokens and abilities', () => {
  it('workspace_list for a member lists only their workspace', async () => {
    await expect(
      runOn(sandbox(), 'triggers.workspace_list.operation.perform', {}, 'member'),
    ).resolves.toEqual([{ id: 11, name: 'Acme Research' }]);
  });

  it('a token without workspaces-read gets 403 with the server sentence and the ability a new token needs', async () => {
    const error = await failure(
      runOn(sandbox(), 'triggers.workspace_list.operation.perform', {}, 'noAbilities'),
    );
    expect(error).toMatchObject({ name: 'AppError', code: 'forbidden', status: 403 });
    expect(error.message).toBe(
      'OpnForm refused this step (403): "Invalid ability provided." The access token lacks the "workspaces-read" ' +
        "ability this step needs. A token's abilities cannot be changed: create a new token with it ticked in " +
        'OpnForm (Settings > Access Tokens) and reconnect.',
    );
  });

  it('a user who is not a member of the workspace gets 403 "This action is unauthorized."', async () => {
    const s = sandbox();
    const error = await failure(
      runOn(s, 'triggers.form_list.operation.perform', { workspace_id: s.ids.otherWorkspaceId }, 'member'),
    );
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(error.message).toBe(
      `OpnForm refused this step (403): "This action is unauthorized." The connected user is not a member of workspace ${s.ids.otherWorkspaceId}. ` +
        "Ask an admin of that workspace to invite them, or choose one of the connected user's workspaces. A new " +
        'token does not help.',
    );
  });

  it('the read-only token can list workspaces and forms', async () => {
    const s = sandbox();
    await expect(runOn(s, 'triggers.workspace_list.operation.perform', {}, 'readonly')).resolves.toHaveLength(
      3,
    );
    await expect(
      runOn(s, 'triggers.form_list.operation.perform', { workspace_id: s.ids.workspaceId }, 'readonly'),
    ).resolves.toHaveLength(5);
  });
});

// The connector's operations against the sandbox over loopback (real HTTP, no nock scopes).
import { App, failure } from '../helpers/app';
import { runOn, useSandbox } from './helpers';

const sandbox = useSandbox();

beforeEach(() => sandbox().resetRequests());

describe('connect', () => {
  it('auth test answers the token owner with one GET /external/zapier/validate', async () => {
    await expect(runOn(sandbox(), 'authentication.test')).resolves.toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
    });
    expect(sandbox().requests()).toEqual([
      { method: 'GET', path: '/external/zapier/validate', query: '', status: 200 },
    ]);
  });

  it('auth test works for a token without abilities (validate needs none)', async () => {
    await expect(runOn(sandbox(), 'authentication.test', {}, 'noAbilities')).resolves.toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
    });
  });

  it('labels the connection "Name (email)" from the auth test', async () => {
    const me = (await runOn(sandbox(), 'authentication.test', {}, 'member')) as Record<string, string>;
    const label = String(App.authentication?.connectionLabel).replace(
      /{{(\w+)}}/g,
      (_, k: string) => me[k] ?? '',
    );
    expect(label).toBe('Grace Hopper (grace@example.org)');
  });

  it('a wrong token is refused with 401 and asks to reconnect', async () => {
    const s = sandbox();
    const error = await failure(
      runOn(s, 'authentication.test', {}, 'admin', { authData: { base_url: s.baseUrl, api_key: '9|nope' } }),
    );
    expect(error.name).toBe('ExpiredAuthError');
    expect(error.message).toBe(
      'OpnForm rejected the access token (401): it is invalid or has been revoked. Reconnect your OpnForm account with a valid token.',
    );
  });
});

describe('pick a workspace and a form', () => {
  it('workspace_list lists every workspace of the user in one request', async () => {
    await expect(runOn(sandbox(), 'triggers.workspace_list.operation.perform')).resolves.toEqual([
      { id: 11, name: 'Acme Research' },
      { id: 12, name: 'Side Project' },
      { id: 13, name: 'Old Archive' },
    ]);
    expect(sandbox().requests()).toEqual([
      { method: 'GET', path: '/external/zapier/workspaces', query: '', status: 200 },
    ]);
  });

  it('workspace_list for a member lists only their workspace', async () => {
    await expect(
      runOn(sandbox(), 'triggers.workspace_list.operation.perform', {}, 'member'),
    ).resolves.toEqual([{ id: 11, name: 'Acme Research' }]);
  });

  it('form_list lists the forms of the workspace, drafts included, labelled "title (slug)"', async () => {
    const s = sandbox();
    await expect(
      runOn(s, 'triggers.form_list.operation.perform', { workspace_id: s.ids.workspaceId }),
    ).resolves.toEqual([
      { id: 101, name: 'Customer Feedback (customer-feedback)' },
      { id: 102, name: 'Newsletter Signup (newsletter-signup)' },
      { id: 103, name: 'Empty Form (empty-form)' },
      { id: 104, name: 'Old Survey (old-survey)' },
      { id: 105, name: 'Event RSVP (event-rsvp)' },
    ]);
    expect(s.requests()).toEqual([
      { method: 'GET', path: '/external/zapier/forms', query: 'workspace_id=11', status: 200 },
    ]);
  });

  it('form_list of an unknown workspace shows the 422 field error', async () => {
    const error = await failure(
      runOn(sandbox(), 'triggers.form_list.operation.perform', { workspace_id: 999 }),
    );
    expect(error).toMatchObject({ code: 'validation_failed', status: 422 });
    expect(error.message).toBe(
      'OpnForm rejected the request (422): The selected workspace id is invalid. workspace_id: The selected workspace id is invalid.',
    );
  });
});

describe('tokens and abilities', () => {
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

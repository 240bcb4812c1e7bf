import { invokeLogged } from '../harness/invoke';
import type { Sandbox } from '../sandbox/server';
import { App, appTester, authData, BASE, failure, op, TOKEN } from './helpers/app';
import { recorded, recordedScope } from './helpers/recorded';
import { api } from './helpers/scopes';

describe('authentication', () => {
  test('fields: an optional OpnForm URL with the cloud default, and a string token (as 1.0.4) linking to the token page', () => {
    const [baseUrl, apiKey] = App.authentication?.fields ?? [];
    expect(App.authentication?.type).toBe('custom');
    // optional: a connection made by 1.0.4 holds only api_key, and Zapier never asks it for base_url
    expect(baseUrl).toMatchObject({
      key: 'base_url',
      label: 'OpnForm URL',
      default: 'https://api.opnform.com',
      required: false,
    });
    expect(baseUrl?.helpText).toContain('Leave https://api.opnform.com (or empty) for OpnForm Cloud.');
    expect(baseUrl?.helpText).toContain('Self-hosted OpnForm: enter your own API URL');
    // 1.0.4's type: a change would be a promotion guardrail (scripts/breaking-change.ts)
    expect(apiKey).toMatchObject({ key: 'api_key', type: 'string', required: true });
    expect(apiKey?.helpText).toContain('https://opnform.com/home?user-settings=access-tokens');
    expect(apiKey?.helpText).toContain(
      'workspaces-read, workspaces-write, forms-read, forms-write, manage-integrations',
    );
  });

  test('the test calls /external/zapier/validate and returns name and email for the label', async () => {
    const scope = api()
      .get('/external/zapier/validate')
      .reply(200, { name: 'Ada Lovelace', email: 'ada@example.org', extra: 'x' });
    const result = await appTester(op('authentication.test'), { authData });
    expect(result).toEqual({ name: 'Ada Lovelace', email: 'ada@example.org' });
    expect(scope.isDone()).toBe(true);
    expect(App.authentication?.connectionLabel).toBe('{{name}} ({{email}})');
  });

  test('works against the cloud default when base_url is left empty', async () => {
    const scope = api('https://api.opnform.com', { headers: { authorization: 'Bearer x|y' } })
      .get('/external/zapier/validate')
      .reply(200, { name: 'A', email: 'a@b.c' });
    await appTester(op('authentication.test'), { authData: { base_url: '', api_key: 'x|y' } });
    expect(scope.isDone()).toBe(true);
  });

  test('a connection made by 1.0.4 (api_key only, no base_url) is tested against OpnForm Cloud', async () => {
    const scope = api('https://api.opnform.com', { headers: { authorization: 'Bearer x|y' } })
      .get('/external/zapier/validate')
      .reply(200, { name: 'Ada Lovelace', email: 'ada@example.org' });
    await expect(appTester(op('authentication.test'), { authData: { api_key: 'x|y' } })).resolves.toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
    });
    expect(scope.isDone()).toBe(true);
  });

  test('the token, a string field as in 1.0.4, is in no log line: core and the connector hide authData by key, not by field type', async () => {
    const scope = api().get('/external/zapier/validate').reply(401, { message: 'Unauthenticated.' });
    // core's handler, as Zapier runs it (its HTTP log lines carry the request's headers)
    const outcome = await invokeLogged(
      { baseUrl: BASE, tokens: { admin: TOKEN } } as Sandbox,
      'authentication.test',
      {},
    );
    expect(scope.isDone()).toBe(true);
    expect(App.authentication?.fields?.find((f) => 'key' in f && f.key === 'api_key')).toMatchObject({
      type: 'string',
    });
    expect(outcome.logs.join('\n')).toContain('/external/zapier/validate');
    expect(outcome.logs.join('\n')).toMatch(/Authorization: :censored:/);
    expect(outcome.logs.join('\n')).not.toContain(TOKEN);
    expect(outcome.logs.join('\n')).not.toContain(TOKEN.split('|')[1]);
    expect(`${outcome.rawMessage}`).not.toContain(TOKEN.split('|')[1]);
  });

  test('a revoked token asks the user to reconnect', async () => {
    api().get('/external/zapier/validate').reply(401, { message: 'Unauthenticated.' });
    const error = await failure(appTester(op('authentication.test'), { authData }));
    expect(error.name).toBe('ExpiredAuthError');
    expect(error.message).toBe(
      'OpnForm rejected the access token (401): it is invalid or has been revoked. Reconnect your OpnForm account with a valid token.',
    );
  });

  test('recorded (external--validate): a token with no abilities still passes the test', async () => {
    const ex = recorded('external--validate').exchange(1);
    expect(ex.request.auth).toBe('main:no-abilities');
    const scope = recordedScope(ex);
    const result = await appTester(op('authentication.test'), { authData });
    expect(result).toEqual({ name: 'Zapier Tester (corpus)', email: 'corpus-10023c@example.test' });
    expect(scope.isDone()).toBe(true);
  });

  test('a 404 from a self-hosted URL without /api says the URL probably lacks /api, and which URL to use', async () => {
    const scope = api('https://forms.example.org')
      .get('/external/zapier/validate')
      .reply(404, '<!DOCTYPE html><html><body>Page not found</body></html>', { 'content-type': 'text/html' });
    const error = await failure(
      appTester(op('authentication.test'), {
        authData: { base_url: 'https://forms.example.org/', api_key: authData.api_key },
      }),
    );
    expect(scope.isDone()).toBe(true);
    expect(error).toEqual({
      name: 'AppError',
      code: 'not_found',
      status: 404,
      message:
        'OpnForm answered 404 (not found) at https://forms.example.org: the OpnForm URL probably lacks /api. ' +
        "A self-hosted OpnForm's API is usually its address followed by /api: reconnect with " +
        'https://forms.example.org/api as the OpnForm URL.',
    });
  });

  test('a 404 from a URL that already ends in /api keeps the plain wording (no /api hint)', async () => {
    const scope = api().get('/external/zapier/validate').reply(404, { message: '' });
    const error = await failure(appTester(op('authentication.test'), { authData }));
    expect(scope.isDone()).toBe(true);
    expect(error.message).toBe(
      'Account not found in OpnForm (404). Check the OpnForm URL in your connection.',
    );
  });

  test('recorded (external--validate): an unknown token gets 401 and the user is asked to reconnect', async () => {
    const scope = recordedScope(recorded('external--validate').find('GET', '/external/zapier/validate', 401));
    const error = await failure(appTester(op('authentication.test'), { authData }));
    expect(error.name).toBe('ExpiredAuthError');
    expect(scope.isDone()).toBe(true);
  });
});

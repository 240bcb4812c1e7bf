import { Readable } from 'node:stream';
import nock from 'nock';
import { type Bundle, createAppTester, version as platformVersion, type ZObject } from 'zapier-platform-core';
import { Absent, opnform } from '../../src/http/client';
import { path } from '../../src/http/path';
import { MessageReply } from '../../src/schemas/common';
import { LegacyWorkspaces } from '../../src/schemas/workspaces';
import { BASE, failure, run, TOKEN } from '../helpers/app';
import { api, apiJson } from '../helpers/scopes';

const listWorkspaces = (z: ZObject, bundle: Bundle) =>
  opnform(z, bundle).get(path`/external/zapier/workspaces`, {
    need: { thing: 'workspace', abilities: ['workspaces-read'] },
    schema: LegacyWorkspaces(),
  });

const resendInvite = (z: ZObject, bundle: Bundle) =>
  opnform(z, bundle).post(path`/open/workspaces/${7}/invites/${71}/resend`, {
    need: { thing: 'invite', abilities: ['workspace-users-write', 'workspaces-write'], role: 'admin' },
    schema: MessageReply(),
  });

describe('requests', () => {
  test('joins the base path, sends the bearer token, JSON accept and the User-Agent; no token in the URL', async () => {
    const scope = api(BASE, { headers: { 'user-agent': /^opnform-zapier\/1\.1\.0 / } })
      .get('/external/zapier/workspaces')
      .reply(200, [{ id: 7, name: 'Marketing', extra: true }]);
    const seenUrls: string[] = [];
    nock.emitter.on('no match', (req: { path?: string }) => seenUrls.push(String(req.path)));
    await expect(run(listWorkspaces)).resolves.toEqual([{ id: 7, name: 'Marketing', extra: true }]);
    expect(scope.isDone()).toBe(true);
    expect(seenUrls).toEqual([]);
  });

  test('a body is sent as JSON with its content type', async () => {
    const scope = apiJson().put('/open/forms/5/submissions/9', { a: 1 }).reply(200, { message: 'ok' });
    await run((z, bundle) =>
      opnform(z, bundle).put(path`/open/forms/${5}/submissions/${9}`, {
        need: { thing: 'submission', abilities: ['forms-write'] },
        body: { a: 1 },
        schema: MessageReply(),
      }),
    );
    expect(scope.isDone()).toBe(true);
  });

  test('the token never appears in the request URL', async () => {
    let url = '';
    api()
      .get(/.*/)
      .reply(function () {
        url = this.req.path;
        return [200, []];
      });
    await run(listWorkspaces);
    expect(url).toBe('/api/external/zapier/workspaces');
    expect(url).not.toContain(TOKEN);
  });

  test('an invalid base URL stops before any request', async () => {
    const error = await failure(
      run(listWorkspaces, {}, { authData: { base_url: 'http://forms.example.org', api_key: TOKEN } }),
    );
    expect(error).toMatchObject({ code: 'invalid_base_url', status: 400 });
    expect(error.message).toContain('OpnForm URL (base_url) "http://forms.example.org" is not usable');
  });

  test('an empty token stops before any request', async () => {
    const error = await failure(run(listWorkspaces, {}, { authData: { base_url: BASE, api_key: ' ' } }));
    expect(error.message).toBe(
      'The OpnForm access token (api_key) is empty. Reconnect your OpnForm account with a personal access token.',
    );
  });
});

describe('failures become messages a user can act on', () => {
  test('401: reconnect (ExpiredAuthError)', async () => {
    api().get('/external/zapier/workspaces').reply(401, { message: 'Unauthenticated.' });
    const error = await failure(run(listWorkspaces));
    expect(error.name).toBe('ExpiredAuthError');
    expect(error.message).toBe(
      'OpnForm rejected the access token (401): it is invalid or has been revoked. Reconnect your OpnForm account with a valid token.',
    );
  });

  test('403: the server sentence, the abilities and admin rights', async () => {
    api()
      .post('/open/workspaces/7/invites/71/resend')
      .reply(403, { message: 'You need to be an admin of this workspace to do this.' });
    const error = await failure(run(resendInvite));
    expect(error).toEqual({
      name: 'AppError',
      code: 'forbidden',
      status: 403,
      message:
        'OpnForm refused this step (403): "You need to be an admin of this workspace to do this." Either the access ' +
        'token lacks the "workspace-users-write", "workspaces-write" abilities (then create a new token with them ' +
        'ticked in OpnForm, Settings > Access Tokens, and reconnect), or the connected user is not an admin of the ' +
        'workspace (then ask an admin of the workspace; a new token does not help).',
    });
  });

  test('403 "Invalid ability provided." names the ability and a new token, nothing about roles', async () => {
    api().get('/external/zapier/workspaces').reply(403, { message: 'Invalid ability provided' });
    const error = await failure(run(listWorkspaces));
    expect(error.message).toBe(
      'OpnForm refused this step (403): "Invalid ability provided." The access token lacks the "workspaces-read" ' +
        "ability this step needs. A token's abilities cannot be changed: create a new token with it ticked in " +
        'OpnForm (Settings > Access Tokens) and reconnect.',
    );
  });

  test.each([
    [
      'workspace',
      'Workspace not found in OpnForm (404). Check that the workspace still exists and that the connected user belongs to it.',
    ],
    [
      'form',
      'Form not found in OpnForm (404). Check that the form still exists and that the connected user can see it.',
    ],
    [
      'submission',
      'Submission not found in OpnForm (404). Check that the submission still exists on that form.',
    ],
    ['invite', 'Invite not found in OpnForm (404). Check that the invite still exists in that workspace.'],
    [
      'webhook integration',
      'Webhook integration not found in OpnForm (404). Check that the webhook integration still exists on that form.',
    ],
    [
      'export job',
      'Export job not found in OpnForm (404). Export jobs expire a few hours after they start; start a new export.',
    ],
  ] as const)('404 names the %s', async (thing, message) => {
    api().get('/open/x').reply(404, { message: 'No query results for model [App\\Models\\Forms\\Form] 5' });
    const error = await failure(
      run((z, bundle) =>
        opnform(z, bundle).get(path`/open/x`, { need: { thing, abilities: [] }, schema: MessageReply() }),
      ),
    );
    expect(error).toEqual({ name: 'AppError', code: 'not_found', status: 404, message });
  });

  test('422: the server message and every field error by path', async () => {
    api()
      .post('/open/workspaces/7/invites/71/resend')
      .reply(422, {
        message: 'The given data was invalid.',
        errors: {
          'data.webhook_url': ['The webhook url must be a valid HTTPS URL.'],
          'data.webhook_secret': ['Too short.', 'Must be text.'],
        },
      });
    const error = await failure(run(resendInvite));
    expect(error).toEqual({
      name: 'AppError',
      code: 'validation_failed',
      status: 422,
      message:
        'OpnForm rejected the request (422): The given data was invalid. data.webhook_url: The webhook url must be ' +
        'a valid HTTPS URL.; data.webhook_secret: Too short. Must be text.',
    });
  });

  test('400 with a {type, message} body keeps the message', async () => {
    api()
      .post('/open/workspaces/7/invites/71/resend')
      .reply(400, { type: 'error', success: false, message: 'Invite already accepted.' });
    const error = await failure(run(resendInvite));
    expect(error.message).toBe('OpnForm rejected the request (400): Invite already accepted.');
  });

  test('402: the plan that is needed', async () => {
    api().get('/external/zapier/workspaces').reply(402, {
      message: 'Partial submissions are a Pro feature.',
      feature: 'partial_submissions',
      required_tier: 'pro',
      current_tier: 'free',
    });
    const error = await failure(run(listWorkspaces));
    expect(error.message).toBe(
      'OpnForm refused this step (402): Partial submissions are a Pro feature. It needs the pro plan (the workspace is on free).',
    );
  });

  test('429: ThrottledError honouring Retry-After', async () => {
    api()
      .get('/external/zapier/workspaces')
      .reply(429, { message: 'Too Many Attempts.' }, { 'Retry-After': '37' });
    const error = await failure(run(listWorkspaces));
    expect(error).toEqual({
      name: 'ThrottledError',
      message: 'OpnForm rate limit reached (429 Too Many Requests). Zapier will retry later.',
      delay: 37,
    });
  });

  test('429 without Retry-After waits 60 seconds', async () => {
    api().get('/external/zapier/workspaces').reply(429, 'Too Many Attempts.');
    expect((await failure(run(listWorkspaces))).delay).toBe(60);
  });

  test.each([500, 502, 503])('%i: a temporary failure', async (status) => {
    api().get('/external/zapier/workspaces').reply(status, '<html>oops</html>');
    const error = await failure(run(listWorkspaces));
    expect(error).toEqual({
      name: 'AppError',
      code: 'server_error',
      status,
      message: `OpnForm had a temporary problem (HTTP ${status}). Try again in a few minutes; if it keeps happening, check the status of your OpnForm server.`,
    });
  });

  test('a non-JSON body where JSON was expected points at the URL', async () => {
    api()
      .get('/external/zapier/workspaces')
      .reply(200, '<!doctype html><p>OpnForm</p>', { 'Content-Type': 'text/html' });
    const error = await failure(run(listWorkspaces));
    expect(error).toMatchObject({ code: 'bad_response', status: 200 });
    expect(error.message).toBe(
      'OpnForm sent an answer that is not JSON (text/html) for this workspace request. Check the OpnForm URL in ' +
        'your connection: it must be the API address, not the web app (self-hosted servers usually serve the API ' +
        'under /api). If the URL is right, OpnForm may be having a temporary problem.',
    );
  });

  test('a wrong shape fails with the path of the problem', async () => {
    api().get('/external/zapier/workspaces').reply(200, { data: [] });
    const error = await failure(run(listWorkspaces));
    expect(error.message).toBe(
      'OpnForm sent an unexpected answer for this workspace request (expected array, got an object). Check that ' +
        'the OpnForm URL points at an OpnForm API; if it does, the server may be a version this connector does not support yet.',
    );
  });

  test('a redirect is not followed', async () => {
    api().get('/external/zapier/workspaces').reply(302, '', { Location: 'https://opnform.com/login' });
    const error = await failure(run(listWorkspaces));
    expect(error.message).toContain('OpnForm answered with a redirect (302) instead of data.');
  });

  test('a dropped connection is a temporary failure naming the host only', async () => {
    api()
      .get('/external/zapier/workspaces')
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    const error = await failure(run(listWorkspaces));
    expect(error).toEqual({
      name: 'AppError',
      code: 'unreachable',
      status: 503,
      message:
        'Could not reach OpnForm at forms.example.org: the connection failed (ECONNRESET). This is usually ' +
        'temporary; try again in a few minutes. If it keeps happening, check the OpnForm URL in your connection.',
    });
  });

  test('a slow answer times out with a clear message', async () => {
    process.env.OPNFORM_HTTP_TIMEOUT_MS = '200';
    try {
      api().get('/external/zapier/workspaces').delay(1000).reply(200, []);
      const error = await failure(run(listWorkspaces));
      expect(error.code).toBe('unreachable');
      expect(error.message).toContain(
        'Could not reach OpnForm at forms.example.org: it did not answer within 0.2 seconds.',
      );
    } finally {
      delete process.env.OPNFORM_HTTP_TIMEOUT_MS;
    }
  });

  test('an answer whose body stops half-way times out with the same message, the connection closed', async () => {
    process.env.OPNFORM_HTTP_TIMEOUT_MS = '200';
    try {
      // the headers and the start of the list come at once; the rest never does
      const stalled = new Readable({ read() {} });
      stalled.push('[{"id":1,');
      api().get('/external/zapier/workspaces').reply(200, stalled, { 'Content-Type': 'application/json' });
      const error = await failure(run(listWorkspaces));
      expect(error.code).toBe('unreachable');
      expect(error.message).toContain(
        'Could not reach OpnForm at forms.example.org: it did not answer within 0.2 seconds.',
      );
    } finally {
      delete process.env.OPNFORM_HTTP_TIMEOUT_MS;
    }
  });

  test('allowed statuses come back to the caller instead of failing, with the server message', async () => {
    api().delete('/external/zapier/webhook').reply(404, { message: 'No query results' });
    const reply = await run((z, bundle) =>
      opnform(z, bundle).delete(path`/external/zapier/webhook`, {
        need: { thing: 'form', abilities: ['manage-integrations'] },
        schema: MessageReply(),
        body: { hookUrl: 'https://hooks.zapier.com/1', form_id: 5 },
        statuses: { absent: [404] },
      }),
    );
    expect(reply).toStrictEqual(new Absent(404, 'No query results'));
  });

  test.each([400, 401, 402, 403, 404, 409, 422, 429, 500])(
    'a %i answer that repeats the token gives an error without it',
    async (status) => {
      const scope = api()
        .get('/external/zapier/workspaces')
        .reply(status, {
          message: `Bad token ${TOKEN}`,
          errors: { token: [`Bearer ${TOKEN}`] },
          required_tier: TOKEN,
        });
      const error = await failure(run(listWorkspaces));
      expect(scope.isDone()).toBe(true);
      expect(JSON.stringify(error)).not.toContain(TOKEN);
      expect(JSON.stringify(error)).not.toContain(TOKEN.split('|')[1]);
      if ([400, 409, 422].includes(status)) {
        expect(error.message).toBe(
          `OpnForm rejected the request (${status}): Bad token [hidden] token: Bearer [hidden]`,
        );
      }
    },
  );
});

describe('one pass from an error answer to the user error', () => {
  // An app with no afterResponse middleware of its own: the client maps every error answer itself.
  const bare = createAppTester({ version: '1.0.0', platformVersion });
  const runBare = <T>(perform: (z: ZObject, bundle: Bundle) => Promise<T>) =>
    bare(perform as never, { authData: { base_url: BASE, api_key: TOKEN }, inputData: {} } as never);

  test('a 404 gets the client message, with no app middleware in between', async () => {
    const scope = api().get('/external/zapier/workspaces').reply(404, { message: 'No query results' });
    const error = await failure(runBare(listWorkspaces));
    expect(scope.isDone()).toBe(true);
    expect(error).toEqual({
      name: 'AppError',
      message:
        'Workspace not found in OpnForm (404). Check that the workspace still exists and that the connected user belongs to it.',
      code: 'not_found',
      status: 404,
    });
  });

  test('a 429 is mapped by the client too: core does not throw its own ThrottledError first', async () => {
    const scope = api().get('/external/zapier/workspaces').reply(429, {}, { 'Retry-After': '30' });
    const error = await failure(runBare(listWorkspaces));
    expect(scope.isDone()).toBe(true);
    expect(error).toEqual({
      name: 'ThrottledError',
      message: 'OpnForm rate limit reached (429 Too Many Requests). Zapier will retry later.',
      delay: 30,
    });
  });
});

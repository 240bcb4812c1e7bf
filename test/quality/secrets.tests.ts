/**
 * Secrets under hostile answers (issue 12, H-1 and M-1), through core's own handler as Zapier runs it:
 * - a 401 (a token revoked mid-run) during every step: the error is ExpiredAuthError, and neither it
 *   nor a log line holds the token, a webhook secret or a header value (core appends the step's whole
 *   input to every error it may "contextify");
 * - a server or proxy echoing the token, the webhook secrets and header values in every client-error
 *   status the connector turns into a message (400/402/403/409/422), each in every form it can take
 *   (as is, the token's part after `|` alone, which Sanctum accepts by itself, URL-encoded, JSON-escaped
 *   as PHP writes it: `\/`): none reaches the user, in any form;
 * - every step case run against the sandbox, whose integrations carry credentials in their URLs (path,
 *   query; user and password in a Slack URL), header values, a webhook secret, another Zap's hook and a Slack URL, and a
 *   failed delivery whose message repeats its full URL: no output carries the token, a webhook secret, a
 *   header value or any part of an integration's URL but its scheme and host (docs/security.md).
 */
import nock from 'nock';
import { type StashServer, startStashServer } from '../../harness/file-storage';
import { invokeLogged } from '../../harness/invoke';
import { everyCase, runCase } from '../../harness/step-cases';
import type { Sandbox } from '../../sandbox/server';
import { useSandbox } from '../e2e/helpers';
import { BASE, TOKEN } from '../helpers/app';
import { api } from '../helpers/scopes';
import {
  afterFormRead,
  BASE_INPUT,
  CURRENT_SECRET,
  CURRENT_TOKEN_HEADER,
  FORM_ID,
  WEBHOOK_ID,
  webhookIntegration,
} from '../integrations/fixtures';

const sandbox = useSandbox();

const NEW_SECRET = 'n3w/SecretRotQ9+5gH7';
const HEADER_VALUE = 'plain/hdrvalQ7x 42';
const REVOKED = '31|revokedTokenValue0123456789abcdefghijklmnop';

/** The secrets a step with webhook inputs knows, added to every step's input. */
const SECRET_INPUT = { webhook_secret: NEW_SECRET, webhook_headers: { 'X-Team': HEADER_VALUE } };

/**
 * No secret in any form: each form of a secret keeps its longest run of letters and digits (encoding
 * and escaping change only the other characters), so none of those runs may be in what was said.
 */
const expectClean = (said: string, secrets: readonly string[]) => {
  for (const secret of secrets) {
    expect(said).not.toContain(secret);
    const core = (secret.match(/[A-Za-z0-9]+/g) ?? []).sort((a, b) => b.length - a.length)[0] ?? secret;
    expect([secret, said.includes(core)]).toEqual([secret, false]);
  }
  expect(said).not.toContain('What happened');
  expect(said).not.toContain('with bundle');
};

test.each(everyCase().map((c) => [c.name, c] as const))(
  'a 401 during %s leaks no secret',
  async (_name, c) => {
    const s = sandbox();
    s.resetRequests();
    const outcome = await invokeLogged(
      s,
      c.path,
      { ...c.inputData(s.ids), ...SECRET_INPUT },
      {
        ...c.bundle(s.ids),
        authData: { base_url: s.baseUrl, api_key: REVOKED },
      },
    );
    if (s.requests().length > 0) {
      expect(outcome.error).toMatchObject({ name: 'ExpiredAuthError' });
      expect(outcome.error?.message).toMatch(/^OpnForm rejected the access token \(401\)/);
    } else {
      // a step that sends no request (an instant trigger shaping its delivery) cannot meet a 401
      expect(outcome.error).toBeUndefined();
    }
    expectClean(JSON.stringify(outcome), [
      REVOKED,
      REVOKED.split('|')[1] as string,
      NEW_SECRET,
      HEADER_VALUE,
    ]);
  },
);

/** A secret as a server may write it back: as is, URL-encoded, JSON-escaped by PHP (`\/`). */
const forms = (secret: string) => [
  secret,
  encodeURIComponent(secret),
  encodeURIComponent(secret).replace(/%20/g, '+'),
  JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/'),
];
/** The token's part after `|`: Sanctum accepts it alone. */
const PLAIN_TOKEN = TOKEN.split('|')[1] as string;

const ECHO = (status: number) => ({
  message: `Rejected ${[TOKEN, PLAIN_TOKEN, NEW_SECRET, CURRENT_SECRET, HEADER_VALUE, CURRENT_TOKEN_HEADER]
    .flatMap(forms)
    .join(' / ')}`,
  errors: {
    'data.webhook_secret': [`The value ${NEW_SECRET} is bad (${status}).`],
    'data.webhook_headers': [`Header X-Team: ${HEADER_VALUE}; X-Custom-Key: ${CURRENT_TOKEN_HEADER}`],
    token: [`Bearer ${TOKEN}`],
  },
  required_tier: 'pro',
});

const SECRETS = [TOKEN, PLAIN_TOKEN, NEW_SECRET, CURRENT_SECRET, HEADER_VALUE, CURRENT_TOKEN_HEADER];

describe.each([400, 402, 403, 409, 422])('a server echoing every secret with %i', (status) => {
  test('on the write of Update Webhook Integration: no secret in the error or the logs', async () => {
    const s = sandbox();
    const scope = afterFormRead()
      .get(`/open/forms/${FORM_ID}/integrations`)
      .reply(200, [webhookIntegration()])
      .put(`/open/forms/${FORM_ID}/integrations/${WEBHOOK_ID}`)
      .reply(status, ECHO(status));
    const outcome = await invokeLogged(
      s,
      'creates.update_webhook_integration.operation.perform',
      { ...BASE_INPUT, ...SECRET_INPUT },
      { authData: { base_url: BASE, api_key: TOKEN } },
    );
    expect(scope.isDone()).toBe(true);
    expect(outcome.error?.code).toMatch(/^(validation_failed|payment_required|forbidden)$/);
    expect(outcome.error?.message).toContain('[hidden]');
    expectClean(JSON.stringify(outcome), SECRETS);
  });

  // one test per step: each within the test timeout on a loaded machine
  test.each(everyCase().map((c) => [c.name, c] as const))(
    'on the first read of %s: no token in the error or the logs',
    async (_name, c) => {
      const s = sandbox();
      for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
        // persist(), any path and method: each step's first request gets the echo, whichever it is; the
        // interceptors of the methods a step does not use are cleared after it (this test is about output).
        api(BASE, { headers: { accept: /application\/json/ } })
          .persist()
          .intercept(/.*/, method)
          .reply(status, ECHO(status));
      }
      const outcome = await invokeLogged(
        s,
        c.path,
        { ...c.inputData(s.ids), ...SECRET_INPUT },
        {
          ...c.bundle(s.ids),
          authData: { base_url: BASE, api_key: TOKEN },
        },
      );
      nock.cleanAll();
      // what the step knows: the token and its own inputs (no step but the webhook update reads the others)
      expectClean(JSON.stringify(outcome), [TOKEN, PLAIN_TOKEN, NEW_SECRET, HEADER_VALUE]);
    },
  );
});

/**
 * API Request with Stop on Error off gives any answer back as its output: the step's own secrets in every
 * form they can take, and the secrets OpnForm holds under their names (a webhook's secret and header
 * values), never reach the output or the log, whatever the status.
 */
describe.each([200, 400, 403, 422, 500])('API Request given a %i echoing secrets', (status) => {
  test('no secret in the output or the logs', async () => {
    const s = sandbox();
    const scope = api()
      .get('/open/forms/6/integrations')
      .reply(status, {
        message: `Echo ${[TOKEN, PLAIN_TOKEN, NEW_SECRET, HEADER_VALUE].flatMap(forms).join(' / ')}`,
        data: { webhook_secret: CURRENT_SECRET, webhook_headers: { 'X-Custom-Key': CURRENT_TOKEN_HEADER } },
      });
    const outcome = await invokeLogged(
      s,
      'creates.api_request.operation.perform',
      { method: 'GET', path: '/open/forms/6/integrations', stop_on_error: 'no', ...SECRET_INPUT },
      { authData: { base_url: BASE, api_key: TOKEN } },
    );
    expect(scope.isDone()).toBe(true);
    expect(outcome.results).toMatchObject({ status, data: { data: { webhook_secret: '********' } } });
    expectClean(JSON.stringify(outcome), SECRETS);
  });
});

/** Credentials planted in the sandbox's integrations: each a run of letters and digits found nowhere else. */
const PLANTED = {
  user: 'hookUserQ4tz',
  password: 'hookPassW8xk',
  path: 'pathSecretK3m9',
  query: 'querySecretP2v7',
  header: 'hdrValueR5ny',
  spare: 'spareSecretN6qa',
  zap: 'otherZapB7wd',
  slack: 'slackSecretC8ej',
};
// OpnForm refuses a webhook URL with a user and password (422): those are planted in another kind's URL
const FULL_URL = `https://hooks.example.com/opnform/${PLANTED.path}?sig=${PLANTED.query}`;

const plant = (s: Sandbox) => {
  const at = '2026-11-20T10:00:00.000000Z';
  const webhook = s.state.integrations.find((i) => i.id === s.ids.webhookIntegrationId);
  const spare = s.state.integrations.find((i) => i.id === s.ids.spareWebhookIntegrationId);
  if (webhook === undefined || spare === undefined) throw new Error('the seed has no webhooks to plant in');
  webhook.data = { ...webhook.data, webhook_url: FULL_URL, webhook_headers: { 'X-Team': PLANTED.header } };
  spare.data = {
    ...spare.data,
    webhook_url: `https://hooks.example.com/opnform/${PLANTED.spare}?key=${PLANTED.spare}`,
  };
  const other = {
    form_id: s.ids.formId,
    status: 'active' as const,
    logic: [],
    created_at: at,
    updated_at: at,
  };
  s.state.integrations.push(
    {
      ...other,
      id: 9001,
      integration_id: 'zapier',
      data: { hook_url: `https://hooks.zapier.com/hooks/standard/9/${PLANTED.zap}/` },
    },
    {
      ...other,
      id: 9002,
      integration_id: 'slack',
      data: {
        slack_webhook_url: `https://${PLANTED.user}:${PLANTED.password}@hooks.slack.com/services/T1/B2/${PLANTED.slack}`,
      },
    },
  );
  s.state.integrationEvents ??= [];
  s.state.integrationEvents.push({
    id: 9101,
    integration_id: webhook.id,
    status: 'error',
    data: {
      message: `cURL error 6: Could not resolve host: hooks.example.com for ${FULL_URL}`,
      status: null,
    },
    created_at: at,
  });
};

/**
 * What no output may hold after a case ran: the token, and of every integration in the sandbox then (the
 * planted ones, and any the case made from its own input) each webhook secret, header value and URL part
 * beyond scheme and host. The URL of the hook the case subscribes (its own `targetUrl`) is the Zap's own.
 */
const secretsAfter = (s: Sandbox, ownHook: unknown): string[] => {
  const found = [s.tokens.admin, s.tokens.admin.split('|')[1] as string, ...Object.values(PLANTED)];
  for (const integration of s.state.integrations) {
    const { webhook_secret: secret, webhook_headers: headers, ...rest } = integration.data;
    if (typeof secret === 'string' && secret !== '') found.push(secret);
    if (headers !== null && typeof headers === 'object') found.push(...Object.values(headers).map(String));
    for (const value of Object.values(rest)) {
      if (typeof value !== 'string' || !/^https?:\/\//i.test(value) || value === ownHook) continue;
      const url = new URL(value);
      found.push(value, `${url.host}${url.pathname}`, url.search, url.username, url.password);
      if (url.pathname.length > 1) found.push(url.pathname);
    }
  }
  return found.filter((value) => value.length >= 4);
};

describe("every step case's output", () => {
  let stash: StashServer | undefined;
  beforeAll(async () => {
    stash = await startStashServer();
    plant(sandbox());
  });
  afterAll(async () => {
    await stash?.close();
  });

  test('the planted failure is what New Failed Webhook Delivery reads (so its output is checked, not empty)', async () => {
    const c = everyCase().find((one) => one.step.key === 'new_webhook_delivery_failure');
    const run = await runCase(sandbox(), stash as StashServer, c as NonNullable<typeof c>);
    expect(run.outcome.results).toEqual([
      expect.objectContaining({
        webhook_integration_id: sandbox().ids.webhookIntegrationId,
        kind: 'webhook',
      }),
    ]);
  });

  // in the app's order, on one sandbox (as test/cases.test.ts runs them)
  test.each(everyCase().map((c) => [c.name, c] as const))(
    '%s: no token, webhook secret, header value or URL beyond scheme and host in its output',
    async (_name, c) => {
      const s = sandbox();
      const run = await runCase(s, stash as StashServer, c);
      expect(run.problem).toBeUndefined();
      const said = JSON.stringify(run.outcome.results ?? null);
      const leaked = secretsAfter(s, c.bundle(s.ids)?.targetUrl).filter((secret) => said.includes(secret));
      expect([c.name, leaked]).toEqual([c.name, []]);
    },
    60_000,
  );
});

/**
 * What Zapier's own logging keeps of the webhook steps. Core logs every request's URL, headers and
 * JSON body and every response body, scrubbing only values under "sensitive" keys: header values under
 * ordinary names and other integrations' URLs (Slack, Discord, other Zaps' hooks: credentials) would
 * pass. The integrations endpoints are therefore read and written so that core logs no body (M-2), and
 * the connector logs a masked summary itself. Checked through core's real lambda handler and logger
 * (`customLogger` receives exactly what would be sent).
 */
import App from '../../index';
import { authData, BASE, TOKEN } from '../helpers/app';
import { api } from '../helpers/scopes';
import {
  afterFormRead,
  BASE_INPUT,
  CURRENT_SECRET,
  CURRENT_TOKEN_HEADER,
  FORM_ID,
  slackIntegration,
  WEBHOOK_ID,
  webhookIntegration,
} from './fixtures';

// core's internal handler (what Zapier runs) has no type declarations
const createLambdaHandler: (
  app: unknown,
) => (event: Record<string, unknown>) => Promise<{ results: unknown }> =
  require('zapier-platform-core/src/tools/create-lambda-handler');

const NEW_SECRET = 'n3w-Secret-Rotated-5gH7';
const PLAIN_HEADER_VALUE = 'growth-team-value';
const TOKEN_HEADER_VALUE = 'tok-9f8e7d6c5b4a';

const SLACK_URL = 'https://hooks.slack.com/services/T000/B000/XXXX';

const invoke = async (method: string, inputData: Record<string, unknown>) => {
  const logs: Array<{ message: string; data: Record<string, unknown> }> = [];
  const result = await createLambdaHandler(App)({
    command: 'execute',
    method,
    bundle: { authData, inputData },
    customLogger: (message: string, data: Record<string, unknown>) => logs.push({ message, data }),
  });
  return { logs, result };
};

/** The stored integrations' credentials and URLs (fixtures) and the token: no step may log them. */
const STORED = [CURRENT_SECRET, CURRENT_TOKEN_HEADER, 'opnform-forms', SLACK_URL, 'channel=forms', TOKEN];

/** Each of `secrets` is absent from every one of `logged` (logs, a result) as JSON. */
const expectNoneIn = (secrets: string[], ...logged: unknown[]) => {
  const everything = logged.map((value) => JSON.stringify(value)).join('');
  for (const secret of secrets) expect(everything).not.toContain(secret);
};

/** The form read every webhook step sends first (is the form in the chosen workspace?). */
const FORM_READ =
  `200 GET /open/forms/${FORM_ID}: form #${FORM_ID} read (28 blocks) (bodies kept out of this log: they may ` +
  'hold webhook secrets, header values or URLs)';

test('an update logs no secret, no header value and no integration URL; a masked summary instead', async () => {
  const scope = afterFormRead()
    .get(`/open/forms/${FORM_ID}/integrations`)
    .reply(200, [webhookIntegration(), slackIntegration])
    .put(`/open/forms/${FORM_ID}/integrations/${WEBHOOK_ID}`)
    .reply(200, (_uri, body) => ({
      message: 'Form Integration was updated.',
      form_integration: { ...webhookIntegration(), ...(body as object) },
    }));
  const { logs, result } = await invoke('creates.update_webhook_integration.operation.perform', {
    ...BASE_INPUT,
    webhook_secret: NEW_SECRET,
    webhook_headers: { 'X-Team': PLAIN_HEADER_VALUE, 'X-Api-Token': TOKEN_HEADER_VALUE },
  });
  expect(scope.isDone()).toBe(true);

  const http = logs.filter((log) => log.data.request_via_client === true);
  expect(http.map((log) => log.message)).toEqual([
    `200 GET ${BASE}/open/forms/${FORM_ID}`,
    `200 GET ${BASE}/open/forms/${FORM_ID}/integrations`,
    `200 PUT ${BASE}/open/forms/${FORM_ID}/integrations/${WEBHOOK_ID}`,
  ]);
  expect(http.map((log) => [log.data.request_data ?? null, log.data.response_content])).toEqual([
    [null, '<probably streaming data>'],
    [null, '<probably streaming data>'],
    ['<streaming data>', '<probably streaming data>'],
  ]);
  expectNoneIn([...STORED, NEW_SECRET, TOKEN_HEADER_VALUE, PLAIN_HEADER_VALUE, 'T000/B000'], logs);
  const summaries = logs.filter((log) => log.data.log_type === 'console').map((log) => log.message.trim());
  expect(summaries).toEqual([
    FORM_READ,
    `200 GET /open/forms/${FORM_ID}/integrations: 2 integrations: #12 webhook https://hooks.example.com/********, ` +
      '#13 slack (bodies kept out of this log: they may hold webhook secrets, header values or URLs)',
    `200 PUT /open/forms/${FORM_ID}/integrations/${WEBHOOK_ID}: webhook integration #12 saved (status active, ` +
      'https://hooks.example.com/********, secret set, headers: X-Team, X-Api-Token) (bodies kept out of this ' +
      'log: they may hold webhook secrets, header values or URLs)',
  ]);

  expect(result.results).toMatchObject({ has_secret: true, secret_last4: '5gH7' });
  expect(JSON.stringify(result)).not.toContain(NEW_SECRET);
  expect(JSON.stringify(result)).not.toContain(PLAIN_HEADER_VALUE);
});

test('loading the webhook dropdown logs no header value and no other integration URL', async () => {
  const scope = api()
    .get(`/open/forms/${FORM_ID}/integrations`)
    .reply(200, [webhookIntegration(), slackIntegration]);
  const { logs, result } = await invoke('triggers.webhook_integration_list.operation.perform', {
    workspace_id: '7',
    form_id: String(FORM_ID),
  });
  expect(scope.isDone()).toBe(true);
  expectNoneIn(STORED, logs, result);
});

test('a create logs no secret and no header value; a masked summary instead', async () => {
  const scope = afterFormRead()
    .post(`/open/forms/${FORM_ID}/integrations`)
    .reply(200, (_uri, body) => ({
      type: 'success',
      message: 'Form Integration was created.',
      form_integration: { id: 30, form_id: FORM_ID, ...(body as object) },
    }));
  const { logs, result } = await invoke('creates.create_webhook_integration.operation.perform', {
    workspace_id: '7',
    form_id: String(FORM_ID),
    webhook_url: 'https://hooks.example.com/opnform?channel=forms',
    webhook_secret: NEW_SECRET,
    webhook_headers: { 'X-Team': PLAIN_HEADER_VALUE, 'X-Api-Token': TOKEN_HEADER_VALUE },
  });
  expect(scope.isDone()).toBe(true);
  const http = logs.filter((log) => log.data.request_via_client === true);
  expect(http.map((log) => [log.data.request_data ?? null, log.data.response_content])).toEqual([
    [null, '<probably streaming data>'],
    ['<streaming data>', '<probably streaming data>'],
  ]);
  expectNoneIn([NEW_SECRET, TOKEN, TOKEN_HEADER_VALUE, PLAIN_HEADER_VALUE, 'channel=forms'], logs, result);
  const summaries = logs.filter((log) => log.data.log_type === 'console').map((log) => log.message.trim());
  expect(summaries).toEqual([
    FORM_READ,
    `200 POST /open/forms/${FORM_ID}/integrations: webhook integration #30 created (status active, ` +
      'https://hooks.example.com/********, secret set, headers: X-Team, X-Api-Token) (bodies kept out of this ' +
      'log: they may hold webhook secrets, header values or URLs)',
  ]);
});

test('a delete logs no integration URL or credential (the list is read quietly)', async () => {
  const scope = afterFormRead()
    .get(`/open/forms/${FORM_ID}/integrations`)
    .reply(200, [webhookIntegration(), slackIntegration])
    .delete(`/open/forms/${FORM_ID}/integrations/${WEBHOOK_ID}`)
    .reply(200, { type: 'success', message: 'Form Integration was deleted.' });
  const { logs, result } = await invoke('creates.delete_webhook_integration.operation.perform', BASE_INPUT);
  expect(scope.isDone()).toBe(true);
  expectNoneIn(STORED, logs, result);
  expect(result.results).toMatchObject({ deleted: true, webhook_url: 'https://hooks.example.com/********' });
});

test('polling failed deliveries logs counts only: no failure message, URL or credential', async () => {
  const failed = {
    date: '2026-11-23 18:05',
    status: 'Error',
    data: { message: `cURL error 6: Could not resolve host for ${SLACK_URL} (${CURRENT_SECRET})` },
  };
  const scope = api()
    .get(`/open/forms/${FORM_ID}/integrations`)
    .reply(200, [webhookIntegration(), slackIntegration])
    .get(`/open/forms/${FORM_ID}/integrations/${WEBHOOK_ID}/events`)
    .reply(200, [failed])
    .get(`/open/forms/${FORM_ID}/integrations/13/events`)
    .reply(200, [failed]);
  const { logs, result } = await invoke('triggers.new_webhook_delivery_failure.operation.perform', {
    workspace_id: '7',
    form_id: String(FORM_ID),
  });
  expect(scope.isDone()).toBe(true);
  expectNoneIn([...STORED, 'T000/B000'], logs, result);
  const summaries = logs.filter((log) => log.data.log_type === 'console').map((log) => log.message.trim());
  // read in parallel: the order of the two lines is not fixed
  expect(summaries.filter((line) => line.includes('/events')).sort()).toEqual(
    [WEBHOOK_ID, 13].map(
      (id) =>
        `200 GET /open/forms/${FORM_ID}/integrations/${id}/events: 1 event, 1 failed (bodies kept out of this ` +
        'log: they may hold webhook secrets, header values or URLs)',
    ),
  );
  expect(result.results).toHaveLength(2);
});

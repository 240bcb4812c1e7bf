/**
 * What Zapier's own logging keeps of an update. Core logs every request's URL, headers and JSON body
 * and every response body, after scrubbing values that sit under "sensitive" keys (any key containing
 * secret, token, auth, password, signature, jwt, api_key/api-key/apikey, ...) plus all auth data.
 * `webhook_secret` is such a key, so the secret is censored wherever it appears in a log record.
 * Header values under ordinary names are not: this test pins both facts down through core's real
 * lambda handler and logger (with `customLogger`, which receives exactly what would be sent).
 */
import nock from 'nock';
import App from '../../index';
import { authData, BASE, TOKEN } from '../helpers/app';
import {
  BASE_INPUT,
  CURRENT_SECRET,
  CURRENT_TOKEN_HEADER,
  FORM_ID,
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

test('the secret (old and new) is censored in every log record; plain header values are logged', async () => {
  nock(BASE)
    .get(`/open/forms/${FORM_ID}/integrations`)
    .reply(200, [webhookIntegration()])
    .put(`/open/forms/${FORM_ID}/integrations/${WEBHOOK_ID}`)
    .reply(200, (_uri, body) => ({
      message: 'Form Integration was updated.',
      form_integration: { ...webhookIntegration(), ...(body as object) },
    }));
  const logs: Array<{ message: string; data: Record<string, unknown> }> = [];
  const result = await createLambdaHandler(App)({
    command: 'execute',
    method: 'creates.update_webhook_integration.operation.perform',
    bundle: {
      authData,
      inputData: {
        ...BASE_INPUT,
        webhook_secret: NEW_SECRET,
        webhook_headers: { 'X-Team': PLAIN_HEADER_VALUE, 'X-Api-Token': TOKEN_HEADER_VALUE },
      },
    },
    customLogger: (message: string, data: Record<string, unknown>) => logs.push({ message, data }),
  });

  const bodies = logs.filter((log) => log.data.request_via_client === true);
  expect(bodies.map((log) => log.message)).toEqual([
    `200 GET ${BASE}/open/forms/${FORM_ID}/integrations`,
    `200 PUT ${BASE}/open/forms/${FORM_ID}/integrations/${WEBHOOK_ID}`,
  ]);
  const everything = JSON.stringify(logs);
  for (const secret of [NEW_SECRET, CURRENT_SECRET, TOKEN, TOKEN_HEADER_VALUE]) {
    expect(everything).not.toContain(secret);
  }
  expect(bodies[1]?.data.request_data).toContain('"webhook_secret":":censored:23:');
  // Not scrubbed by core: values of headers with ordinary names (the README says so).
  expect(bodies[1]?.data.request_data).toContain(PLAIN_HEADER_VALUE);
  expect(bodies[0]?.data.response_content).toContain(CURRENT_TOKEN_HEADER);

  expect(result.results).toMatchObject({ has_secret: true, secret_last4: '5gH7' });
  expect(JSON.stringify(result)).not.toContain(NEW_SECRET);
  expect(JSON.stringify(result)).not.toContain(PLAIN_HEADER_VALUE);
});

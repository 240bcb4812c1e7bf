import { failure, op, run } from '../helpers/app';
import { formRefused } from '../helpers/forbidden';
import { formReadScope } from '../helpers/recorded';
import {
  afterFormRead,
  BASE_INPUT,
  CURRENT_SECRET,
  CURRENT_TOKEN_HEADER,
  currentData,
  FORM_ID,
  slackIntegration,
  WEBHOOK_ID,
  webhookIntegration,
} from './fixtures';

const perform = op('creates.update_webhook_integration.operation.perform');
const LIST = `/open/forms/${FORM_ID}/integrations`;
const ONE = `/open/forms/${FORM_ID}/integrations/${WEBHOOK_ID}`;
const NEW_SECRET = 'n3w-Secret-Rotated-5gH7';

/** The server answers the PUT by echoing the stored integration, as the spec and real servers do. */
const echo = (_uri: string, body: Record<string, unknown>) => ({
  type: 'success',
  message: 'Form Integration was updated.',
  form_integration: { ...webhookIntegration(), status: body.status, data: body.data },
});

/** Lists the form's integrations and records the PUT body. */
const server = (list: unknown[] = [webhookIntegration(), slackIntegration]) => {
  const sent: { body?: Record<string, unknown> } = {};
  const scope = afterFormRead()
    .get(LIST)
    .reply(200, list)
    .put(ONE, (body) => {
      sent.body = body;
      return true;
    })
    .reply(200, echo);
  return { scope, sent };
};

const leaks = (value: unknown, ...secrets: string[]) => {
  const text = JSON.stringify(value);
  return secrets.filter((secret) => text.includes(secret));
};

describe('no lost settings', () => {
  test('only a status: the secret, headers, URL, conditions and unknown members are sent back unchanged', async () => {
    const { scope, sent } = server();
    const out = await run(perform, { ...BASE_INPUT, status: 'inactive' });
    expect(scope.isDone()).toBe(true);
    expect(sent.body).toEqual({ integration_id: 'webhook', status: 'inactive', data: currentData() });
    expect(out).toEqual({
      id: WEBHOOK_ID,
      form_id: FORM_ID,
      integration_id: 'webhook',
      status: 'inactive',
      webhook_url: 'https://hooks.example.com/********',
      has_secret: true,
      secret_last4: CURRENT_SECRET.slice(-4),
      webhook_headers: { 'X-Source': '********', 'X-Custom-Key': '********' },
      header_names: ['X-Source', 'X-Custom-Key'],
      message: 'Form Integration was updated.',
    });
    expect(leaks(out, CURRENT_SECRET, CURRENT_TOKEN_HEADER, 'opnform-forms')).toEqual([]);
  });

  test('nothing but the integration: the current status is sent again (a real server requires it)', async () => {
    const { scope, sent } = server();
    await run(perform, BASE_INPUT);
    expect(scope.isDone()).toBe(true);
    expect(sent.body).toEqual({ integration_id: 'webhook', status: 'active', data: currentData() });
  });

  test('a new secret rotates only the secret', async () => {
    const { scope, sent } = server();
    const out = await run(perform, { ...BASE_INPUT, webhook_secret: NEW_SECRET });
    expect(scope.isDone()).toBe(true);
    expect(sent.body).toEqual({
      integration_id: 'webhook',
      status: 'active',
      data: { ...currentData(), webhook_secret: NEW_SECRET },
    });
    expect(out).toMatchObject({ has_secret: true, secret_last4: '5gH7' });
    expect(leaks(out, NEW_SECRET, CURRENT_SECRET)).toEqual([]);
  });

  test('a new URL and new headers replace those two only', async () => {
    const { scope, sent } = server();
    await run(perform, {
      ...BASE_INPUT,
      webhook_url: 'https://new.example.org/in',
      webhook_headers: { 'X-Team': 'growth' },
    });
    expect(scope.isDone()).toBe(true);
    expect(sent.body).toEqual({
      integration_id: 'webhook',
      status: 'active',
      data: {
        ...currentData(),
        webhook_url: 'https://new.example.org/in',
        webhook_headers: { 'X-Team': 'growth' },
      },
    });
  });

  test('Remove Secret removes the secret (omitted, as a real server expects) and keeps the rest', async () => {
    const { scope, sent } = server();
    const out = await run(perform, { ...BASE_INPUT, clear_webhook_secret: 'true' });
    expect(scope.isDone()).toBe(true);
    const { webhook_secret: _gone, ...rest } = currentData();
    expect(sent.body).toEqual({ integration_id: 'webhook', status: 'active', data: rest });
    expect(out).toMatchObject({
      has_secret: false,
      secret_last4: null,
      header_names: ['X-Source', 'X-Custom-Key'],
    });
  });

  test('Remove Headers sends an empty header list and keeps the secret', async () => {
    const { scope, sent } = server();
    const out = await run(perform, { ...BASE_INPUT, clear_webhook_headers: true });
    expect(scope.isDone()).toBe(true);
    expect(sent.body).toEqual({
      integration_id: 'webhook',
      status: 'active',
      data: { ...currentData(), webhook_headers: {} },
    });
    expect(out).toMatchObject({ has_secret: true, webhook_headers: {}, header_names: [] });
  });

  test('empty inputs (as Zapier sends unfilled fields) change nothing', async () => {
    const { scope, sent } = server();
    await run(perform, {
      ...BASE_INPUT,
      status: '',
      webhook_url: '',
      webhook_secret: '',
      webhook_headers: {},
      clear_webhook_secret: 'false',
      clear_webhook_headers: '',
    });
    expect(scope.isDone()).toBe(true);
    expect(sent.body).toEqual({ integration_id: 'webhook', status: 'active', data: currentData() });
  });

  test('an empty stored data (PHP sends `[]`) becomes an object with the new values', async () => {
    const { scope, sent } = server([{ ...webhookIntegration(), data: [] }]);
    await run(perform, { ...BASE_INPUT, webhook_url: 'https://new.example.org/in' });
    expect(scope.isDone()).toBe(true);
    expect(sent.body).toEqual({
      integration_id: 'webhook',
      status: 'active',
      data: { webhook_url: 'https://new.example.org/in' },
    });
  });

  test('a top-level `logic` member (trigger conditions on real servers) is sent back too', async () => {
    const logic = { conditions: { operatorIdentifier: 'or', children: [] }, actions: [] };
    const { scope, sent } = server([{ ...webhookIntegration(), logic }]);
    await run(perform, { ...BASE_INPUT, status: 'inactive' });
    expect(scope.isDone()).toBe(true);
    expect(sent.body).toEqual({ integration_id: 'webhook', status: 'inactive', data: currentData(), logic });
  });

  test('a reply without data shows what was sent, still without the secret', async () => {
    const scope = afterFormRead()
      .get(LIST)
      .reply(200, [webhookIntegration()])
      .put(ONE)
      .reply(200, {
        message: 'Form Integration was updated.',
        form_integration: { id: WEBHOOK_ID, integration_id: 'webhook' },
      });
    const out = await run(perform, { ...BASE_INPUT, webhook_secret: NEW_SECRET });
    expect(scope.isDone()).toBe(true);
    expect(out).toMatchObject({
      id: WEBHOOK_ID,
      form_id: FORM_ID,
      status: 'active',
      has_secret: true,
      secret_last4: '5gH7',
    });
    expect(leaks(out, NEW_SECRET)).toEqual([]);
  });
});

describe('when the current settings cannot be read (server without the integration list: 404)', () => {
  test('a partial update is refused before the PUT, naming what is missing', async () => {
    const scope = afterFormRead().get(LIST).reply(404, { message: '' });
    const error = await failure(
      run(perform, { ...BASE_INPUT, status: 'inactive', webhook_secret: NEW_SECRET }),
    );
    expect(scope.isDone()).toBe(true);
    expect(error).toEqual({
      name: 'AppError',
      code: 'invalid_input',
      status: 400,
      message:
        "OpnForm did not let the connector read this form's integrations (404), so settings left empty cannot be " +
        'kept and would be wiped. Either the form does not exist, or this OpnForm server cannot list integrations: ' +
        'then fill in every setting. Missing: Webhook URL (webhook_url); Webhook Headers (webhook_headers) or ' +
        'Remove Headers: Yes.',
    });
    expect(error.message).not.toContain(NEW_SECRET);
  });

  test('with every setting given, exactly those are sent', async () => {
    const sent: { body?: unknown } = {};
    const scope = afterFormRead()
      .get(LIST)
      .reply(404, { message: '' })
      .put(ONE, (body) => {
        sent.body = body;
        return true;
      })
      .reply(200, echo);
    const out = await run(perform, {
      ...BASE_INPUT,
      status: 'active',
      webhook_url: 'https://new.example.org/in',
      webhook_secret: NEW_SECRET,
      clear_webhook_headers: 'yes',
    });
    expect(scope.isDone()).toBe(true);
    expect(sent.body).toEqual({
      integration_id: 'webhook',
      status: 'active',
      data: { webhook_url: 'https://new.example.org/in', webhook_secret: NEW_SECRET, webhook_headers: {} },
    });
    expect(leaks(out, NEW_SECRET)).toEqual([]);
  });
});

describe('errors', () => {
  test('an integration id that is not on the form: 404 wording, no PUT', async () => {
    const scope = afterFormRead().get(LIST).reply(200, [slackIntegration]);
    const error = await failure(run(perform, BASE_INPUT));
    expect(scope.isDone()).toBe(true);
    expect(error).toEqual({
      name: 'AppError',
      code: 'not_found',
      status: 404,
      message:
        'Webhook integration 12 not found on form 42 in OpnForm (404). Check that the webhook integration still exists on that form.',
    });
  });

  test('an integration that is not a webhook is refused, no PUT', async () => {
    const scope = afterFormRead().get(LIST).reply(200, [slackIntegration]);
    const error = await failure(run(perform, { ...BASE_INPUT, webhook_integration_id: '13' }));
    expect(scope.isDone()).toBe(true);
    expect(error.message).toBe(
      'Invalid input: Webhook Integration (webhook_integration_id) 13 is a "slack" integration, not a webhook: ' +
        'this step only updates webhook integrations.',
    );
  });

  test('server 422 field errors are shown per field, named like the inputs, secret hidden', async () => {
    const scope = afterFormRead()
      .get(LIST)
      .reply(200, [webhookIntegration()])
      .put(ONE)
      .reply(422, {
        message: 'The data.webhook url field must be a public URL. (and 2 more errors)',
        errors: {
          'data.webhook_url': ['The webhook URL must resolve to a public IP address.'],
          'data.webhook_secret': [`The value ${NEW_SECRET} is not accepted.`],
          'data.webhook_headers': ['The header X-Source is not allowed.', 'At most 10 headers.'],
        },
      });
    const error = await failure(
      run(perform, {
        ...BASE_INPUT,
        webhook_url: 'https://resolves-private.example.com/',
        webhook_secret: NEW_SECRET,
      }),
    );
    expect(scope.isDone()).toBe(true);
    expect(error).toEqual({
      name: 'AppError',
      code: 'validation_failed',
      status: 422,
      message:
        'OpnForm rejected the request (422): The data.webhook url field must be a public URL. (and 2 more errors) ' +
        'Webhook URL (webhook_url): The webhook URL must resolve to a public IP address.; ' +
        'Webhook Secret (webhook_secret): The value [hidden] is not accepted.; ' +
        'Webhook Headers (webhook_headers): The header X-Source is not allowed. At most 10 headers.',
    });
    expect(error.message).not.toContain(NEW_SECRET);
  });

  test('403 names the manage-integrations ability', async () => {
    afterFormRead().get(LIST).reply(403, { message: 'This action is unauthorized.' });
    const error = await failure(run(perform, BASE_INPUT));
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(error.message).toBe(formRefused('manage-integrations'));
  });

  test('a 404 on the PUT says the webhook integration was not found', async () => {
    afterFormRead()
      .get(LIST)
      .reply(200, [webhookIntegration()])
      .put(ONE)
      .reply(404, { message: 'No query results' });
    const error = await failure(run(perform, BASE_INPUT));
    expect(error.message).toBe(
      'Webhook integration not found in OpnForm (404). Check that the webhook integration still exists on that form.',
    );
  });

  test('an unexpected list shape fails clearly without repeating any stored value', async () => {
    afterFormRead()
      .get(LIST)
      .reply(200, [{ id: 'twelve', integration_id: 'webhook', data: { webhook_secret: CURRENT_SECRET } }]);
    const error = await failure(run(perform, BASE_INPUT));
    expect(error.code).toBe('bad_response');
    expect(error.message).not.toContain(CURRENT_SECRET);
  });
});

test('a form of another workspace than the chosen one: refused naming both, no list read, no PUT', async () => {
  const read = formReadScope(FORM_ID, 9);
  const error = await failure(run(perform, { ...BASE_INPUT, status: 'inactive' }));
  expect(read.isDone()).toBe(true);
  expect(error).toMatchObject({
    code: 'invalid_input',
    message:
      'Invalid input: Form (form_id) 42 is in workspace 9, not in the chosen Workspace (workspace_id) 7. Choose ' +
      'workspace 9, or a form of workspace 7. Nothing was changed.',
  });
});

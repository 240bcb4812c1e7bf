// Create and Delete Webhook Integration against the real server's recorded answers
// (integrations--create, integrations--delete, integrations--list).
import nock from 'nock';
import { failure, op, run } from '../helpers/app';
import { api, formReadScope, recorded, recordedScope } from '../helpers/recorded';

const create = op('creates.create_webhook_integration.operation.perform');
const remove = op('creates.delete_webhook_integration.operation.perform');

const CREATE = recorded('integrations--create');
const DELETE = recorded('integrations--delete');
const LIST = recorded('integrations--list');
const UPDATE = recorded('integrations--update');
const SECRET = 's3cret-signing-key-123';
const FORM = { workspace_id: '6', form_id: '6' };

afterEach(() => nock.cleanAll());

describe('Create Webhook Integration', () => {
  test('a URL alone sends exactly the recorded minimal body (status Active by default)', async () => {
    formReadScope(6, 6);
    const scope = recordedScope(CREATE.exchange(0));
    const out = await run(create, {
      ...FORM,
      webhook_url: 'https://hooks.example.net/hooks/webhook-minimal',
    });
    expect(scope.isDone()).toBe(true);
    expect(out).toEqual({
      id: 17,
      form_id: 6,
      integration_id: 'webhook',
      status: 'active',
      webhook_url: 'https://hooks.example.net/********',
      has_secret: false,
      secret_last4: null,
      webhook_headers: {},
      header_names: [],
      message: 'Form Integration was created.',
    });
  });

  test('secret and headers: sent as typed, the answer echoes the secret, the output never shows it', async () => {
    formReadScope(6, 6);
    const ex = CREATE.exchange(1);
    const recordedBody = ex.request.body as { data: Record<string, unknown> };
    const { unknown_member: _dropped, ...data } = recordedBody.data;
    const scope = recordedScope(ex, { body: { integration_id: 'webhook', status: 'active', data } });
    const out = await run(create, {
      ...FORM,
      status: 'active',
      webhook_url: 'https://hooks.example.net/hooks/webhook-signed',
      webhook_secret: SECRET,
      webhook_headers: { 'X-Team': 'growth', 'X-Env': 'recorded' },
    });
    expect(scope.isDone()).toBe(true);
    expect(out).toEqual({
      id: 18,
      form_id: 6,
      integration_id: 'webhook',
      status: 'active',
      webhook_url: 'https://hooks.example.net/********',
      has_secret: true,
      secret_last4: '-123',
      webhook_headers: { 'X-Team': '********', 'X-Env': '********' },
      header_names: ['X-Team', 'X-Env'],
      message: 'Form Integration was created.',
    });
    expect(JSON.stringify(out)).not.toContain(SECRET);
    expect(JSON.stringify(out)).not.toContain('growth');
  });

  test('an https URL where nothing listens is accepted (the server does not contact it on save)', async () => {
    formReadScope(6, 6);
    const scope = recordedScope(CREATE.exchange(2));
    const out = await run(create, {
      ...FORM,
      status: 'Active',
      webhook_url: 'https://dead.example.net:8443/hooks/nothing-listens-here',
    });
    expect(scope.isDone()).toBe(true);
    expect(out).toMatchObject({ id: 19, webhook_url: 'https://dead.example.net:8443/********' });
  });

  // every input the real server refused with 422 is refused here first, naming the field, with no request
  test.each([
    [
      3,
      { webhook_url: 'http://example.test/hook' },
      'Webhook URL (webhook_url) must start with https:// (other schemes are refused).',
    ],
    [
      4,
      { webhook_url: 'https://exa mple/hook' },
      'Webhook URL (webhook_url) must not contain spaces, line breaks or backslashes.',
    ],
    [
      5,
      { webhook_url: 'https://hooks.example.net/h', webhook_secret: 'short' },
      'Webhook Secret (webhook_secret) must be at least 12 characters long (it has 5).',
    ],
    [
      6,
      { webhook_url: 'https://hooks.example.net/h', webhook_headers: { Authorization: 'Bearer x' } },
      'Webhook Headers (webhook_headers) cannot set the header "Authorization": OpnForm sets or blocks it itself.',
    ],
    [
      7,
      { webhook_url: 'https://hooks.example.net/h', webhook_headers: { 'x-requested-with': 'y' } },
      'Webhook Headers (webhook_headers) cannot set the header "x-requested-with": OpnForm sets or blocks it itself.',
    ],
    [
      8,
      {
        webhook_url: 'https://hooks.example.net/h',
        webhook_headers: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`X-H${i}`, String(i)])),
      },
      'Webhook Headers (webhook_headers) can hold at most 10 headers (got 11).',
    ],
    [
      10,
      { webhook_url: 'https://hooks.example.net/h', webhook_headers: ['X-List'] },
      'Webhook Headers (webhook_headers) must be a list of header names and values.',
    ],
    [
      12,
      { webhook_url: 'https://hooks.example.net/h', status: 'paused' },
      'Webhook Status (status) must be one of active, inactive.',
    ],
    [13, {}, 'Webhook URL (webhook_url) is required (an https:// address on the public internet).'],
    [
      14,
      { webhook_url: '' },
      'Webhook URL (webhook_url) is required (an https:// address on the public internet).',
    ],
  ] as const)('recorded 422 #%i: refused before any request', async (index, input, message) => {
    expect(CREATE.exchange(index).response.status).toBe(422);
    const error = await failure(run(create, { ...FORM, ...input }));
    expect(error).toMatchObject({ code: 'invalid_input', status: 400 });
    expect(error.message).toBe(`Invalid input: ${message}`);
    expect(error.message).not.toContain('Bearer x');
  });

  test("the server's 422 (reached only if a server's rules are stricter) names the input", async () => {
    formReadScope(6, 6);
    // the recorded "secret too short" answer, given to a request the step thinks valid
    const scope = recordedScope(CREATE.exchange(5), { body: () => true });
    const error = await failure(
      run(create, {
        ...FORM,
        webhook_url: 'https://hooks.example.net/hooks/webhook-minimal',
        webhook_secret: 'long-enough-secret-1',
      }),
    );
    expect(scope.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'validation_failed', status: 422 });
    expect(error.message).toContain('Webhook Secret (webhook_secret)');
    expect(error.message).not.toContain('long-enough-secret-1');
  });

  test('a server echoing the new webhook URL (a capability URL) in its error: the URL is hidden', async () => {
    formReadScope(6, 6);
    const url = 'https://hooks.example.net/hooks/cap-7Yh2Kq9Lm3?token=QsX81vPa';
    const scope = api()
      .post('/open/forms/6/integrations')
      .reply(422, {
        message: `The webhook url ${url} did not answer.`,
        errors: {
          'data.webhook_url': [`${JSON.stringify(url).slice(1, -1).replace(/\//g, '\\/')} is unreachable.`],
        },
      });
    const error = await failure(run(create, { ...FORM, webhook_url: url }));
    expect(scope.isDone()).toBe(true);
    expect(error.message).toBe(
      'OpnForm rejected the request (422): The webhook url [hidden] did not answer. Webhook URL (webhook_url): ' +
        '[hidden] is unreachable.',
    );
  });

  test('a token without manage-integrations (recorded 403) is told which ability', async () => {
    formReadScope(6, 6);
    const scope = recordedScope(CREATE.exchange(17));
    const error = await failure(
      run(create, { ...FORM, webhook_url: 'https://hooks.example.net/hooks/webhook-minimal' }),
    );
    expect(scope.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(error.message).toContain('"manage-integrations" ability');
  });

  test("another user's form (recorded 403 on its read) is a clear refusal, nothing created", async () => {
    const scope = recordedScope(recorded('forms--get-form').exchange(4), { path: '/open/forms/9' });
    const error = await failure(
      run(create, {
        workspace_id: '6',
        form_id: '9',
        webhook_url: 'https://hooks.example.net/hooks/webhook-minimal',
      }),
    );
    expect(scope.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
  });
});

describe('Delete Webhook Integration', () => {
  test('the list (is it a webhook of this form?) then the recorded DELETE', async () => {
    formReadScope(6, 6);
    const list = recordedScope(LIST.exchange(0));
    const del = recordedScope(DELETE.exchange(1));
    const out = await run(remove, { ...FORM, webhook_integration_id: '19' });
    expect(list.isDone() && del.isDone()).toBe(true);
    expect(out).toEqual({
      id: 19,
      form_id: 6,
      integration_id: 'webhook',
      deleted: true,
      webhook_url: 'https://dead.example.net:8443/********',
      message: 'Form Integration was deleted.',
    });
  });

  test('deleted in between (recorded 404 on the DELETE): a halt, not an error', async () => {
    formReadScope(6, 6);
    const list = recordedScope(LIST.exchange(0));
    const del = recordedScope(DELETE.exchange(2));
    const error = await failure(run(remove, { ...FORM, webhook_integration_id: 19 }));
    expect(list.isDone() && del.isDone()).toBe(true);
    expect(error).toEqual({
      name: 'HaltedError',
      message:
        'Webhook integration 19 is not on form 6 (any more): it was already deleted, or belongs to another ' +
        'form. Nothing to delete.',
    });
  });

  test("an id not in the form's list halts without a DELETE (recorded #5: another form's id is 404)", async () => {
    formReadScope(13, 6);
    expect(DELETE.exchange(5).response.status).toBe(404);
    const list = api().get('/open/forms/13/integrations').reply(200, []);
    const error = await failure(run(remove, { workspace_id: 6, form_id: 13, webhook_integration_id: 17 }));
    expect(list.isDone()).toBe(true);
    expect(error.name).toBe('HaltedError');
    expect(error.message).toMatch(/^Webhook integration 17 is not on form 13 \(any more\)/);
  });

  test('a Zapier hook row is refused before any DELETE (it belongs to another Zap)', async () => {
    formReadScope(6, 6);
    const list = recordedScope(UPDATE.exchange(10));
    const error = await failure(run(remove, { ...FORM, webhook_integration_id: 20 }));
    expect(list.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'invalid_input', status: 400 });
    expect(error.message).toBe(
      'Invalid input: Webhook Integration (webhook_integration_id) 20 is a "zapier" integration, not a ' +
        'webhook: this step only deletes webhook integrations.',
    );
  });

  test('no list (404: no such form, or a server without the route): refused, nothing deleted', async () => {
    formReadScope(6, 6);
    const list = api().get('/open/forms/6/integrations').reply(404, { message: 'Not Found' });
    const error = await failure(run(remove, { ...FORM, webhook_integration_id: 19 }));
    expect(list.isDone()).toBe(true);
    expect(error).toEqual({
      name: 'AppError',
      code: 'not_found',
      status: 404,
      message:
        'OpnForm did not list the integrations of form 6 (404): either the form does not exist, or this OpnForm ' +
        'server cannot list integrations. Without that list the step cannot check that integration 19 is a ' +
        "webhook (and not another Zap's hook or a Slack integration), so nothing was deleted.",
    });
  });

  test('a token without manage-integrations (recorded 403 on the list) is told which ability; nothing deleted', async () => {
    formReadScope(6, 6);
    const list = recordedScope(LIST.exchange(1));
    const error = await failure(run(remove, { ...FORM, webhook_integration_id: 19 }));
    expect(list.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(error.message).toContain('"manage-integrations" ability');
  });
});

test.each([
  ['create', create, { webhook_url: 'https://hooks.example.net/hooks/webhook-minimal' }, 'created'],
  ['delete', remove, { webhook_integration_id: 19 }, 'deleted'],
] as const)(
  '%s on a form of another workspace than the chosen one: refused naming both, before any write',
  async (_step, perform, input, done) => {
    const read = formReadScope(6, 7);
    const error = await failure(run(perform, { ...FORM, ...input }));
    expect(read.isDone()).toBe(true);
    expect(error).toMatchObject({
      code: 'invalid_input',
      message:
        'Invalid input: Form (form_id) 6 is in workspace 7, not in the chosen Workspace (workspace_id) 6. Choose ' +
        `workspace 7, or a form of workspace 6. Nothing was ${done}.`,
    });
  },
);

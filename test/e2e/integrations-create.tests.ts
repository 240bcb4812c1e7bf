// The sandbox's form integrations behave as the recordings show (integrations--create, --list,
// --update, --delete, --events): creating, validating, updating and deleting them, and their events.
import { call, useSandbox } from './helpers';
import { integrationCreator, integrationsOf, SECRET } from './integrations-helpers';

const sandbox = useSandbox();
const create = integrationCreator(sandbox);

describe('POST /open/forms/{id}/integrations', () => {
  it('creates a webhook: unknown data members dropped, secret echoed, the recorded shape', async () => {
    const s = sandbox();
    const logic = {
      operatorIdentifier: 'and',
      children: [
        { identifier: 'x', value: { operator: 'is_checked', property_meta: { id: 'x', type: 'checkbox' } } },
      ],
    };
    const reply = await create(s.ids.emptyFormId, {
      integration_id: 'webhook',
      status: 'active',
      logic,
      data: {
        webhook_url: 'https://hooks.example.net/hooks/webhook-signed',
        webhook_secret: SECRET,
        webhook_headers: { 'X-Team': 'growth' },
        unknown_member: 'dropped',
      },
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      type: 'success',
      message: 'Form Integration was created.',
      form_integration: {
        id: expect.any(Number),
        form_id: s.ids.emptyFormId,
        status: 'active',
        integration_id: 'webhook',
        logic,
        data: {
          webhook_url: 'https://hooks.example.net/hooks/webhook-signed',
          webhook_secret: SECRET,
          webhook_headers: { 'X-Team': 'growth' },
        },
        oauth_id: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000Z$/),
        updated_at: expect.any(String),
        deleted_at: null,
        provider: null,
      },
    });
    expect(Object.keys(reply.json.form_integration)).toEqual([
      'id',
      'form_id',
      'status',
      'integration_id',
      'logic',
      'data',
      'oauth_id',
      'created_at',
      'updated_at',
      'deleted_at',
      'provider',
    ]);
    const minimal = await create(s.ids.emptyFormId, {
      integration_id: 'webhook',
      status: 'active',
      data: { webhook_url: 'https://hooks.example.net/hooks/minimal' },
    });
    expect(minimal.json.form_integration).toMatchObject({
      logic: [],
      data: { webhook_url: 'https://hooks.example.net/hooks/minimal' },
    });
  });

  it('answers every recorded 422 with the recorded messages', async () => {
    const s = sandbox();
    const url = 'https://hooks.example.net/hooks/x';
    const cases: Array<[Record<string, unknown>, Record<string, string[]>, string]> = [
      [
        { webhook_url: 'http://example.test/hook' },
        { 'data.webhook_url': ['The webhook URL must use HTTPS.'] },
        'The webhook URL must use HTTPS.',
      ],
      [
        { webhook_url: 'https://exa mple/hook' },
        {
          'data.webhook_url': ['The Webhook Url format is invalid.', 'The webhook URL must be a valid URL.'],
        },
        'The Webhook Url format is invalid. (and 1 more error)',
      ],
      [
        { webhook_url: url, webhook_secret: 'short' },
        { 'data.webhook_secret': ['The Webhook Secret must be at least 12 characters.'] },
        'The Webhook Secret must be at least 12 characters.',
      ],
      [
        { webhook_url: url, webhook_headers: { Authorization: 'Bearer x' } },
        { 'data.webhook_headers': ["The 'Authorization' header cannot be customized for security reasons."] },
        "The 'Authorization' header cannot be customized for security reasons.",
      ],
      [
        { webhook_url: url, webhook_headers: { 'x-requested-with': 'y' } },
        {
          'data.webhook_headers': [
            "The 'x-requested-with' header cannot be customized for security reasons.",
          ],
        },
        "The 'x-requested-with' header cannot be customized for security reasons.",
      ],
      [
        {
          webhook_url: url,
          webhook_headers: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`X-H${i}`, String(i)])),
        },
        { 'data.webhook_headers': ['Maximum 10 custom headers allowed.'] },
        'Maximum 10 custom headers allowed.',
      ],
      [
        { webhook_url: url, webhook_headers: { 'X-Num': 5 } },
        { 'data.webhook_headers': ["Header values must be strings. 'X-Num' has invalid value type."] },
        "Header values must be strings. 'X-Num' has invalid value type.",
      ],
      [
        { webhook_url: url, webhook_headers: ['X-List'] },
        { 'data.webhook_headers': ['Header names must be non-empty strings.'] },
        'Header names must be non-empty strings.',
      ],
      [
        {},
        { 'data.webhook_url': ['The Webhook Url field is required.'] },
        'The Webhook Url field is required.',
      ],
    ];
    for (const [data, errors, message] of cases) {
      const reply = await create(s.ids.emptyFormId, { integration_id: 'webhook', status: 'active', data });
      expect({ data, status: reply.status, json: reply.json }).toEqual({
        data,
        status: 422,
        json: { message, errors },
      });
    }
    const data = { webhook_url: url };
    expect((await create(s.ids.emptyFormId, { integration_id: 'webhook', data })).json).toEqual({
      message: 'The Status field is required.',
      errors: { status: ['The Status field is required.'] },
    });
    expect(
      (await create(s.ids.emptyFormId, { integration_id: 'webhook', status: 'paused', data })).json,
    ).toEqual({
      message: 'The selected Status is invalid.',
      errors: { status: ['The selected Status is invalid.'] },
    });
    expect((await create(s.ids.emptyFormId, { integration_id: 'webhook', status: 'active' })).json).toEqual({
      message: 'The Data field must be present. (and 1 more error)',
      errors: {
        data: ['The Data field must be present.'],
        'data.webhook_url': ['The Webhook Url field is required.'],
      },
    });
  });

  it('a missing or unknown integration_id is 500 (before validation and before the policy)', async () => {
    const s = sandbox();
    for (const body of [
      { status: 'active', data: {} },
      { integration_id: 'carrier-pigeon', status: 'active' },
    ]) {
      expect(await create(s.ids.emptyFormId, body)).toMatchObject({
        status: 500,
        json: { message: 'Server Error' },
      });
      expect(await create(s.ids.emptyFormId, body, 'noIntegrations')).toMatchObject({ status: 500 });
    }
  });

  it('403 for a token without manage-integrations, a read-only member and a non-member; 404 for an unknown form', async () => {
    const s = sandbox();
    const body = {
      integration_id: 'webhook',
      status: 'active',
      data: { webhook_url: 'https://hooks.example.net/x' },
    };
    for (const token of ['noIntegrations', 'readonlyMember', 'outsider'] as const) {
      expect(await create(s.ids.emptyFormId, body, token)).toMatchObject({
        status: 403,
        json: { message: 'This action is unauthorized.' },
      });
      expect(await call(s, 'GET', integrationsOf(s.ids.emptyFormId), { token })).toMatchObject({
        status: 403,
      });
    }
    expect((await create(987654, body)).status).toBe(404);
  });
});

describe('PUT, DELETE and events', () => {
  it('PUT: status required, integration_id missing is 500, data and logic replaced, an unknown id 404', async () => {
    const s = sandbox();
    const made = await create(s.ids.emptyFormId, {
      integration_id: 'webhook',
      status: 'active',
      logic: { operatorIdentifier: 'and', children: [] },
      data: {
        webhook_url: 'https://hooks.example.net/a',
        webhook_secret: SECRET,
        webhook_headers: { 'X-A': '1' },
      },
    });
    const path = `${integrationsOf(s.ids.emptyFormId)}/${made.json.form_integration.id}`;
    const data = { webhook_url: 'https://hooks.example.net/a', webhook_secret: 'rotated-secret-456789' };
    expect(await call(s, 'PUT', path, { body: { integration_id: 'webhook', data } })).toMatchObject({
      status: 422,
      json: { errors: { status: ['The Status field is required.'] } },
    });
    expect(await call(s, 'PUT', path, { body: { status: 'active', data } })).toMatchObject({ status: 500 });
    const ok = await call(s, 'PUT', path, { body: { integration_id: 'webhook', status: 'inactive', data } });
    expect(ok.json).toMatchObject({
      type: 'success',
      message: 'Form Integration was updated.',
      form_integration: { status: 'inactive', logic: [], data },
    });
    const listed = await call(s, 'GET', integrationsOf(s.ids.emptyFormId));
    expect(Array.isArray(listed.json)).toBe(true);
    expect(listed.json.find((i: { id: number }) => i.id === made.json.form_integration.id)).toMatchObject({
      data,
      logic: [],
    });
    const unknown = await call(s, 'PUT', `${integrationsOf(s.ids.emptyFormId)}/999999`, {
      body: { integration_id: 'webhook', status: 'active', data },
    });
    expect(unknown).toMatchObject({
      status: 404,
      json: { message: 'No query results for model [App\\Models\\Integration\\FormIntegration] 999999' },
    });
  });

  it('PUT turns a zapier row into a webhook; unsubscribing its hook then matches nothing (200 [])', async () => {
    const s = sandbox();
    const hookUrl = 'https://hooks.example.net/hooks/zapier-converted';
    const form_id = s.ids.emptyFormId;
    expect(await call(s, 'POST', '/external/zapier/webhook', { body: { form_id, hookUrl } })).toMatchObject({
      status: 200,
      json: [],
    });
    const row = (await call(s, 'GET', integrationsOf(form_id))).json.find(
      (i: { integration_id: string; data: { hook_url?: string } }) => i.data.hook_url === hookUrl,
    );
    expect(row).toMatchObject({
      integration_id: 'zapier',
      status: 'active',
      logic: {},
      data: { hook_url: hookUrl },
    });
    const converted = await call(s, 'PUT', `${integrationsOf(form_id)}/${row.id}`, {
      body: { integration_id: 'webhook', status: 'active', data: { webhook_url: hookUrl } },
    });
    expect(converted.json.form_integration).toMatchObject({
      integration_id: 'webhook',
      logic: [],
      data: { webhook_url: hookUrl },
    });
    expect(await call(s, 'DELETE', '/external/zapier/webhook', { body: { form_id, hookUrl } })).toMatchObject(
      { status: 200, json: [] },
    );
    const after = (await call(s, 'GET', integrationsOf(form_id))).json.find(
      (i: { id: number }) => i.id === row.id,
    );
    // the stored logic stays {}: [] is the same value for Eloquent's object cast, so it is not written
    expect(after).toMatchObject({ integration_id: 'webhook', logic: {}, data: { webhook_url: hookUrl } });
  });

  it('DELETE answers the recorded message; again, its events and another form give 404', async () => {
    const s = sandbox();
    const made = await create(s.ids.emptyFormId, {
      integration_id: 'webhook',
      status: 'active',
      data: { webhook_url: 'https://hooks.example.net/gone' },
    });
    const id = made.json.form_integration.id;
    const path = `${integrationsOf(s.ids.emptyFormId)}/${id}`;
    expect((await call(s, 'DELETE', path, { token: 'noIntegrations' })).status).toBe(403);
    expect(await call(s, 'DELETE', path)).toMatchObject({
      status: 200,
      json: { type: 'success', message: 'Form Integration was deleted.' },
    });
    const gone = {
      status: 404,
      json: { message: `No query results for model [App\\Models\\Integration\\FormIntegration] ${id}` },
    };
    expect(await call(s, 'DELETE', path)).toMatchObject(gone);
    expect(await call(s, 'GET', `${path}/events`)).toMatchObject(gone);
    const seeded = `${integrationsOf(s.ids.emptyFormId)}/${s.ids.webhookIntegrationId}`;
    expect((await call(s, 'DELETE', seeded)).status).toBe(404);
  });
});

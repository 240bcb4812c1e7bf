// The sandbox's form integrations, Zapier hook routes and deliveries behave as the recordings show
// (integrations--*, external--webhook-*, external--forms, integrations--webhook-delivery).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startHookCatcher } from '../../harness/hook-catcher';
import { signature, webhookBody, zapierBody } from '../../sandbox/deliveries';
import { startSandbox } from '../../sandbox/server';
import { verifyWebhookSignature } from '../../src/integrations/signature';
import { RECORDED_DIR, type Recording } from '../helpers/recorded';
import { call, type TokenName, useSandbox } from './helpers';

const sandbox = useSandbox();
const SECRET = 's3cret-signing-key-123';

const integrationsOf = (formId: number) => `/open/forms/${formId}/integrations`;

/** A loopback port where nothing listens. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const create = (formId: number, body: unknown, token?: TokenName) =>
  call(sandbox(), 'POST', integrationsOf(formId), { body, token });

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

describe('deliveries and the event log', () => {
  it('a generic webhook: custom headers, Content-Type, signature in the recorded order; slashes and unicode unescaped; signed bytes verify', async () => {
    const s = sandbox();
    const catcher = await startHookCatcher();
    try {
      const made = await create(s.ids.emptyFormId, {
        integration_id: 'webhook',
        status: 'active',
        data: {
          webhook_url: catcher.url('webhook-signed'),
          webhook_secret: SECRET,
          webhook_headers: { 'X-Team': 'growth', 'X-Env': 'recorded' },
        },
      });
      const { id } = await s.submit(s.ids.emptyFormId, {
        Name: 'Zoë </p> https://a.example/b',
        Agreed: true,
      });
      const got = await catcher.next();
      const names = got.rawHeaders.filter((_, i) => i % 2 === 0);
      expect(names).toEqual([
        'Host',
        'User-Agent',
        'X-Team',
        'X-Env',
        'Content-Type',
        'X-Webhook-Signature',
        'Content-Length',
      ]);
      expect(got.headers).toMatchObject({
        'user-agent': 'GuzzleHttp/7',
        'content-type': 'application/json',
        'x-team': 'growth',
      });
      expect(got.headers.host).toBe(new URL(catcher.url()).host);
      expect(got.body).toContain('"Name":"Zoë </p> https://a.example/b"');
      expect(got.headers['content-length']).toBe(String(Buffer.byteLength(got.body)));
      expect(verifyWebhookSignature(got.body, got.headers['x-webhook-signature'] as string, SECRET)).toBe(
        true,
      );
      expect(got.json).toMatchObject({
        form_id: s.ids.emptyFormId,
        submission_id: id,
        submission: { Agreed: 'Yes' },
      });
      const events = await call(
        s,
        'GET',
        `${integrationsOf(s.ids.emptyFormId)}/${made.json.form_integration.id}/events`,
      );
      expect(events.json).toEqual([
        { date: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/), status: 'Success', data: {} },
      ]);
      await call(s, 'DELETE', `${integrationsOf(s.ids.emptyFormId)}/${made.json.form_integration.id}`);
    } finally {
      await catcher.close();
    }
  });

  it('a Zapier hook: exactly Host, User-Agent, Content-Type, Content-Length; slashes and non-ASCII escaped as PHP does', async () => {
    const s = sandbox();
    const catcher = await startHookCatcher();
    try {
      const hookUrl = catcher.url('zapier');
      await call(s, 'POST', '/external/zapier/webhook', { body: { form_id: s.ids.emptyFormId, hookUrl } });
      await s.submit(s.ids.emptyFormId, { Name: 'Zoë </p> https://a.example/b' });
      const got = await catcher.next();
      expect(got.rawHeaders.filter((_, i) => i % 2 === 0)).toEqual([
        'Host',
        'User-Agent',
        'Content-Type',
        'Content-Length',
      ]);
      expect(got.body).toContain('"Name":"Zo\\u00eb <\\/p> https:\\/\\/a.example\\/b"');
      expect(got.json).toMatchObject({ submission: { Name: 'Zoë </p> https://a.example/b' } });
      await call(s, 'DELETE', '/external/zapier/webhook', { body: { form_id: s.ids.emptyFormId, hookUrl } });
    } finally {
      await catcher.close();
    }
  });

  it('logic not met: nothing is sent but the log says Success; a dead URL and a 500 receiver log errors as OpnForm words them', async () => {
    const s = sandbox();
    const catcher = await startHookCatcher();
    const failing = await startHookCatcher({ status: 500 });
    const port = await closedPort();
    try {
      const agreed = s.state.forms
        .find((f) => f.id === s.ids.emptyFormId)
        ?.properties.find((b) => b.name === 'Agreed')?.id as string;
      const logic = {
        operatorIdentifier: 'and',
        children: [
          {
            identifier: agreed,
            value: { operator: 'is_checked', property_meta: { id: agreed, type: 'checkbox' } },
          },
        ],
      };
      const make = async (webhook_url: string, withLogic = false) =>
        (
          await create(s.ids.emptyFormId, {
            integration_id: 'webhook',
            status: 'active',
            ...(withLogic ? { logic } : {}),
            data: { webhook_url },
          })
        ).json.form_integration.id as number;
      const conditional = await make(catcher.url('conditional'), true);
      const deadUrl = `https://127.0.0.1:${port}/hooks/nothing-listens-here`;
      const dead = await make(deadUrl);
      const broken = await make(failing.url('broken'));
      await s.submit(s.ids.emptyFormId, { Name: 'Checked', Agreed: true });
      await s.submit(s.ids.emptyFormId, { Name: 'Unchecked', Agreed: false });
      expect(
        catcher.received.map((d) => (d.json as { submission: { Name: string } }).submission.Name),
      ).toEqual(['Checked']);
      const events = async (id: number) =>
        (await call(s, 'GET', `${integrationsOf(s.ids.emptyFormId)}/${id}/events`)).json;
      expect((await events(conditional)).map((e: { status: string }) => e.status)).toEqual([
        'Success',
        'Success',
      ]);
      const deadEvents = await events(dead);
      expect(deadEvents).toHaveLength(2);
      expect(deadEvents[0]).toEqual({
        date: expect.any(String),
        status: 'Error',
        data: {
          message: expect.stringMatching(
            new RegExp(
              `^cURL error 7: Failed to connect to 127\\.0\\.0\\.1 port ${port} after \\d+ ms: Could not connect to server \\(see https://curl\\.haxx\\.se/libcurl/c/libcurl-errors\\.html\\) for ${deadUrl.replace(/[.]/g, '\\.')}$`,
            ),
          ),
        },
      });
      expect((await events(broken))[0]).toEqual({
        date: expect.any(String),
        status: 'Error',
        data: {
          message: 'HTTP request returned status code 500:\n{"status":"success"}\n',
          response: { status: 'success' },
          status: 500,
        },
      });
      for (const id of [conditional, dead, broken])
        await call(s, 'DELETE', `${integrationsOf(s.ids.emptyFormId)}/${id}`);
    } finally {
      await catcher.close();
      await failing.close();
    }
  });
});

describe('/external/zapier hooks and forms', () => {
  it('subscribe: 422 for each hookUrl and form_id rule, duplicates allowed, 403 for an ability or a form not writable', async () => {
    const s = sandbox();
    const form_id = s.ids.emptyFormId;
    const hookUrl = 'https://hooks.example.net/hooks/zapier-form';
    const post = (body: unknown, token?: TokenName) =>
      call(s, 'POST', '/external/zapier/webhook', { body, token });
    expect((await post({})).json).toEqual({
      message: 'The form id field is required. (and 1 more error)',
      errors: { form_id: ['The form id field is required.'], hookUrl: ['The hook url field is required.'] },
    });
    expect((await post({ form_id: 999999, hookUrl })).json.errors).toEqual({
      form_id: ['The selected form id is invalid.'],
    });
    expect((await post({ form_id: 'customer-feedback', hookUrl })).json.errors).toEqual({
      form_id: ['The selected form id is invalid.'],
    });
    expect((await post({ form_id, hookUrl: 'http://127.0.0.1:1/x' })).json.errors).toEqual({
      hookUrl: ['The webhook URL must use HTTPS.'],
    });
    expect(await post({ form_id, hookUrl }, 'noIntegrations')).toMatchObject({
      status: 403,
      json: { message: 'Invalid ability provided.' },
    });
    expect(await post({ form_id, hookUrl }, 'readonlyMember')).toMatchObject({
      status: 403,
      json: { message: 'This action is unauthorized.' },
    });
    expect(await post({ form_id, hookUrl }, 'outsider')).toMatchObject({
      status: 403,
      json: { message: 'This action is unauthorized.' },
    });
    expect((await post({ form_id, hookUrl })).status).toBe(200);
    expect((await post({ form_id, hookUrl })).status).toBe(200);
    expect(s.hooks(form_id).filter((h) => h.hookUrl === hookUrl)).toHaveLength(2);
    // unsubscribe: no https rule (only `url`), every matching row removed
    expect(
      (
        await call(s, 'DELETE', '/external/zapier/webhook', {
          body: { form_id, hookUrl: 'http://127.0.0.1/never' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(s, 'DELETE', '/external/zapier/webhook', { body: { form_id, hookUrl } })).json,
    ).toEqual([]);
    expect(s.hooks(form_id).filter((h) => h.hookUrl === hookUrl)).toHaveLength(0);
  });

  it('a deleted form: subscribe and unsubscribe answer 404 without the id (the id still passes `exists`)', async () => {
    const s = sandbox();
    const form = s.state.forms.find((f) => f.id === s.ids.draftFormId);
    if (form === undefined) throw new Error('no draft form');
    s.state.forms = s.state.forms.filter((f) => f !== form);
    s.state.deletedFormIds = [...(s.state.deletedFormIds ?? []), form.id];
    try {
      const body = { form_id: form.id, hookUrl: 'https://hooks.example.net/hooks/zapier-deleted-form' };
      for (const method of ['POST', 'DELETE']) {
        expect(await call(s, method, '/external/zapier/webhook', { body })).toMatchObject({
          status: 404,
          json: { message: 'No query results for model [App\\Models\\Forms\\Form].' },
        });
      }
    } finally {
      s.state.forms.push(form);
      s.state.deletedFormIds = [];
    }
  });

  it('GET /external/zapier/forms: bare [{id, name, label}], 422 missing or unknown workspace, 403 ability or non-member', async () => {
    const s = sandbox();
    const forms = await call(s, 'GET', `/external/zapier/forms?workspace_id=${s.ids.workspaceId}`);
    expect(forms.json[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      label: expect.stringMatching(/ \(.+\)$/),
    });
    expect(forms.json.map((f: { id: number }) => f.id)).toEqual(
      [...forms.json.map((f: { id: number }) => f.id)].sort((a, b) => a - b),
    );
    expect((await call(s, 'GET', '/external/zapier/forms')).json).toEqual({
      message: 'The workspace id field is required.',
      errors: { workspace_id: ['The workspace id field is required.'] },
    });
    expect((await call(s, 'GET', '/external/zapier/forms?workspace_id=999999')).json.errors).toEqual({
      workspace_id: ['The selected workspace id is invalid.'],
    });
    expect(
      await call(s, 'GET', `/external/zapier/forms?workspace_id=${s.ids.workspaceId}`, { token: 'outsider' }),
    ).toMatchObject({
      status: 403,
      json: { message: 'This action is unauthorized.' },
    });
    expect(
      await call(s, 'GET', `/external/zapier/forms?workspace_id=${s.ids.workspaceId}`, {
        token: 'noAbilities',
      }),
    ).toMatchObject({
      status: 403,
      json: { message: 'Invalid ability provided.' },
    });
  });
});

describe('allowPrivateWebhookUrls: false (OpnForm Cloud)', () => {
  it('refuses loopback and private hook and webhook URLs with the server message; public ones pass', async () => {
    const s = await startSandbox({ submissions: 5, largeFormSubmissions: 5, allowPrivateWebhookUrls: false });
    try {
      for (const hookUrl of [
        'https://127.0.0.1:9/x',
        'https://localhost/x',
        'https://10.0.0.5/x',
        'https://[::1]/x',
      ]) {
        const reply = await call(s, 'POST', '/external/zapier/webhook', {
          body: { form_id: s.ids.formId, hookUrl },
        });
        expect({ hookUrl, errors: reply.json.errors }).toEqual({
          hookUrl,
          errors: { hookUrl: ['The webhook URL must resolve only to public IP addresses.'] },
        });
      }
      const unresolvable = await call(s, 'POST', integrationsOf(s.ids.formId), {
        body: {
          integration_id: 'webhook',
          status: 'active',
          data: { webhook_url: 'https://hooks.example.test/x' },
        },
      });
      expect(unresolvable.json.errors).toEqual({
        'data.webhook_url': ['The webhook URL host could not be resolved.'],
      });
      const body = { form_id: s.ids.formId, hookUrl: 'https://hooks.zapier.com/hooks/standard/1/abc' };
      expect((await call(s, 'POST', '/external/zapier/webhook', { body })).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

describe('resolveHook (CURLOPT_RESOLVE): recorded hook URLs on a loopback receiver', () => {
  it('sends https://hooks.example.net/... to the catcher with its own Host; null is "nothing listens": cURL error 7 naming the URL', async () => {
    const catcher = await startHookCatcher();
    const receiver = new URL(catcher.url());
    const s = await startSandbox({
      submissions: 5,
      largeFormSubmissions: 5,
      resolveHook: (url) =>
        url.startsWith('https://dead.example.net:8443/')
          ? null
          : url.startsWith('https://hooks.example.net/')
            ? `https://${receiver.host}/`
            : undefined,
    });
    try {
      const make = async (webhook_url: string) =>
        (
          await call(s, 'POST', integrationsOf(s.ids.emptyFormId), {
            body: { integration_id: 'webhook', status: 'active', data: { webhook_url } },
          })
        ).json.form_integration.id as number;
      const live = await make('https://hooks.example.net/hooks/webhook-minimal');
      const dead = await make('https://dead.example.net:8443/hooks/nothing-listens-here');
      await s.submit(s.ids.emptyFormId, { Name: 'Resolved' });
      const got = await catcher.next();
      expect(got.path).toBe('/hooks/webhook-minimal');
      expect(got.headers.host).toBe('hooks.example.net');
      const events = async (id: number) =>
        (await call(s, 'GET', `${integrationsOf(s.ids.emptyFormId)}/${id}/events`)).json;
      expect((await events(live))[0]).toMatchObject({ status: 'Success', data: {} });
      expect((await events(dead))[0]).toMatchObject({
        status: 'Error',
        data: {
          message:
            'cURL error 7: Failed to connect to dead.example.net port 8443 after 0 ms: Could not connect to server ' +
            '(see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for https://dead.example.net:8443/hooks/nothing-listens-here',
        },
      });
      expect(s.deliveries().map((d) => [d.url, d.sent])).toEqual([
        ['https://hooks.example.net/hooks/webhook-minimal', true],
        ['https://dead.example.net:8443/hooks/nothing-listens-here', true],
      ]);
    } finally {
      await s.close();
      await catcher.close();
    }
  });
});

describe('delivery bodies byte for byte as the recorded body_raw', () => {
  /** A recording as stored (placeholders kept: the scrubbed body_raw has them JSON-escaped too). */
  const raw = (name: string) =>
    JSON.parse(readFileSync(join(RECORDED_DIR, `${name}.json`), 'utf8')) as Recording;

  it('Zapier hook bodies: PHP json_encode defaults (every-block delivery and its re-delivery)', () => {
    const deliveries = raw('external--hook-delivery-every-block').exchanges.filter(
      (e) => e.kind === 'delivery',
    );
    expect(deliveries).toHaveLength(2);
    for (const d of deliveries) {
      expect(d.request.body_raw).toContain('<\\/p>');
      expect(zapierBody(d.request.body)).toBe(d.request.body_raw);
    }
  });

  it('generic webhook bodies: unescaped, and the recorded signature is the HMAC of exactly these bytes', () => {
    const recording = raw('integrations--webhook-delivery');
    const secret = /secret: ([^\s)]+)/.exec(recording.note)?.[1] as string;
    expect(secret).toBe(SECRET);
    const deliveries = recording.exchanges.filter((e) => e.kind === 'delivery');
    expect(deliveries).toHaveLength(3);
    for (const d of deliveries) {
      expect(webhookBody(d.request.body)).toBe(d.request.body_raw);
      const header = d.request.headers['X-Webhook-Signature'];
      if (header !== undefined) expect(signature(d.request.body_raw as string, secret)).toBe(header);
    }
    expect(deliveries.filter((d) => d.request.headers['X-Webhook-Signature'] !== undefined)).toHaveLength(1);
  });
});

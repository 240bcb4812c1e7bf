// The sandbox's deliveries, Zapier hook routes and event log behave as the recordings show
// (external--webhook-*, external--forms, integrations--webhook-delivery), byte for byte.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startHookCatcher } from '../../harness/hook-catcher';
import { signature, webhookBody, zapierBody } from '../../sandbox/deliveries';
import { startSandbox } from '../../sandbox/server';
import { verifyWebhookSignature } from '../../src/integrations/signature';
import { RECORDED_DIR, type Recording } from '../helpers/recorded';
import { call, type TokenName, useSandbox } from './helpers';
import { integrationCreator, integrationsOf, SECRET } from './integrations-helpers';

const sandbox = useSandbox();
const create = integrationCreator(sandbox);

/** A loopback port where nothing listens. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
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

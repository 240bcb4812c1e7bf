// New Failed Webhook Delivery against the real server's recorded event logs (integrations--events,
// integrations--list, integrations--delete), and the id rules (unique, stable between polls).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import nock from 'nock';
import { failuresOf, newestFailuresFirst } from '../../src/integrations/failures';
import type { FormIntegration, IntegrationEvent } from '../../src/schemas/integrations';
import { clock } from '../../src/shared/budget';
import { failure, op, run } from '../helpers/app';
import { api, recorded, recordedScope } from '../helpers/recorded';

const poll = op('triggers.new_webhook_delivery_failure.operation.perform');

const EVENTS = recorded('integrations--events');
const LIST = recorded('integrations--list');
const DELETE = recorded('integrations--delete');
const FORM = { workspace_id: '6', form_id: '6' };

const DEAD_MESSAGE =
  'cURL error 7: Failed to connect to dead.example.net port 8443 after 0 ms: Could not connect to server ' +
  '(see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for https://dead.example.net:8443/********';

afterEach(() => nock.cleanAll());

const failureOf19 = (ordinal: number) => ({
  id: expect.stringMatching(new RegExp(`^19-202611231742-[0-9a-f]{12}-${ordinal}$`)),
  form_id: 6,
  webhook_integration_id: 19,
  kind: 'webhook',
  integration_type: 'webhook',
  webhook_url: 'https://dead.example.net:8443/********',
  failed_at: '2026-11-23T17:42:00+00:00',
  message: DEAD_MESSAGE,
  http_status: null,
});

describe('every integration of the form', () => {
  test('the list, then one log per integration: the two identical failures of #19 are two items', async () => {
    const scopes = [0, 1, 2].map((i) => recordedScope(EVENTS.exchange(i)));
    const list = recordedScope(LIST.exchange(0));
    const out = await run(poll, FORM);
    expect(list.isDone() && scopes.every((s) => s.isDone())).toBe(true);
    expect(out).toEqual([failureOf19(1), failureOf19(0)]);
    const ids = (out as Array<{ id: string }>).map((f) => f.id);
    expect(new Set(ids).size).toBe(2);
    expect(JSON.stringify(out)).not.toContain('nothing-listens-here');
  });

  test('a server without the list route: the user is told to choose one integration', async () => {
    const list = api().get('/open/forms/6/integrations').reply(404, { message: 'Not Found' });
    const error = await failure(run(poll, FORM));
    expect(list.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
    expect(error.message).toBe(
      'OpnForm did not list the integrations of form 6 (404): either the form does not exist, or this OpnForm ' +
        'server cannot list integrations. Then choose one integration (enter its id as a custom value).',
    );
  });

  test('a token without manage-integrations (recorded 403 on the list) is told which ability', async () => {
    const list = recordedScope(LIST.exchange(1));
    const error = await failure(run(poll, FORM));
    expect(list.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(error.message).toContain('"manage-integrations" ability');
  });
});

describe('one chosen integration', () => {
  test('the list (kind, URL), then its log only', async () => {
    const list = recordedScope(LIST.exchange(0));
    const events = recordedScope(EVENTS.exchange(2));
    const out = await run(poll, { ...FORM, webhook_integration_id: '19' });
    expect(list.isDone() && events.isDone()).toBe(true);
    expect(out).toEqual([failureOf19(1), failureOf19(0)]);
  });

  test('only successes (recorded #17): nothing to trigger on', async () => {
    const list = recordedScope(LIST.exchange(0));
    const events = recordedScope(EVENTS.exchange(0));
    expect(await run(poll, { ...FORM, webhook_integration_id: 17 })).toEqual([]);
    expect(list.isDone() && events.isDone()).toBe(true);
  });

  test('an integration deleted since (recorded 404 of its events) is an error naming it', async () => {
    const list = api().get('/open/forms/6/integrations').reply(404, { message: 'Not Found' });
    const events = recordedScope(DELETE.exchange(3));
    const error = await failure(run(poll, { ...FORM, webhook_integration_id: 19 }));
    expect(list.isDone() && events.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
    expect(error.message).toBe(
      'Integration 19 not found on form 6 in OpnForm (404). Check that it still exists on that form, or leave ' +
        'Webhook Integration empty to watch every integration of the form.',
    );
  });

  test('an id not in the list (recorded 999999) is reported without reading a log', async () => {
    expect(EVENTS.exchange(3).response.status).toBe(404);
    const list = recordedScope(LIST.exchange(0));
    const error = await failure(run(poll, { ...FORM, webhook_integration_id: 999999 }));
    expect(list.isDone()).toBe(true);
    expect(error.message).toMatch(/^Integration 999999 not found on form 6 in OpnForm \(404\)\./);
  });

  test('a token without manage-integrations (recorded 403 on the events) is told which ability', async () => {
    const list = api().get('/open/forms/6/integrations').reply(404, { message: 'Not Found' });
    const events = recordedScope(EVENTS.exchange(4));
    const error = await failure(run(poll, { ...FORM, webhook_integration_id: 17 }));
    expect(list.isDone() && events.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
  });
});

describe('ids, kinds, messages', () => {
  const SECRET = 'hook-secret-value-1234';
  const integrations = [
    {
      id: 30,
      form_id: 6,
      integration_id: 'webhook',
      status: 'active',
      data: { webhook_url: 'https://in.example.org/p/abc?key=zz9', webhook_secret: SECRET },
    },
    {
      id: 31,
      form_id: 6,
      integration_id: 'zapier',
      status: 'active',
      data: { hook_url: 'https://hooks.zapier.com/hooks/standard/1/xyz/' },
    },
  ];
  const http500 = {
    date: '2026-11-23 18:05',
    status: 'Error',
    data: { message: 'HTTP request returned status code 500:\nboom\n', response: null, status: 500 },
  };
  const zapierDown = {
    date: '2026-11-23 18:01',
    status: 'Error',
    data: {
      message: `cURL error 28: timed out for https://hooks.zapier.com/hooks/standard/1/xyz/ (${SECRET})`,
    },
  };
  const serve = (log30: unknown[], log31: unknown[]) => {
    api()
      .get('/open/forms/6/integrations')
      .reply(200, integrations)
      .get('/open/forms/6/integrations/30/events')
      .reply(200, log30)
      .get('/open/forms/6/integrations/31/events')
      .reply(200, log31);
  };

  test('newest first across integrations; kind, HTTP status; URLs and secrets masked', async () => {
    serve([http500, { date: '2026-11-23 18:00', status: 'Success', data: {} }], [zapierDown]);
    const out = (await run(poll, FORM)) as Array<Record<string, unknown>>;
    expect(out.map((f) => [f.webhook_integration_id, f.kind, f.http_status, f.failed_at])).toEqual([
      [30, 'webhook', 500, '2026-11-23T18:05:00+00:00'],
      [31, 'zapier_hook', null, '2026-11-23T18:01:00+00:00'],
    ]);
    expect(out[1]).toMatchObject({
      webhook_url: 'https://hooks.zapier.com/********',
      message: 'cURL error 28: timed out for https://hooks.zapier.com/******** (********)',
    });
    expect(JSON.stringify(out)).not.toMatch(/xyz|abc|zz9|hook-secret/);
  });

  test('a message echoing the hook URL, its query key and a header value in any form shows none of them', async () => {
    const url = 'https://in.example.org/hooks/T0KEN-path-8842?api_key=QueryKeyValue9931';
    const header = 'Header/Value 7731';
    const escaped = (text: string) => JSON.stringify(text).slice(1, -1).replace(/\//g, '\\/');
    const message = [
      `cURL error 6 for ${escaped(url)}`,
      `(${encodeURIComponent(url)})`,
      `retry in.example.org/hooks/T0KEN-path-8842?api_key=QueryKeyValue9931;`,
      'key QueryKeyValue9931;',
      `header ${escaped(header)} / ${encodeURIComponent(header)} / ${header}`,
    ].join(' ');
    api()
      .get('/open/forms/6/integrations')
      .reply(200, [
        {
          id: 40,
          form_id: 6,
          integration_id: 'webhook',
          status: 'active',
          data: { webhook_url: url, webhook_headers: { 'X-Auth': header } },
        },
      ])
      .get('/open/forms/6/integrations/40/events')
      .reply(200, [{ date: '2026-11-23 18:05', status: 'Error', data: { message } }]);
    const [out] = (await run(poll, FORM)) as Array<Record<string, unknown>>;
    expect(out?.message).toBe(
      'cURL error 6 for https://in.example.org/******** (https://in.example.org/********) retry ' +
        'in.example.org/********; key ********; header ******** / ******** / ********',
    );
  });

  test('ids never change between polls: a newer identical failure in the same minute gets a new ordinal', async () => {
    serve([http500], []);
    const first = (await run(poll, FORM)) as Array<{ id: string }>;
    serve([http500, http500], []);
    const second = (await run(poll, FORM)) as Array<{ id: string }>;
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(2);
    expect(second[1]?.id).toBe(first[0]?.id);
    expect(second[0]?.id).not.toBe(first[0]?.id);
    expect(second[0]?.id).toMatch(/^30-202611231805-[0-9a-f]{12}-1$/);
  });
});

describe('bounded reading', () => {
  const webhook = (id: number, status = 'active') => ({
    id,
    form_id: 6,
    integration_id: 'webhook',
    status,
    data: { webhook_url: `https://in.example.org/${id}` },
  });
  const failed = [
    { date: '2026-11-23 18:05', status: 'Error', data: { message: 'HTTP request returned status code 410' } },
  ];
  const realNow = clock.now;
  afterEach(() => {
    clock.now = realNow;
  });

  test('at most 10 integrations, active ones first, then the newest', async () => {
    const list = [...Array.from({ length: 11 }, (_, i) => webhook(i + 1)), webhook(12, 'inactive')];
    const scope = api().get('/open/forms/6/integrations').reply(200, list);
    for (let id = 2; id <= 11; id++) scope.get(`/open/forms/6/integrations/${id}/events`).reply(200, failed);
    const out = (await run(poll, FORM)) as Array<{ webhook_integration_id: number }>;
    expect(scope.isDone()).toBe(true);
    expect(out.map((f) => f.webhook_integration_id)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });

  test("no new batch of logs when the step's budget is nearly spent: what was read is returned", async () => {
    let now = 1_000_000;
    clock.now = () => now;
    const scope = api()
      .get('/open/forms/6/integrations')
      .reply(
        200,
        [1, 2, 3, 4, 5].map((id) => webhook(id)),
      );
    for (const id of [5, 4, 3]) {
      scope.get(`/open/forms/6/integrations/${id}/events`).reply(() => {
        now += 7_000; // three slow answers: 21 s of the 25 s budget gone
        return [200, failed];
      });
    }
    const out = (await run(poll, FORM)) as Array<{ webhook_integration_id: number }>;
    expect(scope.isDone()).toBe(true);
    expect(out.map((f) => f.webhook_integration_id)).toEqual([5, 4, 3]);
  });

  test('a log over 10 MB (the old answer limit) is read as a stream: the newest 100, the rest never read', async () => {
    // newest first, two events a minute: a failure and a success; from event 400 on, only successes
    const minute = (n: number) => new Date(Date.UTC(2026, 10, 23, 18, 0) - n * 60_000).toISOString();
    const dateOf = (n: number) => `${minute(n).slice(0, 10)} ${minute(n).slice(11, 16)}`;
    const event = (i: number): IntegrationEvent =>
      i < 400 && i % 2 === 0
        ? {
            date: dateOf(i >> 1),
            status: 'Error',
            data: { message: `HTTP request returned status code 5${i % 100}` },
          }
        : { date: dateOf(i >> 1), status: 'Success', data: {} };
    // the 100th failure's minute holds a second, identical failure: its ordinal counts it
    const at = (i: number) => (i === 199 ? { ...event(198) } : event(i));
    const total = 400_000; // about 36 MB
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent >= total) return void this.push(null);
        const part = Array.from({ length: Math.min(1000, total - sent) }, (_, k) =>
          JSON.stringify(at(sent + k)),
        );
        this.push(`${sent === 0 ? '[' : ','}${part.join(',')}${sent + part.length >= total ? ']' : ''}`);
        sent += part.length;
      },
    });
    const server: Server = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (req.url === '/api/open/forms/6/integrations') return void res.end(JSON.stringify([webhook(19)]));
      body.pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const out = await run(poll, FORM, {
        authData: { base_url: `http://127.0.0.1:${port}/api`, api_key: '9|loopbackToken0123456789' },
      });
      // what the whole log gives (the events of the newest 101 minutes decide the newest 100 failures)
      const newest = Array.from({ length: 202 }, (_, i) => at(i));
      const expected = newestFailuresFirst(failuresOf(6, 19, webhook(19) as FormIntegration, newest)).slice(
        0,
        100,
      );
      expect(out).toEqual(expected);
      expect((out as Array<{ id: string }>).filter((f) => f.id.endsWith('-1'))).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    // the read stopped after the newest minutes: what was produced is what the sockets buffered (a few MB)
    expect(sent).toBeLessThan(total / 4);
  });
});

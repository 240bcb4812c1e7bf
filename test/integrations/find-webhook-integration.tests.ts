// Find Webhook Integration against the real server's recorded answers (integrations--list,
// integrations--update#10: the same list with a Zapier hook row).
import nock from 'nock';
import { failure, op, run } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';
import { api } from '../helpers/scopes';

const perform = op('searches.find_webhook_integration.operation.perform' as never);
const LIST = recorded('integrations--list');
const WITH_ZAPIER_ROW = recorded('integrations--update').exchange(10);
const SECRET = 's3cret-signing-key-123';
const input = (extra: Record<string, unknown>) => ({ workspace_id: '6', form_id: '6', ...extra });

let requests = 0;
const onNoMatch = () => {
  requests += 1;
};
beforeEach(() => {
  requests = 0;
  nock.emitter.on('no match', onNoMatch);
});
afterEach(() => {
  nock.emitter.removeListener('no match', onNoMatch);
  nock.cleanAll();
});

const masked = (id: number, host: string) => ({
  id,
  form_id: 6,
  integration_id: 'webhook',
  status: 'active',
  webhook_url: `https://${host}/********`,
  has_secret: false,
  secret_last4: null,
  webhook_headers: {},
  header_names: [],
});

test('by host, exact and case-insensitive: both webhooks on hooks.example.net, masked, no secret, header names only', async () => {
  const scope = recordedScope(LIST.exchange(0));
  const out = await run(perform, input({ webhook_host: ' Hooks.Example.NET ' }));
  expect(scope.isDone()).toBe(true);
  expect(out).toEqual([
    masked(17, 'hooks.example.net'),
    {
      ...masked(18, 'hooks.example.net'),
      has_secret: true,
      secret_last4: '-123',
      webhook_headers: { 'X-Team': '********', 'X-Env': '********' },
      header_names: ['X-Team', 'X-Env'],
    },
  ]);
  expect(JSON.stringify(out)).not.toContain(SECRET);
  expect(JSON.stringify(out)).not.toContain('growth');
});

test('a host with its port matches only that port; a part of a host matches nothing ([])', async () => {
  recordedScope(LIST.exchange(0));
  await expect(run(perform, input({ webhook_host: 'dead.example.net:8443' }))).resolves.toEqual([
    masked(19, 'dead.example.net:8443'),
  ]);
  recordedScope(LIST.exchange(0));
  await expect(run(perform, input({ webhook_host: 'dead.example.net:9443' }))).resolves.toEqual([]);
  recordedScope(LIST.exchange(0));
  await expect(run(perform, input({ webhook_host: 'example.net' }))).resolves.toEqual([]);
  expect(nock.isDone()).toBe(true);
});

test("by status: only webhook integrations, never another Zap's hook (the recorded zapier row)", async () => {
  const scope = recordedScope(WITH_ZAPIER_ROW);
  const out = (await run(perform, input({ status: 'active' }))) as Array<{ id: number }>;
  expect(scope.isDone()).toBe(true);
  expect(out.map((w) => w.id)).toEqual([17, 18, 19]);
  recordedScope(WITH_ZAPIER_ROW);
  await expect(run(perform, input({ status: 'Inactive' }))).resolves.toEqual([]);
  expect(nock.isDone()).toBe(true);
});

test('host and status together must both hold', async () => {
  recordedScope(LIST.exchange(0));
  const out = (await run(perform, input({ webhook_host: 'dead.example.net', status: 'active' }))) as Array<{
    id: number;
  }>;
  expect(out.map((w) => w.id)).toEqual([19]);
});

test('a token without manage-integrations (recorded 403) is told which ability', async () => {
  const scope = recordedScope(LIST.exchange(1));
  const error = await failure(run(perform, input({ status: 'active' })));
  expect(scope.isDone()).toBe(true);
  expect(error).toMatchObject({ code: 'forbidden', status: 403 });
  expect(error.message).toContain('"manage-integrations" ability');
});

test('no list (404: no such form, or a server without the route) is an error, not []', async () => {
  const gone = api().get('/open/forms/404/integrations').reply(404, { message: 'Not Found' });
  const error = await failure(run(perform, input({ form_id: '404', status: 'active' })));
  expect(gone.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'AppError',
    code: 'not_found',
    status: 404,
    message:
      'OpnForm did not list the integrations of form 404 (404): either the form does not exist, or this OpnForm ' +
      'server cannot list integrations.',
  });
});

const HOST_ONLY =
  'Invalid input: Webhook Host (webhook_host) must be a host only, such as hooks.example.com (no https://, path, ' +
  'query or user name; the value is not repeated here: a webhook URL works as a password).';

test.each([
  ['https://hooks.example.net/hooks/webhook-signed?token=abc'],
  ['hooks.example.net/hooks/secret-path'],
  ['hooks.example.net?token=abc'],
  ['user:pw@hooks.example.net'],
  ['mailto:hooks.example.net'],
  ['hooks example.net'],
])(
  'a pasted URL or more than a host (%j) is refused before any request, without repeating it',
  async (value) => {
    const error = await failure(run(perform, input({ webhook_host: value })));
    expect(error).toEqual({ name: 'AppError', code: 'invalid_input', status: 400, message: HOST_ONLY });
    expect(requests).toBe(0);
  },
);

test('neither host nor status: refused before any request, naming both', async () => {
  const error = await failure(run(perform, input({ webhook_host: ' ', status: '' })));
  expect(error).toEqual({
    name: 'AppError',
    code: 'invalid_input',
    status: 400,
    message:
      'Invalid input: Webhook Host (webhook_host) or Webhook Status (status): enter at least one. Nothing was searched.',
  });
  expect(requests).toBe(0);
});

test('an unknown status is refused naming the field', async () => {
  const error = await failure(run(perform, input({ status: 'paused' })));
  expect(error.message).toBe('Invalid input: Webhook Status (status) must be one of active, inactive.');
  expect(requests).toBe(0);
});

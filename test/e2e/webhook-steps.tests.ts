// Create and Delete Webhook Integration and New Failed Webhook Delivery against the sandbox. Deliveries
// to dead.example.net are "refused" (`resolveHook` returns null: nothing listens there), so the sandbox
// logs an "Error" event with cURL's message, as the real server did (integrations--events #2).
import { fakeDateOnly } from '../helpers/clock';
import { call, runOn, useSandbox } from './helpers';

const DEAD = 'https://dead.example.net:8443/hooks/nothing-listens-here?token=abc123';
const SECRET = 'e2e-signing-secret-42';
const sandbox = useSandbox({
  resolveHook: (url) => (new URL(url).hostname === 'dead.example.net' ? null : undefined),
});

afterEach(() => jest.useRealTimers());

interface Failure {
  id: string;
  webhook_integration_id: number;
  kind: string;
  webhook_url: string;
  failed_at: string;
  message: string;
  http_status: number | null;
}

test('create a webhook to a dead URL, notice its failed deliveries, delete it', async () => {
  fakeDateOnly(new Date('2026-11-23T17:42:10Z'));
  const s = sandbox();
  const form = { workspace_id: s.ids.workspaceId, form_id: s.ids.emptyFormId };
  const created = await runOn<{
    id: number;
    webhook_url: string;
    has_secret: boolean;
    header_names: string[];
  }>(s, 'creates.create_webhook_integration.operation.perform', {
    ...form,
    webhook_url: DEAD,
    webhook_secret: SECRET,
    webhook_headers: { 'X-Team': 'e2e-growth' },
  });
  expect(created).toMatchObject({
    webhook_url: 'https://dead.example.net:8443/********',
    has_secret: true,
    header_names: ['X-Team'],
  });
  expect(JSON.stringify(created)).not.toMatch(/e2e-signing|e2e-growth|abc123/);
  const stored = await call(s, 'GET', `/open/forms/${s.ids.emptyFormId}/integrations`);
  expect(stored.json.find((i: { id: number }) => i.id === created.id).data).toEqual({
    webhook_url: DEAD,
    webhook_secret: SECRET,
    webhook_headers: { 'X-Team': 'e2e-growth' },
  });

  // nothing failed yet
  const none = await runOn<Failure[]>(s, 'triggers.new_webhook_delivery_failure.operation.perform', form);
  expect(none.filter((f) => f.webhook_integration_id === created.id)).toEqual([]);

  // two identical failures in the same minute
  await s.submit(s.ids.emptyFormId, { Name: 'First' });
  await s.submit(s.ids.emptyFormId, { Name: 'Second' });
  const events = await call(s, 'GET', `/open/forms/${s.ids.emptyFormId}/integrations/${created.id}/events`);
  expect(events.json).toEqual([
    {
      date: '2026-11-23 17:42',
      status: 'Error',
      data: { message: expect.stringMatching(/^cURL error 7: /) },
    },
    {
      date: '2026-11-23 17:42',
      status: 'Error',
      data: { message: expect.stringMatching(/^cURL error 7: /) },
    },
  ]);

  const failures = (
    await runOn<Failure[]>(s, 'triggers.new_webhook_delivery_failure.operation.perform', form)
  ).filter((f) => f.webhook_integration_id === created.id);
  expect(failures).toHaveLength(2);
  expect(new Set(failures.map((f) => f.id)).size).toBe(2);
  for (const f of failures) {
    expect(f).toMatchObject({
      kind: 'webhook',
      webhook_url: 'https://dead.example.net:8443/********',
      failed_at: '2026-11-23T17:42:00+00:00',
      http_status: null,
      message:
        'cURL error 7: Failed to connect to dead.example.net port 8443 after 0 ms: Could not connect to server ' +
        '(see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for https://dead.example.net:8443/********',
    });
  }
  expect(JSON.stringify(failures)).not.toMatch(/abc123|nothing-listens|e2e-signing|e2e-growth/);

  // a third failure: the earlier two keep their ids, one new id
  await s.submit(s.ids.emptyFormId, { Name: 'Third' });
  const chosen = await runOn<Failure[]>(s, 'triggers.new_webhook_delivery_failure.operation.perform', {
    ...form,
    webhook_integration_id: created.id,
  });
  expect(chosen).toHaveLength(3);
  expect(chosen.slice(1).map((f) => f.id)).toEqual(failures.map((f) => f.id));

  const deleted = await runOn(s, 'creates.delete_webhook_integration.operation.perform', {
    ...form,
    webhook_integration_id: created.id,
  });
  expect(deleted).toEqual({
    id: created.id,
    form_id: s.ids.emptyFormId,
    integration_id: 'webhook',
    deleted: true,
    webhook_url: 'https://dead.example.net:8443/********',
    message: 'Form Integration was deleted.',
  });
  const after = await call(s, 'GET', `/open/forms/${s.ids.emptyFormId}/integrations`);
  expect(after.json.map((i: { id: number }) => i.id)).not.toContain(created.id);

  // again: already gone is a halt
  await expect(
    runOn(s, 'creates.delete_webhook_integration.operation.perform', {
      ...form,
      webhook_integration_id: created.id,
    }),
  ).rejects.toMatchObject({ name: 'HaltedError' });
});

test('a Zapier hook that cannot be reached is noticed as a zapier_hook failure', async () => {
  const s = sandbox();
  const form = { workspace_id: s.ids.workspaceId, form_id: s.ids.emptyFormId };
  const hook = 'https://dead.example.net/hooks/standard/1/secret-path/';
  await call(s, 'POST', '/external/zapier/webhook', { body: { hookUrl: hook, form_id: s.ids.emptyFormId } });
  await s.submit(s.ids.emptyFormId, { Name: 'Hooked' });
  const failures = await runOn<Failure[]>(s, 'triggers.new_webhook_delivery_failure.operation.perform', form);
  const zapier = failures.filter((f) => f.kind === 'zapier_hook');
  expect(zapier.length).toBeGreaterThanOrEqual(1);
  expect(zapier[0]).toMatchObject({ webhook_url: 'https://dead.example.net/********' });
  expect(JSON.stringify(failures)).not.toContain('secret-path');
});

test('a webhook on a .invalid host fails as unresolvable (how the demo makes a delivery fail)', async () => {
  const s = sandbox();
  const form = { workspace_id: s.ids.workspaceId, form_id: s.ids.emptyFormId };
  const created = await runOn<{ id: number }>(s, 'creates.create_webhook_integration.operation.perform', {
    ...form,
    webhook_url: 'https://receiver.invalid/opnform/abc?key=k1',
  });
  await s.submit(s.ids.emptyFormId, { Name: 'Unresolvable' });
  const [newest] = await runOn<Failure[]>(s, 'triggers.new_webhook_delivery_failure.operation.perform', {
    ...form,
    webhook_integration_id: created.id,
  });
  expect(newest?.message).toBe(
    'cURL error 6: Could not resolve host: receiver.invalid (see https://curl.haxx.se/libcurl/c/libcurl-errors.html) ' +
      'for https://receiver.invalid/********',
  );
});

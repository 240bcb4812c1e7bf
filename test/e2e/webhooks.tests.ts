// Update Webhook Integration against the sandbox over loopback (real HTTP, no nock).
import { verifyWebhookSignature } from '../../src/integrations/signature';
import { failure } from '../helpers/app';
import { call, MODES, modeOptions, runOn, useSandbox } from './helpers';

describe.each(MODES)('%s mode', (mode) => {
  const sandbox = useSandbox(modeOptions(mode));

  const SEEDED_SECRET = 'sandbox-secret-0123456789';
  const NEW_SECRET = 'e2e-Rotated-Secret-4kQ9';

  const update = (inputData: Record<string, unknown>, token: 'admin' | 'noIntegrations' = 'admin') => {
    const s = sandbox();
    return runOn<Record<string, unknown>>(
      s,
      'creates.update_webhook_integration.operation.perform',
      {
        workspace_id: s.ids.workspaceId,
        form_id: s.ids.formId,
        webhook_integration_id: s.ids.webhookIntegrationId,
        ...inputData,
      },
      token,
    );
  };

  const stored = async () => {
    const s = sandbox();
    const reply = await call(s, 'GET', `/open/forms/${s.ids.formId}/integrations`);
    // biome-ignore lint/suspicious/noExplicitAny: e2e assertions walk the sandbox's JSON freely; a wrong path fails the assertion
    return (reply.json as Array<Record<string, any>>).find((i) => i.id === s.ids.webhookIntegrationId);
  };

  beforeEach(() => sandbox().resetRequests());

  // each test starts from an active webhook with the seeded secret and headers
  afterEach(async () => {
    await update({
      status: 'active',
      webhook_secret: SEEDED_SECRET,
      webhook_headers: { 'X-Team': 'research', 'X-Env': 'sandbox' },
    });
  });

  describe('update_webhook_integration', () => {
    it('only a status: read first, every other setting kept; read back from the server', async () => {
      const s = sandbox();
      const before = await stored();
      s.resetRequests();
      const out = await update({ status: 'inactive' });
      expect(s.requests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
        `GET /open/forms/${s.ids.formId} 200`,
        `GET /open/forms/${s.ids.formId}/integrations 200`,
        `PUT /open/forms/${s.ids.formId}/integrations/${s.ids.webhookIntegrationId} 200`,
      ]);
      const after = await stored();
      expect(after).toMatchObject({ status: 'inactive', data: before?.data });
      expect(after?.data.webhook_secret).toBe(SEEDED_SECRET);
      expect(out).toMatchObject({ status: 'inactive', has_secret: true, secret_last4: '6789' });
    });

    it('a new secret signs the next delivery: the helper verifies it, the old secret does not', async () => {
      const s = sandbox();
      const out = await update({ webhook_secret: NEW_SECRET, webhook_headers: { 'X-Team': 'e2e' } });
      expect(JSON.stringify(out)).not.toContain(NEW_SECRET);
      expect(out).toMatchObject({
        has_secret: true,
        secret_last4: '4kQ9',
        webhook_headers: { 'X-Team': '********' },
      });
      const after = await stored();
      expect(after?.data).toMatchObject({
        webhook_url: 'https://hooks.example.com/opnform/feedback',
        webhook_secret: NEW_SECRET,
        webhook_headers: { 'X-Team': 'e2e' },
      });

      const before = s.deliveries().length;
      await s.submit(s.ids.formId, {
        'Full Name': 'Signed Delivery',
        Email: 'signed@example.org',
        Plan: 'Pro',
      });
      const delivery = s
        .deliveries()
        .slice(before)
        .find((d) => d.kind === 'webhook' && d.integrationId === s.ids.webhookIntegrationId);
      expect(delivery).toBeDefined();
      const signature = delivery?.headers['X-Webhook-Signature'];
      expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(delivery?.headers['X-Team']).toBe('e2e');
      expect(verifyWebhookSignature(delivery?.body ?? '', signature, NEW_SECRET)).toBe(true);
      expect(verifyWebhookSignature(delivery?.body ?? '', signature, SEEDED_SECRET)).toBe(false);
      expect(verifyWebhookSignature(`${delivery?.body} `, signature, NEW_SECRET)).toBe(false);
    });

    it('Remove Secret: the next delivery is unsigned', async () => {
      const s = sandbox();
      const out = await update({ clear_webhook_secret: true });
      expect(out).toMatchObject({ has_secret: false, secret_last4: null });
      expect((await stored())?.data.webhook_secret).toBeUndefined();
      const before = s.deliveries().length;
      await s.submit(s.ids.formId, { 'Full Name': 'Unsigned', Email: 'u@example.org', Plan: 'Free' });
      const delivery = s
        .deliveries()
        .slice(before)
        .find((d) => d.kind === 'webhook');
      expect(delivery?.headers['X-Webhook-Signature']).toBeUndefined();
    });

    it('a token without manage-integrations is refused with the ability named', async () => {
      const error = await failure(update({ status: 'active' }, 'noIntegrations'));
      expect(error).toMatchObject({ code: 'forbidden', status: 403 });
      expect(error.message).toContain('"manage-integrations" ability');
    });
  });
});

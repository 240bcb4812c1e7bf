// The sandbox itself behaves like a real OpnForm server (real-server-notes.md) where that is harder
// for the connector: Zapier hooks, deliveries and integrations. Later end-to-end tests rely on these
// behaviours (its submission, member and export routes: sandbox-routes.tests.ts).
import { createHmac } from 'node:crypto';
import { startHookCatcher } from '../../harness/hook-catcher';
import { call, useSandbox } from './helpers';

const sandbox = useSandbox();
describe('zapier hooks', () => {
  it('subscribe answers 200 [] and allows duplicates; unsubscribe removes every match and answers 200 []', async () => {
    const s = sandbox();
    const body = { hookUrl: 'https://hooks.zapier.com/hooks/standard/1/abc', form_id: s.ids.formId };
    expect(await call(s, 'POST', '/external/zapier/webhook', { body })).toMatchObject({
      status: 200,
      json: [],
    });
    expect(await call(s, 'POST', '/external/zapier/webhook', { body })).toMatchObject({
      status: 200,
      json: [],
    });
    expect(s.hooks(s.ids.formId).filter((h) => h.hookUrl === body.hookUrl)).toHaveLength(2);
    expect(await call(s, 'DELETE', '/external/zapier/webhook', { body })).toMatchObject({
      status: 200,
      json: [],
    });
    expect(s.hooks(s.ids.formId).filter((h) => h.hookUrl === body.hookUrl)).toHaveLength(0);
    expect(await call(s, 'DELETE', '/external/zapier/webhook', { body })).toMatchObject({
      status: 200,
      json: [],
    });
    const unknown = await call(s, 'DELETE', '/external/zapier/webhook', { body: { ...body, form_id: 999 } });
    expect(unknown).toMatchObject({
      status: 422,
      json: { errors: { form_id: ['The selected form id is invalid.'] } },
    });
  });

  it('refuses hook URLs that are not https with 422 errors.hookUrl (loopback and private allowed by default)', async () => {
    const s = sandbox();
    const refused = {
      'http://hooks.example.com/x': ['The webhook URL must use HTTPS.'],
      'http://127.0.0.1:9/x': ['The webhook URL must use HTTPS.'],
      'not a url': ['The hook url format is invalid.', 'The webhook URL must be a valid URL.'],
      'https://user:pw@hooks.example.com/x': ['The webhook URL cannot contain embedded credentials.'],
    };
    for (const [hookUrl, messages] of Object.entries(refused)) {
      const reply = await call(s, 'POST', '/external/zapier/webhook', {
        body: { hookUrl, form_id: s.ids.formId },
      });
      expect(reply).toMatchObject({ status: 422, json: { errors: { hookUrl: messages } } });
    }
    const privateHook = { hookUrl: 'https://10.0.0.5/x', form_id: s.ids.formId };
    expect((await call(s, 'POST', '/external/zapier/webhook', { body: privateHook })).status).toBe(200);
    expect((await call(s, 'DELETE', '/external/zapier/webhook', { body: privateHook })).status).toBe(200);
  });

  it('the hook routes need manage-integrations ("Invalid ability provided.")', async () => {
    const s = sandbox();
    const reply = await call(s, 'GET', `/external/zapier/submissions/recent?form_id=${s.ids.formId}`, {
      token: 'noIntegrations',
    });
    expect(reply).toMatchObject({ status: 403, json: { message: 'Invalid ability provided.' } });
  });

  it('recent answers exactly one item without submission_id; fake values when the form has none', async () => {
    const s = sandbox();
    const recent = await call(s, 'GET', `/external/zapier/submissions/recent?form_id=${s.ids.formId}`);
    expect(recent.json).toHaveLength(1);
    expect(recent.json[0]).not.toHaveProperty('submission_id');
    expect(recent.json[0]).not.toHaveProperty('edit_link');
    expect(recent.json[0]).toMatchObject({ form_id: s.ids.formId, form_slug: 'customer-feedback' });
    const empty = await call(s, 'GET', `/external/zapier/submissions/recent?form_id=${s.ids.emptyFormId}`);
    expect(empty.json).toHaveLength(1);
    expect(empty.json[0].submission).toEqual({
      Name: 'Sample Name',
      Email: 'sample@example.com',
      Agreed: 'Yes',
    });
  });
});

describe('deliveries', () => {
  it('POSTs the display-formatted payload to a loopback hook and records the signed webhook delivery', async () => {
    const s = sandbox();
    const catcher = await startHookCatcher();
    try {
      const hookUrl = catcher.url('deliveries');
      await call(s, 'POST', '/external/zapier/webhook', { body: { hookUrl, form_id: s.ids.formId } });
      const before = s.deliveries().length;
      const F = s.ids.fields;
      const { id } = await s.submit(
        s.ids.formId,
        {
          'Full Name': 'Ada Lovelace',
          Email: 'ada@example.org',
          Plan: 'Pro',
          [F.subscribe as string]: false,
          [F.interests as string]: ['Forms', 'Design'],
          [F.satisfaction as string]: { Support: 'Good', Product: 'OK' },
          [F.visit_date as string]: '2026-03-04T09:30:00+00:00',
          [F.stay as string]: ['2026-03-04T00:00:00+00:00', '2026-03-06T00:00:00+00:00'],
          [F.attachments as string]: [{ file_name: 'cv.pdf' }],
        },
        { attribution: { utm_source: 'newsletter' } },
      );
      const got = await catcher.next();
      // biome-ignore lint/suspicious/noExplicitAny: e2e assertions walk the sandbox's JSON freely; a wrong path fails the assertion
      const payload = got.json as Record<string, any>;
      expect(payload.submission_id).toBe(id);
      expect(payload.submission).toMatchObject({
        'Full Name': 'Ada Lovelace',
        Subscribe: 'No',
        Interests: ['Forms', 'Design'],
        Satisfaction: 'Support: Good\nProduct: OK',
        'Visit Date': '04/03/2026 9:30am',
        Stay: '03/04/2026 - 03/06/2026',
      });
      expect(payload.submission).not.toHaveProperty('Phone');
      expect(payload.data[F.plan as string]).toEqual({ value: 'Pro', name: 'Plan', type: 'select' });
      expect(payload.submission.Attachments).toEqual([
        {
          // the real server's signed file route: the name base64url-encoded
          file_url: expect.stringContaining(
            `/api/open/forms/${s.ids.formId}/submissions/file/${Buffer.from('cv.pdf').toString('base64url')}?expires=`,
          ),
          file_name: 'cv.pdf',
        },
      ]);
      expect(payload.edit_link).toMatch(/\/forms\/customer-feedback\?submission_id=/);
      expect(payload.meta).toEqual({ attribution: { utm_source: 'newsletter' } });
      expect(payload.message).toMatch(/deprecated/);

      const recorded = s.deliveries().slice(before);
      const webhook = recorded.find((d) => d.kind === 'webhook');
      expect(webhook?.url).toBe('https://hooks.example.com/opnform/feedback');
      const hex = createHmac('sha256', 'sandbox-secret-0123456789')
        .update(webhook?.body ?? '')
        .digest('hex');
      expect(webhook?.headers).toMatchObject({
        'X-Webhook-Signature': `sha256=${hex}`,
        'X-Team': 'research',
      });
      expect(recorded.find((d) => d.kind === 'zapier')).toMatchObject({
        url: hookUrl,
        sent: true,
        status: 200,
      });
      await call(s, 'DELETE', '/external/zapier/webhook', { body: { hookUrl, form_id: s.ids.formId } });
    } finally {
      await catcher.close();
    }
  });

  it('an edit replaces the answers and delivers again with the same submission_id', async () => {
    const s = sandbox();
    const catcher = await startHookCatcher();
    try {
      const hookUrl = catcher.url('edits');
      await call(s, 'POST', '/external/zapier/webhook', { body: { hookUrl, form_id: s.ids.formId } });
      const { id } = await s.submit(s.ids.formId, {
        'Full Name': 'First',
        Email: 'f@example.org',
        Plan: 'Free',
      });
      const edited = await fetch(`${s.origin}/__sandbox/submissions/${id}/edit`, {
        method: 'POST',
        body: JSON.stringify({ answers: { 'Full Name': 'Second', Email: 'f@example.org', Plan: 'Pro' } }),
      });
      expect(edited.status).toBe(200);
      const [created, again] = [await catcher.next(), await catcher.next()];
      // biome-ignore lint/suspicious/noExplicitAny: e2e assertions walk the sandbox's JSON freely; a wrong path fails the assertion
      expect((created.json as Record<string, any>).submission).toMatchObject({
        'Full Name': 'First',
        Plan: 'Free',
      });
      expect(again.json).toMatchObject({
        submission_id: id,
        submission: { 'Full Name': 'Second', Plan: 'Pro' },
      });
      await call(s, 'DELETE', '/external/zapier/webhook', { body: { hookUrl, form_id: s.ids.formId } });
    } finally {
      await catcher.close();
    }
  });

  it('refuses attribution keys OpnForm does not allow', async () => {
    const s = sandbox();
    await expect(
      s.submit(
        s.ids.formId,
        { 'Full Name': 'A', Email: 'a@example.org', Plan: 'Pro' },
        { attribution: { ref: 'x' } },
      ),
    ).rejects.toThrow(/422.*meta\.attribution\.ref/);
  });

  it('never delivers partial submissions', async () => {
    const s = sandbox();
    const before = s.deliveries().length;
    await s.submit(s.ids.formId, { 'Full Name': 'Half Done' }, { partial: true });
    expect(s.deliveries()).toHaveLength(before);
  });

  it('refuses partial submissions on a free-plan workspace (402 on the partial filter too)', async () => {
    const s = sandbox();
    await expect(s.submit(s.ids.freeFormId, { Name: 'x' }, { partial: true })).rejects.toThrow(/402/);
    const reply = await call(s, 'GET', `/open/forms/${s.ids.freeFormId}/submissions?status=partial`);
    expect(reply).toMatchObject({ status: 402, json: { required_tier: 'pro', current_tier: 'free' } });
  });
});

describe('integrations', () => {
  it('PUT requires status and replaces data wholesale (omitting the secret removes it)', async () => {
    const s = sandbox();
    const path = `/open/forms/${s.ids.formId}/integrations/${s.ids.webhookIntegrationId}`;
    const noStatus = await call(s, 'PUT', path, {
      body: { integration_id: 'webhook', data: { webhook_url: 'https://hooks.example.com/new' } },
    });
    expect(noStatus).toMatchObject({
      status: 422,
      json: { errors: { status: ['The Status field is required.'] } },
    });
    const noKind = await call(s, 'PUT', path, { body: { status: 'active', data: {} } });
    expect(noKind.status).toBe(500);
    const ok = await call(s, 'PUT', path, {
      body: {
        integration_id: 'webhook',
        status: 'inactive',
        data: { webhook_url: 'https://hooks.example.com/new' },
      },
    });
    expect(ok.json.form_integration).toMatchObject({
      status: 'inactive',
      data: { webhook_url: 'https://hooks.example.com/new' },
    });
    const listed = await call(s, 'GET', `/open/forms/${s.ids.formId}/integrations`);
    expect(listed.json.find((i: { id: number }) => i.id === s.ids.webhookIntegrationId).data).toEqual({
      webhook_url: 'https://hooks.example.com/new',
    });
  });
});

/** `npm start` steps of the forms and webhooks issue: find the form, update its webhook, check the signature. */
import { verifyWebhookSignature } from '../../../src/integrations/signature';
import type { DemoStep } from '../types';

/** A demo-only signing secret (the sandbox is in-memory; nothing real is signed with it). */
const DEMO_SECRET = 'demo-rotated-secret-2026';

export const WEBHOOK_DEMO_STEPS: DemoStep[] = [
  {
    name: 'find the form (find_form)',
    run: async (ctx) => {
      const [form] = await ctx.invoke<
        Array<{ id: number; title: string; slug: string; question_count: number }>
      >('searches.find_form.operation.perform', { form: ctx.sandbox.ids.formSlug });
      if (form === undefined) throw new Error(`no form found for slug "${ctx.sandbox.ids.formSlug}"`);
      ctx.picked.form_id = form.id;
      return `"${form.title}" (${form.slug}), form ${form.id}, ${form.question_count} questions`;
    },
  },
  {
    name: 'pick the webhook (webhook_integration_list)',
    run: async (ctx) => {
      const webhooks = await ctx.invoke<Array<{ id: number; name: string }>>(
        'triggers.webhook_integration_list.operation.perform',
        { workspace_id: ctx.picked.workspace_id, form_id: ctx.picked.form_id },
      );
      const chosen = webhooks[0];
      if (chosen === undefined)
        throw new Error(`form ${String(ctx.picked.form_id)} has no webhook integration`);
      ctx.picked.webhook_integration_id = chosen.id;
      return `${webhooks.length} webhook(s); picked "${chosen.name}"`;
    },
  },
  {
    name: 'update the webhook integration (update_webhook_integration)',
    run: async (ctx) => {
      const out = await ctx.invoke<{
        status: string;
        webhook_url: string;
        secret_last4: string;
        header_names: string[];
      }>('creates.update_webhook_integration.operation.perform', {
        workspace_id: ctx.picked.workspace_id,
        form_id: ctx.picked.form_id,
        webhook_integration_id: ctx.picked.webhook_integration_id,
        webhook_secret: DEMO_SECRET,
      });
      const before = ctx.sandbox.deliveries().length;
      await ctx.sandbox.submit(ctx.sandbox.ids.formId, {
        'Full Name': 'Demo Signer',
        Email: 'signer@example.org',
        Plan: 'Pro',
      });
      const delivery = ctx.sandbox
        .deliveries()
        .slice(before)
        .find((d) => d.kind === 'webhook' && d.integrationId === ctx.picked.webhook_integration_id);
      if (delivery === undefined)
        throw new Error('the sandbox recorded no webhook delivery after a submission');
      if (!verifyWebhookSignature(delivery.body, delivery.headers['X-Webhook-Signature'], DEMO_SECRET)) {
        throw new Error('the next delivery is not signed with the new secret');
      }
      return (
        `secret rotated (…${out.secret_last4}), ${out.status}, URL and headers ${out.header_names.join(', ')} kept; ` +
        'the next delivery verifies with verifyWebhookSignature'
      );
    },
  },
];

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
  {
    name: 'create and delete a webhook (create_webhook_integration, delete_webhook_integration)',
    run: async (ctx) => {
      const input = { workspace_id: ctx.picked.workspace_id, form_id: ctx.picked.form_id };
      const created = await ctx.invoke<{ id: number; webhook_url: string; has_secret: boolean }>(
        'creates.create_webhook_integration.operation.perform',
        {
          ...input,
          webhook_url: 'https://hooks.example.com/opnform/demo-created',
          webhook_secret: DEMO_SECRET,
        },
      );
      const deleted = await ctx.invoke<{ deleted: boolean; message: string }>(
        'creates.delete_webhook_integration.operation.perform',
        { ...input, webhook_integration_id: created.id },
      );
      if (!deleted.deleted) throw new Error(`webhook ${created.id} was not deleted`);
      return `created webhook #${created.id} to ${created.webhook_url} (signed: ${created.has_secret}), then deleted: ${deleted.message}`;
    },
  },
  {
    name: 'a failed delivery noticed (new_webhook_delivery_failure)',
    run: async (ctx) => {
      const input = { workspace_id: ctx.picked.workspace_id, form_id: ctx.picked.form_id };
      // a host under .invalid never resolves: the sandbox logs the delivery as failed, as OpnForm does
      const broken = await ctx.invoke<{ id: number }>(
        'creates.create_webhook_integration.operation.perform',
        {
          ...input,
          webhook_url: 'https://receiver.invalid/opnform/demo',
        },
      );
      await ctx.sandbox.submit(ctx.sandbox.ids.formId, {
        'Full Name': 'Demo Unlucky',
        Email: 'unlucky@example.org',
        Plan: 'Pro',
      });
      const failures = await ctx.invoke<
        Array<{ id: string; webhook_integration_id: number; message: string }>
      >('triggers.new_webhook_delivery_failure.operation.perform', input);
      const failure = failures.find((f) => f.webhook_integration_id === broken.id);
      if (failure === undefined) throw new Error(`no failed delivery noticed for webhook ${broken.id}`);
      await ctx.invoke('creates.delete_webhook_integration.operation.perform', {
        ...input,
        webhook_integration_id: broken.id,
      });
      return `failure ${failure.id}: ${failure.message.slice(0, 60)}...; the broken webhook deleted again`;
    },
  },
];

import * as integrations from '../api/integrations';
import { defineDropdown, OF_FORM } from '../inputs/dropdown';
import { isWebhook, urlLabel } from './webhooks';

/**
 * The webhook integrations of a form, for the Webhook Integration dropdown. A server without the
 * integration list route (404) gives an empty list: the field's help text tells the user to type
 * the id as a custom value then (an error here would block the field instead).
 */
export const webhookIntegrationList = defineDropdown({
  key: 'webhook_integration_list',
  noun: 'Webhook Integration',
  label: 'List Webhook Integrations',
  listed: 'webhook integration',
  ...OF_FORM,
  list: async (z, bundle, { form_id }) =>
    ((await integrations.list(z, bundle, form_id)) ?? []).filter(isWebhook).map((integration) => ({
      id: integration.id,
      name: `Webhook #${integration.id} to ${urlLabel(integrations.dataOf(integration).webhook_url)} (${integration.status ?? 'unknown status'})`,
    })),
  sample: { id: 12, name: 'Webhook #12 to hooks.example.com/******** (active)' },
});

export const cases: import('../shared/step-case').StepCase[] = [
  { input: { workspace_id: '$workspaceId', form_id: '$formId' }, minimum: 1, why: 'list' },
];

import { defineInputFields, defineTrigger } from 'zapier-platform-core';
import { opnform } from '../http/client';
import { FormInput } from '../schemas/inputs';
import { parseInput } from '../schemas/parse';
import { FIELD_LABELS, formField, workspaceField } from '../shared/fields';
import { pollingPerform } from '../shared/perform';
import { dataOf, isWebhook, readIntegrations, urlLabel } from './webhooks';

const inputFields = defineInputFields([workspaceField, formField]);
const Input = FormInput;

/**
 * The webhook integrations of a form, for the Webhook Integration dropdown. A server without the
 * integration list route (404) gives an empty list: the field's help text tells the user to type
 * the id as a custom value then (an error here would block the field instead).
 */
const perform = pollingPerform(async (z, bundle) => {
  const { form_id } = parseInput(z, Input, bundle.inputData, FIELD_LABELS);
  const integrations = (await readIntegrations(opnform(z, bundle), form_id)) ?? [];
  return integrations.filter(isWebhook).map((integration) => ({
    id: integration.id,
    name: `Webhook #${integration.id} to ${urlLabel(dataOf(integration).webhook_url)} (${integration.status ?? 'unknown status'})`,
  }));
});

export const webhookIntegrationList = defineTrigger({
  key: 'webhook_integration_list',
  noun: 'Webhook Integration',
  display: {
    label: 'List Webhook Integrations',
    description: 'Triggers when a webhook integration is listed.',
    hidden: true,
  },
  operation: {
    type: 'polling',
    inputFields,
    perform,
    canPaginate: false,
    sample: { id: 12, name: 'Webhook #12 to hooks.example.com/******** (active)' },
    outputFields: [
      { key: 'id', label: 'Webhook Integration ID', type: 'integer' },
      { key: 'name', label: 'Name', type: 'string' },
    ],
  },
});

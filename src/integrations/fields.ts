/**
 * The settings fields of the webhook steps (Create and Update Webhook Integration): one definition,
 * with the words that differ (required URL, "leave empty to keep") chosen by the step.
 */
import { defineInputField } from 'zapier-platform-core';

const KEEP = 'Leave empty to keep the current value.';

/** Zapier's log hides a header's value only for these names: said once, in both steps. */
const LOGGED =
  "Zapier's logs show a header's value unless its name contains token, auth, secret, password or api-key.";

/** `create`: a new webhook (URL required, status defaults to active); otherwise an update (empty keeps). */
export const webhookSettingFields = (mode: 'create' | 'update') => {
  const create = mode === 'create';
  return [
    defineInputField({
      key: 'status',
      label: 'Status',
      required: false,
      choices: { active: 'Active', inactive: 'Inactive' },
      ...(create ? { default: 'active' } : {}),
      helpText: `Whether OpnForm sends the webhook. ${create ? 'Empty means Active.' : KEEP}`,
    }),
    defineInputField({
      key: 'webhook_url',
      label: 'Webhook URL',
      required: create,
      helpText: `Where OpnForm sends each submission: a public https:// address.${create ? '' : ` ${KEEP}`}`,
    }),
    defineInputField({
      key: 'webhook_secret',
      label: 'Webhook Secret',
      type: 'password',
      required: false,
      helpText: create
        ? 'At least 12 characters: OpnForm signs each delivery with it (X-Webhook-Signature header). ' +
          'Empty: deliveries are unsigned.'
        : `A new signing secret, at least 12 characters. ${KEEP}`,
    }),
    defineInputField({
      key: 'webhook_headers',
      label: 'Webhook Headers',
      required: false,
      dict: true,
      helpText: create
        ? `At most 10, not Authorization, Host or other headers OpnForm sets. ${LOGGED}`
        : `They replace all custom headers (at most 10, not ones OpnForm sets); empty keeps them. ${LOGGED}`,
    }),
  ] as const;
};

/** The form's webhook (dropdown of its webhook integrations, after the form); `helpText` says what for. */
export const webhookIntegrationField = (helpText: string, required = true) =>
  defineInputField({
    key: 'webhook_integration_id',
    label: 'Webhook Integration',
    required,
    dynamic: 'webhook_integration_list.id.name',
    dependsOn: ['form_id'],
    helpText,
  });

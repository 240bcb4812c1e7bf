/**
 * The settings fields of the webhook steps (Create and Update Webhook Integration): one definition,
 * with the words that differ (required URL, "leave empty to keep") chosen by the step.
 */
import { defineInputField } from 'zapier-platform-core';

const KEEP = 'Leave empty to keep the current value.';

/** `create`: a new webhook (URL required, status defaults to active); otherwise an update (empty keeps). */
export const webhookSettingFields = (mode: 'create' | 'update') => {
  const create = mode === 'create';
  return [
    defineInputField({
      key: 'status',
      label: 'Status',
      type: 'string',
      required: false,
      choices: { active: 'Active', inactive: 'Inactive' },
      ...(create ? { default: 'active' } : {}),
      helpText: `Whether OpnForm sends the webhook. ${create ? 'Empty means Active.' : KEEP}`,
    }),
    defineInputField({
      key: 'webhook_url',
      label: 'Webhook URL',
      type: 'string',
      required: create,
      helpText: `Where OpnForm sends each submission: an https:// address on the public internet.${create ? '' : ` ${KEEP}`}`,
    }),
    defineInputField({
      key: 'webhook_secret',
      label: 'Webhook Secret',
      type: 'password',
      required: false,
      helpText: create
        ? 'A signing secret (at least 12 characters): OpnForm signs every delivery with it in the ' +
          'X-Webhook-Signature header. Leave empty to send deliveries unsigned.'
        : 'A new signing secret (at least 12 characters): OpnForm signs every delivery with it in the ' +
          `X-Webhook-Signature header. ${KEEP} To remove the secret, use Remove Secret.`,
    }),
    defineInputField({
      key: 'webhook_headers',
      label: 'Webhook Headers',
      required: false,
      dict: true,
      helpText:
        'Custom headers sent with every delivery (at most 10; not Authorization, Content-Type, Host, Cookie and ' +
        `other headers OpnForm sets itself).${
          create
            ? ''
            : ` They replace all current custom headers. ${KEEP} To remove all custom headers, use Remove Headers.`
        } Zapier's logs hide only the values of headers ` +
        'whose name contains token, auth, secret, password or api-key (e.g. X-Api-Token).',
    }),
  ] as const;
};

/** The form's webhook (dropdown of its webhook integrations, after the form); `helpText` says what for. */
export const webhookIntegrationField = (helpText: string, required = true) =>
  defineInputField({
    key: 'webhook_integration_id',
    label: 'Webhook Integration',
    type: 'string',
    required,
    dynamic: 'webhook_integration_list.id.name',
    dependsOn: ['form_id'],
    helpText,
  });

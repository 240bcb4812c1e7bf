import { type Bundle, defineInputFields, defineSearch, type ZObject } from 'zapier-platform-core';
import * as integrations from '../api/integrations';
import { invalidInput, notFound } from '../errors';
import { formField, workspaceField } from '../inputs/fields';
import { FormId, inputObject, OptionalChoice, optionalValue, refuse, WorkspaceId } from '../inputs/values';
import { lazy } from '../schemas/lazy';
import { parseInput } from '../schemas/parse';
import { throttleFor } from '../shared/limits';
import { describeWebhook, isWebhook, WEBHOOK_OUTPUT_FIELDS, webhookSample } from './webhooks';

const STATUSES = ['active', 'inactive'] as const;

const HOST_ONLY =
  'must be a host only, such as hooks.example.com (no https://, path, query or user name; the value is not ' +
  'repeated here: a webhook URL works as a password)';

/**
 * A webhook's host, as `URL` writes it (lower case, punycode, a port only when given). A pasted URL is
 * refused without quoting it: whoever has a webhook's URL can post to it.
 */
const WebhookHost = lazy(() =>
  optionalValue(HOST_ONLY, (value, ctx) => {
    const text = String(value).trim();
    const scheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:]+:\d{1,5}$/.test(text);
    if (scheme || /[/?#@\\\s]/.test(text)) return refuse(ctx, '', HOST_ONLY);
    try {
      return new URL(`https://${text}`).host;
    } catch {
      return refuse(ctx, '', HOST_ONLY);
    }
  }),
);

const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  form_id: FormId(),
  webhook_host: WebhookHost(),
  status: OptionalChoice(STATUSES),
}));

const inputFields = defineInputFields([
  workspaceField,
  formField,
  {
    key: 'webhook_host',
    label: 'Webhook Host',
    required: false,
    helpText: "Only the URL's host, e.g. `hooks.example.com`. Fill this, Webhook Status or both.",
  },
  {
    key: 'status',
    label: 'Webhook Status',
    required: false,
    choices: [
      { value: 'active', label: 'Active', sample: 'active' },
      { value: 'inactive', label: 'Inactive', sample: 'inactive' },
    ],
    helpText: 'Whether OpnForm sends the webhook. Fill this, Webhook Host or both.',
  },
]);

/** Whether a webhook URL is on `host` (with a port when the host names one). */
const onHost = (url: unknown, host: string) => {
  try {
    const parsed = new URL(String(url).trim());
    return parsed.host === host || parsed.hostname === host;
  } catch {
    return false;
  }
};

/**
 * One request, `GET /open/forms/{id}/integrations` (every integration of the form, secrets in clear):
 * the webhooks whose URL is on the host and whose status is the one asked, in the list's order, shaped
 * as the other webhook steps show them (URL masked, no secret, header names only). None: `[]`.
 */
const perform = async (z: ZObject, bundle: Bundle) => {
  const input = parseInput(z, Input(), bundle.inputData, inputFields);
  const { form_id, webhook_host: host, status } = input;
  if (host === undefined && status === undefined) {
    throw invalidInput(
      z,
      'Webhook Host (webhook_host) or Webhook Status (status): enter at least one. Nothing was searched.',
    );
  }
  const list = await integrations.list(z, bundle, form_id);
  if (list === undefined) {
    throw notFound(
      z,
      `OpnForm did not list the integrations of form ${form_id} (404): either the form does not exist, or this ` +
        'OpnForm server cannot list integrations.',
    );
  }
  return list
    .filter((it) => isWebhook(it) && (status === undefined || it.status === status))
    .filter((it) => host === undefined || onHost(integrations.dataOf(it).webhook_url, host))
    .map((it) => ({
      id: it.id,
      form_id: it.form_id ?? form_id,
      integration_id: it.integration_id,
      status: it.status ?? null,
      ...describeWebhook(integrations.dataOf(it)),
    }));
};

const { message: _message, ...sample } = webhookSample('');

export const findWebhookIntegration = defineSearch({
  key: 'find_webhook_integration',
  noun: 'Webhook Integration',
  display: {
    label: 'Find Webhook Integration',
    description: "Finds a form's webhooks by URL host, status or both. Returns each with its URL masked.",
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: [...WEBHOOK_OUTPUT_FIELDS],
    throttle: throttleFor(1), // the form's integrations
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', form_id: '$formId', webhook_host: 'Hooks.Example.com' },
    minimum: 1,
    why: "one list of the form's integrations, filtered here (host, status, webhooks only)",
    nothing: { workspace_id: '$workspaceId', form_id: '$formId', webhook_host: 'nowhere.example.org' },
    review: { on: 'both', evidence: ['integrations--list#0'] },
  },
];

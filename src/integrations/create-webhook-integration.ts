import {
  type CreatePerform,
  defineCreate,
  defineInputFields,
  type InferInputData,
} from 'zapier-platform-core';
import * as integrations from '../api/integrations';
import { readFormIn } from '../forms/in-workspace';
import { formField, workspaceField } from '../inputs/fields';
import { FormId, inputObject, OptionalChoice, WorkspaceId } from '../inputs/values';
import {
  RequiredWebhookUrl,
  WEBHOOK_STATUSES,
  WebhookHeaders,
  WebhookSecret,
  webhookSettingFields,
} from '../inputs/webhook';
import { parseInput } from '../schemas/parse';
import { throttleFor } from '../shared/limits';
import { WEBHOOK_OUTPUT_FIELDS, webhookLog, webhookOutput, webhookSample } from './webhooks';

const inputFields = defineInputFields([workspaceField, formField, ...webhookSettingFields('create')]);
const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  form_id: FormId(),
  status: OptionalChoice(WEBHOOK_STATUSES),
  webhook_url: RequiredWebhookUrl(),
  webhook_secret: WebhookSecret(),
  webhook_headers: WebhookHeaders(),
}));

/**
 * The form read (one of another workspace than the chosen one is refused: a webhook there would send
 * its submissions where the user did not mean to), then one POST with `integration_id: webhook`, the
 * status (Active unless chosen) and only the members the user gave (a real server keeps `webhook_url`,
 * `webhook_secret` and `webhook_headers` only).
 * Every value is checked first with the update step's rules; the secret and header values never
 * reach the output, the log or an error (the output says whether a secret is set, and its last 4).
 */
const perform = (async (z, bundle) => {
  const input = parseInput(z, Input(), bundle.inputData, inputFields);
  const status = input.status ?? 'active';
  const data: Record<string, unknown> = { webhook_url: input.webhook_url };
  if (input.webhook_secret !== undefined) data.webhook_secret = input.webhook_secret;
  if (input.webhook_headers !== undefined) data.webhook_headers = input.webhook_headers;
  const secrets = [
    ...(input.webhook_secret === undefined ? [] : [input.webhook_secret]),
    ...Object.values(input.webhook_headers ?? {}),
  ];
  await readFormIn(z, bundle, input.form_id, input.workspace_id, 'Nothing was created.');
  const reply = await integrations.create(
    z,
    bundle,
    input.form_id,
    { integration_id: 'webhook', status, data },
    { redact: secrets, summary: webhookLog },
  );
  return webhookOutput(reply, {
    form_id: input.form_id,
    status,
    data,
    message: 'Form Integration was created.',
  });
}) satisfies CreatePerform<InferInputData<typeof inputFields>>;

export const createWebhookIntegration = defineCreate({
  key: 'create_webhook_integration',
  noun: 'Webhook Integration',
  display: {
    label: 'Create Webhook Integration',
    description:
      'Adds a webhook to a form: OpnForm posts each new submission to the URL. Returns the webhook with its URL masked.',
  },
  operation: {
    inputFields,
    perform,
    sample: webhookSample('Form Integration was created.'),
    outputFields: [...WEBHOOK_OUTPUT_FIELDS],
    throttle: throttleFor(2), // the form read + the create
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: {
      workspace_id: '$workspaceId',
      form_id: '$emptyFormId',
      webhook_url: 'https://hooks.example.com/opnform/case',
      webhook_secret: 'case-secret-0123456789',
    },
    minimum: 2,
    why: 'read the form (refuse one of another workspace; every value is checked before it) + create',
    review: {
      on: 'both (Cloud refuses private addresses: a public https URL)',
      evidence: ['forms--get-form#5', 'integrations--create#0'],
    },
  },
];

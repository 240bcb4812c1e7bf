import {
  type CreatePerform,
  defineCreate,
  defineInputFields,
  type InferInputData,
  type ZObject,
} from 'zapier-platform-core';
import * as integrations from '../api/integrations';
import { invalidInput, notFound, userError } from '../errors';
import { readFormIn } from '../forms/in-workspace';
import { formField, webhookIntegrationField, workspaceField } from '../inputs/fields';
import {
  Flag,
  FormId,
  inputObject,
  OptionalChoice,
  WebhookIntegrationId,
  WorkspaceId,
} from '../inputs/values';
import {
  WEBHOOK_STATUSES,
  WebhookHeaders,
  WebhookSecret,
  WebhookUrl,
  webhookSettingFields,
} from '../inputs/webhook';
import type { FormIntegration } from '../schemas/integrations';
import type { Out } from '../schemas/lazy';
import { labelsOf, parseInput } from '../schemas/parse';
import { lockOn, throttleFor } from '../shared/limits';
import { checkRemoveSwitches } from '../shared/switches';
import { isWebhook, WEBHOOK_OUTPUT_FIELDS, webhookLog, webhookOutput, webhookSample } from './webhooks';

const inputFields = defineInputFields([
  workspaceField,
  formField,
  webhookIntegrationField(
    'Choose one, or map its id. If the list stays empty although the form has a webhook, enter its id and ' +
      'fill in every field below (its current settings cannot be read).',
  ),
  ...webhookSettingFields('update'),
  {
    key: 'clear_webhook_secret',
    label: 'Remove Secret',
    type: 'boolean',
    required: false,
    default: 'false',
    helpText: 'Yes removes the signing secret: deliveries are then unsigned.',
  },
  {
    key: 'clear_webhook_headers',
    label: 'Remove Headers',
    type: 'boolean',
    required: false,
    default: 'false',
    helpText: 'Yes removes every custom header.',
  },
]);
const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  form_id: FormId(),
  webhook_integration_id: WebhookIntegrationId(),
  status: OptionalChoice(WEBHOOK_STATUSES),
  webhook_url: WebhookUrl(),
  webhook_secret: WebhookSecret(),
  webhook_headers: WebhookHeaders(),
  clear_webhook_secret: Flag(),
  clear_webhook_headers: Flag(),
}));
type Input = Out<typeof Input>;

const INPUT_LABELS = labelsOf(inputFields);
const label = (key: string) => `${INPUT_LABELS[key]} (${key})`;

/** A field and its "remove" switch cannot both be used. */
const checkConflicts = (z: ZObject, input: Input) =>
  checkRemoveSwitches(
    z,
    input,
    [
      ['webhook_secret', 'clear_webhook_secret'],
      ['webhook_headers', 'clear_webhook_headers'],
    ],
    INPUT_LABELS,
  );

/**
 * Where the current settings cannot be read (404 on the list), the update must name every setting:
 * a real server replaces the whole `data`, so an empty field would silently wipe a setting.
 */
const checkComplete = (z: ZObject, input: Input) => {
  const missing = [
    input.status === undefined ? label('status') : undefined,
    input.webhook_url === undefined ? label('webhook_url') : undefined,
    input.webhook_secret === undefined && !input.clear_webhook_secret
      ? `${label('webhook_secret')} or ${INPUT_LABELS.clear_webhook_secret}: Yes`
      : undefined,
    input.webhook_headers === undefined && !input.clear_webhook_headers
      ? `${label('webhook_headers')} or ${INPUT_LABELS.clear_webhook_headers}: Yes`
      : undefined,
  ].filter((text): text is string => text !== undefined);
  if (missing.length === 0) return;
  throw userError(
    z,
    `OpnForm did not let the connector read this form's integrations (404), so settings left empty ` +
      `cannot be kept and would be wiped. Either the form does not exist, or this OpnForm server cannot ` +
      `list integrations: then fill in every setting. Missing: ${missing.join('; ')}.`,
    'invalid_input',
  );
};

/** The integration to update among the form's integrations, or a clear error. */
const findWebhook = (z: ZObject, list: readonly FormIntegration[], id: number, formId: number) => {
  const found = list.find((integration) => integration.id === id);
  if (found === undefined) {
    throw notFound(
      z,
      `Webhook integration ${id} not found on form ${formId} in OpnForm (404). Check that the webhook ` +
        'integration still exists on that form.',
    );
  }
  if (!isWebhook(found)) {
    throw invalidInput(
      z,
      `${label('webhook_integration_id')} ${id} is a "${found.integration_id}" integration, not a webhook: ` +
        'this step only updates webhook integrations.',
    );
  }
  return found;
};

/**
 * Reads the form (one of another workspace than the chosen one is refused), then the integration, and
 * sends its whole `data` back with only the given changes, so nothing the user left empty is lost (a real server replaces `data` and requires `status`);
 * unknown members such as the trigger conditions travel back untouched. The secret never reaches
 * the output or an error message: the output says whether one is set and shows its last 4 characters.
 */
const perform = (async (z, bundle) => {
  const input = parseInput(z, Input(), bundle.inputData, inputFields);
  checkConflicts(z, input);
  const { form_id, webhook_integration_id: id } = input;
  const secrets = input.webhook_secret === undefined ? [] : [input.webhook_secret];

  await readFormIn(z, bundle, form_id, input.workspace_id, 'Nothing was changed.');
  const list = await integrations.list(z, bundle, form_id, secrets);
  if (list === undefined) checkComplete(z, input);
  const current = list === undefined ? undefined : findWebhook(z, list, id, form_id);
  const currentData = integrations.dataOf(current);
  if (typeof currentData.webhook_secret === 'string') secrets.push(currentData.webhook_secret);

  const data: Record<string, unknown> = { ...currentData };
  if (input.webhook_url !== undefined) data.webhook_url = input.webhook_url;
  if (input.webhook_secret !== undefined) data.webhook_secret = input.webhook_secret;
  if (input.clear_webhook_secret) delete data.webhook_secret;
  if (input.webhook_headers !== undefined) data.webhook_headers = input.webhook_headers;
  if (input.clear_webhook_headers) data.webhook_headers = {};

  const status = input.status ?? WEBHOOK_STATUSES.find((s) => s === current?.status);
  if (status === undefined) {
    throw invalidInput(
      z,
      `${label('status')} is needed: OpnForm did not say whether this webhook is active.`,
    );
  }
  const body: Record<string, unknown> = { integration_id: 'webhook', status, data };
  const logic = (current as Record<string, unknown> | undefined)?.logic;
  if (logic !== undefined && logic !== null) body.logic = logic;

  const reply = await integrations.update(z, bundle, form_id, id, body, {
    redact: secrets,
    summary: webhookLog,
  });
  return webhookOutput(reply, { form_id, status, data, message: 'Form Integration was updated.' });
}) satisfies CreatePerform<InferInputData<typeof inputFields>>;

export const updateWebhookIntegration = defineCreate({
  key: 'update_webhook_integration',
  noun: 'Webhook Integration',
  display: {
    label: 'Update Webhook Integration',
    description:
      'Updates where and how a form sends its webhook. Returns it with its URL masked; a new secret is never returned, only its last 4.',
  },
  operation: {
    inputFields,
    perform,
    sample: webhookSample('Form Integration was updated.'),
    outputFields: [...WEBHOOK_OUTPUT_FIELDS],
    throttle: throttleFor(3), // the form, its integrations, the PUT
    lock: lockOn('webhook_integration_id'),
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: {
      workspace_id: '$workspaceId',
      form_id: '$formId',
      webhook_integration_id: '$webhookIntegrationId',
      status: 'inactive',
    },
    minimum: 3,
    why:
      'read the form (refuse one of another workspace) + read the current settings + update (the server ' +
      'replaces data wholesale)',
    writes: /^PUT /,
    review: {
      on: 'both',
      evidence: ['forms--get-form#5', 'integrations--list#0', 'integrations--update#1'],
    },
  },
];

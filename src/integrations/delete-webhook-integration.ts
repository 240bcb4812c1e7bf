import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as integrations from '../api/integrations';
import { halt, invalidInput, notFound } from '../errors';
import { readFormIn } from '../forms/in-workspace';
import { formField, webhookIntegrationField, workspaceField } from '../inputs/fields';
import { FormId, inputObject, WebhookIntegrationId, WorkspaceId } from '../inputs/values';
import { DESTRUCTIVE_NOTE, destructiveWarning } from '../inputs/warning';
import { labelsOf, parseInput } from '../schemas/parse';
import { throttleFor } from '../shared/limits';
import { isWebhook, WEBHOOK_OUTPUT_FIELDS } from './webhooks';

const inputFields = defineInputFields([
  destructiveWarning(
    'OpnForm stops sending to its URL at once and its delivery log is gone. Only webhooks are deleted here, ' +
      'never a Zap subscription.',
  ),
  workspaceField,
  formField,
  webhookIntegrationField('Choose one, or map the id from Create Webhook Integration.'),
]);
const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  form_id: FormId(),
  webhook_integration_id: WebhookIntegrationId(),
}));
const LABELS = labelsOf(inputFields);

/** Already gone is the goal: a halt, not an error (rule in src/errors.ts). */
const alreadyGone = (id: number, formId: number) =>
  `Webhook integration ${id} is not on form ${formId} (any more): it was already deleted, or belongs to ` +
  'another form. Nothing to delete.';

/**
 * Reads the form first (one of another workspace than the chosen one is refused), then the form's
 * integrations: the id must be a webhook of this form, so a
 * mapped id never deletes another Zap's subscription or a Slack integration; an id that is not
 * there halts without a DELETE. Then one DELETE; its 404 (deleted in between) halts too. Without the
 * list (a 404: no such form, or a server without the list route) the kind cannot be checked, so
 * nothing is deleted: OpnForm's DELETE removes an integration of any kind.
 */
const perform = (async (z, bundle) => {
  const input = parseInput(z, Input(), bundle.inputData, inputFields);
  const { form_id, webhook_integration_id: id } = input;
  await readFormIn(z, bundle, form_id, input.workspace_id, 'Nothing was deleted.');
  const list = await integrations.list(z, bundle, form_id);
  if (list === undefined) {
    throw notFound(
      z,
      `OpnForm did not list the integrations of form ${form_id} (404): either the form does not exist, or this ` +
        `OpnForm server cannot list integrations. Without that list the step cannot check that integration ${id} ` +
        "is a webhook (and not another Zap's hook or a Slack integration), so nothing was deleted.",
    );
  }
  const current = list.find((integration) => integration.id === id);
  if (current === undefined) throw halt(z, alreadyGone(id, form_id));
  if (!isWebhook(current)) {
    throw invalidInput(
      z,
      `${LABELS.webhook_integration_id} (webhook_integration_id) ${id} is a "${current.integration_id}" ` +
        'integration, not a webhook: this step only deletes webhook integrations.',
    );
  }
  const reply = await integrations.remove(z, bundle, form_id, id);
  if (reply === undefined) throw halt(z, alreadyGone(id, form_id));
  return {
    id,
    form_id,
    integration_id: 'webhook',
    deleted: true,
    webhook_url: integrations.maskUrl(integrations.dataOf(current).webhook_url),
    message: reply.message ?? 'Form Integration was deleted.',
  };
}) satisfies CreatePerform;

export const deleteWebhookIntegration = defineCreate({
  key: 'delete_webhook_integration',
  noun: 'Webhook Integration',
  display: {
    label: 'Delete Webhook Integration',
    description: `Deletes a form's webhook: OpnForm stops sending submissions to it. Returns its ID. ${DESTRUCTIVE_NOTE}`,
  },
  operation: {
    inputFields,
    perform,
    sample: {
      id: 12,
      form_id: 42,
      integration_id: 'webhook',
      deleted: true,
      webhook_url: `https://hooks.example.com/${integrations.MASK}`,
      message: 'Form Integration was deleted.',
    },
    outputFields: [
      ...WEBHOOK_OUTPUT_FIELDS.filter((f) =>
        ['id', 'form_id', 'integration_id', 'webhook_url'].includes(f.key),
      ),
    ],
    throttle: throttleFor(3), // the form, its integrations, the DELETE
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: {
      workspace_id: '$workspaceId',
      form_id: '$closedFormId',
      webhook_integration_id: '$spareWebhookIntegrationId',
    },
    minimum: 3,
    why:
      "the form (refuse one of another workspace) + the form's integrations (a webhook of this form, never " +
      "another Zap's hook) + delete",
    writes: /^DELETE /,
    review: {
      on: 'both',
      evidence: ['forms--get-form#5', 'integrations--list#0', 'integrations--delete#1'],
      note:
        'Why: removing a webhook when the service it posts to is retired, from the Zap that created ' +
        'it (Create Webhook Integration). Instead: Update Webhook Integration with Webhook Status ' +
        'Inactive pauses deliveries and keeps its URL, secret and headers.',
    },
  },
];

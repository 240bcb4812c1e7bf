import { type Bundle, defineInputFields, defineTrigger, type ZObject } from 'zapier-platform-core';
import * as integrations from '../api/integrations';
import { notFound, userError } from '../errors';
import { formField, webhookIntegrationField, workspaceField } from '../inputs/fields';
import { FormId, inputObject, OptionalId, WorkspaceId } from '../inputs/values';
import type { FormIntegration } from '../schemas/integrations';
import { parseInput } from '../schemas/parse';
import { remainingMs } from '../shared/budget';
import { polling } from '../shared/polling';
import { type Failure, newestFailures, newestFailuresFirst } from './failures';

/** At most this many integrations are read per poll (one request each, after the list). */
export const MAX_INTEGRATIONS = 10;
/** Integrations read at once. */
const PARALLEL = 3;
/** No further event log is read with less than this left of the step's 25 s budget. */
const STOP_READING_MS = 6_000;
/** At most this many failures are returned per poll (newest first; Zapier keeps the ids it saw). */
export const MAX_FAILURES = 100;

const inputFields = defineInputFields([
  workspaceField,
  {
    ...formField,
    helpText: 'The one form watched (checked every few minutes). For several forms, make a Zap for each.',
  },
  webhookIntegrationField(
    `Only this integration's failures. Empty: every integration of the form (at most ${MAX_INTEGRATIONS}). ` +
      'To watch a Zapier hook alone, enter its id as a custom value.',
    false,
  ),
]);
const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  form_id: FormId(),
  webhook_integration_id: OptionalId(),
}));

/** Active integrations first (only they deliver), then the newest; at most `MAX_INTEGRATIONS`. */
const watched = (list: readonly FormIntegration[]) =>
  [...list]
    .sort((a, b) => Number(b.status === 'active') - Number(a.status === 'active') || b.id - a.id)
    .slice(0, MAX_INTEGRATIONS);

/** One integration's log, read as a stream: only its newest `MAX_FAILURES` failures are kept (issue 33). */
const readLog = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  integration: FormIntegration | { id: number },
  credentials: readonly string[],
) => {
  const known = 'integration_id' in integration ? integration : undefined;
  const log = await integrations.listEvents(z, bundle, formId, integration.id, credentials, () =>
    newestFailures(formId, integration.id, known, credentials, MAX_FAILURES),
  );
  if (log?.cut === true)
    z.console.log(
      `integration ${integration.id}: ${log.events} events of its log were read before the step's time was ` +
        'nearly up; its failures among them are returned',
    );
  return log;
};

/** The failures of each integration, read a few at a time while the step's budget allows. */
const readAll = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  listed: readonly FormIntegration[],
  credentials: readonly string[],
) => {
  const out: Failure[] = [];
  for (let i = 0; i < listed.length; i += PARALLEL) {
    if (i > 0 && remainingMs(bundle) < STOP_READING_MS) {
      z.console.log(`stopped after ${i} of ${listed.length} integrations: the step's time is nearly up`);
      break;
    }
    const batch = listed.slice(i, i + PARALLEL);
    const logs = await Promise.all(
      batch.map((integration) => readLog(z, bundle, formId, integration, credentials)),
    );
    // a log that is gone (404: deleted since the list was read) has nothing to report
    for (const log of logs) out.push(...(log?.kept ?? []));
  }
  return out;
};

/**
 * All integrations: the list (one request: kinds, URLs, credentials to hide), then one event log per
 * integration. One integration: the list too (its kind and URL; a server without the list route
 * still gets the log read), then its log. Zapier deduplicates on the derived `id`.
 */
const perform = async (z: ZObject, bundle: Bundle) => {
  const { form_id, webhook_integration_id: chosen } = parseInput(z, Input(), bundle.inputData, inputFields);
  const list = await integrations.list(z, bundle, form_id);
  // every integration's credentials: a message may quote another integration's URL or secret
  const credentials = (list ?? []).flatMap(integrations.credentialsOf);
  if (chosen === undefined) {
    if (list === undefined) {
      throw userError(
        z,
        `OpnForm did not list the integrations of form ${form_id} (404): either the form does not exist, or ` +
          'this OpnForm server cannot list integrations. Then choose one integration (enter its id as a custom value).',
        'not_found',
        404,
      );
    }
    return newestFailuresFirst(await readAll(z, bundle, form_id, watched(list), credentials)).slice(
      0,
      MAX_FAILURES,
    );
  }
  const integration = list?.find((i) => i.id === chosen);
  const missing = () =>
    notFound(
      z,
      `Integration ${chosen} not found on form ${form_id} in OpnForm (404). Check that it still exists on ` +
        'that form, or leave Webhook Integration empty to watch every integration of the form.',
    );
  if (list !== undefined && integration === undefined) throw missing();
  const log = await readLog(z, bundle, form_id, integration ?? { id: chosen }, credentials);
  if (log === undefined) throw missing();
  return newestFailuresFirst(log.kept).slice(0, MAX_FAILURES);
};

export const newWebhookDeliveryFailure = defineTrigger({
  key: 'new_webhook_delivery_failure',
  noun: 'Failed Delivery',
  display: {
    label: 'New Failed Webhook Delivery',
    description:
      'Triggers when OpnForm could not deliver a submission of the chosen form to its webhooks. Polled, not instant: the newest 100 per poll.',
  },
  operation: {
    ...polling(perform, false),
    inputFields,
    sample: {
      id: '19-202611231742-3f9a1c2b7d4e-0',
      form_id: 6,
      webhook_integration_id: 19,
      kind: 'webhook',
      integration_type: 'webhook',
      webhook_url: `https://dead.example.net:8443/${integrations.MASK}`,
      failed_at: '2026-11-23T17:42:00+00:00',
      message:
        'cURL error 7: Failed to connect to dead.example.net port 8443 after 0 ms: Could not connect to server ' +
        `(see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for https://dead.example.net:8443/${integrations.MASK}`,
      http_status: null,
    },
    outputFields: [
      { key: 'id', label: 'Failure ID' },
      { key: 'form_id', label: 'Form ID', type: 'integer' },
      { key: 'webhook_integration_id', label: 'Integration ID', type: 'integer' },
      { key: 'kind', label: 'Kind' },
      { key: 'webhook_url', label: 'Masked URL' },
      { key: 'failed_at', label: 'Failed At', type: 'datetime' },
      { key: 'message', label: 'Error Message' },
      { key: 'http_status', label: 'HTTP Status', type: 'integer' },
    ],
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: {
      workspace_id: '$workspaceId',
      form_id: '$formId',
      webhook_integration_id: '$webhookIntegrationId',
    },
    minimum: 2,
    why: "the form's integrations (kind, URL, credentials to hide) + the chosen one's event log (every integration: 1 + one per integration, at most 10)",
    review: {
      on: 'both: a webhook to a public https address where nothing listens, then one answer',
      evidence: [
        'integrations--list#0',
        'integrations--events#2',
        'pl/integrations--webhook-delivery-queued#9',
      ],
    },
  },
];

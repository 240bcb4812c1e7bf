import {
  type Bundle,
  defineInputFields,
  defineTrigger,
  type WebhookTriggerPerform,
  type WebhookTriggerPerformList,
  type ZObject,
} from 'zapier-platform-core';
import { formField, workspaceField } from '../inputs/fields';
import { inputObject, YesNo } from '../inputs/values';
import { parseInput } from '../schemas/parse';
import {
  DELIVERY_MESSAGE,
  type LegacyOutput,
  legacyOfDelivery,
  legacyOfListed,
} from './output/legacy-output';
import { newSubmissionOutputFields, SUBMISSION_SAMPLE } from './output/output-fields';
import {
  HOOK_OUTPUT_FIELDS,
  type HookItem,
  hookCases,
  hookTrigger,
  listedItems,
  readDelivery,
} from './reading/submission-hook';

/**
 * The hook trigger's item: a submission, when Zapier received it, whether it is an edit of one this
 * Zap saw before (null when that cannot be told), and the delivery's own keys that Zaps made with
 * version 1.0.4 map (./output/legacy-output.ts).
 */
export type NewSubmissionOutput = HookItem & LegacyOutput;

// The pickers declare `type: 'string'` as 1.0.4 did (an input's type change is a promotion guardrail).
const inputFields = defineInputFields([
  { ...workspaceField, type: 'string', altersDynamicFields: true },
  { ...formField, type: 'string', altersDynamicFields: true },
  {
    key: 'include_edits',
    label: 'Also Trigger When a Submission Is Edited',
    type: 'boolean',
    required: false,
    // Yes, as 1.0.4 ran on every delivery: a migrated Zap re-saved in the editor gets this default, one
    // never re-saved has no value (includesEdits below); both keep triggering on edits.
    default: 'yes',
    helpText:
      '**Yes** (default, as before): edits that change the answers trigger too, as in New or Updated ' +
      'Submission. **No**: new submissions only (choose it when this Zap updates its own submission).',
  },
]);

/** What `perform` reads: a delivery is shaped whatever the pickers say. */
const DeliveryInput = inputObject(() => ({ include_edits: YesNo() }));

/**
 * Whether this Zap triggers on edits. A Zap made with version 1.0.4 has no `include_edits` at all (the
 * input came with 1.1.0): it keeps 1.0.4's behaviour, which ran the Zap on every delivery, edits
 * included, as the field's default (`yes`, what the editor fills in when such a Zap is re-saved) does.
 * An emptied value (`""`, `null`) means yes too; a Zap made since has the value it saved.
 */
const includesEdits = (z: ZObject, bundle: Bundle): boolean => {
  const saved: unknown = bundle.inputData?.include_edits;
  // empty (missing, null, "" or blanks) means yes, as docs/steps.md says: only a real No turns edits off
  if (saved === undefined || saved === null || (typeof saved === 'string' && saved.trim() === ''))
    return true;
  return parseInput(z, DeliveryInput(), bundle.inputData, inputFields).include_edits;
};

const perform = (async (z, bundle) => {
  const delivered = await readDelivery(z, bundle, includesEdits(z, bundle));
  if (delivered === undefined) return [];
  const item: NewSubmissionOutput = {
    ...delivered.item,
    ...legacyOfDelivery(delivered.delivery),
  };
  return [item];
}) satisfies WebhookTriggerPerform;

/**
 * The editor's test records and Transfer: the newest completed submissions, shaped like deliveries
 * (./reading/submission-hook.ts).
 */
const performList = (async (z, bundle) =>
  listedItems(
    z,
    bundle,
    inputFields,
    (item, delivery, form): NewSubmissionOutput => ({ ...item, ...legacyOfListed(delivery, form) }),
  )) satisfies WebhookTriggerPerformList;

export const NEW_SUBMISSION_SAMPLE: NewSubmissionOutput = {
  ...SUBMISSION_SAMPLE,
  received_at: '2026-11-21T14:03:29+00:00',
  is_edit: false,
  // the 1.0.4 keys: like `answers`, the per-form maps are empty in the static sample
  submission_id: SUBMISSION_SAMPLE.id,
  submission: {},
  data: {},
  message: DELIVERY_MESSAGE,
  meta: {},
};

export const newSubmission = defineTrigger({
  key: 'new_submission',
  noun: 'Submission',
  display: {
    label: 'New Submission',
    description:
      'Triggers when a form gets a completed submission, and when one is edited unless Also Trigger When a Submission Is Edited is No.',
  },
  operation: {
    ...hookTrigger(inputFields),
    perform,
    performList,
    sample: NEW_SUBMISSION_SAMPLE,
    outputFields: newSubmissionOutputFields(...HOOK_OUTPUT_FIELDS),
  },
});

export const cases: import('../shared/step-case').StepCase[] = /* @__PURE__ */ hookCases(
  {
    on: 'Cloud and self-hosted: subscribe, answer the form',
    evidence: [
      'external--webhook-subscribe#0',
      'external--hook-delivery-every-block#1-#2',
      'external--submissions-recent#0',
      'pl/integrations--webhook-delivery-queued#3-#7',
    ],
  },
  [
    {
      method: 'performList',
      name: 'Transfer page',
      input: { workspace_id: '$workspaceId', form_id: '$formId' },
      bundle: { meta: { isBulkRead: true, page: 0 } },
      minimum: 2,
      why: 'the form (question types, date formats) + one list page of 100 (Transfer: Zapier page N = list page N + 1)',
    },
  ],
);

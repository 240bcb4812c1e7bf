import {
  defineInputFields,
  defineTrigger,
  type WebhookTriggerPerform,
  type WebhookTriggerPerformList,
} from 'zapier-platform-core';
import { formField, workspaceField } from '../inputs/fields';
import { answerOutputFields, SUBMISSION_OUTPUT_FIELDS, SUBMISSION_SAMPLE } from './output/output-fields';
import { type HookItem, hookCases, hookTrigger, listedItems, readDelivery } from './reading/submission-hook';

// only the form builds the output fields (its questions); the workspace only fills the form list
const inputFields = defineInputFields([workspaceField, { ...formField, altersDynamicFields: true }]);

/**
 * New Submission with edits always on, on the same legacy hooks (`/external/zapier/webhook`): each
 * delivery triggers, new or edited (`is_edit`), except a re-delivery whose answers did not change since
 * this Zap last saw them (the loop guard of a Zap that updates its own trigger's submission). Its
 * output has none of the keys New Submission keeps for Zaps made with 1.0.4.
 */
const perform = (async (z, bundle) => {
  const delivered = await readDelivery(z, bundle, true);
  return delivered === undefined ? [] : [delivered.item];
}) satisfies WebhookTriggerPerform;

const performList = (async (z, bundle) =>
  listedItems(z, bundle, inputFields, (item) => item)) satisfies WebhookTriggerPerformList;

// lean (issue 22): no attribution in the sample, so no attribution labels; live items carry it
const SAMPLE: HookItem = {
  ...SUBMISSION_SAMPLE,
  edit_link: null,
  attribution: {},
  received_at: '2026-11-21T14:03:29+00:00',
  is_edit: false,
};

export const newOrUpdatedSubmission = defineTrigger({
  key: 'new_or_updated_submission',
  noun: 'Submission',
  display: {
    label: 'New or Updated Submission',
    description:
      'Triggers when a form gets a completed submission or one is edited: New Submission with edits always on, without its 1.0.4 keys.',
  },
  operation: {
    ...hookTrigger(inputFields),
    perform,
    performList,
    sample: SAMPLE,
    outputFields: [
      // the date-times (types the sample cannot show) and the ids, told apart
      ...SUBMISSION_OUTPUT_FIELDS.filter((f) => ['id', 'form_id', 'submitted_at'].includes(f.key)),
      { key: 'received_at', label: 'Received At', type: 'datetime' },
      answerOutputFields,
    ],
  },
});

export const cases: import('../shared/step-case').StepCase[] = /* @__PURE__ */ hookCases({
  on: 'Cloud and self-hosted: subscribe, answer the form, then edit the submission',
  evidence: [
    'external--webhook-subscribe#0',
    'external--hook-delivery-every-block#1-#2',
    'external--hook-delivery-every-block#5-#6',
    'submissions--list#4',
  ],
});

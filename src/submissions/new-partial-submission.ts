import { defineInputFields, defineTrigger } from 'zapier-platform-core';
import { fetchForm } from '../forms/blocks';
import { READ_FORM } from '../http/abilities';
import { opnform } from '../http/client';
import { path } from '../http/path';
import { parseInput } from '../schemas/parse';
import { FormInput, SubmissionPage } from '../schemas/submissions';
import { FIELD_LABELS, formField, workspaceField } from '../shared/fields';
import { pollingPerform } from '../shared/perform';
import { answerOutputFields, SUBMISSION_OUTPUT_FIELDS, SUBMISSION_SAMPLE, shapeSubmission } from './shape';

/** Submissions per poll: OpnForm's maximum page, and about what Zapier takes from one poll. */
export const PARTIAL_PAGE_SIZE = 100;

export const PARTIAL_PLAN_MESSAGE =
  'OpnForm refused to list partial submissions (402 Payment Required): partial submissions are a Pro feature ' +
  "and this form's workspace is not on a plan that includes them. Upgrade the workspace to Pro in OpnForm, " +
  'or use the New Submission trigger for completed submissions.';

const inputFields = defineInputFields([workspaceField, formField]);

/**
 * Partial submissions of one form, newest first (the API's order). One request when there is nothing
 * new to shape; otherwise a second one for the form (its slug, title and block types).
 */
const perform = pollingPerform(async (z, bundle) => {
  const { form_id } = parseInput(z, FormInput, bundle.inputData, FIELD_LABELS);
  const limit = bundle.meta?.limit;
  const per_page =
    typeof limit === 'number' && limit > 0 ? Math.min(limit, PARTIAL_PAGE_SIZE) : PARTIAL_PAGE_SIZE;
  const reply = await opnform(z, bundle).allowing('GET', path`/open/forms/${form_id}/submissions`, {
    thing: 'form',
    // the submissions list takes forms-read OR manage-integrations (submissions--list.json)
    ...READ_FORM,
    query: { status: 'partial', per_page, page: 1 },
    schema: SubmissionPage,
    allow: [402],
  });
  if (reply.status === 402 || reply.data === undefined) {
    throw new z.errors.Error(PARTIAL_PLAN_MESSAGE, 'payment_required', 402);
  }
  // a server that ignores the filter must not pass completed submissions off as partial ones
  const items = reply.data.data.filter((item) => (item.data.status ?? 'partial') === 'partial');
  if (items.length === 0) return [];
  const form = await fetchForm(z, bundle, form_id);
  return items.map((item) => ({ ...shapeSubmission(z, item, form), status: 'partial' as const }));
});

export const newPartialSubmission = defineTrigger({
  key: 'new_partial_submission',
  noun: 'Partial Submission',
  display: {
    label: 'New Partial Submission',
    description:
      'Triggers when someone leaves a form part-way and OpnForm saves a partial submission (a Pro feature).',
  },
  operation: {
    type: 'polling',
    inputFields,
    perform,
    sample: {
      ...SUBMISSION_SAMPLE,
      id: 1851,
      edit_link: null,
      status: 'partial',
      completion_time: null,
      submitted_at: '2026-11-21T15:12:40+00:00',
    },
    outputFields: [...SUBMISSION_OUTPUT_FIELDS, answerOutputFields],
  },
});

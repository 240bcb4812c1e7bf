import { type Bundle, defineInputFields, defineTrigger, type ZObject } from 'zapier-platform-core';
import * as account from '../api/account';
import * as forms from '../api/forms';
import { WorkspaceInput, workspaceField } from '../inputs/fields';
import type { FormSummary } from '../schemas/forms';
import { parseInput } from '../schemas/parse';
import { dateMs, isoDateTime } from '../shared/dates';
import { isLastPage, POLL_LIMIT } from '../shared/paging';
import { polling } from '../shared/polling';
import { FORM_SUMMARY_OUTPUT_FIELDS, FORM_SUMMARY_SAMPLE, formSummary } from './shape';

/** Largest page the API serves. */
export const PAGE_SIZE = 100;
/** At most this many pages per poll (a step has 30 s). */
export const MAX_PAGES = 3;
/** Zapier takes about 100 new items per poll: the newest 100 at most. */
export const MAX_RESULTS = POLL_LIMIT;

const inputFields = defineInputFields([workspaceField]);
const Input = WorkspaceInput;

/**
 * The forms of a workspace, newest created first. The API orders by last edit, and a form is
 * always edited at or after its creation, so once a page ends at edit time T every form not read
 * yet was created at or before T: the forms read that were created after T are exactly the newest.
 * Pages are read (built by hand, `per_page` 100) until that set holds enough forms, the list ends,
 * or MAX_PAGES is reached; only forms whose place is certain are returned.
 */
const perform = async (z: ZObject, bundle: Bundle) => {
  const { workspace_id } = parseInput(z, Input(), bundle.inputData, inputFields);
  const baseUrl = account.baseUrl(z, bundle);
  const byId = new Map<number, FormSummary>();
  let threshold = Number.NEGATIVE_INFINITY;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const reply = await forms.listPage(z, bundle, workspace_id, page, PAGE_SIZE);
    for (const form of reply.data) if (!byId.has(form.id)) byId.set(form.id, form);
    if (isLastPage(reply, page, PAGE_SIZE)) {
      threshold = Number.NEGATIVE_INFINITY;
      break;
    }
    threshold = Math.min(...reply.data.map((form) => dateMs(form.updated_at ?? form.created_at)));
    const certain = [...byId.values()].filter((form) => dateMs(form.created_at) >= threshold);
    if (certain.length >= MAX_RESULTS) break;
  }
  return [...byId.values()]
    .filter((form) => threshold === Number.NEGATIVE_INFINITY || dateMs(form.created_at) >= threshold)
    .sort((a, b) => dateMs(b.created_at) - dateMs(a.created_at) || b.id - a.id)
    .slice(0, MAX_RESULTS)
    .map((form) => ({
      ...formSummary(form, baseUrl),
      views_count: form.views_count ?? null,
      max_number_of_submissions_reached: form.max_number_of_submissions_reached ?? null,
      created_at: isoDateTime(form.created_at),
      updated_at: isoDateTime(form.updated_at),
    }));
};

export const newForm = defineTrigger({
  key: 'new_form',
  noun: 'Form',
  display: {
    label: 'New Form',
    description: 'Triggers when a form is created in a workspace. Checks the newest 100 forms.',
  },
  operation: {
    ...polling(perform, false),
    inputFields,
    sample: {
      ...FORM_SUMMARY_SAMPLE,
      closes_at: null,
      is_closed: false,
      max_submissions_count: null,
      submissions_count: 0,
      views_count: 3,
      max_number_of_submissions_reached: false,
      created_at: '2026-11-20T09:30:00+00:00',
      updated_at: '2026-11-21T16:05:12+00:00',
    },
    outputFields: [
      ...FORM_SUMMARY_OUTPUT_FIELDS,
      { key: 'max_number_of_submissions_reached', label: 'Max Submissions Reached', type: 'boolean' },
      { key: 'created_at', label: 'Created At', type: 'datetime' },
      { key: 'updated_at', label: 'Updated At', type: 'datetime' },
    ],
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId' },
    minimum: 1,
    why: 'one page of forms',
    review: {
      on: 'both: create a form',
      evidence: ['forms--create-form#2', 'forms--list-workspace-forms#0'],
    },
  },
];

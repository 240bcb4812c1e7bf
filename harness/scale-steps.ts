// The steps and dropdowns the scale benchmark runs at each size (issue 33): every visible step and
// dropdown that reads a list, each with the input that makes it read the most, and the account
// dimension its costs are expected to follow (the x of its growth law, harness/growth.ts).
import type { ScaleIds, ScaleSize } from '../sandbox/scale-seed';

/** What a step's costs may grow with: one dimension of the size, or `answers` (questions × submissions). */
export type Dimension = keyof ScaleSize | 'answers';

export interface ScaleStep {
  /** Short name for `--step` and the table. */
  name: string;
  /** The app method core's handler calls. */
  method: string;
  grows: Dimension;
  input(ids: ScaleIds): Record<string, unknown>;
  /** `bundle.meta` (a dropdown's first page). */
  meta?: Record<string, unknown>;
}

export const dimensionOf = (size: ScaleSize, grows: Dimension): number =>
  grows === 'answers' ? size.questions * size.submissions : size[grows];

const dropdown = { page: 0, isFillingDynamicDropdown: true };
const trigger = (key: string) => `triggers.${key}.operation.perform`;
const search = (key: string) => `searches.${key}.operation.perform`;
const create = (key: string) => `creates.${key}.operation.perform`;
const big = (ids: ScaleIds) => ({ workspace_id: ids.scale.workspaceId, form_id: ids.scale.bigFormId });

/** In run order: Delete Workspace (which deletes the big account) last. */
export const SCALE_STEPS: ScaleStep[] = [
  {
    name: 'find_submission',
    method: search('find_submission'),
    grows: 'answers',
    // an answer no submission has: the whole window of 3000 is read (on sqlite, no server pre-filter)
    input: (ids) => ({
      ...big(ids),
      search_field: ids.scale.questions[0],
      search: 'no submission has this answer',
      search_window: 3000,
    }),
  },
  {
    name: 'find_submission_by_id',
    method: search('find_submission_by_id'),
    grows: 'answers',
    // the submission 2950 places below the newest (or the oldest): about 30 pages deep
    input: (ids) => ({ ...big(ids), submission_id: ids.scale.deepSubmissionId }),
  },
  {
    name: 'export_newest_3000',
    method: create('export_submissions'),
    grows: 'answers',
    input: (ids) => ({ ...big(ids), newest: 3000 }),
  },
  {
    name: 'export_newest_5000',
    method: create('export_submissions'),
    grows: 'answers',
    input: (ids) => ({ ...big(ids), newest: 5000 }),
  },
  {
    name: 'new_failed_webhook_delivery',
    method: trigger('new_webhook_delivery_failure'),
    grows: 'events',
    input: big,
  },
  {
    name: 'find_form',
    method: search('find_form'),
    grows: 'questions',
    input: (ids) => ({ form: ids.scale.bigFormSlug }),
  },
  {
    name: 'form_dropdown_no_workspace',
    method: trigger('form_list'),
    grows: 'forms',
    input: () => ({}),
    meta: dropdown,
  },
  {
    name: 'api_request_get_forms',
    method: create('api_request'),
    grows: 'forms',
    input: () => ({ method: 'GET', path: '/open/forms' }),
  },
  {
    // 80 submissions of the big form: an answer just under 6 MB at big, returned as data (not a file)
    name: 'api_request_submissions_page',
    method: create('api_request'),
    grows: 'answers',
    input: (ids) => ({
      method: 'GET',
      path: `/open/forms/${ids.scale.bigFormId}/submissions`,
      query: { per_page: '85' },
    }),
  },
  {
    name: 'new_workspace_member',
    method: trigger('new_workspace_member'),
    grows: 'members',
    input: (ids) => ({ workspace_id: ids.scale.workspaceId }),
  },
  { name: 'new_workspace', method: trigger('new_workspace'), grows: 'members', input: () => ({}) },
  {
    name: 'new_form',
    method: trigger('new_form'),
    grows: 'forms',
    input: (ids) => ({ workspace_id: ids.scale.workspaceId }),
  },
  {
    name: 'find_member',
    method: search('find_member'),
    grows: 'members',
    input: (ids) => ({ workspace_id: ids.scale.workspaceId, email: 'nobody@example.org' }),
  },
  // the dropdowns
  {
    name: 'workspace_dropdown',
    method: trigger('workspace_list'),
    grows: 'members',
    input: () => ({}),
    meta: dropdown,
  },
  {
    name: 'form_dropdown',
    method: trigger('form_list'),
    grows: 'forms',
    input: (ids) => ({ workspace_id: ids.scale.workspaceId }),
    meta: dropdown,
  },
  {
    name: 'member_dropdown',
    method: trigger('member_list'),
    grows: 'members',
    input: (ids) => ({ workspace_id: ids.scale.workspaceId }),
    meta: dropdown,
  },
  {
    name: 'invite_dropdown',
    method: trigger('invite_list'),
    grows: 'members',
    input: (ids) => ({ workspace_id: ids.scale.workspaceId }),
    meta: dropdown,
  },
  {
    name: 'question_dropdown',
    method: trigger('form_field_list'),
    grows: 'questions',
    input: big,
    meta: dropdown,
  },
  {
    name: 'choice_question_dropdown',
    method: trigger('choice_field_list'),
    grows: 'questions',
    input: big,
    meta: dropdown,
  },
  {
    name: 'submission_dropdown',
    method: trigger('submission_list'),
    grows: 'answers',
    input: big,
    meta: dropdown,
  },
  {
    name: 'webhook_dropdown',
    method: trigger('webhook_integration_list'),
    grows: 'events',
    input: big,
    meta: dropdown,
  },
  {
    name: 'list_workspaces_1.0.4',
    method: trigger('list_workspaces'),
    grows: 'members',
    input: () => ({}),
    meta: dropdown,
  },
  {
    name: 'list_forms_1.0.4',
    method: trigger('list_forms'),
    grows: 'forms',
    input: (ids) => ({ workspace_id: ids.scale.workspaceId }),
    meta: dropdown,
  },
  {
    name: 'new_submission_transfer',
    method: 'triggers.new_submission.operation.performList',
    grows: 'answers',
    input: big,
    meta: { isBulkRead: true, page: 0 },
  },
  {
    name: 'new_submission_sample',
    method: 'triggers.new_submission.operation.performList',
    grows: 'answers',
    input: big,
    meta: { isLoadingSample: true, page: 0 },
  },
  {
    name: 'new_or_updated_transfer',
    method: 'triggers.new_or_updated_submission.operation.performList',
    grows: 'answers',
    input: big,
    meta: { isBulkRead: true, page: 0 },
  },
  {
    name: 'new_partial_transfer',
    method: trigger('new_partial_submission'),
    grows: 'answers',
    input: big,
    meta: { isBulkRead: true, page: 0 },
  },
  {
    name: 'new_partial_poll',
    method: trigger('new_partial_submission'),
    grows: 'answers',
    input: big,
  },
  {
    name: 'update_submission_deep',
    method: create('update_submission'),
    grows: 'answers',
    input: (ids) => ({
      ...big(ids),
      submission_id: ids.scale.newestSubmissionId - 450,
      [`answer__${ids.scale.questions[0]}`]: 'changed',
    }),
  },
  {
    name: 'create_submission_big',
    method: create('create_submission'),
    grows: 'questions',
    input: (ids) => ({ ...big(ids), [`answer__${ids.scale.questions[0]}`]: 'new' }),
  },
  {
    name: 'delete_submission_by_uuid',
    method: create('delete_submission'),
    grows: 'answers',
    // a UUID 60 places below the newest: the newest page is read (as a stream) to find its id
    input: (ids) => ({
      ...big(ids),
      submission_id: `00000000-0000-4000-a000-${String(ids.scale.newestSubmissionId - 60).padStart(12, '0')}`,
    }),
  },
  {
    name: 'update_form_big',
    method: create('update_form'),
    grows: 'questions',
    input: (ids) => ({ ...big(ids), title: 'Big survey (renamed)' }),
  },
  {
    name: 'prefilled_link_big',
    method: create('create_prefilled_link'),
    grows: 'questions',
    input: (ids) => ({ ...big(ids), [`answer__${ids.scale.questions[1]}`]: 'prefilled' }),
  },
  {
    name: 'delete_workspace_with_forms',
    method: create('delete_workspace'),
    grows: 'forms',
    input: (ids) => ({ workspace_id: ids.scale.workspaceId, delete_with_forms: true }),
  },
];

import { type Bundle, defineInputFields, defineSearch, type ZObject } from 'zapier-platform-core';
import * as forms from '../api/forms';
import { userError } from '../errors';
import {
  formField,
  refuseUnrealSubmissionId,
  SubmissionRef,
  submissionField,
  workspaceField,
} from '../inputs/fields';
import { FormId, inputObject, WorkspaceId } from '../inputs/values';
import { parseInput } from '../schemas/parse';
import { throttleFor } from '../shared/limits';
import { answerOutputFields, SUBMISSION_OUTPUT_FIELDS, SUBMISSION_SAMPLE } from './output/output-fields';
import { shapeSubmission } from './output/shape';
import { scanForId } from './reading/pages';

/** Pages of 100 (OpnForm's largest), at most 30: 3,000 submissions, 30 of the 100 list reads a minute allowed. */
export const BY_ID_PAGE_SIZE = 100;
export const BY_ID_MAX_PAGES = 30;

const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  form_id: FormId(),
  submission_id: SubmissionRef(),
}));

// the picker without its Find Submission link: this step is the find
const { search: _find, ...submissionPicker } = submissionField(
  'Choose a recent one, or map its ID (a number) or its UUID (as in its edit link).',
);

const inputFields = defineInputFields([workspaceField, formField, submissionPicker]);

/** The step stopped before it could tell: an error naming what it read, never `[]` (a find-or-create would duplicate). */
const unproven = (
  z: ZObject,
  id: number | string,
  formId: number,
  pages: number,
  read: number,
  why: 'pages' | 'time',
) =>
  userError(
    z,
    `Submission ${id} was not among the ${read} newest submissions of form ${formId} (${pages} page${pages === 1 ? '' : 's'} read), ` +
      (why === 'time'
        ? "and the step's time ran out before the older ones were read. Try again in a few minutes. "
        : `and this step reads at most ${BY_ID_MAX_PAGES} pages of ${BY_ID_PAGE_SIZE}. `) +
      'Nothing was changed in OpnForm.',
    why === 'time' ? 'out_of_time' : 'too_many_submissions',
    why === 'time' ? 504 : 400,
  );

/**
 * Tokens cannot read one submission (`GET /open/forms/{id}/submissions/{sid}` is 404 for them:
 * submissions--list#12), so the list is read newest first until the id (or the UUID: every listed item
 * carries it, submissions--list#0) is found or a page holds only lower ids; then the form, to shape it
 * as Find Submission does. `[]` only when absence is proven.
 */
const perform = async (z: ZObject, bundle: Bundle) => {
  refuseUnrealSubmissionId(z, bundle.inputData?.submission_id);
  const { form_id, submission_id } = parseInput(z, Input(), bundle.inputData, inputFields);
  const scan = await scanForId(z, bundle, form_id, submission_id, {
    perPage: BY_ID_PAGE_SIZE,
    maxPages: BY_ID_MAX_PAGES,
  });
  if (scan.found !== undefined) {
    return [shapeSubmission(z, scan.found, await forms.read(z, bundle, form_id))];
  }
  if (scan.absent) return [];
  throw unproven(z, submission_id, form_id, scan.pages, scan.read, scan.stopped ?? 'pages');
};

export const findSubmissionById = defineSearch({
  key: 'find_submission_by_id',
  noun: 'Submission',
  display: {
    label: 'Find Submission by ID',
    description:
      'Finds a submission of a form by its ID. Returns its answers and details, or nothing when there is none.',
  },
  operation: {
    inputFields,
    perform,
    // lean (issue 22): no attribution in the sample, so no attribution labels; live items carry it
    sample: { ...SUBMISSION_SAMPLE, edit_link: null, attribution: {} },
    outputFields: [
      ...SUBMISSION_OUTPUT_FIELDS.filter((f) => !f.key.startsWith('attribution__')),
      answerOutputFields,
    ],
    throttle: throttleFor(2), // list page 1 (the newest holds it) + the form
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', form_id: '$formId', submission_id: '$latestSubmissionId' },
    minimum: 2,
    why: 'list page 1 (the newest holds it) + the form (shapes the output)',
    nothing: { workspace_id: '$workspaceId', form_id: '$formId', submission_id: 99999999 },
    review: {
      on: 'both',
      evidence: ['submissions--list#0', 'submissions--list#1-#2', 'forms--update-form#1'],
    },
  },
];

import {
  type Bundle,
  type CreatePerform,
  defineCreate,
  defineInputFields,
  type ZObject,
} from 'zapier-platform-core';
import * as submissions from '../api/submissions';
import { halt, userError } from '../errors';
import { findFormToDeleteIn } from '../forms/in-workspace';
import {
  formField,
  refuseUnrealSubmissionId,
  SubmissionRef,
  submissionField,
  workspaceField,
} from '../inputs/fields';
import { FormId, inputObject, WorkspaceId } from '../inputs/values';
import { DESTRUCTIVE_NOTE, destructiveWarning } from '../inputs/warning';
import { parseInput } from '../schemas/parse';
import { throttleFor } from '../shared/limits';
import { scanForId } from './reading/pages';

/** What the step outputs: which submission of which form was deleted, and OpnForm's message. */
export interface DeleteSubmissionOutput {
  id: number;
  form_id: number;
  deleted: true;
  message: string;
}

const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  form_id: FormId(),
  submission_id: SubmissionRef(),
}));

const inputFields = defineInputFields([
  destructiveWarning(
    'The submission and its answers, uploaded files included, are deleted for good: export what you still need first.',
  ),
  workspaceField,
  formField,
  submissionField(
    'Choose a recent one, or map the ID or UUID of a submission (New Submission, Find Submission) of this form.',
  ),
]);

/** Submissions read to find a UUID's id: one page, OpnForm's largest. */
export const UUID_PAGE_SIZE = 100;

/**
 * The id of the submission a public UUID names, from one page of the form's newest submissions (every
 * listed item carries both, submissions--list#0): not on the form (that page is its last) halts like
 * a submission already gone; an older one is refused, naming what to map instead.
 */
const idOfUuid = async (z: ZObject, bundle: Bundle, formId: number, uuid: string): Promise<number> => {
  const scan = await scanForId(z, bundle, formId, uuid, { perPage: UUID_PAGE_SIZE, maxPages: 1 });
  if (scan.found !== undefined) return scan.found.id;
  if (scan.absent) throw halt(z, submissions.SUBMISSION_ALREADY_GONE);
  throw userError(
    z,
    `Submission ${uuid} is not among the ${UUID_PAGE_SIZE} newest submissions of form ${formId}, the ones this ` +
      "step looks a UUID up in. Map the submission's ID (a number) instead. Nothing was deleted.",
    'not_found',
    404,
  );
};

/**
 * The form read first (`GET /open/forms/{form}`): one of another workspace than the chosen one is
 * refused, one not there halts. A UUID is then turned into the id (one list page, above). Then
 * `DELETE /open/forms/{form}/submissions/{id}`. There is no single-submission read for tokens, so an
 * id is checked only for being a real one (not a made-up test id or a hashed one); OpnForm refuses
 * another form's submission itself (404, which halts like an already-deleted one).
 */
const perform = (async (z, bundle) => {
  refuseUnrealSubmissionId(z, bundle.inputData?.submission_id);
  const { workspace_id, form_id, submission_id } = parseInput(z, Input(), bundle.inputData, inputFields);
  await findFormToDeleteIn(z, bundle, form_id, workspace_id);
  const id =
    typeof submission_id === 'number' ? submission_id : await idOfUuid(z, bundle, form_id, submission_id);
  const message = await submissions.remove(z, bundle, form_id, id);
  const output: DeleteSubmissionOutput = {
    id,
    form_id,
    deleted: true,
    message: message === undefined || message === '' ? 'Submission deleted.' : message,
  };
  return output;
}) satisfies CreatePerform;

export const deleteSubmission = defineCreate({
  key: 'delete_submission',
  noun: 'Submission',
  display: {
    label: 'Delete Submission',
    description: `Deletes a submission and its answers. Returns its ID. ${DESTRUCTIVE_NOTE}`,
  },
  operation: {
    inputFields,
    perform,
    sample: { id: 2063, form_id: 6, deleted: true, message: 'Record successfully removed.' },
    outputFields: [
      { key: 'id', label: 'Submission ID', type: 'integer' },
      { key: 'form_id', label: 'Form ID', type: 'integer' },
    ],
    throttle: throttleFor(2), // the read that guards the delete + the delete
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', form_id: '$formId', submission_id: '$spareSubmissionId' },
    minimum: 2,
    why:
      "read the form (refuse one of another workspace) + delete (OpnForm itself refuses another form's " +
      'submission: 404, which halts like one already gone)',
    review: {
      on: 'both',
      evidence: ['forms--get-form#1', 'submissions--delete#2'],
      note:
        "Why: honouring a respondent's request to erase their answers (GDPR) and removing spam or " +
        'test entries, from the system that records the request. Instead: Update Submission ' +
        'corrects single answers and keeps the submission.',
    },
  },
];

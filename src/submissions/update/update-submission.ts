import { type Bundle, defineCreate, defineInputFields, type ZObject } from 'zapier-platform-core';
import { answerInputFields, questionLabels } from '../../answers/answer-inputs';
import { answerChanges, changesAnything } from '../../answers/answer-values';
import { uploadFileAnswers } from '../../answers/file-answers';
import * as forms from '../../api/forms';
import * as submissions from '../../api/submissions';
import { halt, notFound } from '../../errors';
import { readFormIn } from '../../forms/in-workspace';
import {
  formField,
  refuseUnrealSubmissionId,
  SubmissionRef,
  submissionField,
  workspaceField,
} from '../../inputs/fields';
import {
  FormId,
  inputObject,
  OptionalSeconds,
  OptionalTextList,
  WorkspaceId,
  YesNo,
} from '../../inputs/values';
import { parseInput } from '../../schemas/parse';
import { lockOn, throttleFor } from '../../shared/limits';
import { SUBMISSION_SAMPLE, submissionOutputFields } from '../output/output-fields';
import { shapeSubmission } from '../output/shape';
import { scanForId } from '../reading/pages';
import {
  type DroppedAnswer,
  refuseCaptchaForm,
  refuseDroppingAnswers,
  refuseIncompleteCompletion,
  refusePartial,
  removedAnswers,
} from './checks';
import { mergedBody } from './merge';
import { updatedSubmission } from './reply';

/** Submissions per page and pages read when looking for the current answers (500 newest at most). */
export const CURRENT_ANSWERS_PAGE_SIZE = 100;
export const CURRENT_ANSWERS_MAX_PAGES = 5;

const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  form_id: FormId(),
  submission_id: SubmissionRef(),
  completion_time: OptionalSeconds(),
  clear_fields: OptionalTextList(),
  complete_partial: YesNo(),
  drop_removed_answers: YesNo(),
}));

/** One input per editable question of the chosen form; none while no usable form id is chosen. */
const answerFields = async (z: ZObject, bundle: Bundle) => {
  const formId = FormId().safeParse(bundle.inputData?.form_id);
  return formId.success ? answerInputFields(await forms.read(z, bundle, formId.data)) : [];
};

const inputFields = defineInputFields([
  { ...workspaceField, altersDynamicFields: true },
  { ...formField, altersDynamicFields: true },
  submissionField(
    'Choose a recent one, or map its ID or UUID. Only the ' +
      `${CURRENT_ANSWERS_PAGE_SIZE * CURRENT_ANSWERS_MAX_PAGES} newest of a form can be updated.`,
  ),
  answerFields,
  {
    key: 'clear_fields',
    label: 'Answers to Clear',
    list: true,
    required: false,
    dynamic: 'form_field_list.id.name',
    dependsOn: ['form_id'],
    helpText:
      'Questions whose answer is removed (empty answers above keep theirs). Required ones cannot be cleared.',
  },
  {
    key: 'completion_time',
    label: 'Completion Time in Seconds',
    type: 'integer',
    required: false,
    helpText: 'Total seconds taken to fill in the form. Leave empty to keep the current value.',
  },
  {
    key: 'complete_partial',
    label: 'Complete a Partial Submission',
    type: 'boolean',
    required: false,
    default: 'false',
    helpText:
      "**Yes** completes a partial submission: the form's integrations fire (New Submission Zaps too) and " +
      'every required answer is needed. **No**: partial submissions are refused.',
  },
  {
    key: 'drop_removed_answers',
    label: 'Drop Answers to Removed Questions',
    type: 'boolean',
    required: false,
    default: 'false',
    helpText:
      'OpnForm deletes answers to removed questions on any update. **Yes** updates anyway and lists them in ' +
      'Dropped Answers. **No**: such a submission is refused.',
  },
]);

/**
 * Reads the current answers (OpnForm has no single-submission read for tokens: the submission is
 * found in the form's list, newest first, within a bound, by its id or its UUID: every listed item
 * carries both, so a UUID costs no request), applies the checked changes and sends
 * every answer back, because a real server replaces all answers with the body. A file given to a
 * file or signature question replaces its files (uploaded as in Create Submission,
 * src/answers/file-answers.ts, after every check: + the feature flags and one upload per file, two on
 * S3 storage).
 */
const perform = async (z: ZObject, bundle: Bundle) => {
  refuseUnrealSubmissionId(z, bundle.inputData?.submission_id);
  const input = parseInput(z, Input(), bundle.inputData, inputFields);
  const form = await readFormIn(z, bundle, input.form_id, input.workspace_id, 'Nothing was changed.');
  refuseCaptchaForm(z, form);
  const changes = answerChanges(z, form, bundle.inputData, input.clear_fields);
  if (!changesAnything(changes) && input.completion_time === undefined) {
    // This run's mapped values are all empty: routine, so a halt (rule in src/errors.ts).
    throw halt(
      z,
      'Nothing to update: every answer field is empty (empty means "keep the current answer"). Fill in at least ' +
        'one answer, list a question in Answers to Clear, or set the completion time.',
    );
  }
  // streamed: of each page only the wanted submission is held (issue 33: 100 of a wide form are MBs)
  const scan = await scanForId(z, bundle, input.form_id, input.submission_id, {
    perPage: CURRENT_ANSWERS_PAGE_SIZE,
    maxPages: CURRENT_ANSWERS_MAX_PAGES,
  });
  const current = scan.found;
  if (current === undefined) {
    const where = scan.absent
      ? `among the submissions of form ${input.form_id}`
      : scan.stopped === 'time'
        ? `among the ${scan.read} newest submissions of form ${input.form_id} (the step's time ran out before more could be read)`
        : `among the ${CURRENT_ANSWERS_PAGE_SIZE * CURRENT_ANSWERS_MAX_PAGES} newest submissions of form ${input.form_id}`;
    throw notFound(
      z,
      `Submission ${input.submission_id} was not found ${where}, so nothing was changed. OpnForm replaces every ` +
        'answer on update, so the current answers must be read first, and access tokens can only read them from ' +
        'the list of recent submissions. Check that the submission belongs to this form.',
    );
  }
  refusePartial(z, current, input.complete_partial);
  const dropped: DroppedAnswer[] = removedAnswers(form, current);
  refuseDroppingAnswers(z, current, dropped, input.drop_removed_answers);
  // every check before the first upload: a question given files counts as answered
  const given = Object.fromEntries((changes.files ?? []).map((file) => [file.block.id, file.urls]));
  const planned = mergedBody(form, current, { ...changes, set: { ...changes.set, ...given } }, undefined);
  refuseIncompleteCompletion(z, form, current, planned);
  const uploaded = await uploadFileAnswers(z, bundle, form, changes.files ?? [], 'Nothing was changed.');
  const body = mergedBody(
    form,
    current,
    { ...changes, set: { ...changes.set, ...uploaded } },
    input.completion_time,
  );
  const reply = await submissions.update(z, bundle, input.form_id, current.id, body, questionLabels(form));
  return { ...shapeSubmission(z, updatedSubmission(reply, current, body), form), dropped_answers: dropped };
};

export const updateSubmission = defineCreate({
  key: 'update_submission',
  noun: 'Submission',
  display: {
    label: 'Update Submission',
    description:
      "Updates a submission's answers; the form's integrations and edit triggers run again. Returns the updated submission.",
  },
  operation: {
    inputFields,
    perform,
    sample: { ...SUBMISSION_SAMPLE, dropped_answers: [] },
    outputFields: submissionOutputFields(
      { key: 'dropped_answers[]id', label: 'Dropped Answers: Question ID' },
      { key: 'dropped_answers[]name', label: 'Dropped Answers: Question Name' },
      { key: 'dropped_answers[]value', label: 'Dropped Answers: Value' },
    ),
    throttle: throttleFor(3), // the form, list page 1, the PUT
    lock: lockOn('submission_id'),
  },
});

export const cases: import('../../shared/step-case').StepCase[] = [
  {
    input: {
      workspace_id: '$workspaceId',
      form_id: '$formId',
      submission_id: '$fileSubmissionId',
      'answer__$fields.plan': 'Pro',
    },
    minimum: 3,
    why: 'the form (check every value before writing) + list page 1 (current answers: no single read for tokens) + PUT',
    writes: /^PUT /,
    review: { on: 'both', evidence: ['forms--get-form#1', 'submissions--update#0-#1'] },
  },
];

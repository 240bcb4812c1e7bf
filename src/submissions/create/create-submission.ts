import { type Bundle, defineCreate, defineInputFields, type ZObject } from 'zapier-platform-core';
import { answerKey, editableBlocks, questionLabels } from '../../answers/answer-inputs';
import { answerChanges, isEmptyInput } from '../../answers/answer-values';
import { findQuestionBlock } from '../../answers/blocks';
import { uploadFileAnswers } from '../../answers/file-answers';
import * as forms from '../../api/forms';
import * as submissions from '../../api/submissions';
import { halt, userError } from '../../errors';
import { readFormIn } from '../../forms/in-workspace';
import { formField, workspaceField } from '../../inputs/fields';
import { FormId, inputObject, WorkspaceId } from '../../inputs/values';
import { flagOn } from '../../schemas/boolean';
import type { Form } from '../../schemas/forms';
import { parseInput } from '../../schemas/parse';
import { clock } from '../../shared/budget';
import { throttleFor } from '../../shared/limits';
import { submissionOutputFields } from '../output/output-fields';
import { newAnswers } from './body';
import { answerFields } from './fields';
import { formPassword, refuseUnanswerableForm } from './form-checks';
import { locateCreated, newestIdBefore } from './locate';
import { CREATE_OUTPUT_FIELDS, CREATE_SAMPLE, createOutput } from './output';
import { existingMatch, matchQuestions, requireMatchAnswers } from './upsert';

const NOTHING = 'Nothing was submitted.';

const Input = inputObject(() => ({ workspace_id: WorkspaceId(), form_id: FormId() }));

const inputFields = defineInputFields([
  { ...workspaceField, altersDynamicFields: true },
  { ...formField, altersDynamicFields: true },
  answerFields,
]);

/**
 * In Find or Create Submission (`bundle.meta.withSearch`), the value Find Submission looked for
 * (`search_field`, `search`: the same keys, passed on where Zapier passes them) answers its question
 * when the create's own input for that question is empty, so the created submission is the one the
 * next search finds. A value the user gave in the create wins.
 */
export const withSearchedAnswer = (bundle: Bundle, form: Form): Record<string, unknown> => {
  const data: Record<string, unknown> = { ...bundle.inputData };
  if (bundle.meta?.withSearch === undefined) return data;
  const { search_field: question, search: value } = data;
  if (typeof question !== 'string' || isEmptyInput(value)) return data;
  const block = findQuestionBlock(form, question);
  if (block === undefined || !editableBlocks(form).some((b) => b.id === block.id)) return data;
  if (isEmptyInput(data[answerKey(block)])) data[answerKey(block)] = value;
  return data;
};

/**
 * The public answer endpoint refused the form (403) although the step's read allowed it: the form
 * changed in between. The form is read again so the message names its state (./form-checks.ts); if
 * that read shows nothing wrong either, the refusal is said as OpnForm gave it. Nothing was stored.
 */
const refusal = async (
  z: ZObject,
  bundle: Bundle,
  read: Form,
  refused: submissions.AnswerRefused['refused'],
) => {
  let form = read;
  try {
    form = await forms.read(z, bundle, read.id);
  } catch {
    // the first read's title is enough for the message below
  }
  refuseUnanswerableForm(z, form, clock.now());
  if (refused === 'password') {
    formPassword(z, form);
    return userError(
      z,
      `Form "${form.title}" is protected by a password, and OpnForm refused the one this step read from the ` +
        `form (it was changed a moment ago, or the form was protected after the read). Run the step again. ${NOTHING}`,
      'password_form',
      403,
    );
  }
  return userError(
    z,
    `OpnForm refused answers to form "${form.title}" (403 "This action is unauthorized."): OpnForm takes answers ` +
      'only to public forms that are open and under their submission limit, and this one was all three when the ' +
      'step read it a moment earlier. It may have reached its limit with answers still queued on the server. ' +
      `Check the form's visibility, closing date and limit in OpnForm. ${NOTHING}`,
    'form_closed',
    403,
  );
};

/**
 * Reads the form (refusing before any write one of another workspace than the chosen one, a draft,
 * closed, full or captcha form, and a form that updates existing submissions without its match
 * answers), checks every answer against its question,
 * sends them to the public answer endpoint as a respondent would (so the form's integrations and
 * hooks fire; a password form with its password), and reads the submission back from the list, since
 * that endpoint never returns its id and a queued server stores it after answering (./locate.ts).
 * Requests: form; newest id (not on a form with editable submissions: its UUID identifies the new
 * one), or on a form that updates existing submissions the submissions holding its match answers;
 * with files: the feature flags and one upload per file (two on S3 storage), after every file was
 * downloaded and checked (src/answers/file-answers.ts); the POST; one list page per look (one when
 * the server stores at once).
 */
const perform = async (z: ZObject, bundle: Bundle) => {
  const input = parseInput(z, Input(), bundle.inputData, inputFields);
  const form = await readFormIn(z, bundle, input.form_id, input.workspace_id, NOTHING);
  refuseUnanswerableForm(z, form, clock.now());
  const password = formPassword(z, form);
  const keys = matchQuestions(z, form);
  const changes = answerChanges(z, form, withSearchedAnswer(bundle, form), [], NOTHING);
  const sent = newAnswers(z, form, changes);
  if (Object.keys(sent).length === 0 && changes.files === undefined) {
    // This run's mapped values are all empty: routine, so a halt (rule in src/errors.ts).
    throw halt(z, `Nothing to submit: every answer field is empty. ${NOTHING}`);
  }
  if (keys !== undefined) requireMatchAnswers(z, form, keys, sent);
  const editable = flagOn(form.editable_submissions);
  const upsert = keys === undefined ? undefined : await existingMatch(z, bundle, form, keys, sent);
  const after = editable || upsert !== undefined ? undefined : await newestIdBefore(z, bundle, form.id);
  Object.assign(sent, await uploadFileAnswers(z, bundle, form, changes.files ?? [], NOTHING));
  const slug = form.slug || String(form.id);
  const reply = await submissions.answer(z, bundle, slug, sent, questionLabels(form), password);
  if (reply instanceof submissions.AnswerRefused) throw await refusal(z, bundle, form, reply.refused);
  const uuid = editable && typeof reply.submission_id === 'string' ? reply.submission_id : undefined;
  const located = await locateCreated(z, bundle, { formId: form.id, uuid, after, upsert, sent });
  return createOutput(z, form, sent, located, upsert);
};

export const createSubmission = defineCreate({
  key: 'create_submission',
  noun: 'Submission',
  display: {
    label: 'Create Submission',
    description:
      "Submits a form's answers as a new submission; the form's integrations and notifications run. Returns the submission.",
  },
  operation: {
    inputFields,
    perform,
    sample: { ...CREATE_SAMPLE },
    outputFields: submissionOutputFields(...CREATE_OUTPUT_FIELDS),
    throttle: throttleFor(4), // 3 on a form with editable submissions
  },
});

export const cases: import('../../shared/step-case').StepCase[] = [
  {
    input: {
      workspace_id: '$workspaceId',
      form_id: '$formId',
      'answer__$fields.full_name': 'Case Created',
      'answer__$fields.email': 'case@example.org',
      'answer__$fields.plan': 'Pro',
    },
    minimum: 3,
    why:
      'the form (refusals and value checks before writing) + the public answer POST + list page 1 (the new ' +
      "submission's real id, by the UUID an editable form returns; a form without editable submissions adds " +
      'one list read before the POST: 4)',
    writes: /^POST \/forms\//,
    review: {
      on: 'both; on a server with a queue worker the new id is found at once only on a form with editable submissions (the rest: issue 20)',
      evidence: [
        'submissions--public-create#0',
        'submissions--public-create#2',
        'pl/submissions--public-create-queued#11-#12',
      ],
    },
  },
  {
    name: 'no editable submissions',
    input: {
      workspace_id: '$workspaceId',
      form_id: '$emptyFormId',
      'answer__$emptyFormFields.name': 'Case Created',
    },
    minimum: 4,
    why:
      'the form + list page 1 before the POST (the newest id) + the public answer POST + list page 1 (the ' +
      'new submission: a higher id holding exactly the answers sent)',
    writes: /^POST \/forms\//,
  },
];

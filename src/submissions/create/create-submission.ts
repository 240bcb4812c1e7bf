import { type Bundle, defineCreate, defineInputFields, type ZObject } from 'zapier-platform-core';
import { postPublicAnswer } from '../../api/submissions';
import { halt } from '../../errors';
import { fetchForm, findQuestionBlock } from '../../forms/blocks';
import { FormId, inputObject, WorkspaceId } from '../../schemas/inputs';
import { parseInput } from '../../schemas/parse';
import type { Form } from '../../schemas/resources';
import { formField, workspaceField } from '../../shared/fields';
import { SUBMISSION_SAMPLE, submissionOutputFields } from '../output-fields';
import { shapeSubmission } from '../shape';
import { flagOn, questionLabels } from '../update/checks';
import { answerInputFields, answerKey, editableBlocks } from '../update/fields';
import { answerChanges, isEmptyInput } from '../update/values';
import { CREATE_NOTE, newAnswers } from './body';
import { refuseUnanswerableForm } from './form-checks';
import { locateCreated, newestIdBefore } from './locate';

const NOTHING = 'Nothing was submitted.';

const Input = inputObject({ workspace_id: WorkspaceId, form_id: FormId });

/** One input per answerable question of the chosen form (as Update Submission); none until a form is chosen. */
const answerFields = async (z: ZObject, bundle: Bundle) => {
  const formId = FormId.safeParse(bundle.inputData?.form_id);
  return formId.success ? answerInputFields(await fetchForm(z, bundle, formId.data), CREATE_NOTE) : [];
};

const inputFields = defineInputFields([workspaceField, formField, answerFields]);

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
 * Reads the form (refusing a closed, full, captcha or password form before any write), checks every
 * answer against its question, sends them to the public answer endpoint as a respondent would (so
 * the form's integrations and hooks fire) and reads the created submission back from the list, since
 * that endpoint never returns its id (see ./locate.ts). Requests: form, newest id (not on a form with
 * editable submissions: its UUID identifies the new one), the POST, one list page.
 */
const perform = async (z: ZObject, bundle: Bundle) => {
  const input = parseInput(z, Input, bundle.inputData, inputFields);
  const form = await fetchForm(z, bundle, input.form_id);
  refuseUnanswerableForm(z, form, Date.now());
  const changes = answerChanges(z, form, withSearchedAnswer(bundle, form), [], NOTHING);
  const sent = newAnswers(z, form, changes);
  if (Object.keys(sent).length === 0) {
    // This run's mapped values are all empty: routine, so a halt (rule in src/errors.ts).
    throw halt(z, `Nothing to submit: every answer field is empty. ${NOTHING}`);
  }
  const editable = flagOn(form.editable_submissions);
  const after = editable ? undefined : await newestIdBefore(z, bundle, form.id);
  const reply = await postPublicAnswer(z, bundle, form.slug || String(form.id), sent, questionLabels(form));
  const uuid = editable && typeof reply.submission_id === 'string' ? reply.submission_id : undefined;
  const created = await locateCreated(z, bundle, { formId: form.id, uuid, after, sent });
  return shapeSubmission(z, created, form);
};

export const createSubmission = defineCreate({
  key: 'create_submission',
  noun: 'Submission',
  display: { label: 'Create Submission', description: 'Creates a new submission of a form.' },
  operation: {
    inputFields,
    perform,
    sample: { ...SUBMISSION_SAMPLE },
    outputFields: submissionOutputFields(),
  },
});

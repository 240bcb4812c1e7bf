/**
 * Create Submission's answer inputs: Update Submission's inputs for the chosen form (one per
 * answerable question, src/answers/answer-inputs.ts), with the questions this step cannot do without marked
 * required in the editor: the ones the form always requires (./body.ts `alwaysRequired`: not hidden,
 * no logic that can hide them or make them optional) and, on a form that updates existing
 * submissions, its match questions (./upsert.ts). Update Submission sends only what changes and
 * marks none. A matrix answered row by row has no single input to mark (any one row answers it).
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import {
  type AnswerInputField,
  answerInputFields,
  answerKey,
  hasRowInputs,
  isDateRange,
  rangeKey,
} from '../../answers/answer-inputs';
import { answerableBlocks } from '../../answers/blocks';
import * as forms from '../../api/forms';
import { FormId } from '../../inputs/values';
import type { Form, FormBlock } from '../../schemas/forms';
import { alwaysRequired, CREATE_NOTE } from './body';
import { matchBlocks, matchFieldIds, namesOf } from './upsert';

export type CreateAnswerField = Omit<AnswerInputField, 'required'> & { required?: boolean };

/** The input that answers a question as a whole (a date range: its start), none for a matrix's rows. */
const wholeAnswerKey = (block: FormBlock): string | undefined =>
  hasRowInputs(block) ? undefined : isDateRange(block) ? rangeKey(block, 'start') : answerKey(block);

/** The note above the answers; on a form that updates existing submissions, what an answer replaces and loses. */
export const createNote = (form: Form, keys: readonly FormBlock[]): string =>
  keys.length === 0
    ? CREATE_NOTE
    : `${CREATE_NOTE} **This form updates existing submissions:** when an existing submission has the same ` +
      `answer to ${namesOf(form, keys)}, OpnForm replaces it with these answers, and every answer left empty ` +
      'here is removed from it (not kept). Those questions must be answered.';

/** The answer inputs of a form, the ones this step needs marked required. */
export const createAnswerFields = (form: Form): CreateAnswerField[] => {
  const ids = matchFieldIds(form);
  const keys = Array.isArray(ids) ? matchBlocks(form, ids) : [];
  const required = new Set(
    answerableBlocks(form)
      .filter((block) => alwaysRequired(block) || keys.some((key) => key.id === block.id))
      .map(wholeAnswerKey),
  );
  return answerInputFields(form, createNote(form, keys), false).map(
    (field): CreateAnswerField => (required.has(field.key) ? { ...field, required: true } : field),
  );
};

/** One input per answerable question of the chosen form; none until a form is chosen. */
export const answerFields = async (z: ZObject, bundle: Bundle): Promise<CreateAnswerField[]> => {
  const formId = FormId().safeParse(bundle.inputData?.form_id);
  return formId.success ? createAnswerFields(await forms.read(z, bundle, formId.data)) : [];
};

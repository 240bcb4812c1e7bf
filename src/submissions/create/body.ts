/**
 * The body of a new submission: the checked answers (the same inputs and value checks as Update
 * Submission, `src/answers/answer-inputs.ts` and `answer-values.ts`), with matrix rows given one by one
 * joined into the row: column object and a date range's start and end into `[start, end]`, keyed by
 * field id as the respondent's form sends them (submissions--public-create.json).
 */
import type { ZObject } from 'zapier-platform-core';
import { FILE_TYPES, KEPT_AS_IS_TYPES } from '../../answers/answer-facts';
import { answerKey, hasRowInputs, isDateRange, matrixRowKey, rangeKey } from '../../answers/answer-inputs';
import { type AnswerChanges, isEmptyInput, wholeAnswers } from '../../answers/answer-values';
import { answerableBlocks, blockName, distinctLabels, matrixRows } from '../../answers/blocks';
import { invalidInput } from '../../errors';
import type { Form, FormBlock } from '../../schemas/forms';

const NOTHING = 'Nothing was submitted.';

/** Said once, above the answer inputs. */
export const CREATE_NOTE =
  '**Answers:** one input per question of the form; leave an answer empty to leave the question ' +
  'unanswered. Required questions must be answered. Payment questions cannot be answered through Zapier.';

/**
 * Whether a question must always be answered: marked required, not hidden (a hidden question is
 * filled by the form itself), and with no logic that can hide it or make it optional (a block's
 * `logic`: `conditions` and `actions` such as `hide-block` or `make-it-optional`). A question whose
 * requirement depends on logic is left to OpnForm, which judges it with the answers (a 422 names it).
 */
export const alwaysRequired = (block: FormBlock): boolean => {
  if (block.required !== true || block.hidden === true) return false;
  const logic = (block as { logic?: unknown }).logic;
  if (logic === null || typeof logic !== 'object') return true;
  const { conditions, actions } = logic as { conditions?: unknown; actions?: unknown };
  const changes = Array.isArray(actions) && actions.some((action) => action !== 'require-answer');
  return conditions === null || conditions === undefined || !changes;
};

/**
 * The answers to send, by field id (an empty result means no answer at all); files given are checked
 * here as answers to their questions and added by src/answers/file-answers.ts once uploaded.
 */
export const newAnswers = (z: ZObject, form: Form, changes: AnswerChanges): Record<string, unknown> => {
  const { answers: body, problems } = wholeAnswers(form, changes);
  const labels = distinctLabels(answerableBlocks(form));
  const labelOf = (block: FormBlock) => labels.get(block.id) ?? blockName(block);
  // questions a respondent must always answer (see alwaysRequired)
  for (const block of answerableBlocks(form)) {
    if (!alwaysRequired(block) || !isEmptyInput(body[block.id])) continue;
    if (changes.files?.some((file) => file.block.id === block.id)) continue;
    if (KEPT_AS_IS_TYPES.has(block.type) && !FILE_TYPES.has(block.type)) {
      problems.push(
        `"${labelOf(block)}" is a required ${block.type} question, which cannot be answered through Zapier: ` +
          'make it optional in OpnForm to create submissions of this form',
      );
    } else {
      const firstRow = matrixRows(block)[0];
      const key = isDateRange(block)
        ? rangeKey(block, 'start')
        : hasRowInputs(block) && firstRow !== undefined
          ? `${matrixRowKey(block, firstRow)}, ...`
          : answerKey(block);
      problems.push(`"${labelOf(block)}" (${key}) is required`);
    }
  }
  if (problems.length > 0) throw invalidInput(z, `${problems.join('; ')}. ${NOTHING}`);
  return body;
};

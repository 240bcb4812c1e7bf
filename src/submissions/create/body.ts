/**
 * The body of a new submission: the checked answers (the same inputs and value checks as Update
 * Submission, `../update/fields.ts` and `../update/values.ts`), with matrix rows given one by one
 * joined into the row: column object and a date range's start and end into `[start, end]`, keyed by
 * field id as the respondent's form sends them (submissions--public-create.json).
 */
import type { ZObject } from 'zapier-platform-core';
import { invalidInput } from '../../errors';
import { answerableBlocks, blockName, distinctLabels, matrixRows } from '../../forms/blocks';
import type { Form, FormBlock } from '../../schemas/resources';
import { KEPT_AS_IS_TYPES } from '../answer-facts';
import { answerKey, hasRowInputs, isDateRange, matrixRowKey, rangeKey } from '../update/fields';
import { type AnswerChanges, isEmptyInput } from '../update/values';

const NOTHING = 'Nothing was submitted.';

/** Said once, above the answer inputs. */
export const CREATE_NOTE =
  '**Answers:** one input per question of the form; leave an answer empty to leave the question ' +
  'unanswered. Required questions must be answered. File, signature and payment questions cannot be ' +
  'answered through Zapier.';

/** The answers to send, by field id (an empty result means no answer at all). */
export const newAnswers = (z: ZObject, form: Form, changes: AnswerChanges): Record<string, unknown> => {
  const body: Record<string, unknown> = { ...changes.set };
  for (const [id, rows] of Object.entries(changes.rows ?? {})) body[id] = rows;
  const problems: string[] = [];
  const labels = distinctLabels(answerableBlocks(form));
  const labelOf = (block: FormBlock) => labels.get(block.id) ?? blockName(block);
  for (const [id, range] of Object.entries(changes.ranges ?? {})) {
    if (range.start === undefined) {
      const block = answerableBlocks(form).find((b) => b.id === id);
      problems.push(
        `${block === undefined ? id : labelOf(block)} (End) is given without a start: fill in ${block === undefined ? 'the start' : rangeKey(block, 'start')} too`,
      );
      continue;
    }
    body[id] = range.end === undefined ? [range.start] : [range.start, range.end];
  }
  // required questions a respondent sees must be answered (hidden ones are filled by the form itself)
  for (const block of answerableBlocks(form)) {
    if (block.required !== true || block.hidden === true || !isEmptyInput(body[block.id])) continue;
    if (KEPT_AS_IS_TYPES.has(block.type)) {
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

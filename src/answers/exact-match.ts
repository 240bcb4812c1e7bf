import type { FormBlock } from '../schemas/forms';
import type { Submission } from '../schemas/submissions';
import { parseTimestamp } from '../shared/dates';
import { checkboxWord, NO_WORDS, NUMBER_TYPES, YES_WORDS } from './answer-facts';
import { answerTexts, currentAnswers } from './answers';

/**
 * Exact matching for Find Submission: the whole answer must equal the value searched for, never a
 * part of it (`ann@example.org` must not find `joann@example.org`). Per question type:
 * - every text answer (email, text, URL, select option, date as stored, file name, ...): trimmed and
 *   case-insensitive (`  Ann@Example.org ` finds `ann@example.org`);
 * - phone numbers: spaces, dots, dashes and brackets ignored (`+1 (555) 010-0001` = `+15550100001`);
 * - numbers, ratings, scales, sliders: the same number (`5` = `5.0`);
 * - checkboxes: yes/true/1 or no/false/0;
 * - dates: a date-only question compares the date part of the value as written (`2026-11-05` and
 *   Zapier's `2026-11-05T00:00:00-05:00` both find `2026-11-05`); a date with time, the same instant;
 *   a range matches when its start or its end does;
 * - multiple choice and other list answers: one of the items equals the value.
 */
const text = (value: string) => value.trim().toLowerCase();
const phone = (value: string) => text(value).replace(/[\s().-]/g, '');

/** Whether one stored answer equals the value searched for, by the rules of its question's type. */
export const answerEquals = (
  block: Pick<FormBlock, 'type' | 'with_time'> | undefined,
  answer: unknown,
  wanted: string,
) => {
  const type = block?.type;
  if (type !== undefined && NUMBER_TYPES.has(type)) {
    const n = Number(wanted.trim());
    return wanted.trim() !== '' && Number.isFinite(n) && answerTexts(answer).some((t) => Number(t) === n);
  }
  if (type === 'checkbox') {
    const word = text(wanted);
    const on = checkboxWord(word);
    return (
      on !== undefined && (answer === on || (on ? YES_WORDS : NO_WORDS).includes(text(String(answer ?? ''))))
    );
  }
  if (type === 'date') {
    const ymd = /^\d{4}-\d{2}-\d{2}/.exec(wanted.trim())?.[0];
    const at = parseTimestamp(wanted);
    const same = (stored: string) =>
      (block?.with_time
        ? at !== undefined && parseTimestamp(stored) === at
        : ymd !== undefined && stored.trim().startsWith(ymd)) || text(stored) === text(wanted);
    return answerTexts(answer).some(same);
  }
  const norm = type === 'phone_number' ? phone : text;
  const needle = norm(wanted);
  return answerTexts(answer).some((t) => norm(t) === needle);
};

/**
 * Whether OpnForm's `search` (a case-insensitive "contains" on answer values) keeps every exact
 * match of this question, so it can pre-filter the list. Not for phone numbers (formatting is
 * ignored here), numbers, checkboxes and dates (compared by value, not text).
 */
export const searchKeepsMatches = (block: Pick<FormBlock, 'type'> | undefined) =>
  block === undefined ||
  !(NUMBER_TYPES.has(block.type) || ['phone_number', 'checkbox', 'date'].includes(block.type));

/** A submission whose answer to `block` (the chosen question) equals `wanted`. */
export const exactMatch =
  (block: FormBlock, wanted: string) =>
  (item: Submission): boolean =>
    answerEquals(block, currentAnswers(item)[block.id], wanted);

import type { ZObject } from 'zapier-platform-core';
import { answerableBlocks, blockName, blockOptions } from '../forms/blocks';
import type { Form, FormBlock } from '../schemas/resources';
import { answerKey, editableBlocks, isNumberBlock } from './answer-fields';

const MAX_ERRORS = 5;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Empty inputs mean "keep the current answer". */
export const isEmptyInput = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.every(isEmptyInput));

const got = (value: unknown) => `(got ${JSON.stringify(value)?.slice(0, 60) ?? String(value)})`;

class ValueError extends Error {}
const reject = (message: string): never => {
  throw new ValueError(message);
};

const asList = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : String(value).split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');

const option = (block: FormBlock, given: string): string => {
  const options = blockOptions(block);
  if (options.length === 0) return given;
  const found =
    options.find((name) => name === given) ?? options.find((n) => n.toLowerCase() === given.toLowerCase());
  return found ?? reject(`must be one of ${options.join(', ')} ${got(given)}`);
};

const date = (given: string): string =>
  ISO_DATE.test(given) && !Number.isNaN(Date.parse(given.replace(' ', 'T')))
    ? given
    : reject(`must be a date such as 2026-11-20 or 2026-11-20T14:30:00+01:00 ${got(given)}`);

/**
 * A date-only question keeps the date as written in the value (`2026-02-03T00:00:00-05:00` ->
 * `2026-02-03`, no timezone conversion): OpnForm stores whatever it is sent verbatim, and Zapier
 * hands every date over as an ISO date-time.
 */
const dateFor = (block: FormBlock, given: string): string => {
  const checked = date(given);
  return block.with_time ? checked : checked.slice(0, 10);
};

/** The value to send for one question, checked against its block; throws a ValueError saying what is allowed. */
export const checkedValue = (block: FormBlock, value: unknown): unknown => {
  const text = typeof value === 'string' ? value.trim() : value;
  if (isNumberBlock(block)) {
    const n = typeof text === 'number' ? text : typeof text === 'string' ? Number(text) : Number.NaN;
    return Number.isFinite(n) ? n : reject(`must be a number ${got(value)}`);
  }
  switch (block.type) {
    case 'checkbox': {
      if (typeof text === 'boolean') return text;
      const word = String(text).toLowerCase();
      if (['true', 'yes', '1'].includes(word)) return true;
      if (['false', 'no', '0'].includes(word)) return false;
      return reject(`must be true or false ${got(value)}`);
    }
    case 'select':
      return option(block, String(text));
    case 'multi_select':
      return asList(value).map((item) => option(block, item));
    case 'date': {
      if (!block.date_range) return dateFor(block, String(text));
      const parts = asList(value);
      if (parts.length < 1 || parts.length > 2) return reject(`must be one or two dates ${got(value)}`);
      return parts.map((part) => dateFor(block, part));
    }
    case 'email':
      return EMAIL.test(String(text)) ? text : reject(`must be an email address ${got(value)}`);
    case 'url':
      return /^https?:\/\/\S+$/i.test(String(text))
        ? text
        : reject(`must be a web address starting with https:// or http:// ${got(value)}`);
    case 'matrix': {
      let parsed: unknown = text;
      if (typeof text === 'string') {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
      }
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
        ? parsed
        : reject(`must be a JSON object of row: column, for example {"Speed": "Good"} ${got(value)}`);
    }
    default:
      return typeof text === 'object' ? JSON.stringify(text) : String(text);
  }
};

export interface AnswerChanges {
  /** New answers by field id. */
  set: Record<string, unknown>;
  /** Field ids whose answer is cleared on purpose (sent as null). */
  clear: string[];
}

/**
 * Reads the `answer__<field id>` inputs and the "Answers to Clear" list, checks every value against
 * its block, and fails with one error naming each bad field before anything is sent.
 */
export const answerChanges = (
  z: ZObject,
  form: Pick<Form, 'properties'>,
  inputData: Readonly<Record<string, unknown>>,
  clearInput: readonly string[],
): AnswerChanges => {
  const set: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const block of editableBlocks(form)) {
    const key = answerKey(block);
    const value = inputData[key];
    if (isEmptyInput(value)) continue;
    try {
      set[block.id] = checkedValue(block, value);
    } catch (error) {
      if (!(error instanceof ValueError)) throw error;
      problems.push(`${blockName(block)} (${key}) ${error.message}`);
    }
  }
  const blocks = answerableBlocks(form);
  const clear: string[] = [];
  for (const wanted of clearInput) {
    const block =
      blocks.find((b) => b.id === wanted) ??
      blocks.find((b) => blockName(b).toLowerCase() === wanted.toLowerCase());
    if (block === undefined) {
      problems.push(`Answers to Clear (clear_fields) names no question of this form ${got(wanted)}`);
    } else if (block.required) {
      problems.push(
        `Answers to Clear (clear_fields) lists "${blockName(block)}", a required question: it cannot be empty`,
      );
    } else if (block.id in set) {
      problems.push(
        `Answers to Clear (clear_fields) lists "${blockName(block)}", which is also given a new answer: choose one`,
      );
    } else if (!clear.includes(block.id)) clear.push(block.id);
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_ERRORS).join('; ');
    const more = problems.length > MAX_ERRORS ? ` (and ${problems.length - MAX_ERRORS} more)` : '';
    throw new z.errors.Error(`Invalid input: ${shown}${more}. Nothing was changed.`, 'invalid_input', 400);
  }
  return { set, clear };
};

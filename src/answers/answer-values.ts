import type { ZObject } from 'zapier-platform-core';
import { invalidInput } from '../errors';
import type { Form, FormBlock } from '../schemas/forms';
import { EMAIL_ADDRESS } from '../shared/text';
import { checkboxWord, FILE_TYPES } from './answer-facts';
import {
  answerKey,
  editableBlocks,
  hasRowInputs,
  isDateRange,
  isNumberBlock,
  matrixRowKey,
  rangeKey,
} from './answer-inputs';
import {
  AmbiguousQuestion,
  answerableBlocks,
  blockName,
  blockOptions,
  distinctLabels,
  findQuestionBlock,
  matrixColumns,
  matrixRows,
} from './blocks';
import { type FileInput, takesSeveral } from './file-answers';

const MAX_ERRORS = 5;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** The longest email answer sent: an address has at most 64 characters, `@` and a 255-character domain. */
const MAX_EMAIL_ANSWER = 320;

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

const option = (block: FormBlock, given: string, options = blockOptions(block)): string => {
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
      const on = checkboxWord(String(text));
      if (on !== undefined) return on;
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
    case 'email': {
      const email = String(text);
      // the length first: nothing longer is read by a pattern
      if (email.length > MAX_EMAIL_ANSWER)
        return reject(
          `must be an email address of at most ${MAX_EMAIL_ANSWER} characters (got ${email.length} characters)`,
        );
      return EMAIL_ADDRESS.test(email) ? text : reject(`must be an email address ${got(value)}`);
    }
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
  /** Matrix rows given one by one, by field id: merged into the current answer (rows left empty are kept). */
  rows?: Record<string, Record<string, string>>;
  /** A date range's start or end given alone, by field id: the other end keeps its current value. */
  ranges?: Record<string, { start?: string; end?: string }>;
  /** Files given to file and signature questions (downloaded and uploaded by ./file-answers.ts). */
  files?: FileInput[];
}

/** Whether any answer is set, changed in part or cleared. */
export const changesAnything = (changes: AnswerChanges): boolean =>
  [changes.set, changes.rows ?? {}, changes.ranges ?? {}].some((part) => Object.keys(part).length > 0) ||
  changes.clear.length > 0 ||
  (changes.files?.length ?? 0) > 0;

/**
 * The file URLs given to a file or signature question: Zapier hands a file input over as its URL (a
 * file from an earlier step is in Zapier's storage; plain text becomes a .txt file there). Throws a
 * ValueError for anything that is not an http(s) URL and for more files than the question takes.
 */
const fileUrls = (block: FormBlock, value: unknown): string[] => {
  const urls = (Array.isArray(value) ? value : [value]).filter((item) => !isEmptyInput(item));
  for (const url of urls) {
    if (typeof url !== 'string' || !/^https?:\/\/\S+$/i.test(url.trim()))
      reject('must be a file: map a file from an earlier step, or a public https link to one');
  }
  if (!takesSeveral(block) && urls.length > 1)
    reject(
      `takes one file (got ${urls.length}): ${block.type === 'signature' ? 'a signature is one file' : 'the question allows one'}`,
    );
  return urls.map((url) => String(url).trim());
};

/** The per-row and start/end inputs of one question (matrix rows, date range ends) that were filled in. */
const partInputs = (block: FormBlock, inputData: Readonly<Record<string, unknown>>) => {
  if (hasRowInputs(block))
    return matrixRows(block)
      .map((row) => ({
        part: row,
        key: matrixRowKey(block, row),
        value: inputData[matrixRowKey(block, row)],
      }))
      .filter((entry) => !isEmptyInput(entry.value));
  if (isDateRange(block))
    return (['start', 'end'] as const)
      .map((end) => ({ part: end, key: rangeKey(block, end), value: inputData[rangeKey(block, end)] }))
      .filter((entry) => !isEmptyInput(entry.value));
  return [];
};

/**
 * Reads the answer inputs (`answer__<field id>`, and a matrix's row inputs or a date range's start
 * and end inputs) and the "Answers to Clear" list, checks every value against its block, and fails
 * with one error naming each bad field before anything is sent. The older single inputs of a matrix
 * (JSON) and a date range ("start, end") are still read for Zaps made with them; a question given
 * both ways is refused rather than one silently ignored.
 */
export const answerChanges = (
  z: ZObject,
  form: Pick<Form, 'properties'>,
  inputData: Readonly<Record<string, unknown>>,
  clearInput: readonly string[],
  outcome = 'Nothing was changed.',
): AnswerChanges => {
  const set: Record<string, unknown> = {};
  const rows: Record<string, Record<string, string>> = {};
  const ranges: Record<string, { start?: string; end?: string }> = {};
  const problems: string[] = [];
  const blocks = answerableBlocks(form);
  const labels = distinctLabels(blocks);
  const labelOf = (block: FormBlock) => labels.get(block.id) ?? blockName(block);
  const files: FileInput[] = [];
  for (const block of blocks.filter((b) => FILE_TYPES.has(b.type))) {
    const key = answerKey(block);
    if (isEmptyInput(inputData[key])) continue;
    try {
      files.push({ block, label: labelOf(block), key, urls: fileUrls(block, inputData[key]) });
    } catch (error) {
      if (!(error instanceof ValueError)) throw error;
      problems.push(`${labelOf(block)} (${key}) ${error.message}`);
    }
  }
  for (const block of editableBlocks(form)) {
    const key = answerKey(block);
    const value = inputData[key];
    const parts = partInputs(block, inputData);
    if (!isEmptyInput(value) && parts.length > 0) {
      problems.push(
        `${labelOf(block)} is given both as one value (${key}) and in parts (${parts.map((p) => p.key).join(', ')}): use the parts only`,
      );
      continue;
    }
    for (const { part, key: partKey, value: partValue } of parts) {
      const label =
        block.type === 'matrix'
          ? `${labelOf(block)}: ${part}`
          : `${labelOf(block)} (${part === 'start' ? 'Start' : 'End'})`;
      try {
        const text = String(partValue).trim();
        if (block.type === 'matrix') {
          rows[block.id] = { ...rows[block.id], [part]: option(block, text, matrixColumns(block)) };
        } else {
          ranges[block.id] = { ...ranges[block.id], [part]: dateFor(block, text) };
        }
      } catch (error) {
        if (!(error instanceof ValueError)) throw error;
        problems.push(`${label} (${partKey}) ${error.message}`);
      }
    }
    if (isEmptyInput(value)) continue;
    try {
      set[block.id] = checkedValue(block, value);
    } catch (error) {
      if (!(error instanceof ValueError)) throw error;
      problems.push(`${labelOf(block)} (${key}) ${error.message}`);
    }
  }
  const changed = (id: string) =>
    id in set || id in rows || id in ranges || files.some((file) => file.block.id === id);
  const clear: string[] = [];
  for (const wanted of clearInput) {
    let block: FormBlock | undefined;
    try {
      block = findQuestionBlock(form, wanted);
    } catch (error) {
      if (!(error instanceof AmbiguousQuestion)) throw error;
      problems.push(`Answers to Clear (clear_fields) ${error.message}`);
      continue;
    }
    if (block === undefined) {
      problems.push(`Answers to Clear (clear_fields) names no question of this form ${got(wanted)}`);
    } else if (block.required) {
      problems.push(
        `Answers to Clear (clear_fields) lists "${labelOf(block)}", a required question: it cannot be empty`,
      );
    } else if (changed(block.id)) {
      problems.push(
        `Answers to Clear (clear_fields) lists "${labelOf(block)}", which is also given a new answer: choose one`,
      );
    } else if (!clear.includes(block.id)) clear.push(block.id);
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_ERRORS).join('; ');
    const more = problems.length > MAX_ERRORS ? ` (and ${problems.length - MAX_ERRORS} more)` : '';
    throw invalidInput(z, `${shown}${more}. ${outcome}`);
  }
  return { set, clear, rows, ranges, ...(files.length > 0 ? { files } : {}) };
};

/**
 * Whole answers where there is no current answer to merge with (Create Submission's body, a pre-filled
 * link), by field id: the values set, each matrix's rows as one row: column object, each date range as
 * `[start, end]` (`[start]` without an end). A range's end without its start is a problem, one per range
 * (the form would read the end as the start).
 */
export const wholeAnswers = (
  form: Pick<Form, 'properties'>,
  changes: AnswerChanges,
): { answers: Record<string, unknown>; problems: string[] } => {
  const answers: Record<string, unknown> = { ...changes.set, ...changes.rows };
  const problems: string[] = [];
  const blocks = answerableBlocks(form);
  const labels = distinctLabels(blocks);
  for (const block of blocks) {
    const range = changes.ranges?.[block.id];
    if (range === undefined) continue;
    if (range.start === undefined)
      problems.push(
        `${labels.get(block.id) ?? blockName(block)} (End) is given without a start: fill in ${rangeKey(block, 'start')} too`,
      );
    else answers[block.id] = range.end === undefined ? [range.start] : [range.start, range.end];
  }
  return { answers, problems };
};

import { answerableBlocks, blockName, blockOptions } from '../forms/blocks';
import type { Form, FormBlock } from '../schemas/resources';

/** Answer inputs are keyed `answer__<field id>`, so they never collide with the step's fixed keys. */
export const ANSWER_PREFIX = 'answer__';
export const answerKey = (block: Pick<FormBlock, 'id'>): string => `${ANSWER_PREFIX}${block.id}`;

/** Blocks whose stored answer this step cannot write (uploads, signatures, payments): always kept as they are. */
export const KEPT_AS_IS_TYPES: ReadonlySet<string> = new Set(['files', 'signature', 'payment']);

const NUMBER_TYPES: ReadonlySet<string> = new Set(['number', 'rating', 'scale', 'slider']);

/** The questions this step can change: answerable blocks (hidden ones included) except files, signatures and payments. */
export const editableBlocks = (form: Pick<Form, 'properties'>): FormBlock[] =>
  answerableBlocks(form).filter((block) => !KEPT_AS_IS_TYPES.has(block.type));

export const isNumberBlock = (block: FormBlock) => NUMBER_TYPES.has(block.type);

/** Block help is HTML in OpnForm; Zapier help text is plain (with Markdown). */
const plainHelp = (help: string | null | undefined): string =>
  (help ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const KEEP_HINT = 'Leave empty to keep the current answer.';

export interface AnswerInputField {
  key: string;
  label: string;
  helpText: string;
  required: false;
  type: 'string' | 'text' | 'number' | 'boolean' | 'datetime';
  list?: boolean;
  choices?: Array<{ value: string; label: string; sample: string }>;
}

/** One input per editable question: label = question name, help = the block's help, type fitting the block. */
export const answerInputField = (block: FormBlock): AnswerInputField => {
  const help = plainHelp(block.help);
  const extra: string[] = [];
  let type: AnswerInputField['type'] = 'string';
  let list: boolean | undefined;
  let choices: AnswerInputField['choices'];
  if (isNumberBlock(block)) type = 'number';
  else if (block.type === 'checkbox') type = 'boolean';
  else if (block.type === 'date') {
    if (block.date_range) {
      extra.push(
        block.with_time
          ? 'A date range: give the start and end dates, separated by a comma.'
          : 'A date range: give the start and end dates, separated by a comma; the date part of each is kept as written (no time zone conversion).',
      );
    } else {
      type = 'datetime';
      if (!block.with_time)
        extra.push(
          'A date-only question: the date part is kept as written in the value (no time zone conversion).',
        );
    }
  } else if (block.type === 'select' || block.type === 'multi_select') {
    const options = blockOptions(block);
    if (options.length > 0) choices = options.map((name) => ({ value: name, label: name, sample: name }));
    if (block.type === 'multi_select') list = true;
  } else if (block.type === 'matrix') {
    type = 'text';
    extra.push('A JSON object of row: column, for example {"Speed": "Good"}.');
  } else if (block.type === 'rich_text') type = 'text';
  if (block.hidden) extra.push('This question is hidden on the form.');
  return {
    key: answerKey(block),
    label: blockName(block),
    helpText: [help, ...extra, KEEP_HINT].filter((part) => part !== '').join(' '),
    required: false,
    type,
    ...(list ? { list } : {}),
    ...(choices ? { choices } : {}),
  };
};

export const answerInputFields = (form: Pick<Form, 'properties'>): AnswerInputField[] =>
  editableBlocks(form).map(answerInputField);

import type { Form, FormBlock } from '../schemas/forms';
import { FILE_TYPES, KEPT_AS_IS_TYPES, NUMBER_TYPES } from './answer-facts';
import {
  answerableBlocks,
  blockName,
  blockOptions,
  distinctLabels,
  matrixColumns,
  matrixRows,
} from './blocks';
import { fileHelp, takesSeveral } from './file-answers';

/** Answer inputs are keyed `answer__<field id>`, so they never collide with the step's fixed keys. */
export const ANSWER_PREFIX = 'answer__';
export const answerKey = (block: Pick<FormBlock, 'id'>): string => `${ANSWER_PREFIX}${block.id}`;
/** One input per matrix row: `answer__<field id>__row__<row name>` (the row name is what OpnForm stores). */
export const matrixRowKey = (block: Pick<FormBlock, 'id'>, row: string): string =>
  `${answerKey(block)}__row__${row}`;
/** A date range's two inputs: `answer__<field id>__start` and `answer__<field id>__end`. */
export const rangeKey = (block: Pick<FormBlock, 'id'>, end: 'start' | 'end'): string =>
  `${answerKey(block)}__${end}`;

/** The questions this step can change: answerable blocks (hidden ones included) except files, signatures and payments. */
export const editableBlocks = (form: Pick<Form, 'properties'>): FormBlock[] =>
  answerableBlocks(form).filter((block) => !KEPT_AS_IS_TYPES.has(block.type));

export const isNumberBlock = (block: FormBlock) => NUMBER_TYPES.has(block.type);

/** A matrix answered row by row (one input per row); a matrix whose rows cannot be read keeps the JSON input. */
export const hasRowInputs = (block: FormBlock) => block.type === 'matrix' && matrixRows(block).length > 0;
export const isDateRange = (block: FormBlock) => block.type === 'date' && block.date_range === true;

/** Block help is HTML in OpnForm; Zapier help text is plain (with Markdown). */
const plainHelp = (help: string | null | undefined): string =>
  (help ?? '')
    .replace(/<[^<>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Ends a sentence that has no closing punctuation, so help parts never run together. */
const sentence = (text: string): string => (text === '' || /[.!?:;]$/.test(text) ? text : `${text}.`);

/** Said once, above the answer inputs (not repeated on each). */
export const KEEP_NOTE =
  '**Answers:** leave an answer empty to keep the current answer; to remove an answer, list its question in ' +
  'Answers to Clear below. A file given to a file or signature question replaces its files.';

export interface AnswerInputField {
  key: string;
  label?: string;
  helpText: string;
  required?: false;
  type: 'string' | 'text' | 'number' | 'boolean' | 'datetime' | 'copy' | 'file';
  list?: boolean;
  choices?: Array<{ value: string; label: string; sample: string }>;
}

const choicesOf = (names: string[]) => names.map((name) => ({ value: name, label: name, sample: name }));

/**
 * The inputs of one editable question: label = the question's label (duplicates told apart as in
 * the outputs), help = the block's help; a matrix gets one input per row, a date range a start and
 * an end input.
 */
export const answerInputsFor = (block: FormBlock, label: string = blockName(block)): AnswerInputField[] => {
  const help = sentence(plainHelp(block.help));
  const hidden = block.hidden ? 'This question is hidden on the form.' : '';
  const helpText = (...extra: string[]) => [help, ...extra, hidden].filter((part) => part !== '').join(' ');
  const field = (
    rest: Omit<AnswerInputField, 'required' | 'helpText'>,
    ...extra: string[]
  ): AnswerInputField => ({
    ...rest,
    helpText: helpText(...extra),
    required: false,
  });
  if (hasRowInputs(block)) {
    const columns = matrixColumns(block);
    return matrixRows(block).map((row) =>
      field(
        {
          key: matrixRowKey(block, row),
          label: `${label}: ${row}`,
          type: 'string',
          ...(columns.length > 0 ? { choices: choicesOf(columns) } : {}),
        },
        `The answer for the row "${row}".`,
      ),
    );
  }
  if (isDateRange(block)) {
    const dateOnly = block.with_time ? '' : 'The date part is kept as written (no time zone conversion).';
    return [
      field(
        { key: rangeKey(block, 'start'), label: `${label} (Start)`, type: 'datetime' },
        'The first day of the range.',
        dateOnly,
      ),
      field(
        { key: rangeKey(block, 'end'), label: `${label} (End)`, type: 'datetime' },
        'The last day of the range.',
        dateOnly,
      ),
    ];
  }
  if (isNumberBlock(block)) return [field({ key: answerKey(block), label, type: 'number' })];
  if (block.type === 'checkbox') return [field({ key: answerKey(block), label, type: 'boolean' })];
  if (block.type === 'date')
    return [
      field(
        { key: answerKey(block), label, type: 'datetime' },
        block.with_time
          ? ''
          : 'A date-only question: the date part is kept as written in the value (no time zone conversion).',
      ),
    ];
  if (block.type === 'select' || block.type === 'multi_select') {
    const options = blockOptions(block);
    return [
      field({
        key: answerKey(block),
        label,
        type: 'string',
        ...(block.type === 'multi_select' ? { list: true } : {}),
        ...(options.length > 0 ? { choices: choicesOf(options) } : {}),
      }),
    ];
  }
  if (block.type === 'matrix')
    return [
      field(
        { key: answerKey(block), label, type: 'text' },
        'A JSON object of row: column, for example {"Speed": "Good"}.',
      ),
    ];
  return [field({ key: answerKey(block), label, type: block.type === 'rich_text' ? 'text' : 'string' })];
};

/**
 * The answer inputs of a form: the note said once, then each editable question's inputs and each file
 * or signature question's file input, in form order
 * (Update Submission and Create Submission; each says what an empty input means in its note).
 */
export const answerInputFields = (
  form: Pick<Form, 'properties'>,
  note = KEEP_NOTE,
  /** Update Submission: a file input's help says that its files replace the question's current ones. */
  replacing = true,
): AnswerInputField[] => {
  const blocks = answerableBlocks(form).filter(
    (block) => !KEPT_AS_IS_TYPES.has(block.type) || FILE_TYPES.has(block.type),
  );
  if (blocks.length === 0) return [];
  const labels = distinctLabels(answerableBlocks(form));
  return [
    { key: 'answers_note', type: 'copy', helpText: note },
    ...blocks.flatMap((block) =>
      FILE_TYPES.has(block.type)
        ? [fileInputFor(form, block, labels.get(block.id), replacing)]
        : answerInputsFor(block, labels.get(block.id)),
    ),
  ];
};

/** A file or signature question's input: a Zapier file (a list when the question takes several). */
export const fileInputFor = (
  form: Pick<Form, 'properties'>,
  block: FormBlock,
  label: string = blockName(block),
  replacing = false,
): AnswerInputField => ({
  key: answerKey(block),
  label,
  type: 'file',
  ...(takesSeveral(block) ? { list: true } : {}),
  helpText: [
    sentence(plainHelp(block.help)),
    fileHelp(form, block),
    !replacing
      ? ''
      : takesSeveral(block)
        ? 'Replaces all the files this question has now (they are not added to).'
        : `Replaces the current ${block.type === 'signature' ? 'signature' : 'file'}.`,
    block.hidden ? 'This question is hidden on the form.' : '',
  ]
    .filter((part) => part !== '')
    .join(' '),
  required: false,
});

/**
 * Labels for the server's field keys in a 422 (`<field id>`, `data.<field id>`, `<field id>.<n>`),
 * so errors name the question, never its UUID.
 */
export const questionLabels = (form: Form): Record<string, string> => {
  const out: Record<string, string> = {};
  const blocks = answerableBlocks(form);
  const labels = distinctLabels(blocks);
  for (const block of blocks) {
    const label = labels.get(block.id) ?? blockName(block);
    const items = Math.max(2, block.multi_select?.options?.length ?? 0);
    for (const key of [block.id, `data.${block.id}`]) {
      out[key] = label;
      for (let i = 0; i < items; i += 1) out[`${key}.${i}`] = label;
    }
  }
  return out;
};

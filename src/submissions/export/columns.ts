import type { ZObject } from 'zapier-platform-core';
import { AmbiguousQuestion, answerableBlocks, findQuestionBlock, labelledBlocks } from '../../answers/blocks';
import { invalidInput } from '../../errors';
import type { Form } from '../../schemas/forms';
import { ATTRIBUTION_KEYS } from '../../schemas/submissions';

/** Columns the export accepts beside the questions (real server: else 422). */
export const SYSTEM_COLUMNS = ['created_at', 'status'] as const;
export const ATTRIBUTION_COLUMNS = ATTRIBUTION_KEYS.map((key) => `meta.attribution.${key}`);

export interface ColumnChoice {
  value: string;
  label: string;
  sample: string;
}

/**
 * The export's own column choices: every answerable question by name, then the system columns and
 * the attribution columns. They are not in `form_field_list`, which lists only questions, so no
 * other question picker offers "Created At" or a UTM key.
 */
export const columnChoices = (form: Pick<Form, 'properties'>): ColumnChoice[] => [
  ...labelledBlocks(form).map(({ block, label }) => ({ value: block.id, label, sample: block.id })),
  { value: 'created_at', label: 'Created At (submission date)', sample: 'created_at' },
  { value: 'status', label: 'Status (completed or partial)', sample: 'status' },
  ...ATTRIBUTION_KEYS.map((key) => ({
    value: `meta.attribution.${key}`,
    label: `Attribution: ${key}`,
    sample: `meta.attribution.${key}`,
  })),
];

/** Default: every question and `created_at`. */
export const defaultColumns = (form: Pick<Form, 'properties'>): string[] => [
  ...answerableBlocks(form).map((block) => block.id),
  'created_at',
];

/**
 * The column keys to send: given ones (question ids or names, system or attribution columns), or
 * the default. An unknown column stops the step before anything is sent, naming what is allowed.
 */
export const resolveColumns = (
  z: ZObject,
  form: Pick<Form, 'properties'>,
  given: readonly string[],
): string[] => {
  if (given.length === 0) return defaultColumns(form);
  const known = new Set<string>([...SYSTEM_COLUMNS, ...ATTRIBUTION_COLUMNS]);
  const keys: string[] = [];
  const unknown: string[] = [];
  for (const column of given) {
    let block: ReturnType<typeof findQuestionBlock>;
    try {
      block = findQuestionBlock(form, column);
    } catch (error) {
      if (error instanceof AmbiguousQuestion)
        throw invalidInput(z, `Columns (columns): ${error.message}. Nothing was exported.`);
      throw error;
    }
    const key = block?.id ?? (known.has(column) ? column : undefined);
    if (key === undefined) unknown.push(column);
    else if (!keys.includes(key)) keys.push(key);
  }
  if (unknown.length > 0) {
    throw invalidInput(
      z,
      `Columns (columns) has unknown columns ${unknown.map((c) => JSON.stringify(c)).join(', ')}. ` +
        'Allowed: the questions of this form (by id or name), created_at, status, and meta.attribution.<key> ' +
        `(${ATTRIBUTION_KEYS.join(', ')}). Nothing was exported.`,
    );
  }
  return keys;
};

import type { Form, FormBlock } from '../schemas/forms';

/** The 18 input block types of a real OpnForm server; layout blocks start with `nf-`. */
export const INPUT_BLOCK_TYPES = [
  'text',
  'rich_text',
  'date',
  'url',
  'phone_number',
  'email',
  'checkbox',
  'select',
  'multi_select',
  'matrix',
  'number',
  'rating',
  'scale',
  'slider',
  'files',
  'signature',
  'barcode',
  'payment',
] as const;

/** Layout blocks (`nf-text`, `nf-page-break`, ...) never hold answers. */
export const isLayoutBlock = (block: Pick<FormBlock, 'type'>): boolean => block.type.startsWith('nf-');

/** The blocks of a form that hold answers (hidden ones included), in form order. */
export const answerableBlocks = (form: Pick<Form, 'properties'>): FormBlock[] =>
  (form.properties ?? []).filter((block) => !isLayoutBlock(block));

/** A question's display name; unnamed blocks fall back to their type. */
export const blockName = (block: FormBlock): string => block.name?.trim() || `Untitled ${block.type} field`;

/** Question labels with duplicates told apart: "Email (1)", "Email (2)", in form order. */
export const distinctLabels = (blocks: FormBlock[]): Map<string, string> => {
  const names = blocks.map((block) => blockName(block));
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name.toLowerCase(), (counts.get(name.toLowerCase()) ?? 0) + 1);
  const seen = new Map<string, number>();
  const used = new Set<string>();
  const labels = new Map<string, string>();
  blocks.forEach((block, i) => {
    const name = names[i] as string;
    const lower = name.toLowerCase();
    let label = name;
    if ((counts.get(lower) ?? 0) > 1) {
      const n = (seen.get(lower) ?? 0) + 1;
      seen.set(lower, n);
      label = `${name} (${n})`;
    }
    if (used.has(label.toLowerCase())) label = `${label} [${block.id.slice(0, 8)}]`;
    used.add(label.toLowerCase());
    labels.set(block.id, label);
  });
  return labels;
};

/** Each answerable block with its label as every picker shows it ("Comments (1)", "Comments (2)"). */
export const labelledBlocks = (
  form: Pick<Form, 'properties'>,
): Array<{ block: FormBlock; label: string }> => {
  const blocks = answerableBlocks(form);
  const labels = distinctLabels(blocks);
  return blocks.map((block) => ({ block, label: labels.get(block.id) ?? blockName(block) }));
};

/**
 * A name that more than one question of the form has: refused rather than resolved to the first,
 * since either could be the one meant. Its message says which questions share the name and how to
 * pick one; each step puts its field's label in front.
 */
export class AmbiguousQuestion extends Error {
  constructor(
    readonly wanted: string,
    readonly labels: readonly string[],
  ) {
    super(
      `${JSON.stringify(wanted)} is the name of ${labels.length} questions of this form (${labels
        .map((label) => JSON.stringify(label))
        .join(', ')}): map one of those labels, as the dropdown shows them, or the question's id`,
    );
  }
}

/**
 * The question a user named: by field id (what the pickers send), by its label as the pickers show
 * it ("Comments (2)"), or by its name, all case-insensitive. A name several questions share throws
 * `AmbiguousQuestion` (recorded: form 13 has two questions named "Comments").
 */
export const findQuestionBlock = (form: Pick<Form, 'properties'>, wanted: string): FormBlock | undefined => {
  const text = wanted.trim();
  const lower = text.toLowerCase();
  const labelled = labelledBlocks(form);
  const exact =
    labelled.find(({ block }) => block.id === text) ??
    labelled.find(({ label }) => label.toLowerCase() === lower);
  if (exact !== undefined) return exact.block;
  const named = labelled.filter(({ block }) => blockName(block).toLowerCase() === lower);
  if (named.length > 1)
    throw new AmbiguousQuestion(
      text,
      named.map(({ label }) => label),
    );
  return named[0]?.block;
};

/** The options of a select / multi_select block, by name (answers store the option name). */
export const blockOptions = (block: FormBlock): string[] => {
  const source =
    block.type === 'multi_select' ? block.multi_select : block.type === 'select' ? block.select : undefined;
  return (source?.options ?? []).map((option) => option.name);
};

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];

/** The rows of a matrix block (`rows: ["Support", "Product"]`); an answer maps each row to a column. */
export const matrixRows = (block: FormBlock): string[] => strings((block as { rows?: unknown }).rows);

/** The columns of a matrix block (`columns: ["Bad", "OK", "Good"]`). */
export const matrixColumns = (block: FormBlock): string[] =>
  strings((block as { columns?: unknown }).columns);

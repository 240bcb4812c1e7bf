import type { Bundle, ZObject } from 'zapier-platform-core';
import { READ_FORM } from '../http/abilities';
import { opnform } from '../http/client';
import { path } from '../http/path';
import { Form, type FormBlock } from '../schemas/resources';

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

/** The options of a select / multi_select block, by name (answers store the option name). */
export const blockOptions = (block: FormBlock): string[] => {
  const source =
    block.type === 'multi_select' ? block.multi_select : block.type === 'select' ? block.select : undefined;
  return (source?.options ?? []).map((option) => option.name);
};

/** `GET /open/forms/{id}`: the full form with its blocks (one request). */
export const fetchForm = (z: ZObject, bundle: Bundle, formId: number | string) =>
  opnform(z, bundle).get(path`/open/forms/${formId}`, {
    thing: 'form',
    ...READ_FORM,
    schema: Form,
  });

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

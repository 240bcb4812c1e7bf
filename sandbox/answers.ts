/**
 * Validation of answers the way OpnForm validates a fresh submission (used by the API PUT and the
 * sandbox submit): required fields present, select values are option names, dates valid, numbers
 * numeric. The result REPLACES the stored answers (fields left out are gone).
 */
import { inputBlocks, isEmptyAnswer } from './format';
import type { Block, Form, StoredFile } from './state';

export interface Checked {
  answers: Record<string, unknown>;
  errors: Record<string, string[]>;
}

const isDate = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));

const fileName = (item: unknown): string | undefined => {
  if (typeof item === 'string' && item !== '') return item.split('?')[0]?.split('/').pop();
  if (item !== null && typeof item === 'object') {
    const record = item as Record<string, unknown>;
    if (typeof record.file_name === 'string' && record.file_name !== '') return record.file_name;
    if (typeof record.file_url === 'string') return fileName(record.file_url);
  }
  return undefined;
};

const checkOne = (
  block: Block,
  value: unknown,
  files: Map<string, StoredFile>,
): { value?: unknown; error?: string } => {
  const name = block.name;
  switch (block.type) {
    case 'select': {
      const names = block.select?.options.map((o) => o.name) ?? [];
      return typeof value === 'string' && names.includes(value)
        ? { value }
        : { error: `The selected ${name} is invalid.` };
    }
    case 'multi_select': {
      const names = block.multi_select?.options.map((o) => o.name) ?? [];
      const list = Array.isArray(value) ? value : [value];
      return list.every((v) => typeof v === 'string' && names.includes(v))
        ? { value: list }
        : { error: `The selected ${name} is invalid.` };
    }
    case 'date':
      if (block.date_range) {
        return Array.isArray(value) && value.length >= 1 && value.length <= 2 && value.every(isDate)
          ? { value }
          : { error: `The ${name} field must be a valid date range.` };
      }
      return isDate(value) ? { value } : { error: `The ${name} field must be a valid date.` };
    case 'number':
    case 'rating':
    case 'scale':
    case 'slider': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
      return Number.isFinite(n) ? { value: n } : { error: `The ${name} field must be a number.` };
    }
    case 'checkbox':
      if (typeof value === 'boolean') return { value };
      if (value === 'true' || value === 1 || value === '1') return { value: true };
      if (value === 'false' || value === 0 || value === '0') return { value: false };
      return { error: `The ${name} field must be true or false.` };
    case 'email':
      return typeof value === 'string' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)
        ? { value }
        : { error: `The ${name} field must be a valid email address.` };
    case 'url':
      return typeof value === 'string' && URL.canParse(value)
        ? { value }
        : { error: `The ${name} field must be a valid URL.` };
    case 'matrix': {
      const rows = (block.rows as string[] | undefined) ?? [];
      const cols = (block.columns as string[] | undefined) ?? [];
      const ok =
        value !== null &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        Object.entries(value).every(
          ([r, c]) => rows.includes(r) && typeof c === 'string' && cols.includes(c),
        );
      return ok ? { value } : { error: `The ${name} field must be a valid matrix answer.` };
    }
    case 'files':
    case 'signature': {
      const list = Array.isArray(value) ? value : [value];
      const names = list.map(fileName);
      if (names.some((n) => n === undefined)) return { error: `The ${name} field must be a list of files.` };
      for (const n of names as string[]) {
        if (!files.has(n))
          files.set(n, { name: n, content: `sandbox file ${n}`, contentType: 'application/octet-stream' });
      }
      return { value: names };
    }
    default:
      return typeof value === 'string' || typeof value === 'number'
        ? { value: String(value) }
        : { error: `The ${name} field must be a string.` };
  }
};

export const checkAnswers = (
  form: Form,
  body: Record<string, unknown>,
  files: Map<string, StoredFile>,
  options: { partial?: boolean } = {},
): Checked => {
  const answers: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  for (const block of inputBlocks(form)) {
    const value = body[block.id];
    if (isEmptyAnswer(value) && !(block.type === 'checkbox' && value === false)) {
      if (block.required && !block.hidden && !options.partial)
        errors[block.id] = [`The ${block.name} field is required.`];
      continue;
    }
    const result = checkOne(block, value, files);
    if (result.error !== undefined) errors[block.id] = [result.error];
    else answers[block.id] = result.value;
  }
  return { answers, errors };
};

/** Laravel's summary line: the first message and how many more. */
export const summary = (errors: Record<string, string[]>) => {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  return `${all[0] ?? 'The given data was invalid.'}${more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'})` : ''}`;
};

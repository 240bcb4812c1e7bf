/**
 * Validation of answers the way OpnForm validates a fresh submission (used by the API PUT and the
 * sandbox submit): required fields present, select values are option names, dates valid, numbers
 * numeric. The result REPLACES the stored answers (fields left out are gone).
 */
import { allowedTypes, awaitsUpload, checkFileItem, questionMaxBytes } from './file-storage';
import { inputBlocks, isEmptyAnswer } from './format';
import type { Block, Form, SandboxState, StoredFile } from './state';
import { strictSignature } from './submission-rules';

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

const rememberFiles = (names: string[], files: Map<string, StoredFile>) => {
  for (const n of names) {
    if (!files.has(n))
      files.set(n, { name: n, content: `sandbox file ${n}`, contentType: 'application/octet-stream' });
  }
};

const PHONE = /^\+?[0-9][0-9 ().-]*$/;

type OneCheck = { value?: unknown; error?: string; errors?: Record<string, string[]> };

/**
 * A files answer as the real rule takes it (sandbox/file-storage.ts): a list of strings, each a
 * stored name, an upload's `<name>_<uuid>.<ext>` or a file link; errors under `<field id>.<index>`.
 * Objects never get here (`fileObjectCrash` answered 500 first); other items are dropped.
 */
const strictFiles = (state: SandboxState, form: Form, block: Block, value: unknown): OneCheck => {
  if (!Array.isArray(value)) return { error: `The ${block.name} must be an array.` };
  const kept: string[] = [];
  const errors: Record<string, string[]> = {};
  value.forEach((item, i) => {
    if (typeof item !== 'string' || item.trim() === '') return;
    const checked = checkFileItem(state, form, item.trim(), questionMaxBytes(block), allowedTypes(block));
    if ('error' in checked) errors[`${block.id}.${i}`] = [checked.error];
    else if ('keep' in checked) kept.push(checked.keep);
  });
  return Object.keys(errors).length > 0 ? { errors } : { value: kept };
};

const checkOne = (
  block: Block,
  value: unknown,
  state: SandboxState,
  strict: boolean,
  form: Form,
): OneCheck => {
  const name = block.name;
  const files = state.files;
  if (strict && block.type === 'files') return strictFiles(state, form, block, value);
  if (strict && block.type === 'signature') {
    const checked = strictSignature(name, value, (fileName, content, contentType) =>
      files.set(fileName, { name: fileName, content, contentType, formId: form.id }),
    );
    if (checked.error !== undefined) return { error: checked.error };
    // a signature sent as its link is stored as null (submissions--update.json, exchange 5)
    if (checked.value === null || checked.value === undefined) return { value: null };
    // an uploaded file's bytes move to the form's storage when the submission is stored (settleFiles)
    rememberFiles(
      checked.value.filter((fileName) => !awaitsUpload(state, fileName)),
      files,
    );
    return { value: checked.value };
  }
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
      // the real server reports each bad item under `<field id>.<index>`, named by that key
      const bad = list
        .map((v, i) => [v, `${block.id}.${i}`] as const)
        .filter(([v]) => !(typeof v === 'string' && names.includes(v)));
      return bad.length === 0
        ? { value: list }
        : { errors: Object.fromEntries(bad.map(([, key]) => [key, [`The selected ${key} is invalid.`]])) };
    }
    case 'date':
      if (block.date_range) {
        if (!(Array.isArray(value) && value.length >= 1 && value.length <= 2 && value.every(isDate)))
          return { error: `The ${name} is not a valid date.` };
        if (value.length === 2 && Date.parse(value[0]) > Date.parse(value[1]))
          return { errors: { [`${block.id}.0`]: ['From date must be before or equal to To date'] } };
        return { value };
      }
      // stored verbatim, whatever PHP can read as a date (an ISO date-time in a date-only question too)
      return isDate(value) ? { value } : { error: `The ${name} is not a valid date.` };
    case 'number':
    case 'rating':
    case 'scale':
    case 'slider': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
      return Number.isFinite(n) ? { value: n } : { error: `The ${name} must be a number.` };
    }
    case 'checkbox':
      if (typeof value === 'boolean') return { value };
      if (value === 'true' || value === 1 || value === '1') return { value: true };
      if (value === 'false' || value === 0 || value === '0') return { value: false };
      return { error: `The ${name} field must be true or false.` };
    case 'email':
      return typeof value === 'string' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)
        ? { value }
        : { error: `The ${name} must be a valid email address.` };
    case 'url':
      return typeof value === 'string' && /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value) && URL.canParse(value)
        ? { value }
        : { error: `The ${name} format is invalid.` };
    case 'phone_number': {
      // the phone input sends its country code first (`US+12025550143`): stored without it
      const text = (typeof value === 'string' || typeof value === 'number' ? String(value) : '').replace(
        /^[A-Z]{2}(?=\+)/,
        '',
      );
      const errors: string[] = [];
      if (text.length < 6) errors.push(`The ${name} must be at least 6 characters.`);
      if (!PHONE.test(text) || text.replace(/\D/g, '').length < 6)
        errors.push(`The ${name} is not a valid phone number.`);
      return errors.length === 0 ? { value: text } : { errors: { [block.id]: errors } };
    }
    case 'matrix': {
      const rows = (block.rows as string[] | undefined) ?? [];
      const cols = (block.columns as string[] | undefined) ?? [];
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        return { error: `The ${name} field must be a valid matrix answer.` };
      // rows the matrix does not have are dropped; a value outside the columns is an error
      const known = Object.entries(value).filter(([r]) => rows.includes(r));
      const bad = known.find(([, c]) => !(typeof c === 'string' && cols.includes(c)));
      return bad === undefined
        ? { value: Object.fromEntries(known) }
        : { error: `Invalid value '${String(bad[1])}' for row '${bad[0]}'.` };
    }
    case 'files':
    case 'signature': {
      const list = Array.isArray(value) ? value : [value];
      const names = list.map(fileName);
      if (names.some((n) => n === undefined)) return { error: `The ${name} field must be a list of files.` };
      rememberFiles(names as string[], files);
      return { value: names };
    }
    case 'rich_text':
      // purified: script elements removed (external--hook-delivery-every-block.json)
      return typeof value === 'string'
        ? { value: value.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '') }
        : { error: `The ${name} field must be a string.` };
    default:
      return typeof value === 'string' || typeof value === 'number'
        ? { value: String(value) }
        : { error: `The ${name} field must be a string.` };
  }
};

export const checkAnswers = (
  form: Form,
  body: Record<string, unknown>,
  /** Its stored files and temporary uploads (strict file answers); lax answers invent missing files. */
  state: SandboxState,
  /** `strict`: files and signatures only as the real server takes them (API writes). */
  options: { partial?: boolean; strict?: boolean } = {},
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
    const result = checkOne(block, value, state, options.strict === true, form);
    if (result.error !== undefined) errors[block.id] = [result.error];
    else if (result.errors !== undefined) Object.assign(errors, result.errors);
    else if ('value' in result) answers[block.id] = result.value;
  }
  return { answers, errors };
};

/** Laravel's summary line: the first message and how many more. */
export const summary = (errors: Record<string, string[]>) => {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  return `${all[0] ?? 'The given data was invalid.'}${more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'})` : ''}`;
};

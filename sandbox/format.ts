/**
 * How the sandbox turns stored answers into what OpnForm sends: raw answers for /open, display
 * values for deliveries and CSV (real-server-notes.md, "Delivery payload" and export).
 */
import { INPUT_TYPES } from './opnform-constants';
import type { Block, Form, Submission } from './state';

export { INPUT_TYPES };

export const inputBlocks = (form: Form): Block[] => form.properties.filter((b) => INPUT_TYPES.has(b.type));

export const isFileBlock = (block: Block) => block.type === 'files' || block.type === 'signature';

const pad = (n: number) => String(n).padStart(2, '0');

/** A date-time as stored (`isoOf`): its `Y-m-d H:i:s` is in the text (the lists sort 100,000 of them). */
const STORED_UTC = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)(?:\.\d+)?Z$/;

/** `Y-m-d H:i:s` in UTC, as the /open submissions list writes `data.created_at`. */
export const ymdHis = (isoText: string) => {
  const stored = STORED_UTC.exec(isoText);
  if (stored !== null) return `${stored[1]} ${stored[2]}`;
  const d = new Date(isoText);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
};

const formatDate = (block: Block, value: unknown): string => {
  const d = new Date(String(value));
  if (Number.isNaN(d.getTime())) return String(value);
  const dd = pad(d.getUTCDate());
  const mm = pad(d.getUTCMonth() + 1);
  const date =
    block.date_format === 'MM/dd/yyyy'
      ? `${mm}/${dd}/${d.getUTCFullYear()}`
      : `${dd}/${mm}/${d.getUTCFullYear()}`;
  if (!block.with_time) return date;
  // OpnForm's formatter: `H:i` with a 24-hour time_format, else `g:ia` ("9:05am")
  if (block.time_format === 24 || block.time_format === '24')
    return `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  const h = d.getUTCHours();
  return `${date} ${h % 12 === 0 ? 12 : h % 12}:${pad(d.getUTCMinutes())}${h < 12 ? 'am' : 'pm'}`;
};

export type FileLink = (name: string) => string;

/** A matrix answer as `row: column` lines joined by `separator`. */
export const matrixText = (value: unknown, separator: string) =>
  Object.entries(value as Record<string, unknown>)
    .map(([row, col]) => `${row}: ${String(col)}`)
    .join(separator);

/** Whether a stored answer counts as "no answer" (left out of deliveries). */
export const isEmptyAnswer = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0);

/** The value a delivery (and the CSV) shows for an answer. */
export const displayValue = (block: Block, value: unknown, link: FileLink): unknown => {
  switch (block.type) {
    case 'checkbox':
      return value ? 'Yes' : 'No';
    case 'date':
      return Array.isArray(value)
        ? value.map((v) => formatDate(block, v)).join(' - ')
        : formatDate(block, value);
    case 'multi_select':
      return Array.isArray(value) ? value.map(String) : [String(value)];
    case 'matrix':
      return matrixText(value, '\n');
    case 'files':
    case 'signature':
      return (value as string[]).map((name) => ({ file_url: link(name), file_name: name }));
    default:
      return value;
  }
};

/** A raw answer as `/open` lists it (files become short-lived signed links). */
export const rawValue = (block: Block | undefined, value: unknown, link: FileLink): unknown =>
  block !== undefined && isFileBlock(block) && Array.isArray(value)
    ? value.map((name) => ({ file_url: link(String(name)), file_name: String(name) }))
    : value;

/** The CSV cell of an answer: multi_select joined, matrix on one line, files as links. */
export const csvValue = (block: Block, value: unknown, link: FileLink): string => {
  if (isEmptyAnswer(value)) return '';
  if (block.type === 'matrix') {
    return Object.entries(value as Record<string, unknown>)
      .map(([row, col]) => `${row}: ${String(col)}`)
      .join(' | ');
  }
  const shown = displayValue(block, value, link);
  if (isFileBlock(block)) return (shown as Array<{ file_url: string }>).map((f) => f.file_url).join(', ');
  if (Array.isArray(shown)) return shown.join(', ');
  return String(shown);
};

export const csvCell = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The hashed id OpnForm shows in edit links and the CSV `id` column (not the integer). */
export const encodedId = (submission: Submission) =>
  Buffer.from(`sandbox-submission-${submission.id}`).toString('base64url');

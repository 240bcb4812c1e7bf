/**
 * One output shape for a submission, whichever way it reached us: an `/open` API item (raw answer
 * values) or a hook delivery / legacy poll item (display-formatted values keyed by field id).
 * Every trigger and search that returns a submission returns this shape (see README, "Submission
 * output"). Zapier stores these keys inside users' Zaps: add keys, never rename them.
 */
import { createHash } from 'node:crypto';
import type { Bundle, PlainOutputField, ZObject } from 'zapier-platform-core';
import {
  answerableBlocks,
  blockName,
  distinctLabels,
  fetchForm,
  isLayoutBlock,
  matrixRows,
} from '../forms/blocks';
import { FormId } from '../schemas/inputs';
import {
  ATTRIBUTION_KEYS,
  type AttributionKey,
  type DeliveryPayload,
  type FormBlock,
  type Submission,
} from '../schemas/resources';
import { type DateQuestion, dateOrderOf, isoAnswerDate, isoAnswerDates, isoDateTime } from '../shared/dates';
import { submissionFile } from './files';

/** Moved to `forms/blocks` (every question picker uses it); kept here for existing imports. */
export { distinctLabels } from '../forms/blocks';

export type OutputField = PlainOutputField;

export interface FormRef {
  id: number;
  slug?: string | null;
  title?: string | null;
  properties?: FormBlock[] | null;
}

/** A date answer in ISO 8601: `start` alone for a single date, both for a range; null when not derivable. */
export interface AnswerDate {
  start: string | null;
  end: string | null;
}

/** A file or signature: its name and the original signed link (it expires). */
export interface AnswerFile {
  name: string;
  url: string;
}

export type SubmissionStatus = 'completed' | 'partial';

/** Date questions by field id (from the form's blocks); empty when the form was not read. */
export type DateQuestions = Record<string, DateQuestion>;

/** How answers are shaped: what the form says about its date questions, and whether dates become ISO text. */
interface ShapeContext {
  dates: DateQuestions;
  normalizeDates: boolean;
}

export type SubmissionOutput = {
  /** The integer submission id (a content hash when the source gives none; see README). */
  id: number;
  form_id: number | null;
  form_slug: string | null;
  form_title: string | null;
  edit_link: string | null;
  /** ISO 8601 with offset; null when the source does not say (hook deliveries carry no time). */
  submitted_at: string | null;
  status: SubmissionStatus | null;
  /** Seconds taken to fill in the form, when known. */
  completion_time: number | null;
  /** Captured UTM / click-id values only. */
  attribution: Partial<Record<AttributionKey, string>>;
  /** The answer to map, by field id: text, number, boolean, list, or a list of files. */
  answers: Record<string, unknown>;
  /** Date questions, by field id: the answer in ISO 8601. */
  answer_dates: Record<string, AnswerDate>;
  /** Matrix questions, by field id: `{row: column}`. */
  answer_matrices: Record<string, Record<string, string>>;
  /** File and signature questions, by field id: name and original (expiring) link of each file. */
  answer_files: Record<string, AnswerFile[]>;
};

/** Keys inside `/open` `data` that are metadata, not answers. */
const DATA_META_KEYS = new Set(['status', 'created_at', 'updated_at', 'id', 'submission_id']);

const NUMERIC_TYPES = new Set(['number', 'rating', 'scale', 'slider']);
const FILE_TYPES = new Set(['files', 'signature']);

type Source = 'api' | 'delivery';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** An integer id from a number or digits; null otherwise. */
export const integerOf = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) {
    const n = Number(value.trim());
    return n > 0 ? n : null;
  }
  return null;
};

// ---------------------------------------------------------------------------------------------
// Dates

/** An ISO date-time (or "Y-m-d H:i:s", read as UTC) -> ISO 8601 keeping its own offset; null if unreadable. */
export const isoTimestamp = (value: unknown): string | null => {
  const text = nonEmpty(value)?.trim();
  if (text === undefined || text === null) return null;
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  if (m === null) return null;
  const time = m[2]?.length === 5 ? `${m[2]}:00` : m[2];
  const zone =
    m[4] === undefined || m[4] === 'Z'
      ? '+00:00'
      : m[4].includes(':')
        ? m[4]
        : `${m[4].slice(0, 3)}:${m[4].slice(3)}`;
  const iso = `${m[1]}T${time}${m[3] ?? ''}${zone}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
};

/**
 * One date as OpnForm gives it -> ISO 8601 (`2026-11-05`, or `2026-11-25T09:05:00+00:00` with a time),
 * without knowing the question: a delivered `d/m/Y` / `m/d/Y` date whose day and month are both 12 or
 * less gives null here (see `isoAnswerDate`, which takes the question's `date_format`).
 */
export const isoDate = (value: unknown): string | null => isoAnswerDate(value);

/**
 * A date answer (single or range, raw or display-formatted) -> the text to map and its ISO form.
 * `normalize` (deliveries): the text becomes the ISO form too ("start - end" for a range), so a date
 * question maps the same in New Submission as in every other step; a date that cannot be read for sure
 * keeps OpnForm's text (never dropped).
 */
const dateAnswer = (
  value: unknown,
  question: DateQuestion,
  normalize: boolean,
): { text: unknown; iso: AnswerDate } => {
  const { start, end, range } = isoAnswerDates(value, question);
  const iso = { start, end };
  const parts = Array.isArray(value)
    ? value.filter((v) => v !== null && v !== undefined && v !== '').map(String)
    : undefined;
  const raw = parts === undefined ? value : parts.join(' - ');
  if (!normalize || start === null) return { text: raw, iso };
  if (!range || (parts !== undefined && parts.length < 2)) return { text: start, iso };
  return { text: end === null ? raw : `${start} - ${end}`, iso };
};

/** The date questions of a form, by id: what its blocks say about order, time and range. */
export const dateQuestions = (blocks: readonly FormBlock[] | null | undefined): DateQuestions => {
  const out: DateQuestions = {};
  for (const block of blocks ?? []) {
    if (block.type !== 'date') continue;
    const record = block as Record<string, unknown>;
    out[block.id] = {
      order: dateOrderOf(record.date_format),
      withTime: record.with_time === true || record.with_time === 1,
      range: record.date_range === true || record.date_range === 1,
    };
  }
  return out;
};

// ---------------------------------------------------------------------------------------------
// Matrix, files, scalars

/** `{row: column}` -> "Row: column" lines, and "Row: column" lines -> `{row: column}`. */
const matrixAnswer = (value: unknown): { text: unknown; rows: Record<string, string> | null } => {
  if (isRecord(value)) {
    const rows: Record<string, string> = {};
    for (const [row, column] of Object.entries(value)) {
      if (column === null || column === undefined) continue;
      rows[row] = Array.isArray(column) ? column.map(String).join(', ') : String(column);
    }
    return {
      text: Object.entries(rows)
        .map(([row, column]) => `${row}: ${column}`)
        .join('\n'),
      rows,
    };
  }
  if (typeof value === 'string') {
    const rows: Record<string, string> = {};
    for (const line of value.split(/\r?\n|\s\|\s/)) {
      const at = line.lastIndexOf(': ');
      if (at > 0) rows[line.slice(0, at).trim()] = line.slice(at + 2).trim();
    }
    return { text: value, rows: Object.keys(rows).length === 0 ? null : rows };
  }
  return { text: value, rows: null };
};

const fileNameFromUrl = (url: string): string => {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop();
    return last === undefined ? 'file' : decodeURIComponent(last);
  } catch {
    return 'file';
  }
};

/** `[{file_url, file_name}]` (or bare links) -> files; null when the value holds no file link. */
const filesOf = (value: unknown): AnswerFile[] | null => {
  const items = Array.isArray(value) ? value : [value];
  const files: AnswerFile[] = [];
  for (const item of items) {
    if (isRecord(item) && typeof item.file_url === 'string' && item.file_url !== '') {
      files.push({ name: nonEmpty(item.file_name) ?? fileNameFromUrl(item.file_url), url: item.file_url });
    } else if (typeof item === 'string' && /^https?:\/\//i.test(item)) {
      files.push({ name: fileNameFromUrl(item), url: item });
    } else if (item !== null && item !== undefined) {
      return null;
    }
  }
  return files;
};

const looksLikeFiles = (value: unknown) =>
  Array.isArray(value) && value.length > 0 && value.every((item) => isRecord(item) && 'file_url' in item);

/** A type for an answer that came without one (spec-shaped poll items carry raw values only). */
const inferredType = (value: unknown): string | undefined => {
  if (looksLikeFiles(value)) return 'files';
  if (isRecord(value)) return 'matrix';
  return undefined;
};

const checkboxValue = (value: unknown): unknown => {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (text === 'yes' || text === 'true' || text === '1') return true;
    if (text === 'no' || text === 'false' || text === '0') return false;
  }
  return value;
};

const numberValue = (value: unknown): unknown =>
  typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : value;

const listValue = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v : String(v)))
    : typeof value === 'string'
      ? [value]
      : value;

// ---------------------------------------------------------------------------------------------
// Answers

interface AnswerSink {
  answers: Record<string, unknown>;
  answer_dates: Record<string, AnswerDate>;
  answer_matrices: Record<string, Record<string, string>>;
  answer_files: Record<string, AnswerFile[]>;
}

const emptySink = (): AnswerSink => ({
  answers: {},
  answer_dates: {},
  answer_matrices: {},
  answer_files: {},
});

/** Shapes one answer into the sink; a missing answer (null, undefined) is left out, as deliveries do. */
const putAnswer = (
  z: ZObject,
  context: ShapeContext,
  sink: AnswerSink,
  id: string,
  type: string | undefined,
  value: unknown,
) => {
  if (value === null || value === undefined) return;
  if (type?.startsWith('nf-')) return;
  const kind = type ?? inferredType(value);
  if (kind !== undefined && FILE_TYPES.has(kind)) {
    const files = filesOf(value);
    if (files !== null) {
      sink.answers[id] = files.map((file) =>
        z.dehydrateFile(submissionFile, { url: file.url, name: file.name }),
      );
      sink.answer_files[id] = files;
      return;
    }
  }
  switch (kind) {
    case 'checkbox':
      sink.answers[id] = checkboxValue(value);
      return;
    case 'multi_select':
      sink.answers[id] = listValue(value);
      return;
    case 'date': {
      const { text, iso } = dateAnswer(value, context.dates[id] ?? {}, context.normalizeDates);
      sink.answers[id] = text;
      sink.answer_dates[id] = iso;
      return;
    }
    case 'matrix': {
      const { text, rows } = matrixAnswer(value);
      sink.answers[id] = text;
      if (rows !== null) sink.answer_matrices[id] = rows;
      return;
    }
    default:
      sink.answers[id] = kind !== undefined && NUMERIC_TYPES.has(kind) ? numberValue(value) : value;
  }
};

const attributionOf = (meta: unknown): Partial<Record<AttributionKey, string>> => {
  const source = isRecord(meta) && isRecord(meta.attribution) ? meta.attribution : {};
  const out: Partial<Record<AttributionKey, string>> = {};
  for (const key of ATTRIBUTION_KEYS) {
    const value = nonEmpty(source[key]);
    if (value !== null) out[key] = value;
  }
  return out;
};

const statusOf = (value: unknown): SubmissionStatus | null =>
  value === 'completed' || value === 'partial' ? value : null;

/** A stable integer for an item without an id: sha256 of its form and answers (links left out: they are re-signed). */
export const contentId = (formId: unknown, answers: AnswerSink): number => {
  const stable = Object.keys(answers.answers)
    .sort()
    .map((id) => [id, answers.answer_files[id]?.map((f) => f.name) ?? answers.answers[id]]);
  const digest = createHash('sha256')
    .update(JSON.stringify([formId ?? null, stable]))
    .digest('hex');
  // 13 hex digits: at most 2^52, a safe integer, and far above any real OpnForm submission id
  return Number.parseInt(digest.slice(0, 13), 16) + 2 ** 52;
};

/** `created_at` (`Y-m-d H:i:s` UTC on real servers, ISO on others) -> ISO 8601 with offset. */
const submittedAt = (value: unknown): string | null =>
  typeof value === 'string' ? isoDateTime(value) : null;

/** An `/open` API submission item (raw answers) -> output. */
export const shapeSubmission = (z: ZObject, item: Submission, form: FormRef): SubmissionOutput => {
  const types = new Map((form.properties ?? []).map((block) => [block.id, block.type]));
  const sink = emptySink();
  const context: ShapeContext = { dates: dateQuestions(form.properties), normalizeDates: false };
  for (const [id, value] of Object.entries(item.data)) {
    if (DATA_META_KEYS.has(id)) continue;
    const type = types.get(id);
    if (type !== undefined && isLayoutBlock({ type })) continue;
    putAnswer(z, context, sink, id, type, value);
  }
  const record = item as Record<string, unknown>;
  return {
    id: item.id,
    form_id: integerOf(item.form_id) ?? form.id,
    form_slug: form.slug ?? null,
    form_title: form.title ?? null,
    edit_link: nonEmpty(record.edit_link),
    submitted_at: submittedAt(item.data.created_at ?? record.created_at),
    status: statusOf(item.data.status ?? record.status),
    completion_time: typeof item.completion_time === 'number' ? item.completion_time : null,
    attribution: attributionOf(item.meta),
    ...sink,
  };
};

/** The submission id a delivery states (`submission_id`, `id` or `data.id`), or `null` when it states none. */
export const deliveryId = (payload: DeliveryPayload): number | null => {
  const data = payload.data ?? {};
  const metaId = isRecord(data.id) ? undefined : data.id;
  return integerOf(payload.submission_id) ?? integerOf(payload.id) ?? integerOf(metaId);
};

/**
 * A hook delivery (or a legacy poll item, same shape) -> output. `dates` (the form's date questions,
 * when read) tells d/m/Y from m/d/Y; date answers come out as ISO text either way when readable.
 */
export const shapeDelivery = (
  z: ZObject,
  payload: DeliveryPayload,
  dates: DateQuestions = {},
): SubmissionOutput => {
  const sink = emptySink();
  const context: ShapeContext = { dates, normalizeDates: true };
  const data = payload.data ?? {};
  for (const [id, entry] of Object.entries(data)) {
    if (DATA_META_KEYS.has(id) && !isRecord(entry)) continue;
    if (isRecord(entry) && 'value' in entry) {
      putAnswer(z, context, sink, id, nonEmpty(entry.type) ?? undefined, entry.value);
    } else {
      putAnswer(z, context, sink, id, undefined, entry);
    }
  }
  const id = deliveryId(payload);
  const createdAt = payload.created_at ?? (isRecord(data.created_at) ? undefined : data.created_at);
  const status = isRecord(data.status) ? undefined : data.status;
  return {
    id: id ?? contentId(payload.form_id, sink),
    form_id: integerOf(payload.form_id),
    form_slug: nonEmpty(payload.form_slug),
    form_title: nonEmpty(payload.form_title),
    edit_link: nonEmpty(payload.edit_link),
    submitted_at: submittedAt(createdAt),
    // hooks only ever carry completed submissions
    status: statusOf((payload as Record<string, unknown>).status ?? status) ?? 'completed',
    completion_time: typeof payload.completion_time === 'number' ? payload.completion_time : null,
    attribution: attributionOf(payload.meta),
    ...sink,
  };
};

// ---------------------------------------------------------------------------------------------
// Output fields and sample

const ATTRIBUTION_LABELS: Record<AttributionKey, string> = {
  utm_source: 'UTM Source',
  utm_medium: 'UTM Medium',
  utm_campaign: 'UTM Campaign',
  utm_id: 'UTM ID',
  utm_term: 'UTM Term',
  utm_content: 'UTM Content',
  utm_source_platform: 'UTM Source Platform',
  utm_creative_format: 'UTM Creative Format',
  utm_marketing_tactic: 'UTM Marketing Tactic',
  gclid: 'Google Click ID (gclid)',
  gbraid: 'Google gbraid',
  wbraid: 'Google wbraid',
  dclid: 'Google Display Click ID (dclid)',
  fbclid: 'Facebook Click ID (fbclid)',
  ttclid: 'TikTok Click ID (ttclid)',
  msclkid: 'Microsoft Click ID (msclkid)',
};

/**
 * Attribution keys labelled in the static output fields (and shown in the sample): the common ones.
 * The other allowed keys (`utm_id`, `fbclid`, `msclkid`, ...) pass through the same way when captured.
 */
const LABELLED_ATTRIBUTION_KEYS: readonly AttributionKey[] = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
];

export const SUBMISSION_OUTPUT_FIELDS: OutputField[] = [
  { key: 'id', label: 'Submission ID', type: 'integer' },
  { key: 'form_id', label: 'Form ID', type: 'integer' },
  { key: 'form_slug', label: 'Form Slug', type: 'string' },
  { key: 'form_title', label: 'Form Title', type: 'string' },
  { key: 'edit_link', label: 'Edit Link', type: 'string' },
  { key: 'submitted_at', label: 'Submitted At', type: 'datetime' },
  { key: 'status', label: 'Status', type: 'string' },
  { key: 'completion_time', label: 'Completion Time (Seconds)', type: 'integer' },
  ...LABELLED_ATTRIBUTION_KEYS.map(
    (key): OutputField => ({
      key: `attribution__${key}`,
      label: `Attribution: ${ATTRIBUTION_LABELS[key]}`,
      type: 'string',
    }),
  ),
];

/**
 * The static sample of every submission step. It holds only keys every form has (Zapier's sample rules):
 * the answer maps are empty, because their keys are one form's field ids (`answers__<field id>`), which
 * the dynamic output fields (`answerOutputFields`) describe; `attribution` holds only the common keys,
 * the ones with a static output field. `test/publishing.test.ts` pins the rule for every step.
 */
export const SUBMISSION_SAMPLE: SubmissionOutput = {
  id: 1843,
  form_id: 42,
  form_slug: 'contact-us',
  form_title: 'Contact Us',
  edit_link: 'https://opnform.com/forms/contact-us?submission_id=Vx3kq9',
  submitted_at: '2026-11-21T14:03:27+00:00',
  status: 'completed',
  completion_time: 74,
  attribution: {
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'november-launch',
    utm_term: 'online form builder',
    utm_content: 'hero-button',
    gclid: 'Cj0KCQiA7OnxBRCNARIsAIW53B8',
  },
  answers: {},
  answer_dates: {},
  answer_matrices: {},
  answer_files: {},
};

const answerType = (block: FormBlock): Pick<OutputField, 'type' | 'list'> => {
  if (block.type === 'checkbox') return { type: 'boolean' };
  if (NUMERIC_TYPES.has(block.type)) return { type: 'number' };
  if (block.type === 'multi_select') return { type: 'string', list: true };
  if (FILE_TYPES.has(block.type)) return { type: 'file', list: true };
  return { type: 'string' };
};

/**
 * Output fields of one form's answers (keys `answers__<field id>`, labels = question names), with
 * each matrix row as its own field ("Question: Row", key `answer_matrices__<field id>__<row>`).
 */
export const formAnswerFields = (form: Pick<FormRef, 'properties'>): OutputField[] => {
  const blocks = answerableBlocks({ properties: form.properties ?? [] });
  const labels = distinctLabels(blocks);
  const fields: OutputField[] = [];
  for (const block of blocks) {
    const label = labels.get(block.id) ?? blockName(block);
    fields.push({ key: `answers__${block.id}`, label, ...answerType(block) });
    if (block.type === 'date') {
      fields.push({ key: `answer_dates__${block.id}__start`, label: `${label} (ISO)`, type: 'string' });
      fields.push({ key: `answer_dates__${block.id}__end`, label: `${label} (ISO End)`, type: 'string' });
    }
    for (const row of block.type === 'matrix' ? matrixRows(block) : []) {
      fields.push({ key: `answer_matrices__${block.id}__${row}`, label: `${label}: ${row}`, type: 'string' });
    }
    if (FILE_TYPES.has(block.type)) {
      fields.push({ key: `answer_files__${block.id}[]name`, label: `${label} (File Name)`, type: 'string' });
      fields.push({
        key: `answer_files__${block.id}[]url`,
        label: `${label} (Original Link, Expires)`,
        type: 'string',
      });
    }
  }
  return fields;
};

/** Dynamic output fields: `GET /open/forms/{form_id}` (one request); none until a form is chosen. */
export const answerOutputFields = async (z: ZObject, bundle: Bundle): Promise<OutputField[]> => {
  const formId = FormId.safeParse(bundle.inputData?.form_id);
  if (!formId.success) return [];
  const form = await fetchForm(z, bundle, formId.data);
  return formAnswerFields(form);
};

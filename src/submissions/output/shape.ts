/**
 * One output shape for a submission, whichever way it reached us: an `/open` API item (raw answer
 * values) or a hook delivery / legacy poll item (display-formatted values keyed by field id).
 * Every trigger and search that returns a submission returns this shape (see README, "Submission
 * output"; types in ./output-types, output fields and sample in ./output-fields). Zapier stores these
 * keys inside users' Zaps: add keys, never rename them.
 */
import { createHash } from 'node:crypto';
import type { ZObject } from 'zapier-platform-core';
import { checkboxWord, FILE_TYPES, NUMBER_TYPES, SHAPE_METADATA_KEYS } from '../../answers/answer-facts';
import { isLayoutBlock } from '../../answers/blocks';
import { ATTRIBUTION_KEYS, type AttributionKey, type Submission } from '../../schemas/submissions';
import type { DeliveryPayload } from '../../schemas/zapier';
import {
  type DateQuestion,
  type DateQuestions,
  dateQuestions,
  isoAnswerDates,
  isoDateTime,
} from '../../shared/dates';
import { submissionFile } from './files';
import type { AnswerDate, AnswerFile, FormRef, SubmissionOutput, SubmissionStatus } from './output-types';

/** How answers are shaped: what the form says about its date questions, and whether dates become ISO text. */
interface ShapeContext {
  dates: DateQuestions;
  normalizeDates: boolean;
}

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

// ---------------------------------------------------------------------------------------------
// Matrix, files, scalars

/** `{row: column}` -> "Row: column" lines, and "Row: column" lines -> `{row: column}`. */
export const matrixAnswer = (value: unknown): { text: unknown; rows: Record<string, string> | null } => {
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
  if (typeof value === 'string') return checkboxWord(value) ?? value;
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
      sink.answers[id] = kind !== undefined && NUMBER_TYPES.has(kind) ? numberValue(value) : value;
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
    if (SHAPE_METADATA_KEYS.has(id)) continue;
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
    if (SHAPE_METADATA_KEYS.has(id) && !isRecord(entry)) continue;
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

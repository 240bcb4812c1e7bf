/**
 * New Submission's keys kept for Zaps made with version 1.0.4. That version returned OpnForm's hook
 * delivery as it came, so live Zaps map the delivery's own keys: `submission_id`, `submission`
 * (answers by question name, `submission__Email`), `data` (by field id, each `{value, name, type}`,
 * `data__<field id>__value`), `message` and `meta` (`meta__attribution__utm_source`). They stay in the
 * output, with the delivered values, next to today's keys; `form_id`, `form_title`, `form_slug` and
 * `edit_link` are today's keys already, with the same values (docs/decisions.md).
 */
import { answerableBlocks, blockName } from '../../answers/blocks';
import type { Form, FormBlock } from '../../schemas/forms';
import type { DeliveryPayload } from '../../schemas/zapier';
import { matrixAnswer } from './shape';

/** One answer of a delivery's `data`: its value as OpnForm shows it, the question's name and type. */
export interface LegacyAnswer {
  value: unknown;
  name: string;
  type: string;
}

export type LegacyOutput = {
  /** The integer submission id as delivered (the same as `id`); null when the delivery states none. */
  submission_id: number | string | null;
  /** Answers by question name, as delivered (two questions of one name: the later one). */
  submission: Record<string, unknown>;
  /** Answers by field id, as delivered. */
  data: Record<string, unknown>;
  /** OpnForm's note on the `submission` key, as delivered. */
  message: string | null;
  /** `{attribution}` as delivered, `{}` when the delivery has none. */
  meta: Record<string, unknown>;
};

/** What OpnForm writes in every delivery's `message` (recorded: external--hook-delivery-every-block). */
export const DELIVERY_MESSAGE =
  'Please do not use the `submission` field. It is deprecated and will be removed in the future.';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The 1.0.4 keys of a delivery: its own values, untouched (what a 1.0.4 Zap received). */
export const legacyOfDelivery = (payload: DeliveryPayload): LegacyOutput => {
  const id = payload.submission_id;
  return {
    submission_id: typeof id === 'number' || typeof id === 'string' ? id : null,
    submission: isRecord(payload.submission) ? payload.submission : {},
    data: isRecord(payload.data) ? payload.data : {},
    message: typeof payload.message === 'string' ? payload.message : null,
    meta: isRecord(payload.meta) ? payload.meta : {},
  };
};

// ---------------------------------------------------------------------------------------------
// A listed submission's raw answers -> the values OpnForm's delivery shows (New Submission's samples)

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A stored date as a delivery writes it: `d/m/Y` (the question's `date_format` `dd/MM/yyyy`, the
 * default) or `m/d/Y`, and with a time `g:ia` (`9:05am`) or `H:i` (24-hour `time_format`), in the wall
 * time the value was stored with. ISO text is read as written; `m/d/Y` slash text as PHP reads it.
 * Anything else is left as it is.
 */
const deliveredDate = (block: FormBlock, value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(value.trim());
  const slash = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  const parts = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5]]
    : slash
      ? [slash[3], slash[1], slash[2]]
      : null;
  if (parts === null) return value;
  const [year, month, day, hour = '0', minute = '0'] = parts.map((p) =>
    p === undefined ? undefined : Number(p),
  );
  const record = block as Record<string, unknown>;
  const date =
    record.date_format === undefined || record.date_format === null || record.date_format === 'dd/MM/yyyy'
      ? `${pad2(Number(day))}/${pad2(Number(month))}/${year}`
      : `${pad2(Number(month))}/${pad2(Number(day))}/${year}`;
  if (record.with_time !== true && record.with_time !== 1) return date;
  const [h, m] = [Number(hour), Number(minute)];
  if (String(record.time_format) === '24') return `${date} ${pad2(h)}:${pad2(m)}`;
  return `${date} ${h % 12 === 0 ? 12 : h % 12}:${pad2(m)}${h < 12 ? 'am' : 'pm'}`;
};

/** A raw `/open` answer -> the value a delivery shows for it (checkbox words, date text, matrix lines). */
const deliveredValue = (block: FormBlock, value: unknown): unknown => {
  switch (block.type) {
    case 'checkbox':
      return value === true || value === 1 || value === '1' || value === 'true' ? 'Yes' : 'No';
    case 'date':
      return Array.isArray(value)
        ? value.map((v) => deliveredDate(block, v)).join(' - ')
        : deliveredDate(block, value);
    case 'matrix':
      return isRecord(value) ? matrixAnswer(value).text : value;
    default:
      return value;
  }
};

/**
 * The 1.0.4 keys of a listed submission, for samples shaped exactly like a delivery: `delivery` is
 * the delivery OpnForm would send for it with raw answers (`deliveryOfSubmission`), `form` its form.
 * Each answer gets the value the delivery would show, `submission` is keyed by question name in
 * form order, and `message` is OpnForm's delivered note.
 */
export const legacyOfListed = (delivery: DeliveryPayload, form: Form): LegacyOutput => {
  const blocks = new Map(answerableBlocks(form).map((block) => [block.id, block]));
  const data: Record<string, LegacyAnswer> = {};
  const submission: Record<string, unknown> = {};
  for (const [id, entry] of Object.entries(delivery.data ?? {})) {
    const block = blocks.get(id);
    if (block === undefined || !isRecord(entry)) continue;
    const name = block.name ?? blockName(block);
    const answer: LegacyAnswer = { value: deliveredValue(block, entry.value), name, type: block.type };
    data[id] = answer;
    submission[answer.name] = answer.value;
  }
  return { ...legacyOfDelivery({ ...delivery, data, submission }), message: DELIVERY_MESSAGE };
};

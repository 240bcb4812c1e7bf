/** `2026-05-27 10:00:00` (Laravel's plain format, UTC) or any date-time without a zone: read as UTC. */
const ZONELESS = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** Milliseconds since the epoch of an OpnForm date-time, or undefined when it is missing or unreadable. */
export const parseTimestamp = (value: string | null | undefined): number | undefined => {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  const ms = Date.parse(ZONELESS.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(ms) ? undefined : ms;
};

/**
 * OpnForm writes date-times as ISO 8601 (`2026-11-22T07:00:00.000000Z`) or, in places, as
 * `Y-m-d H:i:s` in UTC. Zapier wants ISO 8601 with an offset: this gives `2026-11-22T07:00:00+00:00`.
 * A value that cannot be read is passed on as it is (never dropped); empty values become null.
 */
export const isoDateTime = (value: string | null | undefined): string | null => {
  const ms = parseTimestamp(value);
  if (ms === undefined)
    return value === undefined || value === null || value.trim() === '' ? null : value.trim();
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
};

/** Milliseconds since the epoch for sorting; -Infinity for a missing or unreadable date. */
export const dateMs = (value: string | null | undefined): number =>
  parseTimestamp(value) ?? Number.NEGATIVE_INFINITY;

// ---------------------------------------------------------------------------------------------
// Date answers (date questions of a form)

/** How a date question writes day and month in deliveries (`date_format`: `dd/MM/yyyy` default, or `MM/dd/yyyy`). */
export type DateOrder = 'dmy' | 'mdy';

/** What the form says about one date question; every part optional (unknown until the form is read). */
export interface DateQuestion {
  order?: DateOrder;
  withTime?: boolean;
  range?: boolean;
}

/** Date questions by field id (from the form's blocks); empty when the form was not read. */
export type DateQuestions = Record<string, DateQuestion>;

/** A block's `date_format` -> day/month order; OpnForm's formatter treats anything but `dd/MM/yyyy` as m/d/Y. */
export const dateOrderOf = (dateFormat: unknown): DateOrder =>
  dateFormat === undefined || dateFormat === null || dateFormat === 'dd/MM/yyyy' ? 'dmy' : 'mdy';

const pad2 = (n: number) => String(n).padStart(2, '0');

const validDate = (y: number, mo: number, d: number) => {
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
};

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/i;
const SLASH_DATE =
  /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?$/;

const offsetOf = (zone: string | undefined): string => {
  if (zone === undefined || zone.toUpperCase() === 'Z') return '+00:00';
  return zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
};

/** `2026-11-25T09:05:00+00:00`; null when a part is out of range. */
const dateTimeText = (y: number, mo: number, d: number, h: number, mi: number, s: number, zone: string) =>
  validDate(y, mo, d) && h <= 23 && mi <= 59 && s <= 59
    ? `${y}-${pad2(mo)}-${pad2(d)}T${pad2(h)}:${pad2(mi)}:${pad2(s)}${zone}`
    : null;

/** Whether a delivered date text needs the question's `date_format` to be read (day and month both 12 or less, and different). */
export const isAmbiguousDate = (text: unknown): boolean => {
  if (typeof text !== 'string') return false;
  return text
    .split(' - ')
    .map((part) => SLASH_DATE.exec(part.trim()))
    .some((m) => m !== null && Number(m[1]) <= 12 && Number(m[2]) <= 12 && Number(m[1]) !== Number(m[2]));
};

/**
 * One date of an answer -> ISO 8601: `2026-11-05` for a date, `2026-11-25T09:05:00+00:00` for a date
 * with time (always with an offset); null when it cannot be read for sure.
 * - `/open` values are ISO already. A date-time in a date-only question keeps its own calendar day
 *   (OpnForm shows it that way); one without a zone is UTC (Laravel's).
 * - Delivery values are `d/m/Y` or `m/d/Y` (the question's `date_format`), with `g:ia` or `H:i` when
 *   the question has a time, and no zone: OpnForm formats the stored value in the offset it was stored
 *   with, and its own form stores UTC, so the time is read as UTC. Without the order (form not read),
 *   a date whose day and month are both 12 or less (and differ) gives null.
 */
export const isoAnswerDate = (value: unknown, question: DateQuestion = {}): string | null => {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (plain !== null) return validDate(Number(plain[1]), Number(plain[2]), Number(plain[3])) ? text : null;
  const iso = ISO_DATE_TIME.exec(text);
  if (iso !== null) {
    const [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    if (question.withTime === false) return validDate(y, mo, d) ? `${iso[1]}-${iso[2]}-${iso[3]}` : null;
    return dateTimeText(y, mo, d, Number(iso[4]), Number(iso[5]), Number(iso[6] ?? 0), offsetOf(iso[7]));
  }
  const m = SLASH_DATE.exec(text);
  if (m === null) return null;
  const [a, b, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let order = question.order;
  if (order === undefined) {
    if (a === b || (a > 12 && b <= 12)) order = 'dmy';
    else if (b > 12 && a <= 12) order = 'mdy';
    else return null;
  }
  const [day, month] = order === 'dmy' ? [a, b] : [b, a];
  if (m[4] === undefined) return validDate(y, month, day) ? `${y}-${pad2(month)}-${pad2(day)}` : null;
  let hour = Number(m[4]);
  const meridiem = m[7]?.toLowerCase();
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  return dateTimeText(y, month, day, hour, Number(m[5]), Number(m[6] ?? 0), '+00:00');
};

/** A date answer (one date, or a range as a list or as "start - end" text) -> its ISO start and end. */
export const isoAnswerDates = (
  value: unknown,
  question: DateQuestion = {},
): { start: string | null; end: string | null; range: boolean } => {
  if (Array.isArray(value)) {
    return { start: isoAnswerDate(value[0], question), end: isoAnswerDate(value[1], question), range: true };
  }
  if (typeof value === 'string') {
    const parts = value.split(' - ');
    if (parts.length === 2) {
      return {
        start: isoAnswerDate(parts[0], question),
        end: isoAnswerDate(parts[1], question),
        range: true,
      };
    }
  }
  return { start: isoAnswerDate(value, question), end: null, range: false };
};

/** An ISO date-time (or "Y-m-d H:i:s", read as UTC) -> ISO 8601 keeping its own offset; null if unreadable. */
export const isoTimestamp = (value: unknown): string | null => {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
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

/** The date questions of a form, by id: what its blocks say about order, time and range. */
export const dateQuestions = (
  blocks: readonly { id: string; type: string }[] | null | undefined,
): DateQuestions => {
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

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

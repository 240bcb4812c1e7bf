/**
 * OpnForm writes date-times as ISO 8601 (`2026-11-22T07:00:00.000000Z`) or, in places, as
 * `Y-m-d H:i:s` in UTC. Zapier wants ISO 8601 with an offset: this gives `2026-11-22T07:00:00+00:00`.
 * A value that cannot be read is passed on as it is (never dropped); empty values become null.
 */
export const isoDateTime = (value: string | null | undefined): string | null => {
  if (value === undefined || value === null || value.trim() === '') return null;
  const text = value.trim();
  const utc = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)
    ? `${text.replace(' ', 'T')}Z`
    : text;
  const ms = Date.parse(utc);
  if (Number.isNaN(ms)) return text;
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
};

/** Milliseconds since the epoch for sorting; -Infinity for a missing or unreadable date. */
export const dateMs = (value: string | null | undefined): number => {
  const iso = isoDateTime(value);
  const ms = iso === null ? Number.NaN : Date.parse(iso);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
};

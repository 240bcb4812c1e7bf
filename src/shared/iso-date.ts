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
 * ISO 8601 with an explicit offset (`2026-05-27T10:00:00+00:00`), in UTC. An unreadable value is
 * passed through unchanged rather than lost; a missing one is null.
 */
export const isoWithOffset = (value: string | null | undefined): string | null => {
  const ms = parseTimestamp(value);
  if (ms === undefined) return value === undefined || value === null || value.trim() === '' ? null : value;
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
};

/**
 * Date inputs: a date-time to send to OpnForm (Update Form), a date-time to compare with (as ms), and
 * the "submitted between" inputs Find Submission and Export Submissions share (fields, schema, check).
 * Built on first use, like ./values.ts.
 */
import { defineInputField, type ZObject } from 'zapier-platform-core';
import { invalidInput } from '../errors';
import { lazy } from '../schemas/lazy';
import { parseTimestamp } from '../shared/dates';
import { optionalValue, refuse, shown } from './values';

/** An optional date-time, sent to OpnForm in UTC ISO 8601 (`2026-12-31T23:00:00.000Z`). */
export const OptionalDateTime = lazy(() =>
  optionalValue('must be a date and time', (value, ctx) => {
    const ms = parseTimestamp(String(value));
    return ms !== undefined
      ? new Date(ms).toISOString()
      : refuse(ctx, value, `must be a date and time such as 2026-12-31T23:00:00Z (got ${shown(value)})`);
  }),
);

/** An optional date-time (ISO 8601; without an offset read as UTC; a date alone is its midnight UTC), as ms. */
export const OptionalInstant = lazy(() =>
  optionalValue('must be a date and time', (value, ctx) => {
    const text = String(value).trim();
    const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : parseTimestamp(text);
    return ms !== undefined && !Number.isNaN(ms)
      ? ms
      : refuse(ctx, value, `must be a date and time such as 2026-11-20T09:00:00Z, got ${shown(value)}`);
  }),
);

export const SUBMITTED_RANGE_FIELDS = [
  defineInputField({
    key: 'submitted_since',
    label: 'Submitted Since',
    type: 'datetime',
    required: false,
    helpText: 'Only submissions created at or after this date and time (UTC unless it has an offset).',
  }),
  defineInputField({
    key: 'submitted_until',
    label: 'Submitted Until',
    type: 'datetime',
    required: false,
    helpText: 'Only submissions created at or before this date and time (UTC unless it has an offset).',
  }),
];

/** The zod shape of the two inputs (ms since the epoch, or undefined), for a step's `inputObject`. */
export const submittedRange = () => ({
  submitted_since: OptionalInstant(),
  submitted_until: OptionalInstant(),
});

/** Refuses a range whose start is after its end; `outcome` says what was not done ("Nothing was searched."). */
export const refuseReversedRange = (
  z: ZObject,
  since: number | undefined,
  until: number | undefined,
  outcome: string,
): void => {
  if (since !== undefined && until !== undefined && since > until)
    throw invalidInput(
      z,
      `Submitted Since (submitted_since) is later than Submitted Until (submitted_until). ${outcome}`,
    );
};

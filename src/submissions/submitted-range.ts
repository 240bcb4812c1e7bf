/** The "submitted between" inputs Find Submission and Export Submissions share: fields, schema, check. */
import { defineInputField, type ZObject } from 'zapier-platform-core';
import { invalidInput } from '../errors';
import { OptionalInstant } from '../schemas/submission-inputs';

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

/** The zod shape of the two inputs (ms since the epoch, or undefined). */
export const SubmittedRange = { submitted_since: OptionalInstant, submitted_until: OptionalInstant };

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

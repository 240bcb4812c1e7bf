import type { ZObject } from 'zapier-platform-core';
import { userError } from '../../errors';
import {
  describeSelection,
  MAX_PER_STEP,
  PAGE_SIZE,
  type Selection,
  type SelectionTooLarge,
  SYNC_LIMIT,
} from './selection';

/** What to narrow, and why a step stops at 5000: the end of every "too many" message of Export Submissions. */
export const NARROW =
  `Narrow the selection: set Newest Submissions (newest) to ${MAX_PER_STEP} or less, a later Submitted ` +
  'Since (submitted_since) or an earlier Submitted Until (submitted_until), or a Submission Status (status); for more, ' +
  'use several steps with consecutive date ranges. Nothing was exported.';

export const WHY_LIMIT =
  `Export Submissions exports at most ${MAX_PER_STEP} submissions per step (OpnForm exports at most ` +
  `${SYNC_LIMIT} at once and 10 times a minute, lists 100 per page and 100 pages a minute, and a Zapier ` +
  'step has 30 seconds).';

export const tooLarge = (z: ZObject, text: string) =>
  userError(z, `${text} ${NARROW}`, 'too_many_submissions', 400);

export const selectionError = (z: ZObject, error: SelectionTooLarge, selection: Selection) => {
  const what = describeSelection(selection);
  if (error.reason === 'matches')
    return tooLarge(
      z,
      `More than ${MAX_PER_STEP} submissions of this form match (${what}` +
        `${error.total === undefined ? '' : `; OpnForm lists ${error.total}`}). ${WHY_LIMIT}`,
    );
  if (error.reason === 'reach')
    return tooLarge(
      z,
      `The selection (${what}) reaches further back than the ${MAX_PER_STEP} newest submissions of this ` +
        `form, which is as far as one step reads. ${WHY_LIMIT}`,
    );
  return tooLarge(
    z,
    `Listing the submissions to export (${what}) took too long for one Zapier step: OpnForm answered slowly, ` +
      `${error.pages} page${error.pages === 1 ? '' : 's'} of ${PAGE_SIZE} ${error.pages === 1 ? 'was' : 'were'} ` +
      `read (${error.found} matching submissions found so far), the rest of the list was not read.`,
  );
};

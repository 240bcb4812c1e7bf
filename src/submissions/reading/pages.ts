import type { Bundle, ZObject } from 'zapier-platform-core';
import * as submissions from '../../api/submissions';
import type { Submission } from '../../schemas/submissions';
import { READ_RESERVE_MS, remainingMs } from '../../shared/budget';
import { isLastPage } from '../../shared/paging';

/** What `scanForId` learnt: the submission, or proof that the list holds none, or neither (stopped). */
export interface IdScan {
  found?: Submission;
  /** True when the list holds no such submission: its last page was read, or a page of only lower ids. */
  absent: boolean;
  /** Pages and submissions read. */
  pages: number;
  read: number;
  /** Why it stopped before finding or proving absence: the page bound or the step's time. */
  stopped?: 'pages' | 'time';
}

/** Whether a listed item is the submission named by its id (a number) or its public UUID (lower case). */
export const isSubmission = (item: Submission, ref: number | string): boolean =>
  typeof ref === 'number' ? item.id === ref : String(item.submission_id ?? '').toLowerCase() === ref;

/** A page is only asked for when this much of the step's budget is left (the page, then the form read). */
export const SCAN_RESERVE_MS = 2 * READ_RESERVE_MS;

/**
 * Looks for one submission in the list, newest first, by its id (a number) or its public UUID (the
 * items' `submission_id`, lower case): stops when it is found, on a page whose largest id is below a
 * wanted id (every later page holds older, so lower, ids; UUIDs have no order), on the last page, after
 * `maxPages`, or when the step's time is nearly up. Never says absent without proof.
 */
export const scanForId = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  id: number | string,
  { perPage, maxPages }: { perPage: number; maxPages: number },
): Promise<IdScan> => {
  // of each page only the wanted submission is kept, and whether it lists a higher id (issue 33)
  const keep = (item: Submission) =>
    isSubmission(item, id)
      ? { found: item }
      : typeof id === 'number' && item.id >= id
        ? { found: undefined }
        : undefined;
  let read = 0;
  for (let page = 1; page <= maxPages; page += 1) {
    if (page > 1 && remainingMs(bundle) < SCAN_RESERVE_MS) {
      return { absent: false, pages: page - 1, read, stopped: 'time' };
    }
    const reply = await submissions.scanPage(z, bundle, formId, page, perPage, {}, keep);
    read += reply.data.length;
    const found = reply.kept.find((kept) => kept.found !== undefined)?.found;
    if (found !== undefined) return { found, absent: false, pages: page, read };
    const below = typeof id === 'number' && reply.kept.length === 0;
    if (below || isLastPage(reply, page, perPage)) return { absent: true, pages: page, read };
  }
  return { absent: false, pages: maxPages, read, stopped: 'pages' };
};

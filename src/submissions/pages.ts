import type { Bundle, ZObject } from 'zapier-platform-core';
import * as submissions from '../api/submissions';
import type { Submission } from '../schemas/submissions';
import { isLastPage } from '../shared/paging';

export interface ScanResult {
  /** Matching items, newest first. */
  matches: Submission[];
  /** Pages read. */
  pages: number;
  /** Whether every page was read (no match was cut off by the bound). */
  exhausted: boolean;
}

/**
 * Reads pages newest first, keeping the items `match` accepts, and stops as soon as `enough`
 * says so, at the last page, or after `maxPages` pages: never more requests than needed.
 */
export const scanSubmissions = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  options: {
    perPage: number;
    maxPages: number;
    query?: submissions.PageQuery;
    match: (item: Submission) => boolean;
    enough: (matches: readonly Submission[]) => boolean;
  },
): Promise<ScanResult> => {
  const matches: Submission[] = [];
  for (let page = 1; page <= options.maxPages; page += 1) {
    const reply = await submissions.listPage(z, bundle, formId, page, options.perPage, options.query);
    matches.push(...reply.data.filter(options.match));
    if (options.enough(matches)) return { matches, pages: page, exhausted: false };
    if (isLastPage(reply, page, options.perPage)) {
      return { matches, pages: page, exhausted: true };
    }
  }
  return { matches, pages: options.maxPages, exhausted: false };
};

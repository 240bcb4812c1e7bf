import type { Bundle, ZObject } from 'zapier-platform-core';
import { READ_FORM } from '../http/abilities';
import { opnform } from '../http/client';
import { isLastPage } from '../http/paging';
import { path } from '../http/path';
import type { Submission } from '../schemas/resources';
import { SubmissionPage } from '../schemas/submissions';

export interface PageQuery {
  search?: string;
  status?: 'completed' | 'partial' | 'all';
}

const pageCall = (page: number, perPage: number, query: PageQuery) => ({
  thing: 'form' as const,
  // the submissions list takes forms-read OR manage-integrations (submissions--list.json)
  ...READ_FORM,
  query: { page, per_page: perPage, search: query.search, status: query.status },
  schema: SubmissionPage,
});

/**
 * One page of `GET /open/forms/{id}/submissions`, newest first. The page URL is built here with
 * every parameter (a real server's `links.next` drops `per_page`, `search` and `status`).
 */
export const fetchSubmissionPage = (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  page: number,
  perPage: number,
  query: PageQuery = {},
) => opnform(z, bundle).get(path`/open/forms/${formId}/submissions`, pageCall(page, perPage, query));

/**
 * The same page, `undefined` when the server answers 500: a server on sqlite cannot run `search`
 * (its SQL is PostgreSQL-only; submissions--list.json, recorded artefact 2), so callers read
 * without it instead. Any other error status is thrown as usual.
 */
export const fetchSearchedPage = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  page: number,
  perPage: number,
  query: PageQuery,
) => {
  const reply = await opnform(z, bundle).allowing('GET', path`/open/forms/${formId}/submissions`, {
    ...pageCall(page, perPage, query),
    allow: [500],
  });
  return reply.data;
};

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
    query?: PageQuery;
    match: (item: Submission) => boolean;
    enough: (matches: readonly Submission[]) => boolean;
  },
): Promise<ScanResult> => {
  const matches: Submission[] = [];
  for (let page = 1; page <= options.maxPages; page += 1) {
    const reply = await fetchSubmissionPage(z, bundle, formId, page, options.perPage, options.query);
    matches.push(...reply.data.filter(options.match));
    if (options.enough(matches)) return { matches, pages: page, exhausted: false };
    if (isLastPage(reply, page, options.perPage)) {
      return { matches, pages: page, exhausted: true };
    }
  }
  return { matches, pages: options.maxPages, exhausted: false };
};

import type { Bundle } from 'zapier-platform-core';

/**
 * Zapier's Transfer (bulk read of existing records) pages through a trigger that declares
 * `canPaginate: true`: it calls `performList` (hook trigger) or `perform` (polling trigger) with
 * `bundle.meta.isBulkRead` and `bundle.meta.page` = 0, 1, 2, ... until a page comes back empty.
 *
 * A page of 100 (OpnForm's largest) is one list request plus the form, about a second on a real
 * server: far inside the 25 s step budget, and the fewest requests for a form's whole history.
 */
export const TRANSFER_PAGE_SIZE = 100;

/** Which page of the `/open` submissions list (1-based, newest first) to read, and its size. */
export interface ListPage {
  page: number;
  perPage: number;
  /** Whether Zapier asked for a bulk read (Transfer): every record, no sample limits. */
  bulk: boolean;
}

/**
 * Zapier's page N (0-based) is OpnForm's page N + 1. A bulk read uses pages of `TRANSFER_PAGE_SIZE`;
 * any other call keeps the step's usual size (`perPage`), so page 0 without a bulk read is exactly
 * today's request, and a later page continues where it ended.
 */
export const listPageOf = (bundle: Bundle, perPage: number): ListPage => {
  const meta = bundle.meta as Partial<Bundle['meta']> | undefined;
  const zapierPage = meta?.page;
  const page =
    typeof zapierPage === 'number' && Number.isSafeInteger(zapierPage) && zapierPage > 0 ? zapierPage : 0;
  const bulk = meta?.isBulkRead === true;
  return { page: page + 1, perPage: bulk ? TRANSFER_PAGE_SIZE : perPage, bulk };
};

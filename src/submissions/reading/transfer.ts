import type { Bundle, ZObject } from 'zapier-platform-core';

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

/** The parts of a list page a Transfer needs. */
interface Listed<T> {
  data: T[];
  meta?: { total?: number | null; last_page?: number | null } | null;
  links?: { next?: string | null } | null;
}

/**
 * Where a Transfer stands between Zapier's pages (kept with `z.cursor`): the next OpnForm page to read,
 * the lowest submission id returned so far, and the list's total when it was last read.
 */
interface TransferCursor {
  next: number;
  lowest: number;
  total: number | null;
}

/** Pages read back at most when submissions were deleted meanwhile (each is a request). */
export const MAX_STEP_BACK = 3;
/** Pages read at most for one Zapier page whose first pages hold only repeats (many new arrivals). */
export const MAX_PAGES_PER_CALL = 5;

const readCursor = async (z: ZObject): Promise<TransferCursor | undefined> => {
  try {
    const parsed = JSON.parse(await z.cursor.get()) as Partial<TransferCursor>;
    return typeof parsed.next === 'number' && typeof parsed.lowest === 'number'
      ? {
          next: parsed.next,
          lowest: parsed.lowest,
          total: typeof parsed.total === 'number' ? parsed.total : null,
        }
      : undefined;
  } catch {
    // no cursor (no earlier page, or no cursor store: a local run): offset paging as before
    return undefined;
  }
};

const saveCursor = async (z: ZObject, cursor: TransferCursor) => {
  try {
    await z.cursor.set(JSON.stringify(cursor));
  } catch {
    // no cursor store (a local run): the next page falls back to offset paging
  }
};

const isLast = <T>(reply: Listed<T>, page: number, perPage: number) =>
  reply.data.length === 0 ||
  (typeof reply.meta?.last_page === 'number'
    ? page >= reply.meta.last_page
    : reply.links && 'next' in reply.links
      ? !reply.links.next
      : reply.data.length < perPage);

/**
 * One Zapier page of the list, read by `read(page, perPage)` (OpnForm pages, newest first by creation).
 * Outside a bulk read: one page (`listPageOf`). In a Transfer the list is live, and paging by offset
 * repeats a record when one arrives between two pages and skips one when one is deleted. The list has
 * no id filter, so the cursor carries the lowest id returned so far (ids grow with creation time):
 * - a record at or above it is a repeat and is dropped (arrivals push records down to later pages);
 * - when the list's total fell since the last page, deletions may have pulled unseen records up onto
 *   pages already read: up to `MAX_STEP_BACK` earlier pages are read again for records below it;
 * - a page of repeats only (many arrivals) is not an empty page (that would end the Transfer): the
 *   next one is read, up to `MAX_PAGES_PER_CALL`.
 * Without a cursor store (a local run) pages are read by offset as Zapier numbers them. What remains
 * (README, Transfer): records created in the same second can swap places between two reads.
 */
export const transferList = async <T extends { id: number }>(
  z: ZObject,
  bundle: Bundle,
  perPage: number,
  read: (page: number, perPage: number) => Promise<Listed<T>>,
): Promise<Listed<T>> => {
  const at = listPageOf(bundle, perPage);
  if (!at.bulk) return read(at.page, at.perPage);
  const cursor = at.page === 1 ? undefined : await readCursor(z);
  if (at.page > 1 && cursor === undefined) return read(at.page, at.perPage);
  const lowest = cursor?.lowest ?? Number.POSITIVE_INFINITY;
  const found = new Map<number, T>();
  const keep = (items: readonly T[]) => {
    for (const item of items) if (item.id < lowest && !found.has(item.id)) found.set(item.id, item);
  };
  let page = cursor?.next ?? 1;
  let reply = await read(page, at.perPage);
  const total = typeof reply.meta?.total === 'number' ? reply.meta.total : null;
  keep(reply.data);
  if (cursor !== undefined && cursor.total !== null && total !== null && total < cursor.total) {
    const back = Math.min(MAX_STEP_BACK, Math.ceil((cursor.total - total) / at.perPage), page - 1);
    for (let earlier = page - 1; earlier >= page - back; earlier -= 1)
      keep((await read(earlier, at.perPage)).data);
  }
  for (
    let extra = 1;
    found.size === 0 && !isLast(reply, page, at.perPage) && extra < MAX_PAGES_PER_CALL;
    extra += 1
  ) {
    page += 1;
    reply = await read(page, at.perPage);
    keep(reply.data);
  }
  const data = [...found.values()].sort((a, b) => b.id - a.id);
  const last = data.at(-1);
  await saveCursor(z, { next: page + 1, lowest: last === undefined ? lowest : last.id, total });
  return { ...reply, data };
};

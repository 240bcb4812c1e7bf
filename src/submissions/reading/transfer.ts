import type { Bundle, ZObject } from 'zapier-platform-core';
import type { Submission } from '../../schemas/submissions';
import { NewestWithin, refuseOversized } from '../../shared/output-budget';

/**
 * Zapier's Transfer (bulk read of existing records) pages through a trigger that declares
 * `canPaginate: true`: it calls `performList` (hook trigger) or `perform` (polling trigger) with
 * `bundle.meta.isBulkRead` and `bundle.meta.page` = 0, 1, 2, ... until a page comes back empty.
 *
 * A page of 100 (OpnForm's largest) is one list request plus the form, about a second on a real
 * server: far inside the 25 s step budget, and the fewest requests for a form's whole history. What a
 * Zapier page returns of it is cut to the output budget (4 MB; wide forms: `transferList`).
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

/** What a list page read as a stream tells of the list (its items are let go as they are read). */
export interface Listed {
  data: { readonly length: number };
  meta?: { total?: number | null; last_page?: number | null } | null;
  links?: { next?: string | null } | null;
}

/**
 * Reads one list page as a stream: `take` gets each listed submission; once `enough()` says so, the
 * rest of the page need not be read (src/api/submissions.ts `scanPage`).
 */
export type ReadPage = (
  page: number,
  perPage: number,
  take: (item: Submission) => undefined,
  enough: () => boolean,
) => Promise<Listed>;

/**
 * What a list step holds of each submission (`keep`: `undefined` for one it does not return), the
 * JSON size of that, and what it returns of the newest held (`finish`: the first of them, in order,
 * shaped; fewer when shaping makes them bigger than held).
 */
export interface Holding<K, R> {
  keep: (item: Submission) => K | undefined;
  bytes: (kept: K) => number;
  finish: (held: K[]) => Promise<R[]>;
}

/**
 * Where a Transfer stands between Zapier's pages (kept with `z.cursor`): the next OpnForm page to read
 * (the same one again when the output budget cut it), the lowest submission id returned so far, and
 * the list's total when it was last read.
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

const isLast = (reply: Listed, page: number, perPage: number) =>
  reply.data.length === 0 ||
  (typeof reply.meta?.last_page === 'number'
    ? page >= reply.meta.last_page
    : reply.links && 'next' in reply.links
      ? !reply.links.next
      : reply.data.length < perPage);

/**
 * One Zapier page of the list, read by `read(page, perPage, ...)` (OpnForm pages, newest first by
 * creation, each read as a stream), returning the newest submissions whose output fits the output
 * budget (`NewestWithin`, src/shared/output-budget.ts): at least one; no page is held whole.
 * Outside a bulk read: one page (`listPageOf`). In a Transfer the list is live, and paging by offset
 * repeats a record when one arrives between two pages and skips one when one is deleted. The list has
 * no id filter, so the cursor carries the lowest id returned so far (ids grow with creation time):
 * - a record at or above it is a repeat and is dropped (arrivals push records down to later pages);
 * - when the list's total fell since the last page, deletions may have pulled unseen records up onto
 *   pages already read: up to `MAX_STEP_BACK` earlier pages are read again for records below it;
 * - a page of repeats only (many arrivals) is not an empty page (that would end the Transfer): the
 *   next one is read, up to `MAX_PAGES_PER_CALL`;
 * - when the budget left records of a page out (wide forms), the next Zapier page reads that page again
 *   (`next`), from the first record not returned: the ones before it are repeats. The page is still
 *   read to its end (its records let go): its total, after the records, is what tells deletions.
 * Outside a bulk read the page is read only up to the first record that does not fit.
 * Without a cursor store (a local run) pages are read by offset as Zapier numbers them (what the budget
 * left out of a page is then skipped). What remains (README, Transfer): records created in the same
 * second can swap places between two reads.
 */
export const transferList = async <K, R extends { id: number | string }>(
  z: ZObject,
  bundle: Bundle,
  perPage: number,
  read: ReadPage,
  holding: Holding<K, R>,
): Promise<R[]> => {
  const at = listPageOf(bundle, perPage);
  const cursor = at.bulk && at.page > 1 ? await readCursor(z) : undefined;
  const lowest = cursor?.lowest ?? Number.POSITIVE_INFINITY;
  const held = new NewestWithin<K>();
  const readPage = (page: number) => {
    // the page is newest first: once one of its records is let go, every later one would be too; a
    // Transfer reads on all the same, for the list's total that follows the records
    let full = false;
    const take = (item: Submission) => {
      if (item.id >= lowest || held.has(item.id)) return undefined;
      if (!held.open(item.id)) {
        held.refuse(item.id, page);
        full = true;
        return undefined;
      }
      const kept = holding.keep(item);
      if (kept === undefined) return undefined;
      held.offer(item.id, page, kept, holding.bytes(kept));
      if (!held.has(item.id)) full = true;
      return undefined;
    };
    return read(page, at.perPage, take, () => full && !at.bulk);
  };
  const finish = async () => {
    const kept = held.items();
    const out = await holding.finish(kept.map((item) => item.value));
    if (out.length === 1) refuseOversized(z, out[0] as R);
    return { out, kept };
  };
  if (!at.bulk || (at.page > 1 && cursor === undefined)) {
    await readPage(at.page);
    return (await finish()).out;
  }
  let page = cursor?.next ?? 1;
  let reply = await readPage(page);
  const total = typeof reply.meta?.total === 'number' ? reply.meta.total : null;
  if (cursor !== undefined && cursor.total !== null && total !== null && total < cursor.total) {
    const back = Math.min(MAX_STEP_BACK, Math.ceil((cursor.total - total) / at.perPage), page - 1);
    for (let earlier = page - 1; earlier >= page - back; earlier -= 1) await readPage(earlier);
  }
  for (
    let extra = 1;
    held.size === 0 && !isLast(reply, page, at.perPage) && extra < MAX_PAGES_PER_CALL;
    extra += 1
  ) {
    page += 1;
    reply = await readPage(page);
  }
  const { out, kept } = await finish();
  // the next Zapier page starts on the first page where a record was left out (re-read: repeats dropped)
  const left = [...kept.slice(out.length).map((item) => item.page), held.cut?.leftOn ?? page + 1];
  const returned = kept[out.length - 1];
  await saveCursor(z, {
    next: Math.min(...left),
    lowest: returned === undefined ? lowest : returned.id,
    total,
  });
  return out;
};

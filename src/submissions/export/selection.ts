import type { Bundle, ZObject } from 'zapier-platform-core';
import * as submissions from '../../api/submissions';
import type { Submission } from '../../schemas/submissions';
import { parseTimestamp } from '../../shared/dates';
import { isLastPage } from '../../shared/paging';
import type { Budget } from './time';

/**
 * At most this many submissions per step. Why 5000: they are exported by id in requests of at most
 * 1000 (above 1000 OpnForm starts a background job whose status a token cannot read), so 5000 take 5
 * of OpnForm's 10 export requests per minute per user, leaving 5 for retries and other Zaps; finding
 * their ids takes 50 list pages of 100, half of the 100 `/open` requests per minute per user; and
 * 50 pages plus 5 exports fit in Zapier's 30 s per step on an ordinary server.
 */
export const MAX_PER_STEP = 5000;
/** OpnForm exports at most this many submissions synchronously (by count, or by `submissionIds`). */
export const SYNC_LIMIT = 1000;
export const PAGE_SIZE = 100;
export const MAX_PAGES = MAX_PER_STEP / PAGE_SIZE;

export type StatusFilter = 'all' | 'completed' | 'partial';

export interface Selection {
  status: StatusFilter;
  newest: number | undefined;
  since: number | undefined;
  until: number | undefined;
}

/** Whether the user chose anything narrower than "every submission of the form". */
export const isFiltered = (s: Selection) =>
  s.status !== 'all' || s.newest !== undefined || s.since !== undefined || s.until !== undefined;

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The selection in words, for messages: `status completed, submitted since 2026-01-01T00:00:00Z`. */
export const describeSelection = (s: Selection): string => {
  const parts = [`status ${s.status}`];
  if (s.newest !== undefined) parts.push(`the newest ${s.newest}`);
  if (s.since !== undefined) parts.push(`submitted since ${iso(s.since)}`);
  if (s.until !== undefined) parts.push(`submitted until ${iso(s.until)}`);
  return parts.join(', ');
};

/** The date-time of a listed submission (real servers: `data.created_at`, `Y-m-d H:i:s` UTC). */
const createdAt = (item: Submission): number | undefined => {
  const top = (item as { created_at?: unknown }).created_at;
  const value = typeof top === 'string' ? top : item.data.created_at;
  return typeof value === 'string' ? parseTimestamp(value) : undefined;
};

const statusOf = (item: Submission): string | undefined => {
  const value = item.data.status ?? (item as { status?: unknown }).status;
  return typeof value === 'string' ? value : undefined;
};

/** Checked on every item, so a server that ignores the `status` query cannot widen the selection. */
const matches = (s: Selection, item: Submission): boolean => {
  const status = statusOf(item);
  if (s.status !== 'all' && status !== undefined && status !== s.status) return false;
  if (s.since === undefined && s.until === undefined) return true;
  const at = createdAt(item);
  if (at === undefined) return false;
  return (s.since === undefined || at >= s.since) && (s.until === undefined || at <= s.until);
};

export class SelectionTooLarge extends Error {
  constructor(
    readonly reason: 'matches' | 'reach' | 'time',
    readonly total: number | undefined,
    readonly found: number,
    /** List pages read before it stopped. */
    readonly pages = 0,
  ) {
    super(reason);
  }
}

/** What listing the submissions took: items read, their bytes, and the milliseconds since the export started. */
export interface Listing {
  items: number;
  bytes: number;
  ms: number;
}

/** A list page takes about this long until one has been timed (a real server answers 100 items in well under 1 s). */
const FIRST_PAGE_ESTIMATE_MS = 1_500;

/**
 * The ids of the matching submissions, newest first: list pages of 100 (URLs built here with every
 * parameter), stopping at the newest N, at the first submission older than `since`, or at the last
 * page. Past 5000 matches, 50 pages, or the step's time, it throws `SelectionTooLarge` (the caller
 * says what to narrow); nothing has been exported by then.
 */
export const listSelectedIds = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  selection: Selection,
  budget: Budget,
): Promise<{ ids: number[]; pages: number; total: number | undefined; listed: Listing }> => {
  const ids: number[] = [];
  const listed: Listing = { items: 0, bytes: 0, ms: 0 };
  // one more than allowed, to tell "exactly 5000" from "more than 5000"
  const limit = selection.newest ?? MAX_PER_STEP + 1;
  const byDate = selection.since !== undefined || selection.until !== undefined;
  let total: number | undefined;
  let slowest = FIRST_PAGE_ESTIMATE_MS;
  for (let page = 1; ; page += 1) {
    if (page > MAX_PAGES) throw new SelectionTooLarge('reach', total, ids.length);
    if (!budget.fits(slowest)) throw new SelectionTooLarge('time', total, ids.length, page - 1);
    const started = budget.elapsed();
    // of each page only an id, its date and whether it matches are kept (issue 33)
    const reply = await submissions.scanPage(
      z,
      bundle,
      formId,
      page,
      PAGE_SIZE,
      { status: selection.status === 'all' ? undefined : selection.status },
      (item) => ({ id: item.id, at: createdAt(item), match: matches(selection, item) }),
    );
    slowest = page === 1 ? budget.elapsed() - started : Math.max(slowest, budget.elapsed() - started);
    listed.items += reply.data.length;
    listed.bytes += reply.bytes;
    listed.ms = budget.elapsed();
    const meta = (reply as { meta?: { total?: unknown } }).meta;
    if (page === 1 && typeof meta?.total === 'number') total = meta.total;
    // every submission of the selection is listed and too many: say so now, not after 50 pages
    if (
      page === 1 &&
      !byDate &&
      selection.newest === undefined &&
      total !== undefined &&
      total > MAX_PER_STEP
    )
      throw new SelectionTooLarge('matches', total, 0);
    let older = false;
    for (const item of reply.kept) {
      const { at } = item;
      if (selection.since !== undefined && at !== undefined && at < selection.since) older = true;
      if (!item.match) continue;
      if (ids.length >= limit) break;
      ids.push(item.id);
    }
    if (ids.length >= limit) {
      if (selection.newest !== undefined) return { ids, pages: page, total, listed };
      throw new SelectionTooLarge('matches', total, ids.length);
    }
    if (older || isLastPage(reply, page, PAGE_SIZE)) return { ids, pages: page, total, listed };
  }
};

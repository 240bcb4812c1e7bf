/** The parts of Laravel's paginated envelope that tell where a list ends. */
export interface PageEnvelope {
  /** The page's items, or only their number (a page read as a stream lets its items go). */
  data: { readonly length: number };
  meta?: { last_page?: number | null } | null;
  links?: { next?: string | null } | null;
}

/**
 * Whether page `page` of a paginated OpnForm list is its last: by `meta.last_page` when the server
 * gives it, else by `links.next`, else by a page shorter than asked for. Callers build every page URL
 * themselves (a real server's `links.next` drops filters such as `per_page`, `search` and `status`).
 */
export const isLastPage = (reply: PageEnvelope, page: number, perPage: number): boolean => {
  if (reply.data.length === 0) return true;
  const last = reply.meta?.last_page;
  if (typeof last === 'number') return page >= last;
  if (reply.links && 'next' in reply.links) return !reply.links.next;
  return reply.data.length < perPage;
};

/**
 * The most items a polling trigger returns from one poll: Zapier's default for a poll (it takes about
 * 100 new items a poll). Every polling trigger returns at most the newest `POLL_LIMIT` and says so.
 */
export const POLL_LIMIT = 100;

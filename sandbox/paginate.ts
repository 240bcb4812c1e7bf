/** Laravel's paginated envelope (`data`, `links`, `meta`) as OpnForm's list routes answer it. */
import { invalid } from './reply';

/**
 * Laravel's pagination link window (`meta.links` between "Previous" and "Next"): every page up to 13
 * pages; else the first 10 (near the start), the last 10 (near the end) or 3 around the current one,
 * with the first two and the last two pages and "..." between (exports--async-and-status #0).
 */
export const pageWindow = (page: number, last: number): Array<number | '...'> => {
  const range = (from: number, to: number) =>
    Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  const side = 3;
  const window = side * 2;
  if (last < window + 8) return range(1, last);
  if (page <= window) return [...range(1, window + side + 1), '...', last - 1, last];
  if (page > last - window) return [1, 2, '...', ...range(last - (window + side), last)];
  return [1, 2, '...', ...range(page - side, page + side), '...', last - 1, last];
};

/**
 * One page of `items` under `${origin}/api${path}`; `keepQuery` keeps the other query parameters in
 * the links; `cap` silently limits `per_page` instead of a 422.
 */
export type PageArgs = [
  query: URLSearchParams,
  path: string,
  perPageDefault: number,
  keepQuery: boolean,
  cap?: number,
];

export const paginate = <T>(
  origin: string,
  items: T[],
  ...[query, path, perPageDefault, keepQuery, cap]: PageArgs
): { data: T[]; links: unknown; meta: unknown } => {
  const errors: Record<string, string[]> = {};
  const pageText = query.get('page') ?? '1';
  const perText = query.get('per_page') ?? String(perPageDefault);
  const page = Number(pageText);
  const asked = Number(perText);
  const perPage = cap !== undefined && asked > cap ? cap : asked;
  if (!Number.isInteger(page) || page < 1) errors.page = ['The page field must be at least 1.'];
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
    errors.per_page = ['The per page field must be between 1 and 100.'];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const total = items.length;
  const last = Math.max(1, Math.ceil(total / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const base = `${origin}/api${path}`;
  const kept = new URLSearchParams(keepQuery ? query : undefined);
  kept.delete('page');
  const url = (n: number) => {
    const q = new URLSearchParams(kept);
    q.set('page', String(n));
    return `${base}?${q.toString()}`;
  };
  const from = slice.length === 0 ? null : (page - 1) * perPage + 1;
  return {
    data: slice,
    links: {
      first: url(1),
      last: url(last),
      prev: page > 1 ? url(page - 1) : null,
      next: page < last ? url(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: last,
      links: [
        { url: page > 1 ? url(page - 1) : null, label: '&laquo; Previous', active: false },
        ...pageWindow(page, last).map((n) =>
          n === '...'
            ? { url: null, label: '...', active: false }
            : { url: url(n), label: String(n), active: n === page },
        ),
        { url: page < last ? url(page + 1) : null, label: 'Next &raquo;', active: false },
      ],
      path: base,
      per_page: perPage,
      to: from === null ? null : from + slice.length - 1,
      total,
    },
  };
};

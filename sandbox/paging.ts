/**
 * Laravel's paginator link window (`UrlWindow`, 3 pages on each side): every page when there are
 * fewer than 14, else the first pages, the current one's neighbours and the last pages with `...`
 * between (`exports--async-and-status` #0: page 1 of 1001 lists 1-10, `...`, 1000, 1001).
 */
export type PageSlot = number | '...';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const pageWindow = (current: number, last: number, onEachSide = 3): PageSlot[] => {
  const window = onEachSide + 4;
  if (last < onEachSide * 2 + 8) return range(1, last);
  if (current <= window) return [...range(1, window + onEachSide), '...', last - 1, last];
  if (current > last - window) return [1, 2, '...', ...range(last - (window + (onEachSide - 1)), last)];
  return [1, 2, '...', ...range(current - onEachSide, current + onEachSide), '...', last - 1, last];
};

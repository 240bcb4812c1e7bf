// The sandbox's page links follow Laravel's window (UrlWindow, 3 on each side).
import { pageWindow } from '../../sandbox/paging';

test('fewer than 14 pages: every page', () => {
  expect(pageWindow(1, 13)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
});

test('near the start, the middle and the end of 1001 pages', () => {
  expect(pageWindow(1, 1001)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, '...', 1000, 1001]);
  expect(pageWindow(500, 1001)).toEqual([1, 2, '...', 497, 498, 499, 500, 501, 502, 503, '...', 1000, 1001]);
  expect(pageWindow(1000, 1001)).toEqual([1, 2, '...', 992, 993, 994, 995, 996, 997, 998, 999, 1000, 1001]);
});

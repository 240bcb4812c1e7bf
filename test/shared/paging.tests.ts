import { isLastPage } from '../../src/shared/paging';

const items = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('isLastPage', () => {
  test('meta.last_page decides when the server gives it (even for a short page a server capped)', () => {
    expect(isLastPage({ data: items(50), meta: { last_page: 3 } }, 2, 100)).toBe(false);
    expect(isLastPage({ data: items(100), meta: { last_page: 3 } }, 3, 100)).toBe(true);
  });

  test('then links.next', () => {
    expect(
      isLastPage(
        { data: items(100), links: { next: 'https://x.org/open/forms/1/submissions?page=3' } },
        2,
        100,
      ),
    ).toBe(false);
    expect(isLastPage({ data: items(100), links: { next: null } }, 2, 100)).toBe(true);
  });

  test('then a page shorter than asked for', () => {
    expect(isLastPage({ data: items(100) }, 1, 100)).toBe(false);
    expect(isLastPage({ data: items(99) }, 1, 100)).toBe(true);
  });

  test('an empty page always ends the list', () => {
    expect(isLastPage({ data: [], meta: { last_page: 9 } }, 2, 100)).toBe(true);
  });
});

// Transfer over a live list (src/submissions/reading/transfer.ts): OpnForm's list is newest first and paged by
// offset, so a submission that arrives between two Zapier pages would be sent twice and one deleted
// would make another be skipped. The cursor (`z.cursor`, one string per page) carries the lowest id
// sent so far; repeats are dropped and a page is read again when the total fell.
import type { Bundle, ZObject } from 'zapier-platform-core';
import type { Submission } from '../../src/schemas/submissions';
import { jsonBytes, newestThatFit, OUTPUT_BUDGET_BYTES } from '../../src/shared/output-budget';
import { type ReadPage, transferList } from '../../src/submissions/reading/transfer';

/**
 * A live list, newest first, paged as OpenForm pages it and read as a stream: each item goes to `take`
 * until `enough()` (the rest of the page is not read, and its `meta`, after the items, not either).
 * `reads` logs the pages asked for, `taken` how many items each read gave. `wide` gives an item's answer
 * length (0: a narrow item).
 */
const liveList = (ids: number[], wide: (id: number) => number = () => 0) => {
  const list = { ids: [...ids].sort((a, b) => b - a), reads: [] as number[], taken: [] as number[] };
  const read: ReadPage = async (page, perPage, take, enough) => {
    list.reads.push(page);
    const ids = list.ids.slice((page - 1) * perPage, page * perPage);
    let count = 0;
    for (const id of ids) {
      count += 1;
      take({ id, data: { text: 'x'.repeat(wide(id)) } } as Submission);
      if (enough()) {
        list.taken.push(count);
        return { data: { length: count } };
      }
    }
    list.taken.push(count);
    const last = Math.max(1, Math.ceil(list.ids.length / perPage));
    return {
      data: { length: count },
      meta: { current_page: page, last_page: last, per_page: perPage, total: list.ids.length },
    };
  };
  return { list, read };
};

const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

/** Zapier's cursor store: what page N sets, page N + 1 gets. */
const cursorStore = () => {
  let value = '';
  return {
    get: async () => value,
    set: async (next: string) => {
      value = next;
      return null;
    },
  };
};

/** Every item as it is listed, its JSON size counted against the output budget. */
const asListed = {
  keep: (item: Submission) => item,
  bytes: jsonBytes,
  finish: async (held: Submission[]) => held,
};

/**
 * Asks for Zapier pages 0, 1, ... as Transfer does, `between(page)` changing the list between them; the
 * ids each page returned.
 */
const transferPages = async (
  read: ReadPage,
  between: (page: number) => void = () => undefined,
  cursor: ReturnType<typeof cursorStore> | null = cursorStore(),
) => {
  const pages: number[][] = [];
  // no store: core's cursor tool rejects ("rpc is not available"), as in a local run
  const z = {
    cursor: cursor ?? {
      get: () => Promise.reject(new Error('rpc is not available')),
      set: () => Promise.reject(new Error('rpc is not available')),
    },
  };
  for (let page = 0; page < 20; page += 1) {
    const bundle = { meta: { isBulkRead: true, page } } as unknown as Bundle;
    const data = await transferList(z as unknown as ZObject, bundle, 100, read, asListed);
    if (data.length === 0) return pages;
    pages.push(data.map((item) => item.id));
    between(page);
  }
  throw new Error('the transfer never ended');
};

const transfer = async (...args: Parameters<typeof transferPages>) => (await transferPages(...args)).flat();

test('an unchanged list: every record once, newest first, one read per page', async () => {
  const { list, read } = liveList(range(250, 1));
  await expect(transfer(read)).resolves.toEqual(range(250, 1));
  expect(list.reads).toEqual([1, 2, 3, 4]);
});

test('arrivals between pages: no record is sent twice', async () => {
  const { list, read } = liveList(range(250, 1));
  const sent = await transfer(read, () => list.ids.unshift((list.ids[0] as number) + 1));
  expect(sent).toEqual(range(250, 1));
});

test('a deletion between pages: no record is skipped (the page before is read again)', async () => {
  const { list, read } = liveList(range(250, 1));
  // after the first page (250..151), 240 is deleted: 150 moves up onto page 1
  const sent = await transfer(read, (page) => {
    if (page === 0) list.ids.splice(list.ids.indexOf(240), 1);
  });
  expect(sent).toEqual(range(250, 1));
  expect(list.reads).toEqual([1, 2, 1, 3, 4]);
});

test('more arrivals than a page between two pages: the Transfer goes on (a page of repeats is not its end)', async () => {
  const { list, read } = liveList(range(250, 1));
  const sent = await transfer(read, (page) => {
    if (page === 0) list.ids.unshift(...range(400, 251));
  });
  expect(sent).toEqual(range(250, 1));
  // page 2 now holds only records already sent: page 3 is read in the same call
  expect(list.reads.slice(0, 3)).toEqual([1, 2, 3]);
});

test('without a cursor store (a local run): pages by offset as Zapier numbers them (an arrival repeats one)', async () => {
  const { list, read } = liveList(range(250, 1));
  const sent = await transfer(
    read,
    (page) => {
      if (page === 0) list.ids.unshift(251);
    },
    null,
  );
  expect(sent).toEqual([...range(250, 151), ...range(151, 1)]);
  expect(list.reads).toEqual([1, 2, 3, 4]);
});

describe('wide records: each Zapier page returns the newest that fit the output budget', () => {
  /** An answer long enough for 3 records to fit the budget, and not 4. */
  const WIDE = Math.floor(OUTPUT_BUDGET_BYTES / 3.5);

  test('the next page continues with the first record not returned: no gap, no repeat, a page read again', async () => {
    const { list, read } = liveList(range(10, 1), () => WIDE);
    await expect(transferPages(read)).resolves.toEqual([[10, 9, 8], [7, 6, 5], [4, 3, 2], [1]]);
    // one read per Zapier page (list page 1 again until its end, then page 2: empty), each to the page's
    // end (its total tells deletions)
    expect(list.reads).toEqual([1, 1, 1, 1, 2]);
    expect(list.taken).toEqual([10, 10, 10, 10, 0]);
  });

  test('a budget cut on a page of narrow and wide records, with arrivals between pages: each once, in order', async () => {
    const { list, read } = liveList(range(150, 1), (id) => (id % 50 === 0 ? WIDE : 0));
    const sent = await transfer(read, () => list.ids.unshift((list.ids[0] as number) + 1));
    expect(sent).toEqual(range(150, 1));
  });

  test('a deletion after a budget cut: nothing is skipped, nothing repeated', async () => {
    const { list, read } = liveList(range(250, 1), (id) => (id >= 51 && id <= 54 ? WIDE : 0));
    // list page 2 (150..51) is cut before 51; then 240 (page 1, already sent) is deleted: 150 moves up
    const pages = await transferPages(read, (page) => {
      if (page === 1) list.ids.splice(list.ids.indexOf(240), 1);
    });
    expect(pages).toEqual([range(250, 151), range(150, 52), range(51, 50), range(49, 1)]);
    // page 2 again from 51 on, and page 1 again as the total fell (only repeats there)
    expect(list.reads).toEqual([1, 2, 2, 1, 3, 4]);
  });

  test('one record over the budget is returned alone, and the record before and after it too', async () => {
    const { read } = liveList(range(5, 1), (id) => (id === 4 ? OUTPUT_BUDGET_BYTES + 1000 : 0));
    await expect(transferPages(read)).resolves.toEqual([[5], [4], [3, 2, 1]]);
  });

  test('deletions after a cut: records pulled up onto the page before are found there, not skipped', async () => {
    const { list, read } = liveList(range(250, 1), (id) => (id <= 150 && id >= 140 ? WIDE : 0));
    // list page 2 (150..51) is cut after 148; then 249..246 (sent) are deleted: 147, the next to send,
    // moves up onto page 1 while the cursor reads page 2 next; the total fell, so page 1 is read too
    const pages = await transferPages(read, (page) => {
      if (page === 1) list.ids.splice(1, 4);
    });
    expect(pages.slice(0, 3)).toEqual([range(250, 151), range(150, 148), range(147, 145)]);
    expect(pages.flat()).toEqual(range(250, 1));
    expect(list.reads.slice(0, 4)).toEqual([1, 2, 2, 1]);
  });

  test('records that shaping makes bigger than held: the next page goes on from the first not returned', async () => {
    const { list, read } = liveList(range(6, 1), () => WIDE);
    // held as listed (3 fit), returned with each answer twice (1 fits): New Partial Submission's way
    const doubled = {
      ...asListed,
      finish: async (held: Submission[]) =>
        newestThatFit(held.map((item) => ({ ...item, again: item.data.text }))),
    };
    const z = { cursor: cursorStore() } as unknown as ZObject;
    const pages: number[][] = [];
    for (let page = 0; page < 8; page += 1) {
      const bundle = { meta: { isBulkRead: true, page } } as unknown as Bundle;
      const data = await transferList(z, bundle, 100, read, doubled);
      if (data.length === 0) break;
      pages.push(data.map((item) => item.id));
    }
    expect(pages).toEqual([[6], [5], [4], [3], [2], [1]]);
    expect(list.reads).toEqual([1, 1, 1, 1, 1, 1, 2]);
  });

  test('outside a Transfer (a poll, a sample): the newest that fit, one read, stopped after them', async () => {
    const { list, read } = liveList(range(10, 1), () => WIDE);
    const z = { cursor: cursorStore() } as unknown as ZObject;
    const data = await transferList(z, { meta: { page: 0 } } as unknown as Bundle, 100, read, asListed);
    expect(data.map((item) => item.id)).toEqual([10, 9, 8]);
    expect(list.reads).toEqual([1]);
    expect(list.taken).toEqual([4]);
  });
});

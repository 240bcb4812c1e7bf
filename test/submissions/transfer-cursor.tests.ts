// Transfer over a live list (src/submissions/reading/transfer.ts): OpnForm's list is newest first and paged by
// offset, so a submission that arrives between two Zapier pages would be sent twice and one deleted
// would make another be skipped. The cursor (`z.cursor`, one string per page) carries the lowest id
// sent so far; repeats are dropped and a page is read again when the total fell.
import type { Bundle, ZObject } from 'zapier-platform-core';
import { transferList } from '../../src/submissions/reading/transfer';

/** A live list, newest first (ids only), paged as OpnForm pages it; `reads` logs the pages asked for. */
const liveList = (ids: number[]) => {
  const list = { ids: [...ids].sort((a, b) => b - a), reads: [] as number[] };
  const read = async (page: number, perPage: number) => {
    list.reads.push(page);
    const data = list.ids.slice((page - 1) * perPage, page * perPage).map((id) => ({ id }));
    const last = Math.max(1, Math.ceil(list.ids.length / perPage));
    return { data, meta: { current_page: page, last_page: last, per_page: perPage, total: list.ids.length } };
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

/** Asks for Zapier pages 0, 1, ... as Transfer does, `between(page)` changing the list between them. */
const transfer = async (
  read: ReturnType<typeof liveList>['read'],
  between: (page: number) => void = () => undefined,
  cursor: ReturnType<typeof cursorStore> | null = cursorStore(),
) => {
  const sent: number[] = [];
  // no store: core's cursor tool rejects ("rpc is not available"), as in a local run
  const z = {
    cursor: cursor ?? {
      get: () => Promise.reject(new Error('rpc is not available')),
      set: () => Promise.reject(new Error('rpc is not available')),
    },
  };
  for (let page = 0; page < 20; page += 1) {
    const bundle = { meta: { isBulkRead: true, page } } as unknown as Bundle;
    const { data } = await transferList(z as unknown as ZObject, bundle, 100, read);
    if (data.length === 0) return sent;
    sent.push(...data.map((item) => item.id));
    between(page);
  }
  throw new Error('the transfer never ended');
};

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

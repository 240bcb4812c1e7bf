import { Readable } from 'node:stream';

export { type StashCall, stashStub, withStash } from '../../../harness/stash-stub';

/** A CSV of `rows` data rows (BOM, header, a quoted newline and a quoted comma in every row), generated lazily. */
export const csvStream = (rows: number, padding = 0) => {
  const pad = 'x'.repeat(padding);
  function* lines() {
    yield '\uFEFFid,Name,Notes,Created At\n';
    let batch = '';
    for (let i = 1; i <= rows; i += 1) {
      batch += `enc${i},"Person ${i}","line one\nline two, with ""quotes"" ${pad}",2026-11-20 14:03:11\n`;
      if (i % 200 === 0 || i === rows) {
        yield batch;
        batch = '';
      }
    }
  }
  return Readable.from(lines(), { objectMode: false });
};

/** Bytes of `csvStream(rows, padding)`. */
export const csvSize = async (rows: number, padding = 0) => {
  let size = 0;
  for await (const chunk of csvStream(rows, padding)) size += Buffer.byteLength(chunk as string);
  return size;
};

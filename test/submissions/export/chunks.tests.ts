import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { chunked, HeaderSplitter } from '../../../src/submissions/export/chunks';

const through = async (keep: boolean, ...parts: Array<string | Buffer>) => {
  const splitter = new HeaderSplitter(keep);
  // (not stream/consumers' text(): its decoder drops a BOM)
  const bytes = await buffer(
    Readable.from(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))).pipe(splitter),
  );
  const out = bytes.toString('utf8');
  return { out, header: splitter.headerText() };
};
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

test('the first chunk passes whole; its header row (without the BOM) is noted', async () => {
  await expect(through(true, '\uFEFF"id","Name"\n"a","b"\n')).resolves.toEqual({
    out: '\uFEFF"id","Name"\n"a","b"\n',
    header: '"id","Name"\n',
  });
});

test('a later chunk loses its BOM and header, even split byte by byte and with a quoted line break in the header', async () => {
  const csv = Buffer.from('\uFEFF"id","Two\nLines"\n"x","y\nz"\n');
  const bytes = [...csv].map((b) => Buffer.from([b]));
  await expect(through(false, ...bytes)).resolves.toEqual({
    out: '"x","y\nz"\n',
    header: '"id","Two\nLines"\n',
  });
});

test('a BOM split over the first two chunks is still recognised; a CSV without BOM works too', async () => {
  await expect(
    through(false, BOM.subarray(0, 2), Buffer.concat([BOM.subarray(2), Buffer.from('h\n1\n')])),
  ).resolves.toEqual({ out: '1\n', header: 'h\n' });
  await expect(through(false, 'h\r\n1\r\n')).resolves.toEqual({ out: '1\r\n', header: 'h\r\n' });
  await expect(through(true, '\uFEFF')).resolves.toEqual({ out: '\uFEFF', header: '' });
});

test('ids are split into requests of at most 1000, in order', () => {
  const ids = Array.from({ length: 2500 }, (_, i) => 5000 - i);
  const parts = chunked(ids);
  expect(parts.map((p) => p.length)).toEqual([1000, 1000, 500]);
  expect(parts.flat()).toEqual(ids);
});

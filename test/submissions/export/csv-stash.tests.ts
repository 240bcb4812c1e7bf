import { Readable } from 'node:stream';
import type { ZObject } from 'zapier-platform-core';
import { dispositionFilename, safeCsvName, stashCsv } from '../../../src/submissions/export/csv-stash';
import { type StashCall, stashStub } from './helpers';

const zWith = (calls: StashCall[]) => ({ stashFile: stashStub(calls) }) as unknown as ZObject;
const chunks = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)));

test('rows are records after the header: quoted newlines, a BOM, CRLF and chunk splits do not miscount', async () => {
  const calls: StashCall[] = [];
  const out = await stashCsv(
    zWith(calls),
    chunks('\uFEFFid,Na', 'me\r\n1,"a\r\nb"\r\n2,"c,', '""d"""\r\n3,e\r\n'),
    'x.csv',
  );
  expect(out).toEqual({ file: 'https://stash.example.org/x.csv', rows: 3, header: ['id', 'Name'] });
  expect(calls[0]?.text).toBe('\uFEFFid,Name\r\n1,"a\r\nb"\r\n2,"c,""d"""\r\n3,e\r\n');
});

test('a header-only CSV has 0 rows; an empty body too', async () => {
  await expect(stashCsv(zWith([]), chunks('id,Name\n'), 'x.csv')).resolves.toMatchObject({ rows: 0 });
  await expect(stashCsv(zWith([]), chunks(''), 'x.csv')).resolves.toMatchObject({ rows: 0, header: [] });
});

test('a CSV the parser cannot read is still stored whole; its row count is null', async () => {
  const calls: StashCall[] = [];
  const out = await stashCsv(zWith(calls), chunks('id,Name\n1,"never closed\n2,b\n'), 'x.csv');
  expect(out.rows).toBeNull();
  expect(calls[0]?.bytes).toBe(Buffer.byteLength('id,Name\n1,"never closed\n2,b\n'));
});

test('file names come from Content-Disposition (RFC 5987 too) and are made safe', () => {
  expect(dispositionFilename('attachment; filename=contact-us-submission-data.csv')).toBe(
    'contact-us-submission-data.csv',
  );
  expect(dispositionFilename('attachment; filename="a.csv"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.csv')).toBe(
    'résumé.csv',
  );
  expect(dispositionFilename('attachment; filename=my form.csv')).toBe('my form.csv');
  expect(dispositionFilename(null)).toBeUndefined();
  expect(safeCsvName('../../etc/passwd', 'f.csv')).toBe('passwd.csv');
  expect(safeCsvName('..', 'f.csv')).toBe('f.csv');
  expect(safeCsvName(undefined, 'f.csv')).toBe('f.csv');
  expect(safeCsvName('report', 'f.csv')).toBe('report.csv');
});

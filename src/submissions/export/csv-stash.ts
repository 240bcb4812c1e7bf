import { Transform } from 'node:stream';
import contentDisposition from 'content-disposition';
import { parse } from 'csv-parse';
import type { ZObject } from 'zapier-platform-core';

export interface StashedCsv {
  /** The stashed file's URL (Zapier storage). */
  file: string;
  /** Data rows (records after the header row); null if the CSV could not be read to count them. */
  rows: number | null;
  /** The header row as written in the file. */
  header: string[];
}

const FILENAME_MAX = 150;

/** A safe file name: no folders, no control characters, `.csv` at the end. */
export const safeCsvName = (name: string | undefined, fallback: string): string => {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()
    ?.replace(/[\p{Cc}"]/gu, '')
    .trim()
    .slice(0, FILENAME_MAX);
  const chosen = base === undefined || base === '' || base === '.' || base === '..' ? fallback : base;
  return /\.csv$/i.test(chosen) ? chosen : `${chosen}.csv`;
};

/** The file name of a `Content-Disposition` header (RFC 6266, `filename*` preferred), if any. */
export const dispositionFilename = (header: string | null | undefined): string | undefined => {
  if (!header) return undefined;
  try {
    const { parameters } = contentDisposition.parse(header);
    return parameters.filename;
  } catch {
    // a malformed header from a proxy: read a plain filename=... if there is one
    return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim();
  }
};

/**
 * Streams a CSV to Zapier's storage while counting its rows with a real CSV parser (quoted newlines
 * and a UTF-8 BOM are handled). Only a chunk at a time is held: the source is piped through a
 * pass-through that also feeds the parser (waiting for it when it is behind), and `z.stashFile` consumes
 * the stream.
 */
export const stashCsv = async (
  z: ZObject,
  source: NodeJS.ReadableStream,
  filename: string,
): Promise<StashedCsv> => {
  let records = 0;
  let header: string[] = [];
  let unreadable = false;
  /** The chunk held back while the parser catches up (`drain`), passed on when it has. */
  let held: (() => void) | undefined;
  const release = () => {
    const pass = held;
    held = undefined;
    pass?.();
  };
  const parser = parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  parser.on('data', (record: string[]) => {
    if (records === 0) header = record;
    records += 1;
  });
  parser.on('drain', release);
  const parsed = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', () => {
      unreadable = true;
      release();
      resolve();
    });
  });
  const tee = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (unreadable || parser.write(chunk)) return done(null, chunk);
      // the parser is behind the download: wait for it, so what it has not read yet stays a chunk or two
      // (issue 33: a 50 MB CSV arrives faster than it is parsed)
      held = () => done(null, chunk);
    },
    flush(done) {
      if (!unreadable) parser.end();
      parsed.then(() => done(), done);
    },
  });
  source.on('error', (error: Error) => tee.destroy(error));
  source.pipe(tee);
  try {
    const file = await z.stashFile(tee, undefined, filename, 'text/csv');
    await parsed;
    return { file, rows: unreadable ? null : Math.max(0, records - 1), header };
  } catch (error) {
    tee.destroy();
    (source as { destroy?: () => void }).destroy?.();
    throw error;
  }
};

import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Bundle, ZObject } from 'zapier-platform-core';
import * as exportJobs from '../../api/exports';
import { badResponse } from '../../errors';
import { dispositionFilename, type StashedCsv, safeCsvName, stashCsv } from './csv-stash';
import { SYNC_LIMIT } from './selection';
import type { Budget } from './time';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Passes a CSV through while finding its header row (the UTF-8 BOM and the first record, up to the
 * first line break outside quotes). `keep: false` drops them, so a later chunk adds only data rows.
 */
export class HeaderSplitter extends Transform {
  private header: Buffer[] = [];
  private inHeader = true;
  private quoted = false;
  private start = true;

  constructor(private readonly keep: boolean) {
    super();
  }

  /** Bytes passed on (BOM, header and rows as kept). */
  bytes = 0;

  /** The header row as sent (without the BOM), once it has passed. */
  headerText(): string {
    return Buffer.concat(this.header).toString('utf8');
  }

  private pending: Buffer = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    let body = chunk;
    if (this.start) {
      // the BOM may arrive split over the first chunks: wait for 3 bytes
      body = Buffer.concat([this.pending, chunk]);
      if (body.length < BOM.length && BOM.subarray(0, body.length).equals(body)) {
        this.pending = body;
        return done();
      }
      this.start = false;
      if (body.subarray(0, 3).equals(BOM)) {
        if (this.keep) this.pass(BOM);
        body = body.subarray(3);
      }
    }
    this.scan(body);
    done();
  }

  override _flush(done: (error?: Error | null) => void) {
    if (this.start && this.pending.length > 0) this.scan(this.pending);
    done();
  }

  private scan(chunk: Buffer) {
    let body = chunk;
    if (this.inHeader) {
      let end = -1;
      for (let i = 0; i < body.length; i += 1) {
        const byte = body[i];
        if (byte === 0x22) this.quoted = !this.quoted;
        else if (byte === 0x0a && !this.quoted) {
          end = i + 1;
          break;
        }
      }
      const head = end === -1 ? body : body.subarray(0, end);
      this.header.push(Buffer.from(head));
      if (this.keep) this.pass(head);
      if (end === -1) return;
      this.inHeader = false;
      body = body.subarray(end);
    }
    if (body.length > 0) this.pass(body);
  }

  private pass(chunk: Buffer) {
    this.bytes += chunk.length;
    this.push(chunk);
  }
}

export const chunked = (ids: readonly number[], size = SYNC_LIMIT): number[][] => {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
};

/** Time an export of 1000 submissions is expected to take until one has been timed. */
export const FIRST_CHUNK_MS_PER_ID = 4;

/**
 * Bytes of listed JSON a millisecond the first export is assumed to turn into CSV (20 MB/s; at big, 70 KB
 * a submission exported at about 2.5 ms). A wide form's first request is planned from the width its list
 * showed, not the flat 4 ms: with 1,000-character answers it took 35 ms a submission, and a 1000-id request
 * started with 4 s left ran past the step's time as a timeout that blamed OpnForm. Replaceable by tests.
 */
export const exportRate = { listedBytesPerMs: 20_000 };

/** The first export request's expected milliseconds a submission, from what listing them read. */
export const firstMsPerId = (listed: { items: number; bytes: number }): number =>
  Math.max(
    FIRST_CHUNK_MS_PER_ID,
    listed.items === 0 ? 0 : listed.bytes / listed.items / exportRate.listedBytesPerMs,
  );

/**
 * How fast the file is assumed to reach Zapier's storage, in bytes a millisecond (100 MB/s), replaceable
 * by tests. Core writes the CSV to a temporary file as it arrives and uploads it after the last chunk, so
 * each chunk must leave time for uploading the whole file (issue 33: 250 MB at big ended at 25.6 s).
 */
export const uploadRate = { bytesPerMs: 100_000 };

export class OutOfTime extends Error {
  constructor(
    readonly done: number,
    /** Milliseconds a submission the export was expected to take when it stopped. */
    readonly msPerId: number,
  ) {
    super('out of time');
  }
}

export interface ChunkedCsv extends StashedCsv {
  name: string;
  chunks: number;
}

/**
 * Exports the given submissions in requests of at most 1000 ids (each answered synchronously with
 * a CSV) and streams them, one after the other, into ONE file in Zapier's storage: the first
 * chunk's BOM and header row, then only the data rows of every later chunk (their header must be
 * the same). Only a chunk of bytes at a time is in memory. A chunk that would not end inside the
 * step's budget is not started: the step fails (`OutOfTime`) and no file is kept.
 */
export const exportChunks = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  columns: readonly string[],
  ids: readonly number[],
  fallbackName: string,
  budget: Budget,
  firstMs = FIRST_CHUNK_MS_PER_ID,
): Promise<ChunkedCsv> => {
  const parts = chunked(ids);
  const out = new PassThrough();
  let stashing: Promise<StashedCsv> | undefined;
  let stashFailure: unknown;
  let name = fallbackName;
  let header = '';
  let msPerId = firstMs;
  let done = 0;
  try {
    let bytes = 0;
    for (const [index, part] of parts.entries()) {
      // this chunk, then the upload of the whole file as it will be (bytes a submission so far)
      const upload = done === 0 ? 0 : ((bytes / done) * (done + part.length)) / uploadRate.bytesPerMs;
      if (!budget.fits(msPerId * part.length + upload)) throw new OutOfTime(done, msPerId);
      const started = budget.elapsed();
      const answer = await exportJobs.request(z, bundle, formId, columns, part);
      if (answer.kind === 'job') {
        answer.discard();
        throw badResponse(
          z,
          `OpnForm answered an export of at most ${SYNC_LIMIT} submissions by id with a background job instead of a ` +
            'CSV file. This server does not export selected submissions synchronously; nothing was saved.',
        );
      }
      if (stashing === undefined) {
        name = safeCsvName(dispositionFilename(answer.disposition), fallbackName);
        stashing = stashCsv(z, out, name);
        stashing.catch((error: unknown) => {
          stashFailure = error;
          out.destroy(error instanceof Error ? error : new Error(String(error)));
        });
      }
      const splitter = new HeaderSplitter(index === 0);
      await pipeline(answer.body, splitter, out, { end: false });
      if (index === 0) header = splitter.headerText();
      else if (splitter.headerText() !== header) {
        throw badResponse(
          z,
          'The columns of the export changed between two of its requests (was the form edited meanwhile?). ' +
            'Nothing was saved; run the step again.',
        );
      }
      done += part.length;
      bytes += splitter.bytes;
      const observed = (budget.elapsed() - started) / part.length;
      msPerId = index === 0 ? observed : Math.max(msPerId, observed);
    }
    out.end();
    const csv = await (stashing ?? stashCsv(z, out, name));
    return { ...csv, name, chunks: parts.length };
  } catch (error) {
    // an error (not a plain destroy) reaches the upload, so storage discards the half-written file
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    await stashing?.catch(() => undefined);
    throw stashFailure ?? error;
  }
};

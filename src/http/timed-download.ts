/**
 * A step's file downloads within the step's time (Create and Update Submission's given files): each
 * must end before the step's budget leaves only what the rest of the step needs (`reserveMs`: the
 * uploads and the answer), and a file that stops arriving for `STALL_MS` is given up. Either way the
 * request is aborted (its connection closed) and the body fails with the step's own error, naming the
 * file's question (`what`), its host and what happened; the caller removes what it spooled.
 */
import { PassThrough, type Readable } from 'node:stream';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { userError } from '../errors';
import { remainingMs } from '../shared/budget';
import { type DownloadOptions, fetchFile } from './download';
import { capitalize } from './failures';

/**
 * No byte for this long and a download is stalled. 5 s: a healthy host recovers a lost packet or two
 * within about 3 s (TCP retransmits after 1 s, then 2 s), while the downloads of a step get about 14 s
 * in all (25 s budget, 10 s kept for the uploads and the answer): one stall must leave the others time.
 */
export const STALL_MS = 5_000;
/** At most this long to the headers of one request (a redirect's next request gets its own). */
const HEADERS_MS = 20_000;

export interface Deadline {
  bundle: Bundle;
  /** What the step needs after its downloads: they end this much before the step's budget does. */
  reserveMs: number;
}

/** A download in the step's time: its headers, its body (fails with the step's error), `discard` to end it. */
export interface TimedDownload {
  headers: { get: (name: string) => string | null };
  body: Readable;
  discard: () => void;
}

const what = (options: DownloadOptions) => options.what ?? 'the file';
const after = (options: DownloadOptions) => (options.outcome ? ` ${options.outcome}` : '');

const tooSlow = (z: ZObject, options: DownloadOptions, host: string, started: boolean) =>
  userError(
    z,
    `${capitalize(what(options))} ${
      started ? 'came too slowly from' : 'could not be downloaded in time from'
    } ${host}: this step must finish within 30 seconds (Zapier's limit), uploads included.${after(options)} ` +
      'Try again later, or with a smaller file.',
    'out_of_time',
    504,
  );

const stalled = (z: ZObject, options: DownloadOptions, host: string) =>
  userError(
    z,
    `${capitalize(what(options))} stopped arriving from ${host}: no data came for ${STALL_MS / 1000} seconds.` +
      `${after(options)} Check that the link still works, then try again.`,
    'unreachable',
    503,
  );

/** Downloads `url` as `downloadFile` does (the same rules), ended for time as this module says. */
export const downloadInTime = async (
  z: ZObject,
  url: string,
  options: DownloadOptions,
  deadline: Deadline,
): Promise<TimedDownload> => {
  const left = () => remainingMs(deadline.bundle) - deadline.reserveMs;
  const controller = new AbortController();
  let host = '';
  try {
    host = new URL(url).host;
  } catch {
    // not a URL: the download refuses it before any request
  }
  let failure: Error | undefined;
  let stall: NodeJS.Timeout | undefined;
  const stop = (error: Error) => {
    failure ??= error;
    clearTimeout(stall);
    controller.abort();
  };
  if (left() <= 0) throw tooSlow(z, options, host, false);
  let body: Readable | undefined;
  // unref: a timer of a download never keeps the process alive (each is cleared when the body ends)
  const late = setTimeout(() => stop(tooSlow(z, options, host, body !== undefined)), left()).unref();
  const done = () => {
    clearTimeout(late);
    clearTimeout(stall);
  };
  let response: Awaited<ReturnType<typeof fetchFile>>;
  try {
    response = await fetchFile(z, url, options, {
      timeout: () => Math.max(1, Math.min(HEADERS_MS, left())),
      signal: controller.signal,
      timeUp: () => failure ?? (left() <= 0 ? tooSlow(z, options, host, false) : undefined),
      asking: (asked) => {
        host = asked;
      },
    });
  } catch (error) {
    done();
    throw error;
  }
  const source = response.body as unknown as Readable;
  const watched = new PassThrough();
  const watch = () => {
    clearTimeout(stall);
    stall = setTimeout(() => stop(stalled(z, options, host)), STALL_MS).unref();
  };
  watch();
  body = watched;
  // an abort fails the source: the body fails with the step's error instead
  source.on('error', (error) => watched.destroy(failure ?? error));
  // waiting on the host counts, waiting on the reader (paused by backpressure) does not
  source.on('data', watch);
  source.on('resume', watch);
  source.on('pause', () => clearTimeout(stall));
  source.on('end', done);
  watched.on('close', () => {
    done();
    if (!source.readableEnded) controller.abort();
  });
  source.pipe(watched);
  return {
    headers: response.headers,
    body: watched,
    discard: () => watched.destroy(),
  };
};

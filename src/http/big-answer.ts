import { type Readable, Transform } from 'node:stream';
import type { RawHttpResponse } from 'zapier-platform-core';
import { AnswerTooLarge, BodyTimeout } from './answer-size';
import { maskingParser } from './secrets';

/**
 * API Request's answer, read only as far as it needs to be held (issue 33: a 10 MB answer read whole,
 * then masked, then stashed, peaked at 223 MB): up to `fileAbove` bytes it is read whole, as any answer;
 * past that, its start is kept and the rest left in the connection, to be masked and written to a file as
 * it arrives (`maskJsonStream`, src/http/secrets.ts). A declared `Content-Length` decides at once.
 */
export type AnswerHead =
  /** Read as any answer is (`readCapped`): small or declared, or past its limit (refused there). */
  | { kind: 'whole' }
  /** All of it arrived within `fileAbove` bytes: its text. */
  | { kind: 'text'; text: string }
  /** More than `fileAbove` bytes: the bytes read so far and the body, paused, with the rest. */
  | { kind: 'big'; head: Buffer[]; body: Readable };

export const readAnswerHead = (
  response: RawHttpResponse,
  fileAbove: number,
  limit: number,
  timeoutMs: number,
): Promise<AnswerHead> => {
  const length = response.headers.get('content-length');
  const declared = length === null ? Number.NaN : Number(length);
  const source = response.body as Readable | null;
  // no file wanted, or declared small enough to read whole, or past the limit (refused there with its size)
  if (
    !Number.isFinite(fileAbove) ||
    source === null ||
    (Number.isFinite(declared) && (declared <= fileAbove || declared > limit))
  )
    return Promise.resolve({ kind: 'whole' });
  return new Promise<AnswerHead>((resolve, reject) => {
    const head: Buffer[] = [];
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      source.off('data', onData);
      source.off('end', onEnd);
      source.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      head.push(chunk);
      bytes += chunk.length;
      if (bytes <= fileAbove) return;
      source.pause();
      done();
      resolve({ kind: 'big', head, body: source });
    };
    const onEnd = () => {
      done();
      resolve({ kind: 'text', text: Buffer.concat(head).toString('utf8') });
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const timer = setTimeout(() => onError(new BodyTimeout('body timeout')), timeoutMs);
    source.on('data', onData);
    source.once('end', onEnd);
    source.once('error', onError);
  });
};

/** The first character of a JSON text (past JSON's own white space), from the start of an answer. */
export const firstOf = (head: readonly Buffer[]): string | undefined => {
  for (const chunk of head) {
    const at = chunk.findIndex((b) => b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09);
    if (at !== -1) return String.fromCharCode(chunk[at] as number);
  }
  return undefined;
};

/** A JSON answer that broke off or is not JSON after all (its start looked like a list or object). */
export class BrokenJson extends Error {}

/**
 * A big JSON list or object masked as `maskJson` masks it, as a stream (bytes in, masked JSON text out):
 * each item or member is parsed, masked, written and let go, so memory holds about one at a time. Past
 * `limit` bytes it fails at once with `AnswerTooLarge` (the rest is not downloaded: counting it to its
 * end, as a read without a Content-Length once did, took 20 MB more at 28.6 MB). `bytes()`: the bytes
 * read; `raised()`: the error the stream failed with (not the file storage's).
 */
export const maskJsonStream = (first: '[' | '{', secrets: readonly string[], limit: number) => {
  let bytes = 0;
  let broken = false;
  let raised: Error | undefined;
  const fail = (error: Error) => {
    raised ??= error;
    return raised;
  };
  const out: Transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > limit) return done(fail(new AnswerTooLarge(limit, { bytes: limit, whole: false })));
      parser.write(chunk);
      done(broken ? fail(new BrokenJson('not JSON')) : null);
    },
    flush(done) {
      if (!broken && !parser.isEnded) parser.end();
      if (broken || !parser.isEnded) return done(fail(new BrokenJson('not JSON')));
      done(null, first === '[' ? ']' : '}');
    },
  });
  const parser = maskingParser(first, secrets, (text) => out.push(text));
  parser.onError = () => {
    broken = true;
  };
  out.push(first);
  return { stream: out, bytes: () => bytes, raised: () => raised };
};

import { finished, type Readable } from 'node:stream';
import { JSONParser } from '@streamparser/json';
import type { RawHttpResponse } from 'zapier-platform-core';
import type * as z from 'zod/mini';
import type { Schema } from '../schemas/parse';

/**
 * A JSON answer read as a stream (issue 33): a page of 100 submissions of a wide form is several MB and
 * a delivery log tens of MB, far more than a step needs. Items are parsed one at a time
 * (`@streamparser/json`, each item let go once emitted), checked against the item's schema and handed to
 * the step's `Collector`, which keeps only what the step returns; the rest of the answer is never held.
 * An answer up to `WHOLE_UP_TO` is read whole instead, exactly as every other JSON answer.
 */
export const WHOLE_UP_TO = 256 * 1024;

/** What a step keeps of a streamed answer's items. */
export interface Collector<I, K> {
  /** One item, checked; `true`: the step has read enough (the rest of the answer is not read). */
  add: (item: I) => boolean | undefined;
  /** What the step keeps; `complete`: every item of the answer was given to `add`. */
  result: (complete: boolean) => K;
}

/** How a streamed answer is laid out and what is kept of it. */
export interface StreamShape<I, K> {
  /** The whole answer's schema (an answer read whole, and the envelope around `data`). */
  schema: Schema<unknown>;
  /** Where the items are: `data` (Laravel's page: `{data: [...], meta, links}`) or the answer itself (a list). */
  items: 'data' | 'root';
  item: Schema<I>;
  collect: () => Collector<I, K>;
}

/** The answer read: whole (small: its text), or streamed (what the collector kept and the envelope). */
export type StreamRead<K> =
  | { whole: string }
  | { kept: K; envelope: Record<string, unknown>; complete: boolean; head: string; bytes: number };

/** The answer is not JSON (or ended half-way). */
export class StreamNotJson extends Error {}
/** The answer is JSON of the wrong shape: the issues, paths from the answer's root as a whole read names them. */
export class StreamShapeIssues extends Error {
  constructor(readonly error: z.core.$ZodError) {
    super('unexpected shape');
  }
}
/** The body was still arriving at the deadline (and the call may not stop early). */
export class StreamTooSlow extends Error {
  readonly type = 'body-timeout';
}

type Issue = z.core.$ZodIssue;
/** The issues kept in full (a shape error names the first 3 and counts the rest). */
const SHOWN_ISSUES = 3;

/** A value of the kind a JSON text starts with (what a whole read's shape error would describe). */
const kindOf = (first: number): unknown => {
  const c = String.fromCharCode(first);
  if (c === '{') return {};
  if (c === '[') return [];
  if (c === '"') return '';
  if (c === 't' || c === 'f') return true;
  if (c === 'n') return null;
  return 0;
};

/**
 * Gives `take` each chunk of `body` as it arrives, until the end, an error, or `take` returns `true` or
 * throws (the body is then destroyed, as a `for await` loop left early does). Event-driven, not `for
 * await`: under core's `domain` every promise is an async resource that Node tracks until a full garbage
 * collection, and an async iterator makes several per chunk (issue 33: tens of thousands per run, the
 * tracking grew the old generation by megabytes a page).
 */
const eachChunk = (body: Readable, take: (chunk: Buffer) => boolean): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    let settled = false;
    /** `take` is running: an end or error it caused (stopping aborts the request) waits for its answer. */
    let taking = false;
    let meanwhile: { error?: unknown } | undefined;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      cleanup();
      // an abort may still emit an error on the body (node-fetch does): nobody needs it now
      body.on('error', () => {});
      if (error !== undefined) {
        body.destroy();
        reject(error);
      } else resolve();
    };
    const onData = (chunk: Buffer) => {
      let done: boolean;
      taking = true;
      try {
        done = take(chunk);
      } catch (error) {
        return settle(error);
      } finally {
        taking = false;
      }
      if (done) {
        settle();
        body.destroy();
      } else if (meanwhile !== undefined) settle(meanwhile.error);
    };
    const cleanup = finished(body, { writable: false }, (error) => {
      if (taking) meanwhile = { error: error ?? undefined };
      else settle(error ?? undefined);
    });
    body.on('data', onData);
  });

/**
 * Reads `response`'s body as a stream. `stop` closes the connection (the rest is never downloaded);
 * `msLeft` is the time left for this read: at 0 a call that may stop early (`partial`) keeps what it has
 * (`complete: false`), any other throws `StreamTooSlow`.
 */
export const readStreamed = async <I, K>(
  response: RawHttpResponse,
  shape: StreamShape<I, K>,
  options: { stop: () => void; msLeft: () => number; partial: boolean },
): Promise<StreamRead<K>> => {
  const parser = new JSONParser({
    paths: shape.items === 'data' ? ['$.data.*', '$.*'] : ['$.*'],
    keepStack: false,
    stringBufferSize: 64 * 1024,
  });
  const collector = shape.collect();
  /**
   * Items of an answer that may still be read whole (its first `WHOLE_UP_TO` bytes): given to the
   * collector only once the answer is past that size, so each item reaches the step once (an answer read
   * whole gives them to a fresh collector); they are at most that many bytes.
   */
  let pending: I[] | undefined = [];
  const add = (item: I) => {
    if (!enough) enough = collector.add(item) === true;
  };
  const flush = () => {
    const items = pending ?? [];
    pending = undefined;
    for (const item of items) add(item);
  };
  const envelope: Record<string, unknown> = {};
  const shown: Issue[] = [];
  let issues = 0;
  let enough = false;
  let first = -1;
  let broken = false;
  const isItem = (stack: ReadonlyArray<{ key?: unknown }>) =>
    shape.items === 'root' ? stack.length === 1 : stack.length === 2 && stack[1]?.key === 'data';
  let thrown: unknown;
  parser.onValue = (info) => {
    try {
      onValue(info);
    } catch (error) {
      // the parser would report it as bad JSON: rethrown as it is after `write`
      thrown ??= error;
    }
  };
  const onValue = ({ value, key, parent, stack }: Parameters<typeof parser.onValue>[0]) => {
    if (!isItem(stack)) {
      if (stack.length === 1 && shape.items === 'data' && !Array.isArray(parent))
        envelope[String(key)] = value;
      return;
    }
    // `data.*` is kept by the parser (`data` itself is emitted): let the item go here
    if (shape.items === 'data') {
      if (!Array.isArray(parent)) {
        delete (parent as Record<string, unknown>)[String(key)];
        return;
      }
      parent.length = 0;
    } else if (!Array.isArray(parent)) return;
    const checked = shape.item.safeParse(value, { reportInput: true });
    if (!checked.success) {
      const prefix = shape.items === 'data' ? ['data', key as number] : [key as number];
      for (const issue of checked.error.issues) {
        issues += 1;
        if (shown.length < SHOWN_ISSUES) shown.push({ ...issue, path: [...prefix, ...issue.path] } as Issue);
      }
      return;
    }
    if (issues > 0) return;
    if (pending !== undefined && bytes <= WHOLE_UP_TO) pending.push(checked.data);
    else {
      flush();
      add(checked.data);
    }
  };
  parser.onError = () => {
    broken = true;
  };
  // the answer's start: all of it while it may be read whole, then its first characters (for the log)
  let head: Buffer[] = [];
  let headText: string | undefined;
  let bytes = 0;
  let timedOut = false;
  let stopped = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      options.stop();
    },
    // at least a second: a small answer already arriving is read whole
    Math.max(1_000, options.msLeft()),
  );
  /** One chunk of the body; `true`: the read ends here (the rest is not downloaded). */
  const take = (chunk: Buffer): boolean => {
    bytes += chunk.length;
    if (first < 0) first = chunk.find((b) => b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) ?? -1;
    if (!broken) parser.write(chunk);
    if (thrown !== undefined) throw thrown;
    if (bytes <= WHOLE_UP_TO) {
      head.push(chunk);
      return false;
    }
    if (headText === undefined) {
      headText = Buffer.concat([...head, chunk])
        .subarray(0, 2048)
        .toString('utf8')
        .slice(0, 500);
      head = [];
    }
    if (broken) throw new StreamNotJson('not JSON');
    if (enough || options.msLeft() <= 0) {
      if (!enough && !options.partial) throw new StreamTooSlow('too slow');
      stopped = true;
      options.stop();
      return true;
    }
    return false;
  };
  try {
    await eachChunk(response.body as Readable, take);
  } catch (error) {
    if (!timedOut || error === thrown || error instanceof StreamNotJson) throw error;
    if (!options.partial) throw new StreamTooSlow('too slow');
    stopped = true;
  } finally {
    clearTimeout(timer);
  }
  if (!stopped && bytes <= WHOLE_UP_TO) return { whole: Buffer.concat(head).toString('utf8') };
  if (!stopped) {
    if (!broken && !parser.isEnded) parser.end();
    if (broken || !parser.isEnded) throw new StreamNotJson('not JSON');
  }
  // past the size read whole (or stopped before it): the items not given yet
  flush();
  if (first < 0) return { kept: collector.result(false), envelope, complete: false, head: '', bytes };
  const root = kindOf(first);
  const rootFits =
    shape.items === 'data'
      ? root !== null && typeof root === 'object' && !Array.isArray(root)
      : Array.isArray(root);
  if (!rootFits)
    throw new StreamShapeIssues((shape.schema.safeParse(root) as { error: z.core.$ZodError }).error);
  if (shape.items === 'data' && !stopped) {
    const data = envelope.data;
    const rest = shape.schema.safeParse({ ...envelope, data: Array.isArray(data) ? [] : data });
    if (!rest.success) {
      for (const issue of rest.error.issues) {
        issues += 1;
        if (shown.length < SHOWN_ISSUES) shown.push(issue);
      }
    }
  }
  if (issues > 0) {
    // the first issues, and as many entries as there were in all ("and N more")
    const all = [...shown, ...new Array<Issue>(issues - shown.length)];
    throw new StreamShapeIssues({ issues: all } as z.core.$ZodError);
  }
  return {
    kept: collector.result(!stopped && !enough),
    envelope,
    complete: !stopped,
    head: headText ?? '',
    bytes,
  };
};

/** A list read whole (a small answer): its items given to a fresh collector, as a stream gives them. */
export const collectWhole = <I, K>(items: readonly I[], collect: () => Collector<I, K>): K => {
  const collector = collect();
  for (const item of items) if (collector.add(item) === true) return collector.result(false);
  return collector.result(true);
};

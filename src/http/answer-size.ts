import type { Readable } from 'node:stream';
import type { HttpResponse, RawHttpResponse, ZObject } from 'zapier-platform-core';
import { badResponse } from '../errors';

/**
 * How much of an OpnForm answer the connector reads, per kind of endpoint. A JSON answer is held in
 * memory whole and parsed (about 7 times its size while parsing), and Zapier gives a step 30 s and an
 * output under 20 MB, so an answer past these sizes can only be a fault (a proxy's page, a runaway
 * list): it is refused, naming the request, before it fills the step's memory or time. Exports and
 * file downloads stream to Zapier's storage and have no such limit.
 */
export const ANSWER_LIMITS = {
  /** One object or a short list: a form (a few hundred KB with 300 questions), members, invites, a write's answer. */
  default: 5 * 1024 * 1024,
  /** A page of at most 100 submissions: long answers (rich text, matrices) make a page large. */
  submissionPage: 20 * 1024 * 1024,
  /** API Request: whatever the path answers, given to the next step whole (Zapier's output stays under 20 MB). */
  apiRequest: 10 * 1024 * 1024,
} as const;

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** An answer larger than its limit (`max-size` from the reader, or a Content-Length past it). */
export class AnswerTooLarge extends Error {
  constructor(
    readonly limit: number,
    /** The answer's size when it was measured: `whole` when all of it was counted (or declared). */
    readonly size?: { bytes: number; whole: boolean },
  ) {
    super(`answer over ${limit} bytes`);
  }
}

/** An answer to API Request past its limit, without a Content-Length, is counted for at most this long. */
const MEASURE_MS = 5_000;

/**
 * The user's error for an answer over its limit; `write` says whether a change was sent first. API
 * Request's (`exchange`: its request line) says the answer's size and how to ask for less.
 */
export const answerTooLarge = (
  z: ZObject,
  thing: string,
  error: AnswerTooLarge,
  write: boolean,
  exchange?: string,
): Error => {
  const outcome = write
    ? ' The change was sent and OpnForm answered: check in OpnForm whether it was made before retrying.'
    : ' Nothing was changed in OpnForm.';
  if (exchange !== undefined) {
    const size = error.size ?? { bytes: error.limit, whole: false };
    return badResponse(
      z,
      `OpnForm's answer to ${exchange} is ${size.whole ? '' : 'more than '}${megabytes(size.bytes)}, more than ` +
        `API Request reads (${megabytes(error.limit)}), so it was not read.${outcome} Ask for less at a time: ` +
        'a paged route, with page and per_page in Query String Parameters (forms: GET /open/workspaces/' +
        '{workspace id}/forms, 100 a page; submissions: GET /open/forms/{form id}/submissions), or query ' +
        'parameters that filter the answer.',
    );
  }
  return badResponse(
    z,
    `OpnForm's answer to this ${thing} request is larger than ${megabytes(error.limit)}, more than this step ` +
      `reads for it, so the connector stopped reading it.${outcome} If the OpnForm URL in your connection is ` +
      'right, the server or a proxy in front of it sent far more than OpnForm does; ask its administrator to check it.',
  );
};

/** A body still arriving at its request's timeout (node-fetch's own name for it: a network failure). */
export class BodyTimeout extends Error {
  readonly type = 'body-timeout';
}

/**
 * The body of a raw answer as text, reading no more than `limit` bytes: refused at once when its
 * Content-Length says more, otherwise read here chunk by chunk (node-fetch's own reader, with its `size`
 * cap, left a 20 s body timer running after a refusal); `stop` then closes the connection, so the rest
 * is never downloaded. Past `timeoutMs` the read fails with `BodyTimeout`. `measureMs`: an answer past the
 * limit without a Content-Length is still counted (never kept) for up to this long, so its error can say
 * its size.
 */
export const readCapped = async (
  response: RawHttpResponse,
  limit: number,
  stop: () => void,
  timeoutMs: number,
  measureMs?: number,
): Promise<string> => {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    stop();
    throw new AnswerTooLarge(limit, { bytes: declared, whole: true });
  }
  const body = response.body as Readable | null;
  return body === null ? '' : collectBody(body, limit, stop, timeoutMs, { measureMs });
};

/**
 * A body's text, after `head` (its bytes already read), up to `limit` bytes in all, within `timeoutMs`
 * (then `BodyTimeout`). Past the limit: `AnswerTooLarge`, at once, or after counting the rest (never kept)
 * for up to `measureMs` so the error can say the size. On a failure `stop` closes the connection.
 */
export const collectBody = (
  body: Readable,
  limit: number,
  stop: () => void,
  timeoutMs: number,
  options: { head?: readonly Buffer[]; measureMs?: number } = {},
): Promise<string> =>
  new Promise<string>((resolve, reject) => {
    const { measureMs } = options;
    const chunks: Buffer[] = [...(options.head ?? [])];
    let bytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    let over = false;
    let measuring: NodeJS.Timeout | undefined;
    const finish = (error?: Error) => {
      clearTimeout(timer);
      clearTimeout(measuring);
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', finish);
      if (error === undefined) return resolve(Buffer.concat(chunks).toString('utf8'));
      // an abort may still emit an error on the body: nobody needs it now
      body.on('error', () => {});
      stop();
      reject(error);
    };
    const tooLarge = (whole: boolean) =>
      new AnswerTooLarge(limit, measureMs === undefined ? undefined : { bytes, whole });
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (over) return;
      if (bytes <= limit) return void chunks.push(chunk);
      over = true;
      chunks.length = 0;
      if (measureMs === undefined) return finish(tooLarge(false));
      measuring = setTimeout(() => finish(tooLarge(false)), measureMs);
    };
    const onEnd = () => finish(over ? tooLarge(true) : undefined);
    const timer = setTimeout(
      () => finish(over ? tooLarge(false) : new BodyTimeout('body timeout')),
      timeoutMs,
    );
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', finish);
    // a body paused after its start was read (API Request's big answers) flows again
    body.resume();
  });

/**
 * A raw answer, read within its limit, as the JSON client would give it (`data` when it parses). `exchange`
 * (API Request, `msLeft` of its budget): not parsed, and measured past its limit (`readCapped`).
 */
export const answerView = async (
  response: RawHttpResponse,
  limit: number,
  stop: () => void,
  timeoutMs: number,
  exchange?: { msLeft: number },
): Promise<HttpResponse> => {
  const measureMs = exchange === undefined ? undefined : Math.min(MEASURE_MS, exchange.msLeft);
  return viewOf(
    response,
    await readCapped(response, limit, stop, timeoutMs, measureMs),
    exchange === undefined,
  );
};

/**
 * A raw answer whose text was read, as the JSON client would give it (`data` when it parses); `parse`
 * false: no `data` (API Request masks and parses the text itself, item by item).
 */
export const viewOf = (response: RawHttpResponse, text: string, parse = true): HttpResponse => {
  let data: unknown;
  try {
    data = !parse || text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    data = undefined;
  }
  return {
    status: response.status,
    content: text,
    data,
    getHeader: (name: string) => response.headers.get(name),
  } as unknown as HttpResponse;
};

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
  constructor(readonly limit: number) {
    super(`answer over ${limit} bytes`);
  }
}

/** The user's error for an answer over its limit; `write` says whether a change was sent first. */
export const answerTooLarge = (z: ZObject, thing: string, limit: number, write: boolean): Error =>
  badResponse(
    z,
    `OpnForm's answer to this ${thing} request is larger than ${megabytes(limit)}, more than this step reads ` +
      `for it, so the connector stopped reading it.${
        write
          ? ' The change was sent and OpnForm answered: check in OpnForm whether it was made before retrying.'
          : ' Nothing was changed in OpnForm.'
      } If the OpnForm URL in your connection is right, the server or a proxy in front of it sent far more ` +
      'than OpnForm does; ask its administrator to check it.',
  );

/**
 * The body of a raw answer as text, reading no more than `limit` bytes: refused at once when its
 * Content-Length says more, otherwise read with node-fetch's own `size` cap (set on the request), which
 * stops keeping data past the limit; `stop` then closes the connection, so the rest is never downloaded.
 */
export const readCapped = async (
  response: RawHttpResponse,
  limit: number,
  stop: () => void,
): Promise<string> => {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    stop();
    throw new AnswerTooLarge(limit);
  }
  try {
    return await response.text();
  } catch (error) {
    if ((error as { type?: unknown }).type === 'max-size') {
      stop();
      throw new AnswerTooLarge(limit);
    }
    throw error;
  }
};

/** A raw answer, read within its limit, as the JSON client would give it (`data` when it parses). */
export const answerView = async (
  response: RawHttpResponse,
  limit: number,
  stop: () => void,
): Promise<HttpResponse> => viewOf(response, await readCapped(response, limit, stop));

/** A raw answer whose text was read, as the JSON client would give it (`data` when it parses). */
export const viewOf = (response: RawHttpResponse, text: string): HttpResponse => {
  let data: unknown;
  try {
    data = text.trim() === '' ? undefined : JSON.parse(text);
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

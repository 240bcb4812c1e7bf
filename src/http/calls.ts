/**
 * What an API module's request says (`Call` and its kinds, src/http/client.ts sends them) and the
 * `Absent` answer of a call whose endpoint defines "nothing there" statuses.
 */

import type { Schema } from '../schemas/parse';
import type { RequestContext, Statuses } from './failures';
import type { ApiPath, Query } from './path';
import type { StreamShape } from './streamed';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One request of an API module, nine options: what the endpoint needs (`need`: thing, abilities,
 * role), what its error statuses mean (`statuses`), the secrets of the call (`redact`), the answer's
 * `schema`, `query`, `body`, and when needed `quiet`, `respondent` and `maxBytes`.
 */
export interface Call<T> extends RequestContext {
  /** Checks the JSON answer; extra fields are tolerated, a wrong shape fails clearly. */
  schema: Schema<T>;
  query?: Query;
  body?: unknown;
  /**
   * Keeps the request and answer bodies out of Zapier's HTTP log (they hold credentials: webhook
   * secrets, header values, other integrations' URLs); the client logs this summary of the answer
   * instead, which must name no secret.
   */
  quiet?: (data: T) => string;
  /**
   * Sent as a respondent's browser sends it (the public answer endpoint): without the token (which the
   * connection still needs: every step reads the form with it first), with the form's password header
   * when `passwordHash` is given. That value is a secret of the call: hidden in its error messages, and
   * it makes the call quiet (bodies kept out of the log). Core's log scrubs the header by its name.
   */
  respondent?: { passwordHash?: string };
  /** The most of the answer read, in bytes (`ANSWER_LIMITS`; the default one otherwise). */
  maxBytes?: number;
}

/** A call whose endpoint defines error statuses that mean "nothing there": it answers `T | Absent`. */
export interface AbsentCall<T> extends Call<T> {
  /** `absent`: error statuses answered as an `Absent` instead of thrown (for example 404 when unsubscribing). */
  statuses: Statuses & { absent: readonly number[] };
}

/** An error status the endpoint defines as "nothing there" (see `AbsentCall`), never thrown. */
export class Absent {
  constructor(
    /** For the src/api module that defines what the status means (domain modules never read it). */
    readonly status: number,
    /** The server's `message`, when it sent one (tells "no route" from "no such job"). */
    readonly message?: string,
  ) {}
}

/** A verb of the client: `T`, or `T | Absent` for a call that names `absent` statuses. */
export interface Verb {
  <T>(apiPath: ApiPath, call: AbsentCall<T>): Promise<T | Absent>;
  <T>(apiPath: ApiPath, call: Call<T>): Promise<T>;
}

/**
 * A JSON page or list read as a stream (src/http/streamed.ts): the items go one at a time to the call's
 * collector, which keeps only what the step needs. Errors as for `Call` (`need`, `statuses`, `redact`).
 */
export interface StreamCall<I, K> extends RequestContext, StreamShape<I, K> {
  query?: Query;
  /** As `Call.quiet`, summarising what was kept. */
  quiet?: (kept: K) => string;
  /** Keeps what was read when this little of the step's budget is left (a newest-first log); else too slow fails. */
  partialAtMs?: number;
}

/** What a streamed read kept, and the page's envelope (`meta`, `links`; its `data` emptied). */
export interface Streamed<K> {
  kept: K;
  envelope: Record<string, unknown>;
  /** The answer's size in bytes (as read). */
  bytes: number;
}

/** A streamed answer's call (the CSV export): a POST that changes nothing in OpnForm, so a read. */
export interface RawCall extends RequestContext {
  query?: Query;
  body?: unknown;
}

/**
 * API Request's call: any path the user typed (`pathOf`), the body as typed, and every answer given back
 * as it came, an error status too unless `stopOnError` (then it is the user's error as for every step).
 * A 401 is always the reconnect error: no step works with a revoked token. Always quiet: the bodies may
 * hold anything (a form's password, webhook secrets).
 */
export interface ExchangeCall extends RequestContext {
  query?: Query;
  /** JSON text, checked to parse, sent exactly as typed. */
  json?: string;
  stopOnError: boolean;
  maxBytes: number;
  /** An answer over this many bytes is not read whole: its start and the rest still arriving (`big`). */
  fileAbove?: number;
}

/** An answer of any status, as it came: its status, headers and text (read within the call's limit). */
export interface Exchange {
  status: number;
  header: (name: string) => string | null;
  /** The answer's text ('' when `big`). */
  text: string;
  /**
   * An answer over the call's `fileAbove`: the bytes read so far, the body (paused) with the rest, the
   * call's size limit, and `fail`, which closes the connection and gives the user's error for a failure
   * while the rest is read (too large: its size and a paged route; a broken connection).
   */
  big?: {
    head: Buffer[];
    body: import('node:stream').Readable;
    limit: number;
    /** Milliseconds left of the request's timeout for the rest of the body. */
    msLeft: () => number;
    fail: (error: unknown) => Error;
  };
}

/** What `send` takes of a call: the request, and what explains its failures. */
export type Sent = RequestContext & {
  query?: Query;
  body?: unknown;
  /** A body already encoded as JSON text (API Request: sent as typed). */
  json?: string;
  /** API Request's call: it logs its own summary of every answer. */
  exchange?: boolean;
  quiet?: unknown;
  respondent?: Call<unknown>['respondent'];
  maxBytes?: number;
};

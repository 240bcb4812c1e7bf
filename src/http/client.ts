import { Readable } from 'node:stream';
import type {
  Bundle,
  HttpRequestOptions,
  HttpResponse,
  RawHttpResponse,
  ZObject,
} from 'zapier-platform-core';
import { badResponse } from '../errors';
import { isLoopbackHost, publicAgent } from '../net/addresses';
import { describeShapeError } from '../schemas/parse';
import { answeredOf, countAnswered, READ_RESERVE_MS, remainingMs, WRITE_RESERVE_MS } from '../shared/budget';
import { USER_AGENT } from '../version';
import { ANSWER_LIMITS, AnswerTooLarge, answerTooLarge, answerView, viewOf } from './answer-size';
import { developmentMode } from './base-url';
import { BrokenJson, readAnswerHead } from './big-answer';
import {
  Absent,
  type AbsentCall,
  type Call,
  type Exchange,
  type ExchangeCall,
  type Method,
  type RawCall,
  type Sent,
  type StreamCall,
  type Streamed,
  type Verb,
} from './calls';
import { baseUrlOf, tokenOf } from './connection';
import {
  failureFor,
  forbiddenNeedsStanding,
  parseJson,
  type RequestContext,
  serverMessage,
} from './failures';
import { type ApiPath, joinUrl } from './path';
import { redact, rememberSecrets, secretsOf } from './secrets';
import { type ErrorPathRead, forbiddenContext } from './standing';
import { collectWhole, readStreamed, StreamNotJson, type StreamRead, StreamShapeIssues } from './streamed';
import { isZapierError, outOfTime, unreachable } from './unanswered';

export { Absent } from './calls';
export { baseUrlOf } from './connection';

/** Per-request time to first byte (within the step's budget of 25 s; Zapier gives a whole step 30 s). */
export const DEFAULT_TIMEOUT_MS = 20_000;
const timeoutMs = () => Number(process.env.OPNFORM_HTTP_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS;

/**
 * The one HTTP layer every operation uses: builds the URL from the connection's base URL and an
 * encoded `path`, sends the token as a bearer header (never in the URL), maps each error answer once
 * to an actionable Zapier error (src/http/failures.ts) and checks each answer against a schema.
 */
export const opnform = (z: ZObject, bundle: Bundle) => {
  const base = baseUrlOf(z, bundle);
  const token = tokenOf(z, bundle);
  const baseUrl = new URL(base);
  const host = baseUrl.host;
  // A public OpnForm name that resolves to a private or metadata address is refused at connect time.
  const agent = publicAgent(baseUrl.protocol, developmentMode() && isLoopbackHost(baseUrl.hostname));

  const secrets = (ctx: Sent) => secretsOf(bundle, [...(ctx.redact ?? []), ctx.respondent?.passwordHash]);
  const authValues = new Set(secretsOf({ authData: bundle.authData } as Bundle));
  /**
   * Core scrubs the connection's token from its HTTP log, but not other secrets: a call whose bodies
   * hold credentials, and every call of a step that knows secrets beyond the token (a webhook secret,
   * header values: a server may echo them), keeps its bodies out of the log.
   */
  const isQuiet = (ctx: Sent) =>
    ctx.quiet !== undefined || secrets(ctx).some((secret) => !authValues.has(secret));
  const WITHHELD = () => 'answer withheld';

  const send = async (
    method: Method,
    apiPath: ApiPath,
    ctx: Sent,
    allow: (status: number) => boolean,
    raw: false | 'csv' | 'json',
  ): Promise<HttpResponse | RawHttpResponse> => {
    // a streamed answer (the export) changes nothing: out of time, it is a read that was not sent
    const write = method !== 'GET' && raw !== 'csv';
    const left = remainingMs(bundle);
    if (left < (write ? WRITE_RESERVE_MS : READ_RESERVE_MS)) {
      throw outOfTime(z, write, {
        line: `${method} ${apiPath}`,
        page: ctx.query?.page,
        answered: answeredOf(bundle),
      });
    }
    const timeout = Math.max(1, Math.min(timeoutMs(), left));
    const quiet = isQuiet(ctx);
    const limit = ctx.maxBytes ?? ANSWER_LIMITS.default;
    // closes the connection of an answer that is refused (too large) or not read (an error)
    const connection = new AbortController();
    const headers: Record<string, string> = {
      ...(ctx.respondent?.passwordHash === undefined ? {} : { 'form-password': ctx.respondent.passwordHash }),
      ...(ctx.respondent === undefined ? { Authorization: `Bearer ${token}` } : {}),
      Accept: raw === 'csv' ? 'text/csv, application/json' : 'application/json',
      'User-Agent': USER_AGENT,
    };
    const options: HttpRequestOptions & {
      url: string;
      throwForThrottlingEarly: boolean;
      merge: boolean;
      size?: number;
      signal: AbortSignal;
    } = {
      url: joinUrl(base, apiPath, ctx.query),
      method,
      headers,
      timeout,
      redirect: 'manual',
      // Every error answer is mapped here, once (`failureOf`), a 429 included: core neither throws for the
      // status nor turns a 429 into its own ThrottledError first.
      skipThrowForStatus: true,
      throwForThrottlingEarly: false,
      agent,
      // No {{curly}} templating: stored answers may contain "{{bundle.x}}", which core would refuse.
      merge: false,
      signal: connection.signal,
    };
    if (ctx.body !== undefined || ctx.json !== undefined) {
      const json = Buffer.from(ctx.json ?? JSON.stringify(ctx.body), 'utf8');
      headers['Content-Type'] = 'application/json';
      // A stream is logged by core as "<streaming data>": a quiet request's body never reaches the log.
      // A Buffer is sent as is too (core neither templates nor re-encodes either).
      if (quiet) headers['Content-Length'] = String(json.length);
      options.body = (quiet ? Readable.from([json]) : json) as unknown as string;
    }
    const line = `${method} ${apiPath}`;
    let response: RawHttpResponse;
    try {
      // an export streams its body to storage unlimited; `size` caps only a text read (an error's)
      response = await z.request({ ...options, raw: true, size: limit });
    } catch (error) {
      connection.abort();
      if (isZapierError(error)) throw error;
      throw unreachable(z, host, error, timeout, write, secrets(ctx));
    }
    if (response.status >= 400 && !allow(response.status)) {
      const body = parseJson(await response.text().catch(() => ''));
      connection.abort();
      throw await failureOf(method, apiPath, ctx, response.status, body, response.headers.get('retry-after'));
    }
    countAnswered(bundle);
    if (raw !== false) {
      stops.set(response, { stop: () => connection.abort(), timeout, line, limit });
      return response;
    }
    return readAnswer(response, ctx, line, allow, { stop: () => connection.abort(), timeout, write, limit });
  };

  /**
   * Every JSON answer is read raw, within its size limit (node-fetch's `size`): core then logs no answer
   * body (a server may echo a credential in a form core does not scrub); the client logs it.
   */
  const readAnswer = async (
    response: RawHttpResponse,
    ctx: Sent,
    line: string,
    allow: (status: number) => boolean,
    read: { stop: () => void; timeout: number; write: boolean; limit: number; text?: string },
  ): Promise<HttpResponse> => {
    try {
      // API Request's answer is not parsed here; one past its limit is measured (in the budget) for its error
      const exchange = ctx.exchange === true ? { msLeft: remainingMs(bundle) - READ_RESERVE_MS } : undefined;
      const view =
        read.text === undefined
          ? await answerView(response, read.limit, read.stop, read.timeout, exchange)
          : viewOf(response, read.text, ctx.exchange !== true);
      if (isQuiet(ctx)) {
        quietCalls.set(view, line);
        if (response.status >= 400 && allow(view.status) && ctx.exchange !== true)
          logQuiet(view, ctx, 'no answer used');
      } else {
        z.console.log(`${view.status} ${line}: ${redact(shorten(view.content ?? ''), secrets(ctx))}`);
      }
      return view;
    } catch (error) {
      read.stop();
      if (error instanceof AnswerTooLarge)
        throw answerTooLarge(z, ctx.need.thing, error, read.write, ctx.exchange === true ? line : undefined);
      throw unreachable(z, host, error, read.timeout, read.write, secrets(ctx));
    }
  };
  /** How a raw answer's connection is closed, and its request's timeout, line and size limit. */
  const stops = new WeakMap<
    RawHttpResponse,
    { stop: () => void; timeout: number; line: string; limit: number }
  >();

  /**
   * The user's error for an error answer (status >= 400), built once. After a policy 403 (never on the
   * success path) the client first learns the user's standing, and where the request points.
   */
  const failureOf = async (
    method: Method,
    apiPath: ApiPath,
    ctx: Sent,
    status: number,
    body: unknown,
    retryAfter: string | null,
  ): Promise<Error> => {
    const context = {
      ...ctx,
      redact: secrets(ctx),
      ...(ctx.respondent === undefined ? {} : { publicRoute: `${method} ${apiPath}` }),
    };
    const { standing, target } = forbiddenNeedsStanding(status, body, context)
      ? await forbiddenContext(errorPathRead, method, apiPath, ctx.query, ctx.body)
      : {};
    return failureFor(z, status, body, retryAfter, context, standing, target);
  };

  /** A read on a policy 403's error path (src/http/standing.ts): its `allow` statuses are answered, not thrown. */
  const errorPathRead: ErrorPathRead = async (apiPath, ctx, allow) =>
    (await send('GET', apiPath, ctx, (status) => allow.includes(status), false)) as HttpResponse;

  /** Quiet answers and the request line each belongs to (their bodies are never logged). */
  const quietCalls = new WeakMap<HttpResponse, string>();

  /** What the log shows of a quiet call instead of its bodies: the call's own summary, secrets hidden. */
  const logQuiet = (view: HttpResponse, ctx: RequestContext, summary: string) => {
    z.console.log(
      `${view.status} ${quietCalls.get(view) ?? ''}: ${redact(summary, secrets(ctx))} ` +
        '(bodies kept out of this log: they may hold webhook secrets, header values or URLs)',
    );
  };

  const checked = <T>(response: HttpResponse, call: Call<T>): T => {
    if (response.status >= 300 && response.status < 400) {
      throw badResponse(
        z,
        `OpnForm answered with a redirect (${response.status}) instead of data. Check the OpnForm URL in your ` +
          'connection: it must be the API address (self-hosted servers usually serve it under /api).',
        response.status,
      );
    }
    const text = response.content ?? '';
    let body: unknown;
    if (text.trim() === '') {
      body = undefined;
    } else if (response.data !== undefined) {
      body = response.data;
    } else {
      throw notJson(z, call.need.thing, response.getHeader('content-type'), response.status);
    }
    const result = call.schema.safeParse(body, { reportInput: true });
    if (!result.success) {
      throw badResponse(
        z,
        redact(describeShapeError(call.need.thing, result.error), secrets(call)),
        response.status,
      );
    }
    if (quietCalls.has(response)) logQuiet(response, call, (call.quiet ?? WITHHELD)(result.data));
    return result.data;
  };

  const request = async <T>(method: Method, apiPath: ApiPath, call: Call<T>) => {
    const absent = call.statuses?.absent ?? [];
    const response = (await send(method, apiPath, call, (s) => absent.includes(s), false)) as HttpResponse;
    if (absent.includes(response.status)) return new Absent(response.status, serverMessage(response.data));
    return checked(response, call);
  };
  /** `stream`: a page or list read as a stream; small answers, error statuses and redirects as any JSON answer. */
  const streamCall = async <I, K>(
    apiPath: ApiPath,
    call: StreamCall<I, K>,
  ): Promise<Streamed<K> | Absent> => {
    const absent = call.statuses?.absent ?? [];
    const allow = (status: number) => absent.includes(status);
    const response = (await send('GET', apiPath, call, allow, 'json')) as RawHttpResponse;
    const raw = stops.get(response) as NonNullable<ReturnType<typeof stops.get>>;
    const whole = async (text?: string) => {
      const view = await readAnswer(response, call, raw.line, allow, { ...raw, write: false, text });
      if (allow(view.status)) return new Absent(view.status, serverMessage(view.data));
      let kept: K | undefined;
      const keep = (data: unknown) => {
        const items = call.items === 'root' ? data : (data as { data: unknown }).data;
        kept ??= collectWhole(items as I[], call.collect);
        return kept;
      };
      const quiet = call.quiet;
      const data = checked(view, { ...call, quiet: quiet && ((d: unknown) => quiet(keep(d))) });
      const envelope = call.items === 'root' ? {} : { ...(data as object), data: [] };
      return { kept: keep(data), envelope, bytes: Buffer.byteLength(view.content ?? '') };
    };
    if (response.status >= 300) return whole();
    // a page gets the request's timeout; a log read newest first stops `partialAtMs` before the budget's end
    const endAt =
      call.partialAtMs ?? remainingMs(bundle) - Math.max(1, Math.min(timeoutMs(), remainingMs(bundle)));
    const msLeft = () => remainingMs(bundle) - endAt;
    let read: StreamRead<K>;
    try {
      read = await readStreamed(response, call, { ...raw, msLeft, partial: call.partialAtMs !== undefined });
    } catch (error) {
      raw.stop();
      const status = response.status;
      if (error instanceof StreamNotJson)
        throw notJson(z, call.need.thing, response.headers.get('content-type'), status);
      if (error instanceof StreamShapeIssues)
        throw badResponse(z, redact(describeShapeError(call.need.thing, error.error), secrets(call)), status);
      if (isZapierError(error)) throw error;
      throw unreachable(z, host, error, raw.timeout, false, secrets(call));
    }
    if ('whole' in read) return whole(read.whole);
    const view = { status: response.status } as HttpResponse;
    if (isQuiet(call)) {
      quietCalls.set(view, raw.line);
      logQuiet(view, call, (call.quiet ?? WITHHELD)(read.kept));
    } else {
      const what = `… (${read.bytes} bytes, read as a stream${read.complete ? '' : ', not to its end'})`;
      z.console.log(`${response.status} ${raw.line}: ${redact(read.head + what, secrets(call))}`);
    }
    return { kept: read.kept, envelope: read.envelope, bytes: read.bytes };
  };

  const verb = (method: Method) =>
    ((apiPath: ApiPath, call: AbsentCall<unknown>) => request(method, apiPath, call)) as Verb;

  return {
    baseUrl: base,
    /** Makes values learned from OpnForm (a webhook's secret, header values, URLs) secrets of this step. */
    remember: (values: readonly unknown[]) => rememberSecrets(bundle, values),
    /** Milliseconds left of the step's 25 s budget (for polling loops). */
    remainingMs: () => remainingMs(bundle),
    get: verb('GET'),
    post: verb('POST'),
    put: verb('PUT'),
    delete: verb('DELETE'),
    /** A streamed answer (the CSV export), a read whatever its method; error statuses are still mapped. */
    raw: async (method: Method, apiPath: ApiPath, call: RawCall): Promise<RawHttpResponse> =>
      (await send(method, apiPath, call, () => false, 'csv')) as RawHttpResponse,
    /** A JSON page or list read as a stream (src/http/streamed.ts): only what the call's collector keeps is held. */
    stream: <I, K>(apiPath: ApiPath, call: StreamCall<I, K>) => streamCall(apiPath, call),
    /** API Request: any answer as it came (`ExchangeCall`); the log names its size and type, never its body. */
    exchange: async (method: Method, apiPath: ApiPath, call: ExchangeCall): Promise<Exchange> => {
      const answered = (status: number) => !call.stopOnError && status !== 401;
      const ctx = { ...call, quiet: true, exchange: true };
      const response = (await send(method, apiPath, ctx, answered, 'json')) as RawHttpResponse;
      const raw = stops.get(response) as NonNullable<ReturnType<typeof stops.get>>;
      const write = method !== 'GET';
      const header = (name: string) => response.headers.get(name) ?? null;
      const type = header('content-type') ?? 'no content type';
      /** The user's error for a failure while the answer is read (its connection closed). */
      const fail = (error: unknown): Error => {
        raw.stop();
        if (error instanceof AnswerTooLarge)
          return answerTooLarge(z, call.need.thing, error, write, raw.line);
        if (error instanceof BrokenJson) return notJson(z, call.need.thing, type, response.status);
        if (isZapierError(error)) return error as Error;
        return unreachable(z, host, error, raw.timeout, write, secrets(ctx));
      };
      const endAt = performance.now() + raw.timeout;
      const msLeft = () => Math.max(1, endAt - performance.now());
      const above = call.fileAbove ?? Number.POSITIVE_INFINITY;
      const head = await readAnswerHead(response, above, raw.limit, raw.timeout).catch((error: unknown) =>
        Promise.reject(fail(error)),
      );
      if (head.kind === 'big') {
        const view = { status: response.status } as HttpResponse;
        quietCalls.set(view, raw.line);
        logQuiet(view, call, `an answer of more than ${call.fileAbove} bytes (${type}), read as a stream`);
        return {
          status: response.status,
          header,
          text: '',
          big: { ...head, limit: raw.limit, msLeft, fail },
        };
      }
      const text = head.kind === 'text' ? head.text : undefined;
      const view = await readAnswer(response, ctx, raw.line, answered, { ...raw, write, text });
      const content = view.content ?? '';
      logQuiet(view, call, `an answer of ${content.length} characters (${type})`);
      return { status: view.status, header, text: content };
    },
  };
};

export type OpnformClient = ReturnType<typeof opnform>;

/** An answer that is not JSON where JSON was asked for: usually a URL that points at the web app. */
export const notJson = (z: ZObject, thing: string, type: string | undefined | null, status: number): Error =>
  badResponse(
    z,
    `OpnForm sent an answer that is not JSON (${type ?? 'no content type'}) for this ${thing} request. Check the ` +
      'OpnForm URL in your connection: it must be the API address, not the web app (self-hosted servers usually ' +
      'serve the API under /api). If the URL is right, OpnForm may be having a temporary problem.',
    status,
  );

/** What the log keeps of an answer that holds no credential: its first 500 characters. */
const shorten = (text: string) =>
  text.length > 500 ? `${text.slice(0, 500)}… (${text.length} characters)` : text;

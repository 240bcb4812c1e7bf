import type {
  Bundle,
  HttpRequestOptions,
  HttpResponse,
  RawHttpResponse,
  ZObject,
} from 'zapier-platform-core';
import { describeShapeError, type Schema } from '../schemas/parse';
import { USER_AGENT } from '../version';
import { BaseUrlError, normalizeBaseUrl } from './base-url';
import { type RequestContext, serverMessage } from './failures';
import type { OpnformRequestData } from './middleware';
import { type ApiPath, joinUrl, type Query } from './path';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Call<T> extends RequestContext {
  /** Checks the JSON answer; extra fields are tolerated, a wrong shape fails clearly. */
  schema: Schema<T>;
  query?: Query;
  body?: unknown;
}

export interface AllowingCall<T> extends Call<T> {
  /** Error statuses returned to the caller instead of thrown. */
  allow: readonly number[];
}

export interface RawCall extends RequestContext {
  query?: Query;
  body?: unknown;
}

export interface Reply<T> {
  status: number;
  /** Present for 2xx answers; `undefined` for an allowed error status. */
  data: T | undefined;
  /** The server's `message` of an allowed error status, when it sent one (tells "no route" from "no such job"). */
  message?: string;
}

/** Per-request time to first byte; Zapier gives a whole step 30 s. */
export const DEFAULT_TIMEOUT_MS = 20_000;
const timeoutMs = () => Number(process.env.OPNFORM_HTTP_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS;

const ZAPIER_ERRORS = new Set([
  'AppError',
  'ThrottledError',
  'ExpiredAuthError',
  'HaltedError',
  'RefreshAuthError',
  'ResponseError',
]);

const isZapierError = (error: unknown) => error instanceof Error && ZAPIER_ERRORS.has(error.name);

/** The bearer token from the connection, checked for shape but never echoed. */
const tokenOf = (z: ZObject, bundle: Bundle): string => {
  const token = String(bundle.authData?.api_key ?? '').trim();
  if (token === '') {
    throw new z.errors.Error(
      'The OpnForm access token (api_key) is empty. Reconnect your OpnForm account with a personal access token.',
      'invalid_input',
      400,
    );
  }
  return token;
};

export const baseUrlOf = (z: ZObject, bundle: Bundle): string => {
  try {
    return normalizeBaseUrl(bundle.authData?.base_url);
  } catch (error) {
    if (error instanceof BaseUrlError) throw new z.errors.Error(error.message, 'invalid_base_url', 400);
    throw error;
  }
};

/**
 * The one HTTP layer every operation uses: builds the URL from the connection's base URL and an
 * encoded `path`, sends the token as a bearer header (never in the URL), maps failures to
 * actionable Zapier errors (with `mapOpnformErrors`) and checks each answer against a schema.
 */
export const opnform = (z: ZObject, bundle: Bundle) => {
  const base = baseUrlOf(z, bundle);
  const token = tokenOf(z, bundle);
  const host = new URL(base).host;

  const send = async (
    method: Method,
    apiPath: ApiPath,
    ctx: RequestContext & { query?: Query; body?: unknown },
    allow: readonly number[],
    raw: boolean,
  ): Promise<HttpResponse | RawHttpResponse> => {
    const opnformData: OpnformRequestData = {
      thing: ctx.thing,
      abilities: ctx.abilities,
      anyOf: ctx.anyOf,
      admin: ctx.admin,
      member: ctx.member,
      known: ctx.known,
      fields: ctx.fields,
      redact: ctx.redact,
      allow,
    };
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      Accept: raw ? 'text/csv, application/json' : 'application/json',
      'User-Agent': USER_AGENT,
    };
    const options: HttpRequestOptions & { url: string; throwForThrottlingEarly: boolean } = {
      url: joinUrl(base, apiPath, ctx.query),
      method,
      headers,
      timeout: timeoutMs(),
      redirect: 'manual',
      skipThrowForStatus: allow.length > 0,
      throwForThrottlingEarly: false,
      middlewareData: { opnform: opnformData },
    };
    if (ctx.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      options.body = JSON.stringify(ctx.body);
    }
    try {
      return raw ? await z.request({ ...options, raw: true }) : await z.request(options);
    } catch (error) {
      if (isZapierError(error)) throw error;
      throw unreachable(z, host, error);
    }
  };

  const checked = <T>(response: HttpResponse, call: Call<T>): T => {
    if (response.status >= 300 && response.status < 400) {
      throw new z.errors.Error(
        `OpnForm answered with a redirect (${response.status}) instead of data. Check the OpnForm URL in your ` +
          'connection: it must be the API address (self-hosted servers usually serve it under /api).',
        'bad_response',
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
      const type = response.getHeader('content-type') ?? 'no content type';
      throw new z.errors.Error(
        `OpnForm sent an answer that is not JSON (${type}) for this ${call.thing} request. Check the OpnForm URL ` +
          'in your connection: it must be the API address, not the web app (self-hosted servers usually serve ' +
          'the API under /api). If the URL is right, OpnForm may be having a temporary problem.',
        'bad_response',
        response.status,
      );
    }
    const result = call.schema.safeParse(body, { reportInput: true });
    if (!result.success) {
      throw new z.errors.Error(describeShapeError(call.thing, result.error), 'bad_response', response.status);
    }
    return result.data;
  };

  const request = async <T>(method: Method, apiPath: ApiPath, call: Call<T>): Promise<T> =>
    checked((await send(method, apiPath, call, [], false)) as HttpResponse, call);

  return {
    baseUrl: base,
    get: <T>(apiPath: ApiPath, call: Call<T>) => request('GET', apiPath, call),
    post: <T>(apiPath: ApiPath, call: Call<T>) => request('POST', apiPath, call),
    put: <T>(apiPath: ApiPath, call: Call<T>) => request('PUT', apiPath, call),
    delete: <T>(apiPath: ApiPath, call: Call<T>) => request('DELETE', apiPath, call),
    /** Like the verbs above, but statuses in `call.allow` come back as `{status, data: undefined}`. */
    allowing: async <T>(method: Method, apiPath: ApiPath, call: AllowingCall<T>): Promise<Reply<T>> => {
      const response = (await send(method, apiPath, call, call.allow, false)) as HttpResponse;
      if (call.allow.includes(response.status))
        return { status: response.status, data: undefined, message: serverMessage(response.data) };
      return { status: response.status, data: checked(response, call) };
    },
    /** A streamed answer (CSV downloads); error statuses are still mapped. */
    raw: async (method: Method, apiPath: ApiPath, call: RawCall): Promise<RawHttpResponse> =>
      (await send(method, apiPath, call, [], true)) as RawHttpResponse,
  };
};

export type OpnformClient = ReturnType<typeof opnform>;

const unreachable = (z: ZObject, host: string, error: unknown): Error => {
  const detail = error instanceof Error ? error : new Error(String(error));
  const code = (detail as { code?: string; type?: string }).code ?? (detail as { type?: string }).type;
  const timedOut = code === 'request-timeout' || /timeout/i.test(detail.message);
  const seconds = timeoutMs() / 1000;
  const why = timedOut
    ? `it did not answer within ${seconds} second${seconds === 1 ? '' : 's'}`
    : `the connection failed${code === undefined ? '' : ` (${code})`}`;
  return new z.errors.Error(
    `Could not reach OpnForm at ${host}: ${why}. This is usually temporary; try again in a few minutes. ` +
      'If it keeps happening, check the OpnForm URL in your connection.',
    'unreachable',
    503,
  );
};

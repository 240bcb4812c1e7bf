/**
 * The only ways a test builds a nock scope:
 * - `api()` for the OpnForm API: the request must carry every header the connector sends to OpnForm
 *   (bearer token, JSON Accept, the connector's User-Agent), so a request without them is not answered;
 * - `otherHost(origin)` for any other host (Zapier hook URLs, file storage, signed download links,
 *   webhook targets), which must not receive the OpnForm token unless a test says otherwise.
 */
import nock from 'nock';
import { API_HEADERS, BASE } from './app';

type HeaderValue = string | RegExp | ((value: string) => boolean);

export interface ApiScopeOptions {
  /** Headers the request must carry besides (or instead of) the connector's, e.g. `content-type`. */
  headers?: Record<string, HeaderValue>;
  /** Headers the request must not carry. */
  badheaders?: string[];
}

/** A scope on the OpnForm API (default: the test connection's base URL) matching the connector's headers. */
export const api = (base: string = BASE, options: ApiScopeOptions = {}) =>
  nock(base, {
    reqheaders: { ...API_HEADERS, ...options.headers },
    ...(options.badheaders ? { badheaders: options.badheaders } : {}),
  });

/**
 * A scope on OpnForm's public routes (the respondent's answer endpoint): the connector's Accept and
 * User-Agent, and never the bearer token.
 */
export const publicApi = (base: string = BASE) =>
  nock(base, {
    reqheaders: { accept: API_HEADERS.accept, 'user-agent': API_HEADERS['user-agent'] },
    badheaders: ['authorization'],
  });

/** `api()` for a request with a JSON body (PUT, POST, DELETE with a body). */
export const apiJson = (base: string = BASE) =>
  api(base, { headers: { 'content-type': 'application/json' } });

/**
 * A scope on a host that is not the OpnForm API (hook receivers, file storage, download links):
 * by default the OpnForm token must not be sent there.
 */
export const otherHost = (origin: string, options: { reqheaders?: Record<string, HeaderValue> } = {}) =>
  nock(origin, { badheaders: ['authorization'], ...options });

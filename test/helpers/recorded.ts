/**
 * The HTTP exchanges recorded from a real OpnForm server (`test/recorded/`, a synchronous sqlite
 * server, and `test/recorded-production-like/`, PostgreSQL with a queue worker; both kept in this
 * repository, see their READMEs) as nock fixtures. They are the ground truth: a fixture's answer is the recorded answer
 * (status, headers, body), with the recording's placeholders (`{base_url}`, ...) replaced.
 *
 *   const ex = recorded('team--invites').exchange(3);              // by position
 *   const ex = recorded('team--invites').find('POST', /resend/, 400); // first match
 *   recordedScope(ex).reply(...)                                    // request as recorded
 *   recordedScope(ex, { path: '/open/...', query: {...}, body: {...} }) // the connector's own request
 *
 * A missing recording fails the test that asks for one (never a silent skip).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type nock from 'nock';
import { BASE } from './app';
import { api, publicApi } from './scopes';

export { api };

export const RECORDED_DIR = resolve(__dirname, '..', 'recorded');
/** The production-like set (PostgreSQL 15, a database queue worker): `recorded('production-like/<name>')`. */
export const PRODUCTION_LIKE_DIR = resolve(__dirname, '..', 'recorded-production-like');

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string | number>;
  headers: Record<string, string>;
  body: unknown;
  /** Which credentials were used (`main`, `main:forms-read`, `member`, `none`, ...). */
  auth: string | null;
  /** Deliveries only: the body exactly as sent. */
  body_raw?: string;
}

export interface RecordedExchange {
  /** `delivery`: an outbound request the server made to a hook receiver. */
  kind?: 'delivery';
  request: RecordedRequest;
  response: { status: number; headers: Record<string, string>; body: unknown };
  comment?: string;
}

export interface Recording {
  scenario: string;
  note: string;
  exchanges: RecordedExchange[];
}

/** Placeholder values used when a recording is turned into a fixture. */
export interface Placeholders {
  base_url: string;
  front_url: string;
  hook_base_url: string;
  hook_host: string;
  dead_hook_base_url: string;
  dead_hook_host: string;
  dead_hook_port: string;
}

export const PLACEHOLDERS: Placeholders = {
  base_url: BASE,
  front_url: 'https://forms.example.org',
  hook_base_url: 'https://hooks.example.net',
  hook_host: 'hooks.example.net',
  dead_hook_base_url: 'https://dead.example.net:8443',
  dead_hook_host: 'dead.example.net',
  dead_hook_port: '8443',
};

const PRODUCTION_LIKE = 'production-like/';
const cache = new Map<string, Recording>();

const load = (name: string): Recording => {
  const bare = name.replace(/\.json$/, '');
  const file = bare.startsWith(PRODUCTION_LIKE)
    ? join(PRODUCTION_LIKE_DIR, `${bare.slice(PRODUCTION_LIKE.length)}.json`)
    : join(RECORDED_DIR, `${bare}.json`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Recording ${file} cannot be read (${(error as Error).message}).`);
  }
  return JSON.parse(text) as Recording;
};

/** Replaces `{base_url}` and the other placeholders in every string of a value (JSON-escaped forms too). */
export const substitute = <T>(value: T, placeholders: Placeholders = PLACEHOLDERS): T => {
  const replace = (text: string) =>
    text.replace(
      /\{(base_url|front_url|hook_base_url|hook_host|dead_hook_base_url|dead_hook_host|dead_hook_port)\}/g,
      (_whole, key: keyof Placeholders) => placeholders[key],
    );
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return replace(node);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object')
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return walk(value) as T;
};

export interface RecordingView extends Recording {
  /** The exchange at this position (0-based); throws when there is none. */
  exchange(index: number): RecordedExchange;
  /** The first exchange with this method, a path matching `path`, and (optionally) this status. */
  find(method: string, path: string | RegExp, status?: number): RecordedExchange;
}

/** A recording by file name (without `.json`), placeholders substituted. */
export const recorded = (name: string): RecordingView => {
  let raw = cache.get(name);
  if (raw === undefined) {
    raw = load(name);
    cache.set(name, raw);
  }
  const recording = substitute(raw);
  return {
    ...recording,
    exchange(index) {
      const ex = recording.exchanges[index];
      if (ex === undefined) throw new Error(`${name} has no exchange #${index}.`);
      return structuredClone(ex);
    },
    find(method, path, status) {
      const ex = recording.exchanges.find(
        (e) =>
          e.request.method === method &&
          (typeof path === 'string' ? e.request.path === path : path.test(e.request.path)) &&
          (status === undefined || e.response.status === status),
      );
      if (ex === undefined)
        throw new Error(`${name} has no ${method} ${path} exchange${status ? ` answering ${status}` : ''}.`);
      return structuredClone(ex);
    },
  };
};

export interface RequestOverride {
  /** The path the connector requests (default: the recorded one). */
  path?: string;
  /** The query the connector sends (default: the recorded one); `true` accepts any query. */
  query?: Record<string, string | number> | true;
  /** The JSON body the connector sends (default: the recorded one); a function decides. */
  body?: unknown;
  base?: string;
  /** A public route: the request must carry no token (`publicApi()`). */
  anonymous?: boolean;
}

/**
 * A nock interceptor for a recorded exchange: the connector's headers are required, the request
 * is the recorded one unless overridden, and the answer is the recorded answer.
 */
export const recordedScope = (ex: RecordedExchange, override: RequestOverride = {}) => {
  const { request, response } = ex;
  const path = override.path ?? request.path;
  const bodyMatch = 'body' in override ? override.body : request.body;
  const method = request.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
  const scope = override.anonymous === true ? publicApi(override.base) : api(override.base);
  const interceptor =
    bodyMatch === null || bodyMatch === undefined || method === 'get'
      ? scope[method](path)
      : scope[method](path, bodyMatch as nock.RequestBodyMatcher);
  const query = override.query ?? request.query;
  const withQuery =
    query === true
      ? interceptor.query(true)
      : Object.keys(query).length > 0
        ? interceptor.query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])))
        : interceptor;
  return withQuery.reply(response.status, response.body as nock.Body, response.headers);
};

/**
 * The form read a step sends to check that the form is in the chosen workspace: the recorded form 13
 * of workspace 6 (`forms--get-form` #1) answered as form `formId` of `workspaceId`.
 */
export const formReadScope = (formId: number | string, workspaceId: number | string) =>
  api()
    .get(`/open/forms/${formId}`)
    .reply(200, {
      ...(recorded('forms--get-form').exchange(1).response.body as object),
      id: Number(formId),
      workspace_id: Number(workspaceId),
    } as nock.Body);

/**
 * One route table for everything the sandbox serves, in three kinds, tried in this order:
 * - `control`: `/__sandbox/*` (also under `/api/__sandbox/*`), no token; the file and export
 *   downloads among them are `logged` (request log and faults, like API calls);
 * - `public`: routes a real server answers without a token (public answer, signed file links);
 *   logged, rate-limited per client (one shared counter here) unless they name no group;
 * - `token`: `/api/...` with a bearer token: unknown route 404, 401, the export-status route's
 *   quirks, rate limits, JSON body, then the handler.
 * A handler returns a `Reply` or JSON (200), or throws a `Reply`.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Faults } from './faults';
import type { RateLimits } from './options';
import type { RateLimiter } from './rate-limits';
import { Reply, readBody, readBytes, replyOf, write, writeResult } from './reply';
import { asRecord, type RouteCtx } from './route-context';
import type { SandboxState } from './state';

/** What a control or public handler gets: the path's parameters, the query and the raw body. */
export interface RawCtx {
  /** The path as requested (without `/api`), still percent-encoded. */
  path: string;
  params: string[];
  query: URLSearchParams;
  text: string;
  /** The body's bytes (public routes; multipart uploads). */
  bytes: Buffer;
  /** The body as a JSON object (control routes; `{}` when empty or not an object). */
  body: Record<string, unknown>;
  /** The request's headers (lower-case names). */
  headers: IncomingHttpHeaders;
}

type Handler<C> = (ctx: C) => unknown | Promise<unknown>;
/**
 * A public route's rate limits: `open`, the per-client API limit; `uploads`, the upload limiter
 * (30 a minute per client) on top of it, whose headers the answer shows; none: not counted.
 */
export type PublicGroup = 'open' | 'uploads' | undefined;

type Route =
  | {
      kind: 'token';
      method: string;
      pattern: RegExp;
      group: keyof RateLimits;
      handler: Handler<RouteCtx>;
      /** A route that exists but is not in the token allow-list: 404 with an empty message. */
      closed?: boolean;
    }
  | { kind: 'public'; method: string; pattern: RegExp; group?: PublicGroup; handler: Handler<RawCtx> }
  | { kind: 'control'; method: string; pattern: RegExp; logged: boolean; handler: Handler<RawCtx> }
  | { kind: 'page'; method: string; pattern: RegExp; handler: Handler<RawCtx> };

/** `/open/forms/:form` → a RegExp with one group per `:name`; a RegExp is taken as it is. */
const compile = (pattern: string | RegExp) =>
  typeof pattern === 'string' ? new RegExp(`^${pattern.replace(/:(\w+)/g, '([^/]+)')}$`) : pattern;

/** Path parameters are decoded once the request is logged (a malformed one is then a 500). */
const decoded = (raw: string[]) => raw.map(decodeURIComponent);

/** Laravel's verbs in the order a 405 lists them (`Router::$verbs`). */
const VERBS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The export-status route: a session credential only (recorded seed), never rate-limited. */
const SESSION_ROUTE = /\/submissions\/export\/status\/[^/]+$/;

export const createRouter = (state: SandboxState, faults: Faults, limiter: RateLimiter) => {
  const routes: Route[] = [];
  const find = <K extends Route['kind']>(kind: K, method: string, path: string) => {
    for (const r of routes) {
      const m = r.kind === kind && r.method === method ? r.pattern.exec(path) : null;
      if (m !== null) return { route: r as Extract<Route, { kind: K }>, raw: m.slice(1) };
    }
    return undefined;
  };
  /**
   * Laravel's 405 for a path some route serves with other methods (matched before any middleware:
   * no token needed, nothing counted), e.g. `POST /open/workspaces`; undefined when none does.
   */
  const notAllowed = (method: string, path: string) => {
    const others = new Set(
      routes
        .filter(
          (r) => r.kind !== 'control' && r.kind !== 'page' && r.method !== method && r.pattern.test(path),
        )
        .map((r) => r.method),
    );
    if (others.size === 0) return undefined;
    if (others.has('GET')) others.add('HEAD');
    const supported = VERBS.filter((v) => others.has(v)).join(', ');
    return new Reply(405, {
      message: `The ${method} method is not supported for route ${path.slice(1)}. Supported methods: ${supported}.`,
    });
  };

  const control = async (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) => {
    const method = req.method ?? 'GET';
    const bytes = await readBytes(req);
    const text = bytes.toString('utf8');
    let body: Record<string, unknown> = {};
    // the stand-in for S3 takes a file's bytes, any other control route JSON
    if (!path.startsWith('/__sandbox/s3/')) body = asRecord(text.trim() === '' ? {} : JSON.parse(text)) ?? {};
    const match = find('control', method, path);
    if (match === undefined) return write(res, 404, { message: 'Unknown sandbox route.' });
    if (match.route.logged && (await faults.apply(req, res, path, query))) return;
    writeResult(
      res,
      await replyOf(() =>
        match.route.handler({
          path,
          params: decoded(match.raw),
          query,
          text,
          bytes,
          body,
          headers: req.headers,
        }),
      ),
    );
  };

  /** The public routes; false when none matches. */
  const publicRoute = async (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ) => {
    const match = find('public', req.method ?? 'GET', path);
    if (match === undefined) return false;
    if (await faults.apply(req, res, path, query)) return true;
    let bytes: Buffer = Buffer.alloc(0);
    const run = () =>
      replyOf(() =>
        match.route.handler({
          path,
          params: decoded(match.raw),
          query,
          text: bytes.toString('utf8'),
          bytes,
          body: {},
          headers: req.headers,
        }),
      );
    const group = match.route.group;
    if (group === undefined) {
      writeResult(res, await run());
      return true;
    }
    bytes = await readBytes(req);
    // an upload counts in the client's API limit too (the api group's throttle, then the route's)
    const limited = limiter.takeAll(0, group === 'uploads' ? ['open', 'uploads', 'uploadsHourly'] : ['open']);
    if (limited instanceof Reply) writeResult(res, limited);
    else writeResult(res, await run(), limited);
    return true;
  };

  const token = async (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) => {
    if (await faults.apply(req, res, path, query)) return;
    const text = await readBody(req);
    const method = req.method ?? 'GET';
    const match = find('token', method, path);
    if (match === undefined)
      return writeResult(
        res,
        notAllowed(method, path) ??
          new Reply(404, { message: `The route ${path.slice(1)} could not be found.` }),
      );
    const params = decoded(match.raw);
    const auth = req.headers.authorization ?? '';
    const found = state.tokens.find((t) => auth === `Bearer ${t.token}`);
    // a browser-session credential (recorded seed only) is accepted on the export-status route only
    const sessionRoute = SESSION_ROUTE.test(path);
    if (found === undefined || (found.session === true && !sessionRoute))
      return write(res, 401, { message: 'Unauthenticated.' });
    if (match.route.closed) return write(res, 404, { message: '' });
    // the export-status route is not in the token allow-list: 404, empty message, no rate-limit headers
    if (sessionRoute && found.session !== true) return write(res, 404, { message: '' });
    const limited = limiter.take(found.userId, match.route.group);
    if (limited instanceof Reply) return writeResult(res, limited);
    let body: unknown;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        return write(res, 400, { message: 'The request body is not valid JSON.' });
      }
    }
    const ctx: RouteCtx = {
      method,
      params,
      query,
      body,
      token: found,
      family: path.startsWith('/external/') ? 'external' : 'open',
    };
    writeResult(res, await replyOf(() => match.route.handler(ctx)), limited);
  };

  /** The front end's pages (outside `/api`): not logged, not counted; 404 when none matches. */
  const page = async (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) => {
    const match = find('page', req.method ?? 'GET', path);
    if (match === undefined) return write(res, 404, { message: '' });
    const params = decoded(match.raw);
    const ctx = { path, params, query, text: '', bytes: Buffer.alloc(0), body: {}, headers: req.headers };
    writeResult(res, await replyOf(() => match.route.handler(ctx)));
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const path = url.pathname.replace(/^\/api(?=\/__sandbox)/, '');
    const query = url.searchParams;
    const work = path.startsWith('/__sandbox')
      ? control(req, res, path, query)
      : path.startsWith('/api/')
        ? publicRoute(req, res, path.slice(4), query).then((done) =>
            done ? undefined : token(req, res, path.slice(4), query),
          )
        : page(req, res, path, query);
    work.catch((error: unknown) => {
      console.error('sandbox error:', error);
      write(res, 500, { message: 'Server Error' });
    });
  };

  return {
    handle,
    /** A route that needs a bearer token, counted in rate-limit `group`. */
    token: (method: string, pattern: string, group: keyof RateLimits, handler: Handler<RouteCtx>) => {
      routes.push({ kind: 'token', method, pattern: compile(pattern), group, handler });
    },
    /**
     * A route the real server has but keeps out of the token allow-list (`config/sanctum-routes.php`):
     * 401 without a valid token, 404 with an empty message and no rate-limit headers with one.
     */
    closed: (method: string, pattern: string) => {
      routes.push({
        kind: 'token',
        method,
        pattern: compile(pattern),
        group: 'open',
        handler: () => undefined,
        closed: true,
      });
    },
    /** A route without a token; `group` counts it per client (see `PublicGroup`), none: body unread. */
    public: (method: string, pattern: string | RegExp, group: PublicGroup, handler: Handler<RawCtx>) => {
      routes.push({ kind: 'public', method, pattern: compile(pattern), group, handler });
    },
    /** A page of the front end (`share_url` and the like), outside `/api`. */
    page: (method: string, pattern: string | RegExp, handler: Handler<RawCtx>) => {
      routes.push({ kind: 'page', method, pattern: compile(pattern), handler });
    },
    /** A `/__sandbox/*` route; `logged`: in the request log and subject to faults. */
    control: (method: string, pattern: string | RegExp, logged: boolean, handler: Handler<RawCtx>) => {
      routes.push({ kind: 'control', method, pattern: compile(pattern), logged, handler });
    },
  };
};

export type Router = ReturnType<typeof createRouter>;

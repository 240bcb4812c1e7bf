/**
 * What the sandbox's route modules (`sandbox/routes/*.ts`) get from `startSandbox`: the state, the
 * route table and the shared checks, as plain functions. A handler throws the value `fail()` gives
 * to answer with an error.
 */
import type { Ability, Form, Role, SandboxState, Token, Workspace } from '../state';

export interface RouteCtx {
  method: string;
  params: string[];
  query: URLSearchParams;
  body: unknown;
  token: Token;
  family: 'open' | 'external';
}

export interface RouteKit {
  state: SandboxState;
  route(method: string, pattern: string, group: 'open', handler: (ctx: RouteCtx) => unknown): void;
  /** An error answer to throw. */
  fail(status: number, body: unknown): unknown;
  /** 422 with Laravel's `{message: "first (and N more errors)", errors}`. */
  invalid(errors: Record<string, string[]>): unknown;
  /** 404 "No query results for model [App\Models\<model>] <id>". */
  missing(model: string, id: string | number): unknown;
  /** 403 "This action is unauthorized." unless the token has one of these abilities. */
  need(ctx: RouteCtx, ...anyOf: Ability[]): void;
  workspaceOr404(id: string): Workspace;
  formOr404(key: string): Form;
  roleIn(w: Workspace, userId: number): Role | undefined;
  workspaceOfForm(f: Form): Workspace;
  /** Laravel's paginated envelope; `cap` silently limits `per_page` instead of a 422. */
  paginate<T>(
    items: T[],
    query: URLSearchParams,
    path: string,
    perPageDefault: number,
    keepQuery: boolean,
    cap?: number,
  ): { data: T[]; links: unknown; meta: unknown };
  /** `http://127.0.0.1:PORT` once listening. */
  origin(): string;
  nowIso(): string;
}

export const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

export const UNAUTHORIZED = { message: 'This action is unauthorized.' };

/** `Y-m-d H:i:s` in UTC, as OpnForm shows raw date columns. */
export const ymdHisUtc = (iso: string) => new Date(iso).toISOString().slice(0, 19).replace('T', ' ');

/** `2026-11-30T17:43:45.962697Z`: Carbon's ISO form with microseconds. */
export const isoMicro = (ms: number) => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

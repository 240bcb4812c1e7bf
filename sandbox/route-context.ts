/**
 * The request a token route's handler gets (sandbox/router.ts), and small helpers the route modules
 * share. What else they get from `startSandbox` is the kit (sandbox/kit.ts).
 */
import type { Token } from './state';

export interface RouteCtx {
  method: string;
  params: string[];
  query: URLSearchParams;
  body: unknown;
  token: Token;
  family: 'open' | 'external';
}

export const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** `Y-m-d H:i:s` in UTC, as OpnForm shows raw date columns. */
export const ymdHisUtc = (iso: string) => new Date(iso).toISOString().slice(0, 19).replace('T', ' ');

/** `2026-11-30T17:43:45.962697Z`: Carbon's ISO form with microseconds. */
export const isoMicro = (ms: number) => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

/** The `i`-th parameter of the route's path ('' when absent). */
export const param = (ctx: { params: string[] }, i: number) => ctx.params[i] ?? '';

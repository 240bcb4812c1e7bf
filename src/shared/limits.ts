/**
 * OpnForm's limits and the arithmetic of Zapier's `throttle` and `lock`, which each step declares in its
 * own `operation` (docs/decisions.md, "Throttle and lock"):
 *   throttle: throttleFor(2), // the form read + the write
 *   lock: lockOn('form_id'),
 *
 * Throttle: OpnForm counts requests per user and minute (test/recorded/limits--rate-limit-429.json);
 * Zapier counts a step's runs. A step that sends `requests` requests to a limit of L gets L / requests
 * runs a minute per connection (`auth`). Steps with the same request count on the same limit get the same
 * configuration, so they share one window (no `action` in the scope). Every action and search has one;
 * polling triggers are left to Zapier's schedule, the hidden dropdowns to the person opening them, and
 * hook triggers take none. test/definition-size.test.ts derives each count from the step's cases.
 *
 * Lock: the read-then-write steps run one at a time per object (the key names it, from a required
 * input), per Zapier user, for at most Zapier's 30 s step limit.
 */

/** OpnForm's per-user limits, requests a minute (the recorded 429 exchanges and their headers). */
export const OPNFORM_LIMITS = { open: 100, external: 60, export: 10 } as const;

/**
 * The limit a step draws on: `open` (/open routes), `export` (OpnForm's export POSTs, counted apart),
 * `any` (the user's own path, /open or /external, so the lower limit).
 */
export type Limit = 'open' | 'export' | 'any';

/** The window OpnForm counts in, seconds. */
export const LIMIT_WINDOW_S = 60;

/** What a throttle was made from (read by test/definition-size.test.ts; Zapier sees only the throttle). */
const draws = new WeakMap<object, { requests: number; on: Limit }>();

/**
 * The throttle of a step whose ordinary run sends `requests` requests to the limit `on`: its cases'
 * `minimum` (or `most`), except on `export`, where it counts the export POSTs.
 */
export const throttleFor = (requests: number, on: Limit = 'open') => {
  const limit = on === 'any' ? Math.min(OPNFORM_LIMITS.open, OPNFORM_LIMITS.external) : OPNFORM_LIMITS[on];
  const throttle = {
    window: LIMIT_WINDOW_S,
    limit: Math.floor(limit / requests),
    scope: ['auth' as const],
  };
  draws.set(throttle, { requests, on });
  return throttle;
};

/** The request count and limit a throttle was made from; undefined for one not made by throttleFor. */
export const drawOf = (throttle: unknown) =>
  typeof throttle === 'object' && throttle !== null ? draws.get(throttle) : undefined;

/** Zapier stops a step after 30 s: no run holds its object longer, a lost one frees it then. */
const LOCK_TIMEOUT_S = 30;

/**
 * One run at a time per object named by the required input `field` (`form_id`: `form-<id>`); steps that
 * give the same `name` share one lock (the team steps: `workspace-team`).
 */
export const lockOn = (field: string, name = field.replace(/_id$/, '').replaceAll('_', '-')) => ({
  key: `${name}-{{bundle.inputData.${field}}}`,
  scope: ['user' as const],
  timeout: LOCK_TIMEOUT_S,
});

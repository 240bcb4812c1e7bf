/**
 * A boolean as OpnForm sends it. Servers on PostgreSQL (OpnForm Cloud) send `true`/`false`; servers
 * on MySQL or sqlite send the raw column for columns without a boolean cast (`editable_submissions: 0`,
 * `use_captcha: 1`, ...), and some MySQL drivers send it as the text `"0"`/`"1"`. All of these read as
 * a real boolean, so every output keeps `true`/`false`. Anything else (2, "yes") is still refused.
 */
import * as z from 'zod/mini';
import { lazy } from './lazy';

const FROM_SERVER = new Map<unknown, boolean>([
  [true, true],
  [false, false],
  [1, true],
  [0, false],
  ['1', true],
  ['0', false],
  ['true', true],
  ['false', false],
]);

/** A boolean, or its 0/1 column form: always read as `true`/`false`. */
export const ServerBoolean = lazy(() =>
  z.pipe(
    z.union([z.boolean(), z.number(), z.string()], { error: 'expected true/false (or 0/1)' }),
    z.transform((value, ctx) => {
      const known = FROM_SERVER.get(value);
      if (known === undefined) {
        ctx.issues.push({ code: 'custom', input: value, message: 'expected true/false (or 0/1)' });
        return z.NEVER;
      }
      return known;
    }),
  ),
);

/** An optional server boolean (missing or null stays so). */
export const OptionalServerBoolean = lazy(() => z.optional(z.nullable(ServerBoolean())));

/**
 * A form flag read without a schema (a setting that may be missing): on for `true`, `1`, `"1"` or
 * `"true"` (PostgreSQL, MySQL, sqlite), off for anything else.
 */
export const flagOn = (value: unknown): boolean =>
  value === true || value === 1 || (typeof value === 'string' && ['1', 'true'].includes(value.trim()));

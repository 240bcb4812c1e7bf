/**
 * Input value schemas of the submission steps (each step's `Input` object sits beside its `inputFields`):
 * Export Submissions' selection (newest N, a date range), counts, lists, yes/no, job ids, idle time.
 */
import * as z from 'zod/mini';
import { parseTimestamp } from '../shared/dates';
import { wholeNumber } from './inputs';

/** An optional whole number from 1 to `max`; empty means "not given". */
export const OptionalCount = (max: number) =>
  z.pipe(
    z.optional(
      z.nullable(z.union([z.number(), z.string()], { error: `must be a whole number from 1 to ${max}` })),
    ),
    z.transform((value, ctx): number | undefined => {
      if (value === undefined || value === null || String(value).trim() === '') return undefined;
      return wholeNumber(value, ctx, {
        min: 1,
        max,
        digits: 7,
        allowed: `must be a whole number from 1 to ${max}`,
      });
    }),
  );

/** An optional date-time (ISO 8601; without an offset read as UTC; a date alone is its midnight UTC), as ms. */
export const OptionalInstant = z.pipe(
  z.optional(z.nullable(z.union([z.string(), z.number()], { error: 'must be a date and time' }))),
  z.transform((value, ctx): number | undefined => {
    if (value === undefined || value === null || String(value).trim() === '') return undefined;
    const text = String(value).trim();
    const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : parseTimestamp(text);
    if (ms === undefined || Number.isNaN(ms)) {
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: `must be a date and time such as 2026-11-20T09:00:00Z, got ${JSON.stringify(value).slice(0, 60)}`,
      });
      return z.NEVER;
    }
    return ms;
  }),
);

/** Optional whole number of seconds (completion time). */
export const OptionalSeconds = z.pipe(
  z.optional(z.nullable(z.union([z.number(), z.string()], { error: 'must be a whole number of seconds' }))),
  z.transform((value, ctx): number | undefined => {
    const text = value === undefined || value === null ? '' : String(value).trim();
    if (text === '') return undefined;
    if (!/^\d{1,9}$/.test(text)) {
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: `must be a whole number of seconds, got ${JSON.stringify(value).slice(0, 60)}`,
      });
      return z.NEVER;
    }
    return Number(text);
  }),
);

/** An optional list of texts: a Zapier list, or one comma-separated text; empty items dropped. */
export const OptionalTextList = z.pipe(
  z.optional(
    z.nullable(
      z.union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()], {
        error: 'must be a list of texts',
      }),
    ),
  ),
  z.transform((value): string[] => {
    if (value === undefined || value === null) return [];
    const items = Array.isArray(value) ? value.map(String) : String(value).split(',');
    return [...new Set(items.map((item) => item.trim()).filter((item) => item !== ''))];
  }),
);

/** An export job id (a UUID on real servers): required text without spaces. */
export const JobId = z.pipe(
  z.union([z.string(), z.number()], { error: 'must be an export job id' }),
  z.transform((value, ctx) => {
    const text = String(value).trim();
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(text)) {
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: `must be an export job id (letters, digits and dashes), got ${JSON.stringify(value).slice(0, 60)}`,
      });
      return z.NEVER;
    }
    return text;
  }),
);

/** Required free text (trimmed, not empty). */
export const Text = z.pipe(
  z.union([z.string(), z.number()], { error: 'is required' }),
  z.transform((value, ctx) => {
    const text = String(value).trim();
    if (text === '') {
      ctx.issues.push({ code: 'custom', input: value, message: 'is required' });
      return z.NEVER;
    }
    return text;
  }),
);

/** A yes/no input as Zapier sends it (boolean, "true"/"false", "yes"/"no", empty = no). */
export const YesNo = z.pipe(
  z.optional(z.nullable(z.union([z.boolean(), z.string(), z.number()], { error: 'must be yes or no' }))),
  z.transform((value, ctx) => {
    if (value === undefined || value === null) return false;
    if (typeof value === 'boolean') return value;
    const text = String(value).trim().toLowerCase();
    if (['', 'no', 'false', '0', 'n'].includes(text)) return false;
    if (['yes', 'true', '1', 'y'].includes(text)) return true;
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: `must be yes or no (got ${JSON.stringify(value)})`,
    });
    return z.NEVER;
  }),
);

/** New Partial Submission's idle time, in whole minutes: the bounds and the default (see README). */
export const IDLE_MINUTES = { min: 1, max: 1440, default: 30 } as const;

/** How long a partial submission must go without a save before it triggers; empty = the default. */
export const IdleMinutes = z.pipe(
  z.optional(z.nullable(z.union([z.string(), z.number()], { error: 'must be a whole number of minutes' }))),
  z.transform((value, ctx): number => {
    const text = value === undefined || value === null ? '' : String(value).trim();
    if (text === '') return IDLE_MINUTES.default;
    const n = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
    if (!(n >= IDLE_MINUTES.min && n <= IDLE_MINUTES.max)) {
      ctx.issues.push({
        code: 'custom',
        input: value,
        message:
          `must be a whole number of minutes from ${IDLE_MINUTES.min} to ${IDLE_MINUTES.max} (a day), ` +
          `got ${JSON.stringify(value).slice(0, 60)}`,
      });
      return z.NEVER;
    }
    return n;
  }),
);

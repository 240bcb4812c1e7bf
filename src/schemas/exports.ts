/** Input schemas of Export Submissions' selection (newest N, a date range, a status). */
import * as z from 'zod/mini';
import { parseTimestamp } from '../shared/dates';

/** An optional whole number from 1 to `max`; empty means "not given". */
export const OptionalCount = (max: number) =>
  z.pipe(
    z.optional(
      z.nullable(z.union([z.number(), z.string()], { error: `must be a whole number from 1 to ${max}` })),
    ),
    z.transform((value, ctx): number | undefined => {
      if (value === undefined || value === null || String(value).trim() === '') return undefined;
      const text = String(value).trim();
      const n = /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.issues.push({
          code: 'custom',
          input: value,
          message: `must be a whole number from 1 to ${max}, got ${JSON.stringify(value).slice(0, 60)}`,
        });
        return z.NEVER;
      }
      return n;
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

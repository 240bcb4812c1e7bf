/**
 * Input schemas of Update Form: each empty value means "keep"; a bad value is refused with its field
 * named before any request (OpnForm's own rules: visibility one of public, closed, draft;
 * `closes_at` a date; `max_submissions_count` a whole number of at least 1).
 */
import * as z from 'zod/mini';
import { isEmpty } from '../schemas/inputs';
import { parseTimestamp } from '../shared/dates';

/** OpnForm's visibilities (recorded `forms--update-form`: any other value answers 422). */
export const VISIBILITIES = ['public', 'closed', 'draft'] as const;

/** An optional date-time, sent to OpnForm in UTC ISO 8601 (`2026-12-31T23:00:00.000Z`). */
export const OptionalDateTime = z.pipe(
  z.optional(z.nullable(z.union([z.string(), z.number()], { error: 'must be a date and time' }))),
  z.transform((value, ctx): string | undefined => {
    if (isEmpty(value)) return undefined;
    const ms = parseTimestamp(String(value));
    if (ms !== undefined) return new Date(ms).toISOString();
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: `must be a date and time such as 2026-12-31T23:00:00Z (got ${JSON.stringify(value).slice(0, 60)})`,
    });
    return z.NEVER;
  }),
);

/** An optional whole number of at least 1 (OpnForm: `integer|nullable|min:1`). */
export const OptionalLimit = z.pipe(
  z.optional(
    z.nullable(z.union([z.string(), z.number()], { error: 'must be a whole number of at least 1' })),
  ),
  z.transform((value, ctx): number | undefined => {
    if (isEmpty(value)) return undefined;
    const text = String(value).trim();
    const n = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isSafeInteger(n) && n >= 1) return n;
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: `must be a whole number of at least 1 (got ${JSON.stringify(value).slice(0, 60)})`,
    });
    return z.NEVER;
  }),
);

/**
 * An optional list of choices: Zapier sends a list input as an array (one line each); a single mapped
 * text is one choice. Surrounding spaces are trimmed, empty lines dropped; no entries means "not given".
 */
export const OptionalChoiceList = z.pipe(
  z.optional(
    z.nullable(
      z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number(), z.null()]))], {
        error: 'must be a list of choices (text)',
      }),
    ),
  ),
  z.transform((value): string[] | undefined => {
    if (value === undefined || value === null) return undefined;
    const items = (Array.isArray(value) ? value : [value])
      .filter((item) => item !== null)
      .map((item) => String(item).trim())
      .filter((item) => item !== '');
    return items.length === 0 ? undefined : items;
  }),
);

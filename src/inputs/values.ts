/**
 * What an input value may be: ids, text, an email address, choices, yes/no, counts, lists, a job id.
 * Zapier hands inputs over as strings or numbers (a dropdown choice, a mapped value from an earlier
 * step); these accept both and say what is allowed. Each is built on first use (`lazy`, as the answers'
 * schemas are): `FormId()` is the schema; a factory such as `Choice(values)` builds one when called, so
 * call it only inside a step's `inputObject(() => ...)`. Date-times and the submitted range:
 * ./dates.ts; a webhook's URL, secret and headers: ./webhook.ts.
 */
import * as z from 'zod/mini';
import { lazy } from '../schemas/lazy';

const MAX_ID = Number.MAX_SAFE_INTEGER;

/**
 * A step's input object, built on first use:
 * `const Input = inputObject(() => ({ form_id: FormId() }))`, then `parseInput(z, Input(), ...)`.
 * Steps build theirs from the pieces below without importing zod.
 */
export const inputObject = <T extends z.core.$ZodLooseShape>(shape: () => T) => lazy(() => z.object(shape()));

/** Nothing entered: no value, or only spaces. */
export const isEmpty = (value: unknown) =>
  value === undefined || value === null || String(value).trim() === '';

/**
 * A whole number from `min` to `max`, given as a number or as at most `digits` digits; otherwise one
 * issue: "<allowed>, got <the value, shortened>". Shared by every whole-number input.
 */
export const wholeNumber = (
  value: unknown,
  ctx: { issues: z.core.$ZodRawIssue[] },
  { min, max, digits, allowed }: { min: number; max: number; digits: number; allowed: string },
): number => {
  const text = String(value).trim();
  const n = new RegExp(`^\\d{1,${digits}}$`).test(text) ? Number(text) : Number.NaN;
  if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
  ctx.issues.push({
    code: 'custom',
    input: value,
    message: `${allowed}, got ${JSON.stringify(value).slice(0, 60)}`,
  });
  return z.NEVER;
};

/** A positive integer id, given as a number or as digits. */
export const IntegerId = lazy(() =>
  z.pipe(
    z.union([z.number(), z.string()], { error: 'must be a whole number (an OpnForm id)' }),
    z.transform((value, ctx) =>
      wholeNumber(value, ctx, {
        min: 1,
        max: MAX_ID,
        digits: 16,
        allowed: 'must be a whole number (an OpnForm id)',
      }),
    ),
  ),
);

export const WorkspaceId = IntegerId;
export const FormId = IntegerId;
export const SubmissionId = IntegerId;
export const UserId = IntegerId;
export const InviteId = IntegerId;
export const WebhookIntegrationId = IntegerId;

/** An optional id: empty means "not given"; anything else must be an id (the id's own message). */
export const OptionalId = lazy(() =>
  z.pipe(
    z.optional(
      z.nullable(z.union([z.string(), z.number()], { error: 'must be a whole number (an OpnForm id)' })),
    ),
    z.transform((value, ctx): number | undefined => {
      if (isEmpty(value)) return undefined;
      const parsed = IntegerId().safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: parsed.error.issues[0]?.message ?? 'is not an id',
      });
      return z.NEVER;
    }),
  ),
);

/** Required free text: trimmed, not empty; `required` is the whole message of a missing value. */
export const RequiredText = (required = 'is required') =>
  z.pipe(
    z.union([z.string(), z.number()], { error: required }),
    z.transform((value, ctx) => {
      const text = String(value).trim();
      if (text === '') {
        ctx.issues.push({ code: 'custom', input: value, message: required });
        return z.NEVER;
      }
      return text;
    }),
  );

/**
 * One email address to write to OpnForm (Invite Member): trimmed, lower-cased, one `@` and a dotted
 * domain, no spaces, at most 255 characters. Lower case because OpnForm looks accounts up
 * case-sensitively: an existing account's email in other case would get a registration invite.
 */
export const EmailAddress = lazy(() =>
  z.pipe(
    RequiredText('is required (an email address)'),
    z.transform((text, ctx) => {
      const email = text.toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 255) {
        ctx.issues.push({
          code: 'custom',
          input: text,
          message: `must be one email address like name@example.org (got ${JSON.stringify(text).slice(0, 60)})`,
        });
        return z.NEVER;
      }
      return email;
    }),
  ),
);

/** Optional free text: trimmed; empty means "not given". */
export const OptionalText = lazy(() =>
  z.pipe(
    z.optional(z.nullable(z.union([z.string(), z.number()], { error: 'must be text' }))),
    z.transform((value) => {
      const text = value === undefined || value === null ? '' : String(value).trim();
      return text === '' ? undefined : text;
    }),
  ),
);

/**
 * Optional free text of at most `max` characters (Unicode code points, as PHP's `mb_*` functions count
 * them): trimmed, empty means "not given". Longer text is refused rather than sent: OpnForm would cut it
 * (a form title past 255) or its database refuse it. `why` ends the message (what the server would do).
 */
export const OptionalTextUpTo = (max: number, why: string) =>
  z.pipe(
    OptionalText(),
    z.transform((text, ctx): string | undefined => {
      if (text === undefined || text.length <= max) return text;
      const length = [...text].length;
      if (length <= max) return text;
      ctx.issues.push({
        code: 'custom',
        input: '[long text]',
        message: `must be at most ${max} characters (it has ${length}): ${why}`,
      });
      return z.NEVER;
    }),
  );

/** One of a fixed set of choices, compared case-insensitively, with the allowed values named. */
export const Choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.pipe(
    z.union([z.string(), z.number()], { error: `must be one of ${values.join(', ')}` }),
    z.transform((value, ctx) => {
      const text = String(value).trim().toLowerCase();
      const found = values.find((v) => v.toLowerCase() === text);
      if (found === undefined) {
        ctx.issues.push({
          code: 'custom',
          input: value,
          message: `must be one of ${values.join(', ')} (got ${JSON.stringify(value).slice(0, 60)})`,
        });
        return z.NEVER;
      }
      return found as T[number];
    }),
  );

/** An optional choice: empty means "not given". */
export const OptionalChoice = <const T extends readonly [string, ...string[]]>(values: T) => {
  const choice = Choice(values);
  return z.pipe(
    z.optional(z.nullable(z.union([z.string(), z.number()]))),
    z.transform((value, ctx): T[number] | undefined => {
      if (value === undefined || value === null || String(value).trim() === '') return undefined;
      const parsed = choice.safeParse(value);
      if (!parsed.success) {
        ctx.issues.push({ code: 'custom', input: value, message: `must be one of ${values.join(', ')}` });
        return z.NEVER;
      }
      return parsed.data;
    }),
  );
};

/**
 * Two yes/no inputs with their own words and messages (both kept: live Zaps and tests rely on each).
 * `Flag` (the "Remove ..." switches): true/yes/1/on, false/no/0/off, empty is no.
 */
export const Flag = lazy(() =>
  z.pipe(
    z.optional(z.nullable(z.union([z.boolean(), z.string(), z.number()]))),
    z.transform((value, ctx): boolean => {
      if (isEmpty(value)) return false;
      if (typeof value === 'boolean') return value;
      const text = String(value).trim().toLowerCase();
      if (['true', 'yes', '1', 'on'].includes(text)) return true;
      if (['false', 'no', '0', 'off'].includes(text)) return false;
      ctx.issues.push({ code: 'custom', input: value, message: 'must be yes or no (true or false)' });
      return z.NEVER;
    }),
  ),
);

/** `YesNo` (the submission steps' choices): true/yes/1/y, false/no/0/n, empty is no. */
export const YesNo = lazy(() =>
  z.pipe(
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
  ),
);

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

/** An optional whole number of at least 1 (OpnForm: `integer|nullable|min:1`). */
export const OptionalLimit = lazy(() =>
  z.pipe(
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
  ),
);

/** Optional whole number of seconds (completion time). */
export const OptionalSeconds = lazy(() =>
  z.pipe(
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
  ),
);

/** An optional list of texts: a Zapier list, or one comma-separated text; empty items dropped. */
export const OptionalTextList = lazy(() =>
  z.pipe(
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
  ),
);

/**
 * An optional list of choices: Zapier sends a list input as an array (one line each); a single mapped
 * text is one choice (commas included). Surrounding spaces are trimmed, empty lines dropped; no entries
 * means "not given".
 */
export const OptionalChoiceList = lazy(() =>
  z.pipe(
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
  ),
);

/** An export job id (a UUID on real servers): required text without spaces. */
export const JobId = lazy(() =>
  z.pipe(
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
  ),
);

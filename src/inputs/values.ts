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
import { EMAIL_ADDRESS } from '../shared/text';

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

/** Where a value's check reports its problem. */
type Ctx = { issues: z.core.$ZodRawIssue[] };

/** Refuses `input` with `message` (what follows the field's name in the error). */
export const refuse = (ctx: Ctx, input: unknown, message: string): never => {
  ctx.issues.push({ code: 'custom', input, message });
  return z.NEVER;
};

/** The value, shortened, as the end of a message: `"abc"`. */
export const shown = (value: unknown) => JSON.stringify(value).slice(0, 60);

/**
 * An optional value given as text or a number: nothing entered (empty, spaces only, null) means "not
 * given"; anything else is checked by `read`, which refuses what is not allowed. `error` is the message
 * for a value of another type.
 */
export const optionalValue = <T>(error: string, read: (value: string | number, ctx: Ctx) => T) =>
  z.pipe(
    z.optional(z.nullable(z.union([z.string(), z.number()], { error }))),
    z.transform((value, ctx): T | undefined =>
      isEmpty(value) ? undefined : read(value as string | number, ctx),
    ),
  );

/**
 * A whole number from `min` to `max`, given as a number or as at most `digits` digits; otherwise one
 * issue: "<allowed>, got <the value, shortened>". Shared by every whole-number input.
 */
export const wholeNumber = (
  value: unknown,
  ctx: Ctx,
  { min, max, digits, allowed }: { min: number; max: number; digits: number; allowed: string },
): number => {
  const text = String(value).trim();
  const n = text.length <= digits && /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
  return refuse(ctx, value, `${allowed}, got ${shown(value)}`);
};

const ID = { min: 1, max: MAX_ID, digits: 16, allowed: 'must be a whole number (an OpnForm id)' };

/** A positive integer id, given as a number or as digits. */
export const IntegerId = lazy(() =>
  z.pipe(
    z.union([z.number(), z.string()], { error: ID.allowed }),
    z.transform((value, ctx) => wholeNumber(value, ctx, ID)),
  ),
);

export const WorkspaceId = IntegerId;
export const FormId = IntegerId;
export const UserId = IntegerId;
export const InviteId = IntegerId;
export const WebhookIntegrationId = IntegerId;

/** An optional id: empty means "not given". */
export const OptionalId = lazy(() => optionalValue(ID.allowed, (value, ctx) => wholeNumber(value, ctx, ID)));

/** Required free text: trimmed, not empty; `required` is the whole message of a missing value. */
export const RequiredText = (required = 'is required') =>
  z.pipe(
    z.union([z.string(), z.number()], { error: required }),
    z.transform((value, ctx) => {
      const text = String(value).trim();
      return text === '' ? refuse(ctx, value, required) : text;
    }),
  );

const MAX_INVITE_EMAIL = 255;

/**
 * One email address to write to OpnForm (Invite Member): trimmed, lower-cased, one `@` and a dotted
 * domain, no spaces, at most 255 characters. Lower case because OpnForm looks accounts up
 * case-sensitively: an existing account's email in other case would get a registration invite.
 */
export const EmailAddress = lazy(() =>
  z.pipe(
    RequiredText('is required (an email address)'),
    z.transform((text, ctx) => {
      // the length first: nothing longer is read by a pattern
      if (text.length > MAX_INVITE_EMAIL)
        return refuse(
          ctx,
          text,
          `must be one email address of at most ${MAX_INVITE_EMAIL} characters (got ${text.length} characters)`,
        );
      const email = text.toLowerCase();
      return EMAIL_ADDRESS.test(email)
        ? email
        : refuse(ctx, text, `must be one email address like name@example.org (got ${shown(text)})`);
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
      return refuse(ctx, '[long text]', `must be at most ${max} characters (it has ${length}): ${why}`);
    }),
  );

/** One of a fixed set of choices, compared case-insensitively, with the allowed values named. */
export const Choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.pipe(
    z.union([z.string(), z.number()], { error: `must be one of ${values.join(', ')}` }),
    z.transform((value, ctx) => {
      const text = String(value).trim().toLowerCase();
      const found = values.find((v) => v.toLowerCase() === text) as T[number] | undefined;
      return found ?? refuse(ctx, value, `must be one of ${values.join(', ')} (got ${shown(value)})`);
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
      return parsed.success ? parsed.data : refuse(ctx, value, `must be one of ${values.join(', ')}`);
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
      return refuse(ctx, value, 'must be yes or no (true or false)');
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
      return refuse(ctx, value, `must be yes or no (got ${JSON.stringify(value)})`);
    }),
  ),
);

/** An optional whole number from 1 to `max`; empty means "not given". */
export const OptionalCount = (max: number) => {
  const allowed = `must be a whole number from 1 to ${max}`;
  return optionalValue(allowed, (value, ctx) => wholeNumber(value, ctx, { min: 1, max, digits: 7, allowed }));
};

/** An optional whole number of at least 1 (OpnForm: `integer|nullable|min:1`). */
export const OptionalLimit = lazy(() =>
  optionalValue('must be a whole number of at least 1', (value, ctx) => {
    const text = String(value).trim();
    const n = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
    return Number.isSafeInteger(n) && n >= 1
      ? n
      : refuse(ctx, value, `must be a whole number of at least 1 (got ${shown(value)})`);
  }),
);

/** Optional whole number of seconds (completion time). */
export const OptionalSeconds = lazy(() =>
  optionalValue('must be a whole number of seconds', (value, ctx) => {
    const text = String(value).trim();
    return /^\d{1,9}$/.test(text)
      ? Number(text)
      : refuse(ctx, value, `must be a whole number of seconds, got ${shown(value)}`);
  }),
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
      return /^[A-Za-z0-9_-]{1,100}$/.test(text)
        ? text
        : refuse(ctx, value, `must be an export job id (letters, digits and dashes), got ${shown(value)}`);
    }),
  ),
);

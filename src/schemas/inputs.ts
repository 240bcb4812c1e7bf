/**
 * Input schemas shared by operations. Zapier hands inputs over as strings or numbers (a dropdown
 * choice, a mapped value from an earlier step); these accept both and say what is allowed.
 */
import * as z from 'zod/mini';

const MAX_ID = Number.MAX_SAFE_INTEGER;

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
export const IntegerId = z.pipe(
  z.union([z.number(), z.string()], { error: 'must be a whole number (an OpnForm id)' }),
  z.transform((value, ctx) =>
    wholeNumber(value, ctx, {
      min: 1,
      max: MAX_ID,
      digits: 16,
      allowed: 'must be a whole number (an OpnForm id)',
    }),
  ),
);

export const WorkspaceId = IntegerId;
export const FormId = IntegerId;
export const SubmissionId = IntegerId;
export const UserId = IntegerId;
export const InviteId = IntegerId;
export const WebhookIntegrationId = IntegerId;

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
export const EmailAddress = z.pipe(
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
);

/** Optional free text: trimmed; empty means "not given". */
export const OptionalText = z.pipe(
  z.optional(z.nullable(z.union([z.string(), z.number()], { error: 'must be text' }))),
  z.transform((value) => {
    const text = value === undefined || value === null ? '' : String(value).trim();
    return text === '' ? undefined : text;
  }),
);

/**
 * Optional free text of at most `max` characters (Unicode code points, as PHP's `mb_*` functions count
 * them): trimmed, empty means "not given". Longer text is refused rather than sent: OpnForm would cut it
 * (a form title past 255) or its database refuse it. `why` ends the message (what the server would do).
 */
export const OptionalTextUpTo = (max: number, why: string) =>
  z.pipe(
    OptionalText,
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
export const OptionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.pipe(
    z.optional(z.nullable(z.union([z.string(), z.number()]))),
    z.transform((value, ctx): T[number] | undefined => {
      if (value === undefined || value === null || String(value).trim() === '') return undefined;
      const parsed = Choice(values).safeParse(value);
      if (!parsed.success) {
        ctx.issues.push({ code: 'custom', input: value, message: `must be one of ${values.join(', ')}` });
        return z.NEVER;
      }
      return parsed.data;
    }),
  );

/** An operation's input object; operations build theirs from the pieces above without importing zod. */
export const inputObject = <T extends z.core.$ZodLooseShape>(shape: T) => z.object(shape);

/** The workspace picker alone. */
export const WorkspaceInput = inputObject({ workspace_id: WorkspaceId });

/** The workspace and form pickers. */
export const FormInput = inputObject({ workspace_id: WorkspaceId, form_id: FormId });

/** Nothing entered: no value, or only spaces. */
export const isEmpty = (value: unknown) =>
  value === undefined || value === null || String(value).trim() === '';

/** A yes/no input (Zapier sends booleans or the strings true/false/yes/no); empty is false. */
export const Flag = z.pipe(
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
);

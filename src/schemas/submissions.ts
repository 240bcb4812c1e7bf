/**
 * Schemas of the submissions domain: hook subscription data and trigger inputs, list pages, the update
 * answer in its three known shapes, export answers and the inputs of the submission steps.
 */
import * as z from 'zod/mini';
import { FormId, FormInput, WorkspaceId } from './inputs';
import { DeliveryPayload, Paginated, Submission } from './resources';

/** `GET /open/forms/{id}/submissions`. */
export const SubmissionPage = Paginated(Submission);
export type SubmissionPage = z.infer<typeof SubmissionPage>;

/** Spec shape (a) of the update answer: `{message, data: {submission_id, form_id, submitted_at, data}}`. */
const SpecUpdated = z.looseObject({
  submission_id: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  form_id: z.optional(z.nullable(z.number())),
  submitted_at: z.optional(z.nullable(z.string())),
  data: z.record(z.string(), z.unknown()),
});

/**
 * The answer of `PUT /open/forms/{id}/submissions/{sid}`: a bare Submission (spec b), a message with
 * the spec's `{submission_id, form_id, submitted_at, data}` (spec a), or the real server's
 * `{type, message, data: <submission item>}`.
 */
export const UpdateReply = z.union([
  Submission,
  z.looseObject({
    message: z.optional(z.nullable(z.string())),
    type: z.optional(z.nullable(z.string())),
    data: z.union([Submission, SpecUpdated]),
  }),
]);
export type UpdateReply = z.infer<typeof UpdateReply>;

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

/** `GET /external/zapier/submissions/recent`: real server one delivery-shaped item; spec Submission items. */
export const RecentSubmissions = z.array(DeliveryPayload);

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

/** The workspace and form pickers of a form-scoped trigger (the workspace only narrows the form list). */
export { FormInput };

/** What `new_submission`'s perform reads: a delivery is shaped whatever the pickers say. */
export const DeliveryInput = z.object({ include_edits: YesNo });

/** What `performSubscribe` stores for `performUnsubscribe` (OpnForm returns no hook id). */
export const HookSubscription = z.object({ hookUrl: z.string().check(z.minLength(1)), form_id: FormId });
export type HookSubscription = z.infer<typeof HookSubscription>;

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

/** What `new_partial_submission` reads: the pickers and the idle time. */
export const PartialInput = z.object({ ...FormInput.shape, idle_minutes: IdleMinutes });

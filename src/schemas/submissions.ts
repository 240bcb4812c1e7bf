/** Schemas of the submission triggers: hook subscription data, inputs, and the answers they read. */
import * as z from 'zod/mini';
import { FormId, WorkspaceId } from './inputs';
import { DeliveryPayload, Paginated, Submission } from './resources';

/** `GET /external/zapier/submissions/recent`: real server one delivery-shaped item; spec Submission items. */
export const RecentSubmissions = z.array(DeliveryPayload);

/** `GET /open/forms/{id}/submissions`. */
export const SubmissionPage = Paginated(Submission);

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
export const FormInput = z.object({ workspace_id: WorkspaceId, form_id: FormId });

/** What `new_submission`'s perform reads: a delivery is shaped whatever the pickers say. */
export const DeliveryInput = z.object({ include_edits: YesNo });

/** What `performSubscribe` stores for `performUnsubscribe` (OpnForm returns no hook id). */
export const HookSubscription = z.object({ hookUrl: z.string().check(z.minLength(1)), form_id: FormId });
export type HookSubscription = z.infer<typeof HookSubscription>;

/**
 * OpnForm's answers of the submissions endpoints (src/api/submissions.ts): list pages and the update
 * answer in its three known shapes. The inputs of the submission steps are in ./submission-inputs.ts.
 */
import * as z from 'zod/mini';
import { Paginated, Submission } from './resources';

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

/**
 * The answer of the public `POST /forms/{slug}/answer` (submissions--public-create.json):
 * `{type, message, submission_id, is_first_submission, redirect}`; `submission_id` is null, or the
 * public UUID on a form with editable submissions, never the integer id.
 */
export const PublicAnswerReply = z.looseObject({
  type: z.optional(z.nullable(z.string())),
  message: z.optional(z.nullable(z.string())),
  submission_id: z.optional(z.nullable(z.union([z.string(), z.number()]))),
});
export type PublicAnswerReply = z.infer<typeof PublicAnswerReply>;

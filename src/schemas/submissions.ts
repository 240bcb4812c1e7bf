/**
 * OpnForm's answers about submissions (src/api/submissions.ts): the listed submission, list pages, the
 * update answer in its three known shapes and the public answer's reply. Built on first use (`lazy`).
 * The steps' inputs are in src/inputs/ and in each step's own module.
 */
import * as z from 'zod/mini';
import { optNum, optStr, Paginated } from './common';
import { lazy, type Out } from './lazy';

/** Keys OpnForm allows in `meta.attribution` (spec: SubmissionAttribution). */
export const ATTRIBUTION_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_id',
  'utm_term',
  'utm_content',
  'utm_source_platform',
  'utm_creative_format',
  'utm_marketing_tactic',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'ttclid',
  'msclkid',
] as const;
export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];

/** A submission's `meta`, with its `attribution` (shared by the list item and the hook delivery). */
export const SubmissionMeta = lazy(() =>
  z.optional(
    z.nullable(
      z.looseObject({
        attribution: z.optional(
          z.nullable(
            z.looseObject(
              Object.fromEntries(ATTRIBUTION_KEYS.map((key) => [key, optStr()])) as Record<
                AttributionKey,
                ReturnType<typeof optStr>
              >,
            ),
          ),
        ),
      }),
    ),
  ),
);

/** A submission as `/open/forms/{id}/submissions` lists it (`submission_id` is a UUID on real servers). */
export const Submission = lazy(() =>
  z.looseObject({
    id: z.number(),
    form_id: optNum(),
    completion_time: optNum(),
    data: z.record(z.string(), z.unknown()),
    meta: SubmissionMeta(),
    submission_id: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  }),
);
export type Submission = Out<typeof Submission>;

/** `GET /open/forms/{id}/submissions`. */
export const SubmissionPage = lazy(() => Paginated(Submission()));
export type SubmissionPage = Out<typeof SubmissionPage>;

/**
 * The answer of `PUT /open/forms/{id}/submissions/{sid}`: a bare Submission (spec b), a message with
 * the spec's `{submission_id, form_id, submitted_at, data}` (spec a), or the real server's
 * `{type, message, data: <submission item>}`.
 */
export const UpdateReply = lazy(() =>
  z.union([
    Submission(),
    z.looseObject({
      message: z.optional(z.nullable(z.string())),
      type: z.optional(z.nullable(z.string())),
      data: z.union([
        Submission(),
        // spec shape (a): `{message, data: {submission_id, form_id, submitted_at, data}}`
        z.looseObject({
          submission_id: z.optional(z.nullable(z.union([z.number(), z.string()]))),
          form_id: z.optional(z.nullable(z.number())),
          submitted_at: z.optional(z.nullable(z.string())),
          data: z.record(z.string(), z.unknown()),
        }),
      ]),
    }),
  ]),
);
export type UpdateReply = Out<typeof UpdateReply>;

/**
 * The answer of the public `POST /forms/{slug}/answer` (submissions--public-create.json):
 * `{type, message, submission_id, is_first_submission, redirect}`; `submission_id` is null, or the
 * public UUID on a form with editable submissions, never the integer id.
 */
export const PublicAnswerReply = lazy(() =>
  z.looseObject({
    type: z.optional(z.nullable(z.string())),
    message: z.optional(z.nullable(z.string())),
    submission_id: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  }),
);
export type PublicAnswerReply = Out<typeof PublicAnswerReply>;

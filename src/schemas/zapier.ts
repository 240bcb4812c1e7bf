/**
 * OpnForm's Zapier hook (src/api/zapier.ts): what it POSTs to a hook URL, and the hook routes' answer.
 * Built on first use (`lazy`).
 */
import * as z from 'zod/mini';
import { optNum, optStr } from './common';
import { lazy, type Out } from './lazy';
import { SubmissionMeta } from './submissions';

/** The body OpnForm POSTs to a Zapier hook (and, without `submission_id`, the legacy poll item). */
export const DeliveryPayload = lazy(() =>
  z.looseObject({
    form_id: z.optional(z.union([z.number(), z.string()])),
    form_title: optStr(),
    form_slug: optStr(),
    submission_id: z.optional(z.nullable(z.union([z.number(), z.string()]))),
    edit_link: optStr(),
    submission: z.optional(z.nullable(z.unknown())),
    message: z.optional(z.nullable(z.unknown())),
    data: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
    meta: SubmissionMeta(),
    id: z.optional(z.nullable(z.union([z.number(), z.string()]))),
    completion_time: optNum(),
    created_at: optStr(),
  }),
);
export type DeliveryPayload = Out<typeof DeliveryPayload>;

/** The legacy hook routes answer `[]` (real server); the spec does not show a body. */
export const AnyReply = lazy(() => z.unknown());

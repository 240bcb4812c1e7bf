/**
 * How stored records are rendered as OpnForm's JSON: a submission in the `/open` list, the payload
 * OpnForm posts to Zapier hooks and webhooks (also the poll answer), and the sample submission the
 * poll answers for a form without any.
 */
import type { Db } from '../db';
import { nowIso } from '../db';
import { displayValue, inputBlocks, isEmptyAnswer, rawValue, ymdHis } from '../format';
import { stableUuid } from '../seed';
import { FILE_LINK_API_MS, FILE_LINK_DELIVERY_MS, type Signer } from '../signing';
import type { Form, Submission } from '../state';

const DEPRECATION =
  'Please do not use the `submission` field. It is deprecated and will be removed in the future.';

export const createViews = (db: Db, signer: Signer, origin: () => string) => {
  const { formFileLink } = signer;
  const submissionItem = (s: Submission) => {
    const f = db.formById(s.form_id);
    const blocks = new Map(f.properties.map((b) => [b.id, b]));
    const data: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(s.answers))
      data[key] = rawValue(blocks.get(key), value, formFileLink(f.id, FILE_LINK_API_MS));
    Object.assign(data, {
      status: s.status,
      created_at: ymdHis(s.created_at),
      id: s.id,
      submission_id: s.uuid,
    });
    return {
      id: s.id,
      submission_id: s.uuid,
      form_id: s.form_id,
      completion_time: s.completion_time,
      data,
      ...(s.attribution === null ? {} : { meta: { attribution: s.attribution } }),
    };
  };
  /** The public edit link OpnForm puts in deliveries: the share URL with the submission's UUID. */
  const editLink = (f: Form, s: Submission) => `${origin()}/forms/${f.slug}?submission_id=${s.uuid}`;
  /** The payload OpnForm posts to Zapier hooks and the generic webhook (real-server-notes.md). */
  const deliveryPayload = (f: Form, s: Submission, options: { poll?: boolean } = {}) => {
    const submission: Record<string, unknown> = {};
    const data: Record<string, unknown> = {};
    for (const block of inputBlocks(f)) {
      const value = s.answers[block.id];
      if (isEmptyAnswer(value)) continue;
      const shown = displayValue(block, value, formFileLink(f.id, FILE_LINK_DELIVERY_MS));
      submission[block.name] = shown;
      data[block.id] = { value: shown, name: block.name, type: block.type };
    }
    return {
      form_id: f.id,
      form_title: f.title,
      form_slug: f.slug,
      submission,
      data,
      message: DEPRECATION,
      ...(options.poll ? {} : { submission_id: s.id }),
      ...(options.poll || !f.editable_submissions ? {} : { edit_link: editLink(f, s) }),
      ...(s.attribution === null ? {} : { meta: { attribution: s.attribution } }),
    };
  };
  const fakeSubmission = (f: Form): Submission => {
    const answers: Record<string, unknown> = {};
    for (const block of inputBlocks(f)) {
      const fake: Record<string, unknown> = {
        checkbox: true,
        number: 42,
        rating: 4,
        scale: 7,
        slider: 50,
        email: 'sample@example.com',
        url: 'https://example.com',
        date: '2026-01-01T10:00:00+00:00',
        select: block.select?.options[0]?.name ?? 'Option',
        multi_select: [block.multi_select?.options[0]?.name ?? 'Option'],
        matrix: Object.fromEntries(
          ((block.rows as string[]) ?? []).map((r) => [r, (block.columns as string[])?.[0]]),
        ),
        files: ['sample-file.pdf'],
        signature: ['sample-signature.png'],
      };
      answers[block.id] = block.type in fake ? fake[block.type] : `Sample ${block.name}`;
    }
    return {
      id: 0,
      uuid: stableUuid('fake'),
      form_id: f.id,
      status: 'completed',
      completion_time: null,
      answers,
      attribution: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    };
  };
  return { submissionItem, deliveryPayload, fakeSubmission };
};

export type Views = ReturnType<typeof createViews>;

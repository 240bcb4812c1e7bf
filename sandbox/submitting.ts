/**
 * Writing submissions: creating one (the sandbox's `submit()`, `/__sandbox/forms/:id/submit` and the
 * public answer route) and editing one through the public edit link, each followed by the form's
 * integrations (sandbox/deliveries.ts).
 */
import { checkAnswers } from './answers';
import { type Db, nowIso } from './db';
import { type Delivery, deliverToIntegrations } from './deliveries';
import { inputBlocks } from './format';
import { isLoopback } from './hook-post';
import { ATTRIBUTION_KEYS } from './opnform-constants';
import { invalid, missing, paymentRequired } from './reply';
import { stableUuid } from './seed';
import type { Form, Submission } from './state';
import type { Views } from './views/submissions';

export interface CreateOptions {
  partial?: boolean;
  attribution?: Record<string, string>;
  /** The public answer endpoint: files as the real rule takes them, hidden prefills stored. */
  strict?: boolean;
  /** Seconds as sent (the public endpoint: null when not sent); 42 otherwise. */
  completionTime?: number | null;
}

export const createSubmitter = (
  db: Db,
  views: Views,
  deliveries: Delivery[],
  resolveHook: ((url: string) => string | null | undefined) | undefined,
) => {
  const { state } = db;
  /** Runs the form's integrations for a completed submission (sandbox/deliveries.ts). */
  const deliver = async (f: Form, s: Submission) => {
    if (s.status !== 'completed') return;
    await deliverToIntegrations(
      { state, isLoopback, log: deliveries, now: nowIso, resolveHook },
      f.id,
      s.answers,
      views.deliveryPayload(f, s),
    );
  };
  /** Answers keyed by field id or (first match) by field name, re-keyed by field id. */
  const byField = (f: Form, answersIn: Record<string, unknown>) => {
    const byKey: Record<string, unknown> = {};
    const blocks = inputBlocks(f);
    for (const [key, value] of Object.entries(answersIn)) {
      const block = blocks.find((b) => b.id === key) ?? blocks.find((b) => b.name === key);
      byKey[block?.id ?? key] = value;
    }
    return byKey;
  };
  const createSubmission = async (
    f: Form,
    answersIn: Record<string, unknown>,
    opts: CreateOptions = {},
  ): Promise<Submission> => {
    const byKey = byField(f, answersIn);
    if (opts.partial && db.workspaceOfForm(f).plan_tier === 'free') throw paymentRequired();
    const attributionErrors = Object.entries(opts.attribution ?? {}).filter(
      ([key, value]) => !ATTRIBUTION_KEYS.includes(key) || typeof value !== 'string' || value.length > 2048,
    );
    if (attributionErrors.length > 0) {
      throw invalid(
        Object.fromEntries(
          attributionErrors.map(([key]) => [
            `meta.attribution.${key}`,
            [`The attribution ${key} is not allowed.`],
          ]),
        ),
      );
    }
    const { answers, errors } = checkAnswers(f, byKey, state.files, {
      partial: opts.partial,
      strict: opts.strict,
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);
    if (opts.strict) Object.assign(answers, db.hiddenPrefills(f, answers));
    const id = state.next.submission++;
    const at = nowIso();
    const s: Submission = {
      id,
      uuid: stableUuid(`submission:${id}:${at}`),
      form_id: f.id,
      status: opts.partial ? 'partial' : 'completed',
      completion_time: opts.partial ? null : opts.completionTime === undefined ? 42 : opts.completionTime,
      answers,
      attribution: opts.attribution === undefined ? null : { ...opts.attribution },
      created_at: at,
      updated_at: at,
    };
    state.submissions.push(s);
    await deliver(f, s);
    return s;
  };
  /** An edit through the public edit link: answers validated and replaced, deliveries fired again. */
  const editSubmission = async (id: number, answersIn: Record<string, unknown>): Promise<Submission> => {
    const s = state.submissions.find((x) => x.id === id);
    if (s === undefined) throw missing('Forms\\FormSubmission', id);
    const f = db.formById(s.form_id);
    const { answers, errors } = checkAnswers(f, byField(f, answersIn), state.files, {
      partial: s.status === 'partial',
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);
    s.answers = answers;
    s.updated_at = nowIso();
    await deliver(f, s);
    return s;
  };
  return { deliver, createSubmission, editSubmission };
};

export type Submitter = ReturnType<typeof createSubmitter>;

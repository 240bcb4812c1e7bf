/**
 * Writing submissions: answering a form (the sandbox's `submit()`, `/__sandbox/forms/:id/submit`
 * and the public answer route) and editing one through the public edit link, each followed by the
 * form's integrations (sandbox/deliveries.ts).
 *
 * In production mode (sandbox/worker.ts) an answer to a form without editable submissions is
 * validated in the request and stored later by the worker's store job; the integrations of a stored
 * or edited submission always run in the worker's notify job. In sync mode (the recordings of
 * `test/recorded/`) everything happens before the answer returns.
 *
 * A form with `database_fields_update` turns an answer into an upsert: the submission matched on
 * those questions' answers (sandbox/postgres.ts, `recordToUpdate`) keeps its id, public UUID and
 * creation time, and its answers are replaced (submissions--database-fields-update.json).
 */
import { checkAnswers } from './answers';
import { type Db, nowIso } from './db';
import { type Delivery, deliverToIntegrations } from './deliveries';
import { settleFiles } from './file-storage';
import { inputBlocks } from './format';
import { isLoopback } from './hook-post';
import { ATTRIBUTION_KEYS } from './opnform-constants';
import { recordToUpdate, rewritten } from './postgres';
import { invalid, missing, paymentRequired } from './reply';
import { stableUuid } from './seed';
import type { Form, Submission } from './state';
import { setting } from './submission-rules';
import type { Views } from './views/submissions';
import type { Worker } from './worker';

export interface CreateOptions {
  partial?: boolean;
  attribution?: Record<string, string>;
  /** The public answer endpoint: files as the real rule takes them, hidden prefills stored. */
  strict?: boolean;
  /** Seconds as sent (the public endpoint: null when not sent); 42 otherwise. */
  completionTime?: number | null;
}

/**
 * An accepted answer: stored now, or queued for the worker (`queued`); `stored` settles once it is,
 * `delivered` once its integrations ran too.
 */
export interface Answered {
  queued: boolean;
  stored: Promise<Submission>;
  delivered: Promise<void>;
}

export const createSubmitter = (
  db: Db,
  views: Views,
  deliveries: Delivery[],
  resolveHook: ((url: string) => string | null | undefined) | undefined,
  /** The production mode's worker; undefined: sync mode. */
  worker: Worker | undefined,
) => {
  const { state } = db;
  const runIntegrations = (f: Form, s: Submission) =>
    deliverToIntegrations(
      { state, isLoopback, log: deliveries, now: nowIso, resolveHook, couldntConnect: worker !== undefined },
      f.id,
      s.answers,
      views.deliveryPayload(f, s),
    );
  /**
   * Runs the form's integrations for a completed submission: at once (sync mode: awaited before
   * the answer), or in the worker's notify job (production: the payload is read when the job runs).
   * `delivered` settles once they ran.
   */
  const deliver = async (f: Form, s: Submission): Promise<{ delivered: Promise<void> }> => {
    if (s.status !== 'completed') return { delivered: Promise.resolve() };
    if (worker === undefined) {
      await runIntegrations(f, s);
      return { delivered: Promise.resolve() };
    }
    const delivered = worker
      .enqueue('notify', f.id, () => (s.status === 'completed' ? runIntegrations(f, s) : undefined))
      .then(() => undefined);
    delivered.catch((error: unknown) => console.error('sandbox notify job failed:', error));
    return { delivered };
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
  /** The request's part: the answers checked as the server's form request does (a refusal is thrown). */
  const checked = (f: Form, answersIn: Record<string, unknown>, opts: CreateOptions) => {
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
    const { answers, errors } = checkAnswers(f, byField(f, answersIn), state, {
      partial: opts.partial,
      strict: opts.strict,
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);
    if (opts.strict) Object.assign(answers, db.hiddenPrefills(f, answers));
    return answers;
  };
  /** The store job's part: a new submission, or the one `database_fields_update` matches replaced. */
  const store = async (f: Form, checkedAnswers: Record<string, unknown>, opts: CreateOptions) => {
    const at = nowIso();
    // the uploads an answer names move to the form's storage now (in the worker's job, if queued)
    const answers = settleFiles(state, f, checkedAnswers);
    const status = opts.partial ? 'partial' : 'completed';
    const completionTime = opts.partial ? null : opts.completionTime === undefined ? 42 : opts.completionTime;
    const attribution = opts.attribution === undefined ? null : { ...opts.attribution };
    const target = opts.partial
      ? undefined
      : recordToUpdate(state, f.id, setting(f, 'database_fields_update'), answers);
    let s: Submission;
    if (target !== undefined) {
      Object.assign(target, {
        status,
        answers,
        completion_time: completionTime,
        attribution,
        updated_at: at,
      });
      rewritten(state, target);
      s = target;
    } else {
      const id = state.next.submission++;
      s = {
        id,
        uuid: stableUuid(`submission:${id}:${at}`),
        form_id: f.id,
        status,
        completion_time: completionTime,
        answers,
        attribution,
        created_at: at,
        updated_at: at,
      };
      state.submissions.push(s);
    }
    const { delivered } = await deliver(f, s);
    return { s, delivered };
  };
  /**
   * Answers form `f` as a respondent does: checked now (a refusal is thrown); stored now, or in
   * production mode by the worker unless the form has editable submissions or the answer is partial
   * (OpnForm's `FormSubmissionProcessor::shouldProcessSynchronously` and its partial path).
   */
  const answer = (f: Form, answersIn: Record<string, unknown>, opts: CreateOptions = {}): Answered => {
    const answers = checked(f, answersIn, opts);
    const inline = worker === undefined || f.editable_submissions || opts.partial === true;
    const result = inline
      ? store(f, answers, opts)
      : worker.enqueue('store', f.id, () => store(f, answers, opts));
    const stored = result.then((r) => r.s);
    const delivered = result.then((r) => r.delivered);
    // nobody may wait for them (the public route answers at once): a failure is logged, not thrown
    stored.catch(() => undefined);
    delivered.catch((error: unknown) => console.error('sandbox store job failed:', error));
    return { queued: !inline, stored, delivered };
  };
  /**
   * Answers a form and settles once the answer is stored and its integrations ran (in production
   * mode: once the worker ran both jobs).
   */
  const createSubmission = async (
    f: Form,
    answersIn: Record<string, unknown>,
    opts: CreateOptions = {},
  ): Promise<Submission> => {
    const { stored, delivered } = answer(f, answersIn, opts);
    await delivered;
    return stored;
  };
  /** An edit through the public edit link: answers validated and replaced, deliveries fired again. */
  const editSubmission = async (id: number, answersIn: Record<string, unknown>): Promise<Submission> => {
    const s = state.submissions.find((x) => x.id === id);
    if (s === undefined) throw missing('Forms\\FormSubmission', id);
    const f = db.formById(s.form_id);
    const { answers, errors } = checkAnswers(f, byField(f, answersIn), state, {
      partial: s.status === 'partial',
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);
    s.answers = answers;
    s.updated_at = nowIso();
    rewritten(state, s);
    const { delivered } = await deliver(f, s);
    await delivered;
    return s;
  };
  return { deliver, answer, createSubmission, editSubmission };
};

export type Submitter = ReturnType<typeof createSubmitter>;

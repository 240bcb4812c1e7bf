/**
 * What the two instant submission triggers share (New Submission, New or Updated Submission): the
 * subscription to OpnForm's legacy Zapier hooks, the delivery read and shaped, the per-Zap memory
 * that tells new submissions from edits and skips unchanged re-deliveries, and the editor's test
 * records read from the /open list.
 */
import { randomInt } from 'node:crypto';
import type {
  Bundle,
  WebhookTriggerPerformSubscribe,
  WebhookTriggerPerformUnsubscribe,
  ZObject,
} from 'zapier-platform-core';
import * as v from 'zod/mini';
import * as forms from '../../api/forms';
import * as submissions from '../../api/submissions';
import * as zapier from '../../api/zapier';
import { badResponse, userError } from '../../errors';
import { readFormIn } from '../../forms/in-workspace';
import { FormInput } from '../../inputs/fields';
import { FormId } from '../../inputs/values';
import type { Form } from '../../schemas/forms';
import { lazy, type Out } from '../../schemas/lazy';
import { type labelsOf, parseInput, summarize } from '../../schemas/parse';
import type { Submission } from '../../schemas/submissions';
import { DeliveryPayload } from '../../schemas/zapier';
import { dateQuestions, isoDateTime } from '../../shared/dates';
import { jsonBytes } from '../../shared/output-budget';
import type { StepCase } from '../../shared/step-case';
import type { OutputField, SubmissionOutput } from '../output/output-types';
import { deliveryId, shapeDelivery } from '../output/shape';
import { deliveryDates, deliveryOfSubmission } from './delivery-dates';
import { transferList } from './transfer';

/** A hook trigger's item: the submission, when Zapier received it, and whether it is an edit (null: cannot tell). */
export type HookItem = SubmissionOutput & { received_at: string; is_edit: boolean | null };

/** How many of the newest completed submissions the editor's test offers (one request). */
export const SAMPLE_SIZE = 3;

/** How long a delivered submission id is remembered to tell edits from new submissions. */
export const SEEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/** The output fields of `received_at` and `is_edit`. */
export const HOOK_OUTPUT_FIELDS: OutputField[] = [
  { key: 'received_at', label: 'Received At', type: 'datetime' },
  { key: 'is_edit', label: 'Is Edit', type: 'boolean' },
];

/** Now, as ISO 8601 with offset (`2026-11-23T20:15:04+00:00`). */
const nowIso = (): string => new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** The step's input fields (their labels name a bad value). */
type Fields = Parameters<typeof labelsOf>[0];

/** What `performSubscribe` stores for `performUnsubscribe` (OpnForm returns no hook id). */
const HookSubscription = lazy(() =>
  v.object({ hookUrl: v.string().check(v.minLength(1)), form_id: FormId() }),
);
type HookSubscription = Out<typeof HookSubscription>;

export const subscribeDataOf = (bundle: Bundle) => (bundle.subscribeData ?? {}) as Record<string, unknown>;

/**
 * The form read first (`GET /open/forms/{id}`, which `manage-integrations` alone may send): one of
 * another workspace than the chosen one is refused, naming both (like every step that names a form).
 * Then `POST /external/zapier/webhook {hookUrl, form_id}`; two Zaps on one form get two hooks.
 */
export const subscribeHook = async (z: ZObject, bundle: Bundle, inputFields: Fields) => {
  const { workspace_id, form_id } = parseInput(z, FormInput(), bundle.inputData, inputFields);
  const hookUrl = bundle.targetUrl;
  if (typeof hookUrl !== 'string' || hookUrl === '') {
    throw userError(z, 'Zapier gave no hook URL to subscribe with.', 'invalid_input');
  }
  await readFormIn(z, bundle, form_id, workspace_id, 'Nothing was subscribed.');
  await zapier.subscribe(z, bundle, hookUrl, form_id);
  // OpnForm answers `[]` (no hook id): unsubscribing needs the hook URL and the form id
  const stored: HookSubscription = { hookUrl, form_id };
  return stored;
};

/** `DELETE /external/zapier/webhook` with what subscribing stored. */
export const unsubscribeHook = async (z: ZObject, bundle: Bundle, inputFields: Fields) => {
  const saved = subscribeDataOf(bundle);
  const subscription = parseInput(
    z,
    HookSubscription(),
    {
      hookUrl: saved.hookUrl ?? bundle.targetUrl,
      form_id: saved.form_id ?? bundle.inputData?.form_id,
    },
    // the hook URL is Zapier's, not an input the user sees
    [...inputFields, { key: 'hookUrl', label: 'Hook URL' }],
  );
  // a form that is gone (deleted, or never existed) has no hooks left either (src/api/zapier.ts)
  const { formGone } = await zapier.unsubscribe(z, bundle, subscription.hookUrl, subscription.form_id);
  return { ...subscription, form_gone: formGone };
};

/**
 * What a hook trigger's `operation` starts with: its type, input fields (naming a bad value), the
 * subscription, and paging (`performList` pages through transferList for Zapier's Transfer).
 */
export const hookTrigger = <F extends Fields>(inputFields: F) => ({
  type: 'hook' as const,
  inputFields,
  canPaginate: true,
  performSubscribe: ((z, bundle) =>
    subscribeHook(z, bundle, inputFields)) satisfies WebhookTriggerPerformSubscribe,
  performUnsubscribe: ((z, bundle) =>
    unsubscribeHook(z, bundle, inputFields)) satisfies WebhookTriggerPerformUnsubscribe,
});

const HOOK = 'https://hooks.zapier.com/hooks/standard/1/fault-case/';
const PICKED = { workspace_id: '$workspaceId', form_id: '$formId' };

/**
 * A hook trigger's cases: its test records (the form, then the newest submissions), `more`, subscribe,
 * unsubscribe. Called with the pure-call mark (`@__PURE__`), so the release bundle drops them unused.
 */
export const hookCases = (review: StepCase['review'], more: StepCase[] = []): StepCase[] => [
  {
    method: 'performList',
    input: PICKED,
    minimum: 2,
    why: 'the form (question types, date formats) + newest completed submissions (real ids and times)',
    review,
  },
  ...more,
  {
    method: 'performSubscribe',
    input: PICKED,
    bundle: { targetUrl: HOOK },
    minimum: 2,
    why: 'the form (refuse one of another workspace) + subscribe',
  },
  {
    method: 'performUnsubscribe',
    input: PICKED,
    bundle: { subscribeData: { hookUrl: HOOK, form_id: '$formId' } },
    minimum: 1,
    why: 'unsubscribe',
  },
];

/** The scope that tells one Zap's subscription from another's (the hook URL is unique per Zap). */
const zapScope = (bundle: Bundle): string | undefined => {
  const saved = subscribeDataOf(bundle).hookUrl;
  if (typeof saved === 'string' && saved !== '') return saved;
  if (typeof bundle.targetUrl === 'string' && bundle.targetUrl !== '') return bundle.targetUrl;
  const zapId = bundle.meta?.zap?.id;
  return zapId === undefined || zapId === null ? undefined : `zap:${zapId}`;
};

/** What a delivery's answers are, for telling a changed re-delivery from an unchanged one (file links left out: re-signed). */
const answersFingerprint = (z: ZObject, out: SubmissionOutput): string => {
  const stable = Object.keys(out.answers)
    .sort()
    .map((id) => [id, out.answer_files[id]?.map((f) => f.name) ?? out.answers[id]]);
  return z.hash('sha256', JSON.stringify(stable));
};

/** What this Zap has seen of a delivered submission: skip it, or trigger as new, as an edit, or as unknown (no cache). */
export type DeliveryVerdict = 'skip' | 'new' | 'edit' | 'unknown';

/**
 * Whether this Zap should skip this delivery, and whether it is an edit, remembered per Zap and
 * submission in Zapier's cache for 30 days. Edits off: any earlier delivery of the submission makes
 * this one an edit, skipped. Edits on: a delivery whose answers did not change since the last one this
 * Zap received is skipped, which stops the loop of a Zap that updates the submission that triggered it
 * (its own update is delivered back once, then its unchanged answers end it); a changed one is an
 * edit. If the cache is unavailable or the Zap cannot be told apart, the delivery triggers as
 * `unknown` (a duplicate run is better than a lost submission).
 */
export const deliveryVerdict = async (
  z: ZObject,
  bundle: Bundle,
  out: SubmissionOutput,
  includeEdits = false,
): Promise<DeliveryVerdict> => {
  const scope = zapScope(bundle);
  if (scope === undefined) return 'unknown';
  const key = `opnform:delivered:${z.hash('sha256', `${scope}|${out.form_id ?? ''}|${out.id}`)}`;
  const fingerprint = answersFingerprint(z, out);
  try {
    const stored = await z.cache.get(key);
    if (stored !== null && (!includeEdits || stored === fingerprint)) return 'skip';
    await z.cache.set(key, fingerprint, SEEN_TTL_SECONDS);
    return stored === null ? 'new' : 'edit';
  } catch (error) {
    z.console.log(`Could not use Zapier's cache to tell edits apart: ${(error as Error).message}`);
    return 'unknown';
  }
};

/**
 * An id for a delivery that states no submission id: random, so two identical submissions never share
 * one (a shared id would make the second look like an edit of the first). Above 2^52 like the sample's
 * derived ids, far from real OpnForm ids, and a safe integer.
 */
const uniqueId = (): number => 2 ** 52 + randomInt(0, 2 ** 48 - 1) * 16 + randomInt(0, 16);

/**
 * The times of a triggered delivery. Deliveries carry no time: `received_at` is when Zapier received
 * it; `submitted_at` is the time the delivery states (spec servers), else, for a submission this Zap has
 * not seen before, `received_at` (OpnForm sends it seconds after the submit), else (an edit) null.
 */
const deliveryTimes = (shaped: SubmissionOutput, isEdit: boolean | null) => {
  const received_at = nowIso();
  return { submitted_at: shaped.submitted_at ?? (isEdit === true ? null : received_at), received_at };
};

/**
 * The delivery in `bundle.cleanedRequest`, shaped, with `received_at` and `is_edit`; `undefined` when
 * this Zap skips it (see `deliveryVerdict`). Without a stated id, edits cannot be told apart: every
 * such delivery triggers, with its own id. `delivery` is the payload as parsed (for 1.0.4's keys).
 */
export const readDelivery = async (z: ZObject, bundle: Bundle, includeEdits: boolean) => {
  const parsed = DeliveryPayload().safeParse(bundle.cleanedRequest, { reportInput: true });
  if (!parsed.success) {
    throw badResponse(
      z,
      `The delivery OpnForm sent to this Zap is not a submission (${summarize(parsed.error.issues)}). This ` +
        'step runs on the deliveries OpnForm sends after a form is submitted; if they keep failing, the ' +
        'server may be a version this connector does not support yet.',
      400,
    );
  }
  const delivery = parsed.data;
  const formId = delivery.form_id ?? subscribeDataOf(bundle).form_id ?? bundle.inputData?.form_id;
  const shaped = shapeDelivery(z, delivery, await deliveryDates(z, bundle, delivery, formId));
  if (deliveryId(delivery) === null) {
    const item: HookItem = { ...shaped, id: uniqueId(), ...deliveryTimes(shaped, null), is_edit: null };
    return { item, delivery };
  }
  const verdict = await deliveryVerdict(z, bundle, shaped, includeEdits);
  if (verdict === 'skip') return undefined;
  const is_edit = verdict === 'unknown' ? null : verdict === 'edit';
  const item: HookItem = { ...shaped, ...deliveryTimes(shaped, is_edit), is_edit };
  return { item, delivery };
};

/**
 * The editor's test records: the form's newest completed submissions from `GET
 * /open/forms/{id}/submissions` (forms-read or manage-integrations; subscribing needs the latter, so
 * every token that can use these triggers can read it), shaped exactly like a delivery, with their real
 * ids and times, so a following Update Submission test works. Two requests: the form (types, date
 * formats, title) and one page of submissions. OpnForm's legacy sample endpoint is no longer used: its
 * items carry no id and no time, and its example for an empty form is made up.
 *
 * Transfer (`canPaginate`): Zapier's page N is the list's page N + 1, 100 a page in a bulk read
 * (./transfer.ts), shaped the same way; an empty page ends the transfer. `output` makes each step's
 * item (of the listed item and its delivery form, for 1.0.4's keys). The page is read as a stream and
 * only the newest items whose output fits the output budget are shaped and held (src/shared/output-budget.ts).
 */
export const listedItems = async <O extends { id: number }>(
  z: ZObject,
  bundle: Bundle,
  inputFields: Fields,
  output: (item: HookItem, delivery: DeliveryPayload, form: Form) => O,
): Promise<O[]> => {
  const { form_id } = parseInput(z, FormInput(), bundle.inputData, inputFields);
  const form = await forms.read(z, bundle, form_id);
  const dates = dateQuestions(form.properties);
  const received_at = nowIso();
  const shape = (listed: Submission): O => {
    const delivery = deliveryOfSubmission(listed, form);
    const created = listed.data.created_at ?? (listed as Record<string, unknown>).created_at;
    const item: HookItem = {
      ...shapeDelivery(z, delivery, dates),
      submitted_at: typeof created === 'string' ? isoDateTime(created) : null,
      received_at,
      is_edit: false,
    };
    return output(item, delivery, form);
  };
  return transferList(
    z,
    bundle,
    SAMPLE_SIZE,
    (page, perPage, take, enough) =>
      submissions.scanPage(z, bundle, form_id, page, perPage, { status: 'completed' }, take, enough),
    { keep: shape, bytes: jsonBytes, finish: async (held) => held },
  );
};

import { randomInt } from 'node:crypto';
import {
  type Bundle,
  defineInputFields,
  defineTrigger,
  type WebhookTriggerPerform,
  type WebhookTriggerPerformList,
  type WebhookTriggerPerformSubscribe,
  type WebhookTriggerPerformUnsubscribe,
  type ZObject,
} from 'zapier-platform-core';
import * as v from 'zod/mini';
import * as forms from '../api/forms';
import * as submissions from '../api/submissions';
import * as zapier from '../api/zapier';
import { badResponse, userError } from '../errors';
import { FormInput, formField, workspaceField } from '../inputs/fields';
import { FormId, inputObject, YesNo } from '../inputs/values';
import { lazy, type Out } from '../schemas/lazy';
import { parseInput, summarize } from '../schemas/parse';
import { DeliveryPayload } from '../schemas/zapier';
import { dateQuestions, isoDateTime } from '../shared/dates';
import { deliveryDates, deliveryOfSubmission } from './delivery-dates';
import { DELIVERY_MESSAGE, type LegacyOutput, legacyOfDelivery, legacyOfListed } from './legacy-output';
import { newSubmissionOutputFields, SUBMISSION_SAMPLE } from './output-fields';
import type { SubmissionOutput } from './output-types';
import { deliveryId, shapeDelivery } from './shape';
import { transferList } from './transfer';

/**
 * The hook trigger's item: a submission, when Zapier received it, whether it is an edit of one this
 * Zap saw before (null when that cannot be told), a note kept for older Zaps (always null now), and
 * the delivery's own keys that Zaps made with version 1.0.4 map (./legacy-output.ts).
 */
export type NewSubmissionOutput = SubmissionOutput & {
  received_at: string;
  is_edit: boolean | null;
  sample_note: string | null;
} & LegacyOutput;

/** How many of the newest completed submissions the editor's test offers (one request). */
export const SAMPLE_SIZE = 3;

/** Now, as ISO 8601 with offset (`2026-11-23T20:15:04+00:00`). */
const nowIso = (): string => new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** How long a delivered submission id is remembered to tell edits from new submissions. */
export const SEEN_TTL_SECONDS = 30 * 24 * 60 * 60;

const inputFields = defineInputFields([
  { ...workspaceField, altersDynamicFields: true },
  { ...formField, altersDynamicFields: true },
  {
    key: 'include_edits',
    label: 'Also Trigger When a Submission Is Edited',
    type: 'boolean',
    required: false,
    default: 'no',
    helpText:
      '**Yes**: edits that change the answers trigger too. **Warning**: a Zap that runs Update Submission ' +
      'on the submission that triggered it loops until you turn the Zap off if each run writes a new value.',
  },
]);

/** What `perform` reads: a delivery is shaped whatever the pickers say. */
const DeliveryInput = inputObject(() => ({ include_edits: YesNo() }));

/** What `performSubscribe` stores for `performUnsubscribe` (OpnForm returns no hook id). */
const HookSubscription = lazy(() =>
  v.object({ hookUrl: v.string().check(v.minLength(1)), form_id: FormId() }),
);
type HookSubscription = Out<typeof HookSubscription>;

const subscribeDataOf = (bundle: Bundle) => (bundle.subscribeData ?? {}) as Record<string, unknown>;

const performSubscribe = (async (z, bundle) => {
  const { form_id } = parseInput(z, FormInput(), bundle.inputData, inputFields);
  const hookUrl = bundle.targetUrl;
  if (typeof hookUrl !== 'string' || hookUrl === '') {
    throw userError(z, 'Zapier gave no hook URL to subscribe with.', 'invalid_input');
  }
  await zapier.subscribe(z, bundle, hookUrl, form_id);
  // OpnForm answers `[]` (no hook id): unsubscribing needs the hook URL and the form id
  const stored: HookSubscription = { hookUrl, form_id };
  return stored;
}) satisfies WebhookTriggerPerformSubscribe;

const performUnsubscribe = (async (z, bundle) => {
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
}) satisfies WebhookTriggerPerformUnsubscribe;

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

/** Whether this Zap should skip this delivery (see `deliveryVerdict`). */
export const seenBefore = async (
  z: ZObject,
  bundle: Bundle,
  out: SubmissionOutput,
  includeEdits = false,
): Promise<boolean> => (await deliveryVerdict(z, bundle, out, includeEdits)) === 'skip';

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
 * Whether this Zap triggers on edits. A Zap made with version 1.0.4 has no `include_edits` at all (the
 * input came with 1.1.0; Zapier saves an input's default only when a Zap is created): it keeps 1.0.4's
 * behaviour, which ran the Zap on every delivery, edits included. A Zap made since has the value it saved.
 */
const includesEdits = (z: ZObject, bundle: Bundle): boolean =>
  bundle.inputData?.include_edits === undefined ||
  parseInput(z, DeliveryInput(), bundle.inputData, inputFields).include_edits;

const perform = (async (z, bundle) => {
  const include_edits = includesEdits(z, bundle);
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
  const formId = parsed.data.form_id ?? subscribeDataOf(bundle).form_id ?? bundle.inputData?.form_id;
  const shaped = shapeDelivery(z, parsed.data, await deliveryDates(z, bundle, parsed.data, formId));
  const legacy = legacyOfDelivery(parsed.data);
  // Without a stated id, edits cannot be told apart: every such delivery triggers, with its own id.
  if (deliveryId(parsed.data) === null) {
    const item: NewSubmissionOutput = {
      ...shaped,
      id: uniqueId(),
      ...deliveryTimes(shaped, null),
      is_edit: null,
      sample_note: null,
      ...legacy,
    };
    return [item];
  }
  const verdict = await deliveryVerdict(z, bundle, shaped, include_edits);
  if (verdict === 'skip') return [];
  const is_edit = verdict === 'unknown' ? null : verdict === 'edit';
  const item: NewSubmissionOutput = {
    ...shaped,
    ...deliveryTimes(shaped, is_edit),
    is_edit,
    sample_note: null,
    ...legacy,
  };
  return [item];
}) satisfies WebhookTriggerPerform;

/**
 * The editor's test records: the form's newest completed submissions from `GET
 * /open/forms/{id}/submissions` (forms-read or manage-integrations; subscribing needs the latter, so
 * every token that can use this trigger can read it), shaped exactly like a delivery, with their real
 * ids and times, so a following Update Submission test works. Two requests: the form (types, date
 * formats, title) and one page of submissions. OpnForm's legacy sample endpoint is no longer used: its
 * items carry no id and no time, and its example for an empty form is made up.
 *
 * Transfer (`canPaginate`): Zapier's page N is the list's page N + 1, 100 a page in a bulk read
 * (src/submissions/transfer.ts), shaped the same way; an empty page ends the transfer.
 */
const performList = (async (z, bundle) => {
  const { form_id } = parseInput(z, FormInput(), bundle.inputData, inputFields);
  const form = await forms.read(z, bundle, form_id);
  const page = await transferList(z, bundle, SAMPLE_SIZE, (listPage, perPage) =>
    submissions.listPage(z, bundle, form_id, listPage, perPage, { status: 'completed' }),
  );
  const dates = dateQuestions(form.properties);
  const received_at = nowIso();
  return page.data.map((item): NewSubmissionOutput => {
    const delivery = deliveryOfSubmission(item, form);
    const shaped = shapeDelivery(z, delivery, dates);
    const created = item.data.created_at ?? (item as Record<string, unknown>).created_at;
    return {
      ...shaped,
      submitted_at: typeof created === 'string' ? isoDateTime(created) : null,
      received_at,
      is_edit: false,
      sample_note: null,
      ...legacyOfListed(delivery, form),
    };
  });
}) satisfies WebhookTriggerPerformList;

export const NEW_SUBMISSION_SAMPLE: NewSubmissionOutput = {
  ...SUBMISSION_SAMPLE,
  received_at: '2026-11-21T14:03:29+00:00',
  is_edit: false,
  sample_note: null,
  // the 1.0.4 keys: like `answers`, the per-form maps are empty in the static sample
  submission_id: SUBMISSION_SAMPLE.id,
  submission: {},
  data: {},
  message: DELIVERY_MESSAGE,
  meta: {},
};

export const newSubmission = defineTrigger({
  key: 'new_submission',
  noun: 'Submission',
  display: {
    label: 'New Submission',
    description: 'Triggers when a form receives a new completed submission (instant).',
  },
  operation: {
    type: 'hook',
    inputFields,
    performSubscribe,
    performUnsubscribe,
    perform,
    performList,
    canPaginate: true,
    sample: NEW_SUBMISSION_SAMPLE,
    outputFields: newSubmissionOutputFields(
      { key: 'received_at', label: 'Received At (When Zapier Received It)', type: 'datetime' },
      { key: 'is_edit', label: 'Is an Edit (Of a Submission This Zap Saw Before)', type: 'boolean' },
      { key: 'sample_note', label: 'Note (No Longer Used, Always Empty)' },
    ),
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    method: 'performList',
    input: { workspace_id: '$workspaceId', form_id: '$formId' },
    minimum: 2,
    why: 'the form (question types, date formats) + newest completed submissions (real ids and times)',
    review: {
      on: 'Cloud and self-hosted: subscribe, answer the form',
      evidence: [
        'external--webhook-subscribe#0',
        'external--hook-delivery-every-block#1-#2',
        'external--submissions-recent#0',
        'pl/integrations--webhook-delivery-queued#3-#7',
      ],
    },
  },
  {
    method: 'performList',
    name: 'Transfer page',
    input: { workspace_id: '$workspaceId', form_id: '$formId' },
    bundle: { meta: { isBulkRead: true, page: 0 } },
    minimum: 2,
    why: 'the form (question types, date formats) + one list page of 100 (Transfer: Zapier page N = list page N + 1)',
  },
  {
    method: 'performSubscribe',
    input: { workspace_id: '$workspaceId', form_id: '$formId' },
    bundle: { targetUrl: 'https://hooks.zapier.com/hooks/standard/1/fault-case/' },
    minimum: 1,
    why: 'subscribe',
  },
  {
    method: 'performUnsubscribe',
    input: { workspace_id: '$workspaceId', form_id: '$formId' },
    bundle: {
      subscribeData: { hookUrl: 'https://hooks.zapier.com/hooks/standard/1/fault-case/', form_id: '$formId' },
    },
    minimum: 1,
    why: 'unsubscribe',
  },
];

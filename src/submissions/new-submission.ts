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
import { opnform } from '../http/client';
import { path } from '../http/path';
import { parseInput, summarize } from '../schemas/parse';
import { AnyReply, DeliveryPayload } from '../schemas/resources';
import { DeliveryInput, FormInput, HookSubscription, RecentSubmissions } from '../schemas/submissions';
import { FIELD_LABELS, formField, workspaceField } from '../shared/fields';
import {
  answerOutputFields,
  deliveryId,
  SUBMISSION_OUTPUT_FIELDS,
  SUBMISSION_SAMPLE,
  type SubmissionOutput,
  shapeDelivery,
} from './shape';

/** The hook trigger's item: a submission plus a note that is only set on sample items. */
export type NewSubmissionOutput = SubmissionOutput & { sample_note: string | null };

/** How long a delivered submission id is remembered to tell edits from new submissions. */
export const SEEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export const NO_ID_NOTE =
  "Example from OpnForm's latest submission of this form. OpnForm's sample endpoint gives no submission id, so " +
  '`id` here is derived from the answers; live runs carry the real submission id. The latest submission can ' +
  'be a partial one and the sample does not say, so `status` is empty here; live runs are always completed. ' +
  'If the form has no submissions yet, OpnForm fills this example with made-up values.';

export const INVENTED_NOTE =
  'This form has no submissions yet: OpnForm made up these values as an example. They are not a real ' +
  'submission. Submit the form once, then load a new sample.';

/** The phone number OpnForm's example-data generator puts in every phone field. */
const INVENTED_PHONE = /^(FR)?\+33749119783$/;

const EDITS_LABEL = 'Also Trigger When a Submission Is Edited';
const LABELS = { ...FIELD_LABELS, include_edits: EDITS_LABEL, hookUrl: 'Hook URL' };

const inputFields = defineInputFields([
  workspaceField,
  formField,
  {
    key: 'include_edits',
    label: EDITS_LABEL,
    type: 'boolean',
    required: false,
    default: 'no',
    helpText:
      'OpnForm sends a submission again every time it is edited (through its edit link or an Update Submission ' +
      'step), with the same Submission ID. **No** (default): the Zap runs once per submission; later deliveries ' +
      'of a submission this Zap has already seen (within 30 days) are skipped. **Yes**: the Zap also runs for ' +
      'every edit that changes the answers; use the Submission ID to update what an earlier run created. ' +
      '**Warning**: with Yes, a Zap that runs Update Submission on the submission that triggered it is ' +
      'triggered again by its own update. A delivery whose answers did not change since the last one this ' +
      'Zap received is skipped, so an update that always writes the same values runs once more and stops; ' +
      'an update that writes a new value every time (a timestamp, a counter) loops until you turn the Zap ' +
      'off. Add a Filter step, or write fixed values.',
  },
]);

const subscribeDataOf = (bundle: Bundle) => (bundle.subscribeData ?? {}) as Record<string, unknown>;

const performSubscribe = (async (z, bundle) => {
  const { form_id } = parseInput(z, FormInput, bundle.inputData, FIELD_LABELS);
  const hookUrl = bundle.targetUrl;
  if (typeof hookUrl !== 'string' || hookUrl === '') {
    throw new z.errors.Error('Zapier gave no hook URL to subscribe with.', 'invalid_input', 400);
  }
  await opnform(z, bundle).post(path`/external/zapier/webhook`, {
    thing: 'form',
    abilities: ['manage-integrations'],
    body: { hookUrl, form_id },
    schema: AnyReply,
  });
  // OpnForm answers `[]` (no hook id): unsubscribing needs the hook URL and the form id
  const stored: HookSubscription = { hookUrl, form_id };
  return stored;
}) satisfies WebhookTriggerPerformSubscribe;

const performUnsubscribe = (async (z, bundle) => {
  const saved = subscribeDataOf(bundle);
  const subscription = parseInput(
    z,
    HookSubscription,
    {
      hookUrl: saved.hookUrl ?? bundle.targetUrl,
      form_id: saved.form_id ?? bundle.inputData?.form_id,
    },
    LABELS,
  );
  // OpnForm deletes every hook of the form with this URL and answers 200 even when none matched;
  // 404 means the form itself is gone (deleted), and its hooks with it; 422 (recorded: "The selected
  // form id is invalid.") means no form row with this id exists at all: no hook can be left either.
  // The stored hook URL and form id passed OpnForm's rules when subscribing, so nothing else gives 422.
  const reply = await opnform(z, bundle).allowing('DELETE', path`/external/zapier/webhook`, {
    thing: 'form',
    abilities: ['manage-integrations'],
    body: { hookUrl: subscription.hookUrl, form_id: subscription.form_id },
    schema: AnyReply,
    allow: [404, 422],
  });
  return { ...subscription, form_gone: reply.status === 404 || reply.status === 422 };
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

/**
 * Whether this Zap should skip this delivery, remembered per Zap and submission in Zapier's cache for
 * 30 days. Edits off: any earlier delivery of the submission makes this one an edit, skipped. Edits
 * on: a delivery whose answers did not change since the last one this Zap received is skipped, which
 * stops the loop of a Zap that updates the submission that triggered it (its own update is delivered
 * back once, then its unchanged answers end it). If the cache is unavailable or the Zap cannot be told
 * apart, the delivery triggers (a duplicate run is better than a lost submission).
 */
export const seenBefore = async (
  z: ZObject,
  bundle: Bundle,
  out: SubmissionOutput,
  includeEdits = false,
): Promise<boolean> => {
  const scope = zapScope(bundle);
  if (scope === undefined) return false;
  const key = `opnform:delivered:${z.hash('sha256', `${scope}|${out.form_id ?? ''}|${out.id}`)}`;
  const fingerprint = answersFingerprint(z, out);
  try {
    const stored = await z.cache.get(key);
    if (stored !== null && (!includeEdits || stored === fingerprint)) return true;
    await z.cache.set(key, fingerprint, SEEN_TTL_SECONDS);
  } catch (error) {
    z.console.log(`Could not use Zapier's cache to tell edits apart: ${(error as Error).message}`);
  }
  return false;
};

/**
 * An id for a delivery that states no submission id: random, so two identical submissions never share
 * one (a shared id would make the second look like an edit of the first). Above 2^52 like the sample's
 * derived ids, far from real OpnForm ids, and a safe integer.
 */
const uniqueId = (): number => 2 ** 52 + randomInt(0, 2 ** 48 - 1) * 16 + randomInt(0, 16);

const perform = (async (z, bundle) => {
  const { include_edits } = parseInput(z, DeliveryInput, bundle.inputData, LABELS);
  const parsed = DeliveryPayload.safeParse(bundle.cleanedRequest, { reportInput: true });
  if (!parsed.success) {
    throw new z.errors.Error(
      `The delivery OpnForm sent to this Zap is not a submission (${summarize(parsed.error.issues)}). This ` +
        'step runs on the deliveries OpnForm sends after a form is submitted; if they keep failing, the ' +
        'server may be a version this connector does not support yet.',
      'bad_response',
      400,
    );
  }
  const shaped = shapeDelivery(z, parsed.data);
  // Without a stated id, edits cannot be told apart: every such delivery triggers, with its own id.
  if (deliveryId(parsed.data) === null) return [{ ...shaped, id: uniqueId(), sample_note: null }];
  if (await seenBefore(z, bundle, shaped, include_edits)) return [];
  const item: NewSubmissionOutput = { ...shaped, sample_note: null };
  return [item];
}) satisfies WebhookTriggerPerform;

/** Whether a real-server sample item holds OpnForm's invented example values. */
const looksInvented = (payload: DeliveryPayload): boolean =>
  Object.values(payload.data ?? {}).some((entry) => {
    const answer = entry as { type?: unknown; value?: unknown } | null;
    return (
      answer?.type === 'phone_number' && typeof answer.value === 'string' && INVENTED_PHONE.test(answer.value)
    );
  });

const performList = (async (z, bundle) => {
  const { form_id } = parseInput(z, FormInput, bundle.inputData, FIELD_LABELS);
  const items = await opnform(z, bundle).get(path`/external/zapier/submissions/recent`, {
    thing: 'form',
    abilities: ['manage-integrations'],
    query: { form_id },
    schema: RecentSubmissions,
  });
  const shaped: NewSubmissionOutput[] = [];
  for (const payload of items) {
    const itemForm = payload.form_id === undefined ? form_id : Number(payload.form_id);
    // defensive: never show another form's submission as this form's sample
    if (itemForm !== form_id) continue;
    const shapedItem = shapeDelivery(z, { ...payload, form_id });
    // the sample can be the newest PARTIAL submission, with no status (submissions--update-partial.json):
    // only a status the server states is shown; deliveries are always completed, samples are not
    const stated = (payload as Record<string, unknown>).status ?? payload.data?.status;
    const status: SubmissionOutput['status'] = stated === 'completed' || stated === 'partial' ? stated : null;
    const out = { ...shapedItem, status };
    const hasRealId = payload.submission_id != null || payload.id != null;
    const sample_note = looksInvented(payload) ? INVENTED_NOTE : hasRealId ? null : NO_ID_NOTE;
    shaped.push({ ...out, sample_note });
  }
  return shaped;
}) satisfies WebhookTriggerPerformList;

export const NEW_SUBMISSION_SAMPLE: NewSubmissionOutput = { ...SUBMISSION_SAMPLE, sample_note: null };

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
    sample: NEW_SUBMISSION_SAMPLE,
    outputFields: [
      ...SUBMISSION_OUTPUT_FIELDS,
      { key: 'sample_note', label: 'Note on This Test Record (Empty in Live Runs)', type: 'string' },
      answerOutputFields,
    ],
  },
});

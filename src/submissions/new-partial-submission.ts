import {
  type Bundle,
  defineInputField,
  defineInputFields,
  defineTrigger,
  type ZObject,
} from 'zapier-platform-core';
import * as v from 'zod/mini';
import * as forms from '../api/forms';
import * as submissions from '../api/submissions';
import { formField, workspaceField } from '../inputs/fields';
import { FormId, inputObject, optionalValue, WorkspaceId, wholeNumber } from '../inputs/values';
import { lazy } from '../schemas/lazy';
import { parseInput } from '../schemas/parse';
import type { Submission } from '../schemas/submissions';
import { parseTimestamp } from '../shared/dates';
import { jsonBytes, newestThatFit } from '../shared/output-budget';
import { POLL_LIMIT } from '../shared/paging';
import { polling } from '../shared/polling';
import { SUBMISSION_SAMPLE, submissionOutputFields } from './output/output-fields';
import { shapeSubmission } from './output/shape';
import { listPageOf, transferList } from './reading/transfer';

/** Submissions per poll: OpnForm's maximum page, and Zapier's default for a poll (the newest 100 at most). */
export const PARTIAL_PAGE_SIZE = POLL_LIMIT;

/** The clock the idle time is measured with; tests replace `now` to control time. */
export const partialClock = { now: (): number => Date.now() };

/** New Partial Submission's idle time, in whole minutes: the bounds and the default (see README). */
const IDLE_MINUTES = { min: 1, max: 1440, default: 30 } as const;

/** How long a partial submission must go without a save before it triggers; empty = the default. */
const IdleMinutes = lazy(() =>
  v.pipe(
    optionalValue('must be a whole number of minutes', (value, ctx) =>
      wholeNumber(value, ctx, {
        ...IDLE_MINUTES,
        digits: 5,
        allowed: `must be a whole number of minutes from ${IDLE_MINUTES.min} to ${IDLE_MINUTES.max} (a day)`,
      }),
    ),
    v.transform((minutes) => minutes ?? IDLE_MINUTES.default),
  ),
);

const IDLE_CHOICES = [5, 15, 30, 60, 120, 240, 720, 1440];
const minutesLabel = (n: number) =>
  n < 60 ? `${n} minutes` : n === 60 ? '1 hour' : n === 1440 ? '1 day' : `${n / 60} hours`;

export const idleField = defineInputField({
  key: 'idle_minutes',
  label: 'Idle Time (Minutes)',
  required: false,
  default: String(IDLE_MINUTES.default),
  choices: IDLE_CHOICES.map((n) => ({ value: String(n), label: minutesLabel(n), sample: String(n) })),
  helpText:
    `Minutes (${IDLE_MINUTES.min} to ${IDLE_MINUTES.max}) a partial submission must go unsaved before it ` +
    'triggers, counted from its first save: choose more than people take to fill in the form.',
});

const inputFields = defineInputFields([
  { ...workspaceField, altersDynamicFields: true },
  { ...formField, altersDynamicFields: true },
  idleField,
]);

/** What the trigger reads: the pickers and the idle time. */
const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  form_id: FormId(),
  idle_minutes: IdleMinutes(),
}));

/**
 * When a partial submission was last saved, in ms: its `updated_at` when the server gives one (in the
 * item or in `data`), else `created_at` (real servers list only that: the first save). The latest
 * readable one wins; undefined when none is readable.
 */
export const lastSavedMs = (item: Submission): number | undefined => {
  const record = item as Record<string, unknown>;
  const times = [item.data.updated_at, record.updated_at, item.data.created_at, record.created_at]
    .map((value) => (typeof value === 'string' ? parseTimestamp(value) : undefined))
    .filter((ms): ms is number => ms !== undefined);
  return times.length === 0 ? undefined : Math.max(...times);
};

/**
 * Partial submissions of one form, newest first (the API's order), once they have gone `idle_minutes`
 * without a save. One request when there is nothing to shape; otherwise a second one for the form
 * (its slug, title and block types). Loading a test record in the editor skips the idle time, so the
 * user sees the newest partial submissions at once. Of the page (read as a stream), only the newest whose
 * output fits 4 MB are returned, at least one (src/shared/output-budget.ts).
 *
 * Transfer (`canPaginate`): Zapier's page N is the list's page N + 1, 100 a page in a bulk read,
 * without the idle wait (src/submissions/reading/transfer.ts); an empty page ends the transfer.
 */
const perform = async (z: ZObject, bundle: Bundle) => {
  const { form_id, idle_minutes } = parseInput(z, Input(), bundle.inputData, inputFields);
  const limit = bundle.meta?.limit;
  const per_page =
    typeof limit === 'number' && limit > 0 ? Math.min(limit, PARTIAL_PAGE_SIZE) : PARTIAL_PAGE_SIZE;
  const { bulk } = listPageOf(bundle, per_page);
  const idleSince = partialClock.now() - idle_minutes * 60_000;
  // a bulk read (Transfer) replays the history: the user picks the records, so nothing is held back
  const waits = bundle.meta?.isLoadingSample !== true && !bulk;
  const due = (item: Submission) => {
    // a server that ignores the filter must not pass completed submissions off as partial ones
    if ((item.data.status ?? 'partial') !== 'partial') return false;
    const saved = lastSavedMs(item);
    // without a readable time the idle time cannot be told: the item is not held back for ever
    return !waits || saved === undefined || saved <= idleSince;
  };
  return transferList(
    z,
    bundle,
    per_page,
    (page, perPage, take, enough) =>
      submissions.scanPartialPage(z, bundle, form_id, perPage, page, take, enough),
    {
      // the form is read only when there is something to shape: a submission's listed JSON is held
      // (at most the output budget of it), then shaped and cut to the budget again
      keep: (item) => (due(item) ? item : undefined),
      bytes: jsonBytes,
      finish: async (held) => {
        if (held.length === 0) return [];
        const form = await forms.read(z, bundle, form_id);
        const shaped = held.map((item) => ({
          ...shapeSubmission(z, item, form),
          status: 'partial' as const,
        }));
        return newestThatFit(shaped);
      },
    },
  );
};

export const newPartialSubmission = defineTrigger({
  key: 'new_partial_submission',
  noun: 'Partial Submission',
  display: {
    label: 'New Partial Submission',
    description:
      'Triggers when someone leaves a form part-way (a Pro feature): once their partial submission is idle ' +
      `${IDLE_MINUTES.default} minutes, or the time you choose.`,
  },
  operation: {
    ...polling(perform, true),
    inputFields,
    sample: {
      ...SUBMISSION_SAMPLE,
      id: 1851,
      edit_link: null,
      status: 'partial',
      completion_time: null,
      submitted_at: '2026-11-21T15:12:40+00:00',
    },
    outputFields: submissionOutputFields(),
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', form_id: '$formId' },
    minimum: 2,
    why: 'partial submissions + the form (names, slug)',
    review: {
      on: 'self-hosted (every workspace is Pro); Cloud on a plan with partial submissions (others: 402)',
      evidence: ['submissions--public-create#4', 'submissions--list#3'],
    },
  },
];

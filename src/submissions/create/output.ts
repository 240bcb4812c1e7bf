/**
 * Create Submission's output: the submission's usual keys (as every submission step) plus `outcome`
 * and `message`, which say what the step did:
 * - `created`: a new submission, with its real id;
 * - `updated_existing`: the form replaces the submission matched on its match questions
 *   (`database_fields_update`); the id is that submission's;
 * - `queued`: OpnForm accepted the answers but had not stored them when the step had to end (a
 *   server with a queue worker stores them later); `status` is `queued` and there is no id;
 * - `unconfirmed`: the answers were accepted, but which stored submission is this step's cannot be
 *   told (two identical ones at the same moment, or the read back failed); there is no id.
 * The last two are outputs, not errors or halts: the answers were accepted and are (or will be)
 * stored, and an error or a halted run invites running the step again, which would submit them twice.
 */
import type { ZObject } from 'zapier-platform-core';
import type { Form } from '../../schemas/forms';
import type { Submission } from '../../schemas/submissions';
import { SUBMISSION_SAMPLE } from '../output/output-fields';
import type { OutputField, SubmissionOutput } from '../output/output-types';
import { shapeSubmission } from '../output/shape';
import type { Located } from './locate';
import type { Upsert } from './upsert';

export type Outcome = 'created' | 'updated_existing' | 'queued' | 'unconfirmed';

export type CreateOutput = Omit<SubmissionOutput, 'id' | 'status'> & {
  /** The integer submission id; null when the step could not tell it (`queued`, `unconfirmed`). */
  id: number | null;
  status: SubmissionOutput['status'] | 'queued';
  outcome: Outcome;
  message: string;
};

/** `outcome` is labelled from the sample; `message` needs its label (Message alone would say less). */
export const CREATE_OUTPUT_FIELDS: OutputField[] = [{ key: 'message', label: 'Outcome Message' }];

export const CREATE_SAMPLE: CreateOutput = {
  ...SUBMISSION_SAMPLE,
  outcome: 'created',
  message: 'Submission 1843 created.',
};

const DO_NOT_RERUN = 'Do not re-run this step for these answers: it would submit them again.';

const seconds = (ms: number) => `${Math.max(0, Math.round(ms / 100) / 10)} s`;

/** Where a queued answer will go, when the form replaces matched submissions. */
const willGo = (upsert: Upsert | undefined): string => {
  if (upsert === undefined) return '';
  const [old] = upsert.before;
  return old === undefined
    ? ` No submission holds these answers to ${upsert.keys.names}, so they will make a new one.`
    : ` They will replace submission ${old.id}, which holds the same answers to ${upsert.keys.names}.`;
};

/** The output when no stored submission can be named: the answers sent, shaped like a submission's, no id. */
const withoutId = (
  z: ZObject,
  form: Form,
  sent: Readonly<Record<string, unknown>>,
  outcome: 'queued' | 'unconfirmed',
  message: string,
): CreateOutput => {
  const shaped = shapeSubmission(z, { id: 0, form_id: form.id, data: { ...sent } } as Submission, form);
  return {
    ...shaped,
    id: null,
    edit_link: null,
    submitted_at: null,
    status: outcome === 'queued' ? 'queued' : null,
    completion_time: null,
    outcome,
    message,
  };
};

/** The step's output for what reading the list back gave (see ./locate.ts). */
export const createOutput = (
  z: ZObject,
  form: Form,
  sent: Readonly<Record<string, unknown>>,
  located: Located,
  upsert?: Upsert,
): CreateOutput => {
  switch (located.kind) {
    case 'found': {
      const shaped = shapeSubmission(z, located.item, form);
      const message = located.replaced
        ? `Form "${form.title}" replaces the submission whose answers to ${upsert?.keys.names ?? 'its match questions'} ` +
          `equal the ones sent: submission ${shaped.id} was replaced with these answers (its answers not sent ` +
          'here were removed; its id and date were kept).'
        : `Submission ${shaped.id} created.`;
      return { ...shaped, outcome: located.replaced ? 'updated_existing' : 'created', message };
    }
    case 'unseen':
      return withoutId(
        z,
        form,
        sent,
        'queued',
        'OpnForm accepted the answers and queued them, but had not stored them when this step had to stop ' +
          `looking (${located.looks} ${located.looks === 1 ? 'look' : 'looks'} in ${seconds(located.elapsedMs)}), ` +
          'so no submission id is given. OpnForm stores them when its queue worker runs.' +
          `${willGo(upsert)} ${DO_NOT_RERUN}`,
      );
    case 'ambiguous':
      return withoutId(
        z,
        form,
        sent,
        'unconfirmed',
        `The answers were saved, but ${located.ids.length} submissions with exactly these answers appeared at ` +
          `the same moment (ids ${located.ids.join(', ')}), so which one this step made cannot be told and no ` +
          `submission id is given. ${DO_NOT_RERUN}`,
      );
    case 'unread':
      return withoutId(
        z,
        form,
        sent,
        'unconfirmed',
        `OpnForm accepted the answers, but reading them back failed (${located.reason}), so no submission id ` +
          `is given.${willGo(upsert)} ${DO_NOT_RERUN}`,
      );
  }
};

/**
 * Update Form against concurrent saves. OpnForm's `PUT /open/forms/{id}` replaces the whole form and
 * checks no version (recorded `forms--update-form-race`: no ETag, `If-Match` or `updated_at` check;
 * two saves built from one read both answer 200 and the last one wins, a question added in between
 * disappears). So the step reads the form again right before its save and refuses when it changed
 * since the step's read, and reads it once more after the save to verify the change is there.
 */
import type { ZObject } from 'zapier-platform-core';
import { blockOptions } from '../answers/blocks';
import { userError } from '../errors';
import type { FormBlock, StoredForm } from '../schemas/forms';
import { parseTimestamp } from '../shared/dates';
import { sortedKeys } from '../shared/stable';

/**
 * Keys that change without anyone editing the form: counters, derived states, the time-relative
 * "edited 2 minutes ago", the workspace's and the plan's own data. `updated_at` is compared apart.
 */
const VOLATILE = new Set([
  'updated_at',
  'last_edited_human',
  'submissions_count',
  'views_count',
  'is_closed',
  'max_number_of_submissions_reached',
  'workspace',
  'plan_tier',
  'is_trialing',
  'cleanings',
  // derived from updated_at
  'form_pending_submission_key',
]);

/** Same content (an empty list and an empty object alike: PHP writes an empty array as either). */
const same = (a: unknown, b: unknown) =>
  JSON.stringify(sortedKeys(a ?? null, true)) === JSON.stringify(sortedKeys(b ?? null, true));

/**
 * What changed in the form between two reads: the keys whose content differs (volatile ones aside)
 * and whether it was saved again (`updated_at`, to the second: the content catches a save within it).
 */
const changesBetween = (before: StoredForm, after: StoredForm) => {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (key) => !VOLATILE.has(key) && !same(a[key], b[key]),
  );
  const saved =
    typeof a.updated_at === 'string' && typeof b.updated_at === 'string' && a.updated_at !== b.updated_at;
  return { keys, saved, at: b.updated_at };
};

/**
 * Refuses (nothing written) when the form read right before the save differs from the one the step
 * read and checked its change against: saving would overwrite that other save with the older form.
 */
export const refuseIfChanged = (z: ZObject, read: StoredForm, reread: StoredForm) => {
  const { keys, saved, at } = changesBetween(read, reread);
  if (keys.length === 0 && !saved) return;
  const what = [
    ...(saved ? [`saved again at ${String(at)}`] : []),
    ...(keys.length > 0 ? [`${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', ...' : ''} changed`] : []),
  ].join('; ');
  throw userError(
    z,
    `Form ${read.id} was changed in OpnForm while this step ran (${what}): an editor or another run of a Zap ` +
      "saved it between this step's read and its update. Nothing was saved, so that change is not overwritten " +
      '(OpnForm replaces the whole form on every save). Run the step again to apply yours to the form as it is now.',
    'conflict',
    409,
  );
};

const optionsOf = (form: StoredForm, id: string) => {
  const block = (form.properties as unknown as FormBlock[]).find((b) => b.id === id);
  return block === undefined ? undefined : blockOptions(block);
};

/** Whether the saved form holds one changed setting as sent (for questions: the choices changed). */
const holds = (key: string, sent: unknown, read: StoredForm, saved: StoredForm): boolean => {
  const value = (saved as Record<string, unknown>)[key];
  if (key === 'closes_at') {
    return sent === null
      ? value === null || value === undefined
      : parseTimestamp(String(value)) === parseTimestamp(String(sent));
  }
  if (key === 'max_submissions_count') {
    return sent === null ? value === null || value === undefined : Number(value) === sent;
  }
  if (key === 'properties') {
    return (sent as FormBlock[])
      .filter((block) => !same(optionsOf(read, block.id), blockOptions(block)))
      .every((block) => same(optionsOf(saved, block.id), blockOptions(block)));
  }
  return value === sent;
};

/**
 * After the save, the form read back must hold every change sent; when it does not, another save
 * replaced it at the same moment (the window between the step's second read and its save, or right
 * after): an error, since the change is not in the form and running the step again makes it.
 */
export const verifySaved = (
  z: ZObject,
  changes: Record<string, unknown>,
  read: StoredForm,
  saved: StoredForm,
  names: Readonly<Record<string, string>>,
) => {
  const lost = Object.entries(changes)
    .filter(([key, value]) => !holds(key, value, read, saved))
    .map(([key]) => names[key] ?? key);
  if (lost.length === 0) return;
  throw userError(
    z,
    `OpnForm accepted the update of form ${saved.id}, but the form read back right after does not hold it ` +
      `(${lost.join(', ')}): another save of the form (an editor in OpnForm or another run of a Zap) replaced it ` +
      'at the same moment. Your change is not in the form; run the step again to apply it.',
    'conflict',
    409,
  );
};

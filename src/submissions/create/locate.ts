/**
 * Finding the submission the public answer endpoint just stored. That endpoint never returns the
 * integer id (submissions--public-create.json: `submission_id` is null, or the public UUID on a
 * form with editable submissions), so the id is read back from the form's /open submissions list:
 * - editable submissions: the item whose `submission_id` is the UUID the endpoint returned (exact);
 * - otherwise: the newest id is read before the POST; afterwards, among the items with a higher id
 *   (ids only grow), the one whose answers are exactly the ones sent. None, or more than one (another
 *   identical submission at the same moment), is said as such: an id is never guessed.
 * The list is ordered by creation time, not id (submissions--list.json: 2063, 2058, 2059), so a
 * whole page is read and the highest id taken, never just the first item.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { fetchSubmissionPage } from '../../api/submissions';
import { userError } from '../../errors';
import type { Submission } from '../../schemas/resources';
import { currentAnswers } from '../answers';
import { scanSubmissions } from '../pages';

/** Submissions per page when reading the list before and after the POST. */
export const LOCATE_PAGE_SIZE = 100;
/** Pages read after the POST at most (a form taking more than 300 submissions in those seconds is not told apart). */
export const LOCATE_MAX_PAGES = 3;

/** The highest submission id on the form's newest page (0 for a form without submissions). */
export const newestIdBefore = async (z: ZObject, bundle: Bundle, formId: number): Promise<number> => {
  const page = await fetchSubmissionPage(z, bundle, formId, 1, LOCATE_PAGE_SIZE);
  return page.data.reduce((max, item) => Math.max(max, item.id), 0);
};

/** A value in one comparable form: texts trimmed, numbers and booleans as text, lists and objects item by item. */
const canonical = (value: unknown): unknown => {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  return String(value).trim();
};

/** Whether a listed submission holds every answer that was sent, exactly. */
export const holdsAnswers = (item: Submission, sent: Readonly<Record<string, unknown>>): boolean => {
  const stored = currentAnswers(item);
  return Object.entries(sent).every(
    ([id, value]) => JSON.stringify(canonical(stored[id])) === JSON.stringify(canonical(value)),
  );
};

const publicIdOf = (item: Submission): unknown => item.submission_id ?? item.data.submission_id;

export interface Locate {
  formId: number;
  /** The public UUID the answer endpoint returned (forms with editable submissions). */
  uuid?: string;
  /** The highest id before the POST (when there is no UUID). */
  after?: number;
  /** The answers sent, by field id. */
  sent: Readonly<Record<string, unknown>>;
}

const unlocated = (z: ZObject, formId: number, why: string) =>
  userError(
    z,
    `The submission was saved in OpnForm (form ${formId}) and its integrations ran, but ${why} Do not re-run ` +
      'this step for the same answers (it would submit them again); find the submission in OpnForm instead.',
    'submission_unlocated',
    500,
  );

/** The created submission as the list shows it, found for sure, or an error saying why not. */
export const locateCreated = async (z: ZObject, bundle: Bundle, wanted: Locate): Promise<Submission> => {
  const { formId, uuid, after = 0, sent } = wanted;
  let passed = false;
  const scan = await scanSubmissions(z, bundle, formId, {
    perPage: LOCATE_PAGE_SIZE,
    maxPages: LOCATE_MAX_PAGES,
    match: (item) => {
      if (uuid !== undefined) return publicIdOf(item) === uuid;
      if (item.id <= after) {
        passed = true;
        return false;
      }
      return holdsAnswers(item, sent);
    },
    enough: (matches) => (uuid !== undefined ? matches.length > 0 : passed),
  });
  const [found, ...others] = scan.matches;
  if (found !== undefined && others.length === 0) return found;
  if (found !== undefined) {
    const ids = scan.matches.map((item) => item.id).join(', ');
    throw unlocated(
      z,
      formId,
      `${scan.matches.length} submissions with exactly these answers arrived at the same moment (ids ${ids}), so ` +
        'which one this step made cannot be told for sure and no id is returned.',
    );
  }
  throw unlocated(
    z,
    formId,
    `it was not found among the newest submissions of the form (${uuid === undefined ? 'no new submission holds exactly the answers sent' : `no submission has the public id ${uuid}`}), so no id is returned.`,
  );
};

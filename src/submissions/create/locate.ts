/**
 * Finding the submission the public answer endpoint stored. That endpoint never returns the integer
 * id (submissions--public-create.json: `submission_id` is null, or the public UUID on a form with
 * editable submissions), and on a server with a queue worker it answers BEFORE the submission exists
 * (production-like `submissions--public-create-queued`: it appeared 1.8 to 3 s later). So the id is
 * read back from the form's /open submissions list, looking again with back-off within the step's
 * budget (./wait.ts):
 * - editable submissions: the item whose `submission_id` is the UUID the endpoint returned (exact);
 * - a form that replaces matched submissions (./upsert.ts): among the submissions holding the match
 *   answers, the one that now holds the answers sent and did not before the write (a new id: created;
 *   the id read before: that submission was replaced);
 * - otherwise: the newest id is read before the POST; afterwards, among the items with a higher id
 *   (ids only grow), the one whose answers are exactly the ones sent.
 * The list is ordered by creation time, not id (submissions--list.json: 2063, 2058, 2059), so a
 * whole page is read and the highest id taken, never just the first item. An id is never guessed:
 * none found in time, more than one candidate, or a failed read after the write is said as such
 * (./output.ts), never as an error (the write landed; an error would invite a replay that submits
 * the answers twice).
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { currentAnswers } from '../../answers/answers';
import * as submissions from '../../api/submissions';
import type { Submission } from '../../schemas/submissions';
import { isLastPage } from '../../shared/paging';
import { readKeyMatches, type Upsert } from './upsert';
import { canRead, lookUntilFound } from './wait';

/** Submissions per page when reading the list before and after the POST. */
export const LOCATE_PAGE_SIZE = 100;
/** Pages read in one look at most (a form taking more than 300 submissions in those seconds is not told apart). */
export const LOCATE_MAX_PAGES = 3;

/**
 * The highest submission id on the form's newest page (0 for a form without submissions). The page is
 * read as a stream, keeping ids only (issue 33: 100 submissions of a wide form are MBs).
 */
export const newestIdBefore = async (z: ZObject, bundle: Bundle, formId: number): Promise<number> => {
  const page = await submissions.scanPage(z, bundle, formId, 1, LOCATE_PAGE_SIZE, {}, (item) => item.id);
  return page.kept.reduce((max, id) => Math.max(max, id), 0);
};

/** An upload's uuid in a name the server stores (`<name>_<uuid>.<ext>`, or the bare uuid). */
const UPLOAD_NAME =
  /(?:^|_)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.[A-Za-z0-9]+)?$/i;

/**
 * A value in one comparable form: texts trimmed, numbers and booleans as text, lists and objects item
 * by item. A file answer compares by its upload's uuid: the server stores `{file_url, file_name}`,
 * and may rename the file (S3KeyCleaner), so a name sent is never compared as a string.
 */
const canonical = (value: unknown): unknown => {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.file_url === 'string') return canonical(record.file_name ?? record.file_url);
    return Object.fromEntries(
      Object.entries(record)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  }
  const text = String(value).trim();
  return UPLOAD_NAME.exec(text)?.[1]?.toLowerCase() ?? text;
};

/** A one-file list and its one name are the same answer (a signature is stored either way). */
const single = (value: unknown) => (Array.isArray(value) && value.length === 1 ? value[0] : value);

const same = (a: unknown, b: unknown) =>
  JSON.stringify(single(canonical(a))) === JSON.stringify(single(canonical(b)));

/** Whether a listed submission holds every answer that was sent, exactly. */
export const holdsAnswers = (item: Submission, sent: Readonly<Record<string, unknown>>): boolean => {
  const stored = currentAnswers(item);
  return Object.entries(sent).every(([id, value]) => same(stored[id], value));
};

/** The answers of a submission that hold something (empty answers left out), for comparing two states. */
const filledAnswers = (answers: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(
    Object.entries(answers).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  );

/** Whether a submission's answers are exactly the ones sent, no more (what a replaced submission holds). */
export const holdsOnly = (item: Submission, sent: Readonly<Record<string, unknown>>): boolean =>
  same(filledAnswers(currentAnswers(item)), filledAnswers(sent));

const publicIdOf = (item: Submission): unknown => item.submission_id ?? item.data.submission_id;

export interface Locate {
  formId: number;
  /** The public UUID the answer endpoint returned (forms with editable submissions). */
  uuid?: string;
  /** The highest id before the POST (a form that only creates, without a UUID). */
  after?: number;
  /** A form that replaces matched submissions: its match questions and the rows matched before the write. */
  upsert?: Upsert;
  /** The answers sent, by field id. */
  sent: Readonly<Record<string, unknown>>;
}

/** What reading the list back after the write gave. */
export type Located =
  /** Found for sure; `replaced`: an existing submission (read before the write) was replaced. */
  | { kind: 'found'; item: Submission; replaced: boolean }
  /** More than one submission could be this step's. */
  | { kind: 'ambiguous'; ids: number[] }
  /** Not stored (or not visible) yet when the step had to stop looking. */
  | { kind: 'unseen'; looks: number; elapsedMs: number }
  /** A read after the write failed. */
  | { kind: 'unread'; reason: string };

/** An error's sentence as the user would have seen it (Zapier's errors carry `{message, code, status}` as JSON). */
const userMessageOf = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : text;
  } catch {
    return text;
  }
};

type Look = () => Promise<Located | undefined>;

/** What a look keeps of one listed submission: `hold` it (a candidate), and/or `stop` after this page. */
type Sift = (item: Submission) => { hold?: boolean; stop?: boolean } | undefined;

/**
 * The candidates among the newest submissions: pages read as a stream, holding only the items `sift`
 * holds (issue 33), until a page where `sift` said stop (every item of it is still sifted: the list is
 * ordered by creation time, not id), the last page, the bound, or the budget.
 */
const readNewest = async (z: ZObject, bundle: Bundle, formId: number, sift: Sift): Promise<Submission[]> => {
  const held: Submission[] = [];
  for (let page = 1; page <= LOCATE_MAX_PAGES && canRead(bundle); page += 1) {
    let stop = false;
    const reply = await submissions.scanPage(z, bundle, formId, page, LOCATE_PAGE_SIZE, {}, (item) => {
      const verdict = sift(item);
      if (verdict?.stop === true) stop = true;
      return verdict?.hold === true ? item : undefined;
    });
    held.push(...reply.kept);
    if (stop || isLastPage(reply, page, LOCATE_PAGE_SIZE)) break;
  }
  return held;
};

const decide = (candidates: readonly Submission[], replaced: (item: Submission) => boolean) => {
  const [found, ...others] = candidates;
  if (found === undefined) return undefined;
  if (others.length > 0) return { kind: 'ambiguous', ids: candidates.map((item) => item.id) } as const;
  return { kind: 'found', item: found, replaced: replaced(found) } as const;
};

/** One look at the list, for what the write is expected to have left there. */
const lookFor = (z: ZObject, bundle: Bundle, wanted: Locate): Look => {
  const { formId, uuid, after = 0, upsert, sent } = wanted;
  const wasThere = (item: Submission) => upsert?.before.some((row) => row.id === item.id) === true;
  if (upsert !== undefined) {
    // the match answers narrow the list to the rows the write can have touched, old ones included
    const before = new Map(upsert.before.map((row) => [row.id, row]));
    return async () => {
      const read = await readKeyMatches(z, bundle, formId, upsert.keys, sent, {
        query: upsert.query,
        canRead: () => canRead(bundle),
      });
      const candidates = read.rows.filter((item) => {
        if (uuid !== undefined) return publicIdOf(item) === uuid;
        const old = before.get(item.id);
        return (
          holdsAnswers(item, sent) && (old === undefined || !same(currentAnswers(old), currentAnswers(item)))
        );
      });
      return decide(candidates, wasThere);
    };
  }
  if (uuid !== undefined) {
    return async () => {
      const items = await readNewest(z, bundle, formId, (item) =>
        publicIdOf(item) === uuid ? { hold: true, stop: true } : undefined,
      );
      return decide(items, () => false);
    };
  }
  return async () => {
    const items = await readNewest(z, bundle, formId, (item) =>
      item.id <= after ? { stop: true } : { hold: holdsAnswers(item, sent) },
    );
    return decide(items, () => false);
  };
};

/**
 * The stored submission as the list shows it, looked for again with back-off until it appears or
 * the step's budget ends. A replaced submission that already held exactly these answers before the
 * write cannot change visibly: it is the one replaced, said at once.
 */
export const locateCreated = async (z: ZObject, bundle: Bundle, wanted: Locate): Promise<Located> => {
  const { upsert, sent, uuid } = wanted;
  const [only, ...more] = upsert?.before ?? [];
  if (only !== undefined && more.length === 0 && uuid === undefined && holdsOnly(only, sent)) {
    return { kind: 'found', item: only, replaced: true };
  }
  try {
    const waited = await lookUntilFound(bundle, lookFor(z, bundle, wanted));
    return waited.found ?? { kind: 'unseen', looks: waited.looks, elapsedMs: waited.elapsedMs };
  } catch (error) {
    // the write landed: a failed read back is reported in the output, never thrown (no replay invited)
    const reason = userMessageOf(error);
    z.console.log(`Reading the new submission back failed after the answer was accepted: ${reason}`);
    return { kind: 'unread', reason };
  }
};

/**
 * Forms that update existing submissions (`database_fields_update`, a list of field ids; production-
 * like `submissions--database-fields-update`). OpnForm turns a public answer to such a form into an
 * upsert: for each listed question whose answer is true in PHP's sense, its store job adds
 * `data->>field = answer` (exact, case-sensitive) and replaces the `first()` submission found: the
 * row keeps its id, public id and date, and its answers become the ones sent (answers not sent are
 * lost). With no such answer it adds no condition and replaces an arbitrary submission of the form.
 * So the step: requires an answer to every match question (before any request), reads the existing
 * submissions holding the same match answers (refusing when more than one does, since OpnForm would
 * replace any one of them), and afterwards tells `created` from `updated_existing` by those rows' ids.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { KEPT_AS_IS_TYPES } from '../../answers/answer-facts';
import { answerKey } from '../../answers/answer-inputs';
import { answerableBlocks, blockName, distinctLabels } from '../../answers/blocks';
import * as submissions from '../../api/submissions';
import { conflict, invalidInput } from '../../errors';
import { type Form, type FormBlock, MatchFieldIds } from '../../schemas/forms';
import type { Submission } from '../../schemas/submissions';
import { isLastPage } from '../../shared/paging';

const NOTHING = 'Nothing was submitted.';

/** Pages of 100, at most 5, when reading the submissions that hold the match answers (Find Submission's reach). */
export const UPSERT_PAGE_SIZE = 100;
export const UPSERT_MAX_PAGES = 5;

/** The questions an answer is matched on, and their names as a user reads them. */
export interface MatchQuestions {
  blocks: FormBlock[];
  /** `"Email"`, `"Email", "Name"` */
  names: string;
}

/** A form that replaces matched submissions: its match questions and the rows holding the match answers before the write. */
export interface Upsert {
  keys: MatchQuestions;
  /** The submissions whose match answers equal the ones sent, read before the write (none or one). */
  before: Submission[];
  /** The list query the rows were read with (the `search` pre-filter, dropped on a server without it). */
  query: submissions.PageQuery;
}

/** The form's match field ids; `undefined` when it only creates, `'unreadable'` for a setting of another shape. */
export const matchFieldIds = (form: Form): readonly string[] | 'unreadable' | undefined => {
  const parsed = MatchFieldIds().safeParse((form as Record<string, unknown>).database_fields_update);
  if (!parsed.success) return 'unreadable';
  return parsed.data === undefined || parsed.data === null || parsed.data.length === 0
    ? undefined
    : parsed.data;
};

/** The form's match questions that are on the form (a removed question cannot be answered by anyone). */
export const matchBlocks = (form: Form, ids: readonly string[]): FormBlock[] =>
  answerableBlocks(form).filter((block) => ids.includes(block.id));

/** The names of questions as a user reads them, quoted: `"Email", "Name"`. */
export const namesOf = (form: Form, blocks: readonly FormBlock[]): string => {
  const labels = distinctLabels(answerableBlocks(form));
  return blocks.map((block) => `"${labels.get(block.id) ?? blockName(block)}"`).join(', ');
};

/**
 * The questions an answer to this form is matched on, `undefined` for a form that only creates.
 * Refuses (before any request) a setting the step cannot honour: unreadable, naming only questions
 * the form no longer has (every answer would replace an arbitrary submission), or naming a question
 * this step cannot answer (files, signatures, payments).
 */
export const matchQuestions = (z: ZObject, form: Form): MatchQuestions | undefined => {
  const ids = matchFieldIds(form);
  if (ids === undefined) return undefined;
  const title = `Form "${form.title}"`;
  if (ids === 'unreadable') {
    throw conflict(
      z,
      `${title} has a setting to update existing submissions (database_fields_update) in a shape this step ` +
        `cannot read, so it cannot tell whether an answer would create a submission or replace one. ${NOTHING}`,
    );
  }
  const blocks = matchBlocks(form, ids);
  if (blocks.length === 0) {
    throw conflict(
      z,
      `${title} is set to update existing submissions matched on questions it no longer has, so OpnForm would ` +
        'replace an arbitrary existing submission with every answer. Choose the matching questions again in ' +
        `OpnForm, or turn the setting off. ${NOTHING}`,
    );
  }
  const unanswerable = blocks.filter((block) => KEPT_AS_IS_TYPES.has(block.type));
  if (unanswerable.length > 0) {
    throw conflict(
      z,
      `${title} updates existing submissions matched on ${namesOf(form, unanswerable)}, a file, signature or ` +
        `payment question, which cannot be answered through Zapier. ${NOTHING}`,
    );
  }
  return { blocks, names: namesOf(form, blocks) };
};

/** Whether PHP counts an answer as true: OpnForm adds a match condition only for such answers. */
export const phpTruthy = (value: unknown): boolean =>
  !(
    value === undefined ||
    value === null ||
    value === false ||
    value === 0 ||
    value === '' ||
    value === '0' ||
    (typeof value === 'object' && Object.keys(value as object).length === 0)
  );

/** Refuses (before any request) answers that leave a match question without a value OpnForm matches on. */
export const requireMatchAnswers = (
  z: ZObject,
  form: Form,
  keys: MatchQuestions,
  sent: Readonly<Record<string, unknown>>,
): void => {
  const missing = keys.blocks.filter((block) => !phpTruthy(sent[block.id]));
  if (missing.length === 0) return;
  const labels = distinctLabels(answerableBlocks(form));
  const named = missing.map((block) => `"${labels.get(block.id) ?? blockName(block)}" (${answerKey(block)})`);
  throw invalidInput(
    z,
    `form "${form.title}" replaces the existing submission whose answer to ${keys.names} equals this one, so ` +
      `${named.join(' and ')} must be answered (not empty, 0 or unchecked): without ${missing.length === 1 ? 'it' : 'them'}, ` +
      `OpnForm would replace an arbitrary existing submission. ${NOTHING}`,
  );
};

/** An answer as PostgreSQL's `data->>field` gives it: text as is, numbers and booleans as text, the rest as JSON. */
const keyText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);

/** Whether a submission holds exactly the match answers sent (OpnForm's condition). */
export const holdsKeys =
  (keys: MatchQuestions, sent: Readonly<Record<string, unknown>>) =>
  (item: Submission): boolean =>
    keys.blocks.every((block) => {
      const stored = item.data[block.id];
      return stored !== undefined && stored !== null && keyText(stored) === keyText(sent[block.id]);
    });

export interface KeyMatches {
  rows: Submission[];
  /** Every page was read (not cut by the page bound or by `canRead`). */
  complete: boolean;
  query: submissions.PageQuery;
}

/**
 * The submissions holding the match answers sent, newest first. The list is pre-filtered with
 * OpnForm's `search` on the first match answer (PostgreSQL: a case-insensitive "contains", so every
 * exact match is kept); a server that cannot run it (500 on sqlite) is read without it. `canRead`
 * is asked before every page (after the write, a read is never started without the time for it).
 */
export const readKeyMatches = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  keys: MatchQuestions,
  sent: Readonly<Record<string, unknown>>,
  options: { query?: submissions.PageQuery; canRead?: () => boolean } = {},
): Promise<KeyMatches> => {
  const first = keys.blocks[0] === undefined ? undefined : sent[keys.blocks[0].id];
  const term = typeof first === 'string' || typeof first === 'number' ? String(first) : undefined;
  let query: submissions.PageQuery = options.query ?? { search: term };
  const rows: Submission[] = [];
  const holds = holdsKeys(keys, sent);
  const keep = (item: Submission) => (holds(item) ? item : undefined);
  for (let page = 1; page <= UPSERT_MAX_PAGES; page += 1) {
    if (options.canRead !== undefined && !options.canRead()) return { rows, complete: false, query };
    // streamed: only the rows holding the match answers are kept of a page (issue 33)
    let reply =
      query.search === undefined
        ? await submissions.scanPage(z, bundle, formId, page, UPSERT_PAGE_SIZE, {}, keep)
        : await submissions.scanSearchPage(z, bundle, formId, page, UPSERT_PAGE_SIZE, query, keep);
    if (reply === undefined) {
      z.console.log('OpnForm could not filter by search (500): reading the pages without it.');
      query = {};
      reply = await submissions.scanPage(z, bundle, formId, page, UPSERT_PAGE_SIZE, {}, keep);
    }
    rows.push(...reply.kept);
    if (isLastPage(reply, page, UPSERT_PAGE_SIZE)) return { rows, complete: true, query };
  }
  return { rows, complete: false, query };
};

/**
 * Before the write: the submission OpnForm will replace, if any. Refused when more than one holds the
 * match answers (OpnForm would replace any one of them) or when they cannot all be read.
 */
export const existingMatch = async (
  z: ZObject,
  bundle: Bundle,
  form: Form,
  keys: MatchQuestions,
  sent: Readonly<Record<string, unknown>>,
): Promise<Upsert> => {
  const read = await readKeyMatches(z, bundle, form.id, keys, sent);
  const title = `Form "${form.title}"`;
  if (!read.complete) {
    throw conflict(
      z,
      `${title} replaces the existing submission whose answer to ${keys.names} equals this one, and more than ` +
        `${UPSERT_MAX_PAGES * UPSERT_PAGE_SIZE} submissions had to be checked for it, so which one OpnForm would ` +
        `replace cannot be told. ${NOTHING}`,
    );
  }
  if (read.rows.length > 1) {
    throw conflict(
      z,
      `${title} replaces the existing submission whose answer to ${keys.names} equals this one, and ` +
        `${read.rows.length} submissions have these answers (ids ${read.rows.map((row) => row.id).join(', ')}): ` +
        'OpnForm would replace any one of them. Delete the duplicates in OpnForm to create or update submissions ' +
        `of this form through Zapier. ${NOTHING}`,
    );
  }
  return { keys, before: read.rows, query: read.query };
};

/**
 * What a production OpnForm's PostgreSQL does with stored answers, as recorded in
 * `test/recorded-production-like/` (plain functions, no HTTP):
 * - `search` on the submissions list (`submissions--search-pg`): `EXISTS (SELECT 1 FROM
 *   jsonb_each_text(data) kv WHERE kv.value ILIKE '%term%')`: a case-insensitive match on the
 *   top-level answer values as text (arrays and booleans as their JSON text), `%` and `_` are
 *   wildcards (not escaped), a backslash escapes the next character, no accent folding;
 * - `database_fields_update` (`submissions--database-fields-update`): the submission to replace is
 *   the `first()` row matching `data->>field = value` for every listed field with a truthy answer,
 *   with no ORDER BY; with no usable key, the first row of the whole form.
 *
 * Row order: PostgreSQL returns rows of an unordered query in heap order, and an UPDATE writes a
 * new row version at the end of the heap, so `first()` gives the least recently written row. The
 * sandbox keeps `state.submissions` in that order (a rewritten submission moves to the end: see
 * `rewritten`), which reproduces every recorded pick (Bob's row, then Alice's, then Carol's) and is
 * never "the newest" while the form has two rows or more: the hardest case for a client that would
 * guess. The lists themselves are ordered (newest first) and do not depend on it.
 */
import type { SandboxState, Submission } from './state';

/** A jsonb value as `jsonb_each_text` / `->>` show it: strings bare, the rest as PostgreSQL's JSON text. */
export const pgText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return jsonbText(value);
};

/** PostgreSQL's jsonb output: `", "` between items and `": "` after keys (keys sorted by length, then bytes). */
const jsonbText = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(jsonbText).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((k) => `${JSON.stringify(k)}: ${jsonbText((value as Record<string, unknown>)[k])}`).join(', ')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

/** `value ILIKE pattern`: `%` any run, `_` one character, `\` escapes the next one; case folded. */
export const ilike = (text: string, like: string): boolean => {
  const value = text.toLowerCase();
  const pattern = like.toLowerCase();
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\' && i + 1 < pattern.length) {
      i += 1;
      source += (pattern[i] as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    } else if (c === '%') source += '.*';
    else if (c === '_') source += '.';
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'su').test(value);
};

/** The list's `search` filter: whether one top-level answer value contains the term (an empty term: all). */
export const matchesSearch = (answers: Record<string, unknown>, term: string): boolean => {
  if (term === '') return true;
  return Object.values(answers).some((v) => {
    const text = pgText(v);
    return text !== null && ilike(text, `%${term}%`);
  });
};

/** PHP's truthiness (the job only matches on answers that are "truthy": not '', '0', 0, [], null, false). */
export const phpTruthy = (value: unknown): boolean =>
  !(
    value === undefined ||
    value === null ||
    value === false ||
    value === 0 ||
    value === '' ||
    value === '0' ||
    (Array.isArray(value) && value.length === 0)
  );

/**
 * `StoreFormSubmissionJob::resolveRecordToUpdate`: the submission a new answer replaces on a form
 * with `database_fields_update`, or undefined (a new submission is created).
 */
export const recordToUpdate = (
  state: SandboxState,
  formId: number,
  fields: unknown,
  answers: Record<string, unknown>,
): Submission | undefined => {
  if (!Array.isArray(fields) || fields.length === 0) return undefined;
  const conditions = fields
    .filter((id): id is string => typeof id === 'string' && phpTruthy(answers[id]))
    .map((id) => [id, pgText(answers[id])] as const);
  return state.submissions.find(
    (s) => s.form_id === formId && conditions.every(([id, text]) => pgText(s.answers[id]) === text),
  );
};

/** A submission just written (an UPDATE): its new row version goes to the end of the heap order. */
export const rewritten = (state: SandboxState, s: Submission) => {
  const i = state.submissions.indexOf(s);
  if (i >= 0 && i !== state.submissions.length - 1) {
    state.submissions.splice(i, 1);
    state.submissions.push(s);
  }
};

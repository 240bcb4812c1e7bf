/**
 * OpnForm's pre-filled link, built as its own generator builds it (client
 * `components/open/forms/components/FormUrlPrefill.vue`): the form's `share_url`, then, for each
 * block in form order that has a value, one `URLSearchParams` entry keyed by the block's id (a list as
 * one `<id>[]` entry per item), then the extra query string after `&`. The public form reads the
 * query back in `useFormInitialization` (`applyUrlParameters`, then `resetAndFill`): `<id>[]` entries
 * become a list, a value starting with `{` is parsed as JSON (a matrix), "true"/"false" tick a
 * checkbox, a select keeps the option's name, numbers are read from their text.
 */
import type { ZObject } from 'zapier-platform-core';
import { invalidInput } from '../errors';
import type { Form } from '../schemas/forms';
import { type AnswerChanges, wholeAnswers } from '../submissions/answers/answer-values';
import { answerableBlocks } from './blocks';

/** A value as the link carries it: text, a list (`<id>[]`) or a matrix's row: column object. */
export type PrefillValue = string | string[] | Record<string, string>;

const text = (value: unknown): PrefillValue => {
  if (Array.isArray(value)) return value.map(String);
  if (value !== null && typeof value === 'object') return value as Record<string, string>;
  return String(value);
};

/**
 * The value each question gets, keyed by field id in form order, from the checked answers joined as
 * Create Submission joins them (`wholeAnswers`: a matrix given row by row is one object, a date range
 * `[start, end]`; an end without a start is refused, the form would read it as the start).
 */
export const prefillValues = (
  z: ZObject,
  form: Pick<Form, 'properties'>,
  changes: AnswerChanges,
  outcome: string,
): Record<string, PrefillValue> => {
  const { answers, problems } = wholeAnswers(form, changes);
  if (problems.length > 0) throw invalidInput(z, `${problems.join('; ')}. ${outcome}`);
  const values: Record<string, PrefillValue> = {};
  for (const { id } of answerableBlocks(form)) if (id in answers) values[id] = text(answers[id]);
  return values;
};

/** The link: `share_url`, `?` and the answers, then `&` and the extra parameters (either part may be absent). */
export const prefillLink = (
  shareUrl: string,
  values: Readonly<Record<string, PrefillValue>>,
  extra: Readonly<Record<string, string>> = {},
): string => {
  const answers = new URLSearchParams();
  for (const [id, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) answers.append(`${id}[]`, item);
    else answers.append(id, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const rest = new URLSearchParams(Object.entries(extra)).toString();
  const query = [answers.toString(), rest].filter((part) => part !== '').join('&');
  return query === '' ? shareUrl : `${shareUrl}?${query}`;
};

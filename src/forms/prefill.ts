/**
 * OpnForm's pre-filled link: the form's `share_url`, then, for each block in form order that has a
 * value, one `URLSearchParams` entry keyed by the block's id (a list as one `<id>[]` entry per item),
 * then the extra query string after `&`, as OpnForm's generator lays it out (client
 * `components/open/forms/components/FormUrlPrefill.vue`). What each value holds is chosen by what the
 * public form shows when it reads the link (./prefill-answers.ts): OpenCompleteForm.vue takes
 * everything after the first `?` and `useFormInitialization.js` (`applyUrlParameters`, then
 * `resetAndFill`) turns `<id>[]` entries into a list, `JSON.parse`s a value starting with `{` (a
 * matrix), ticks a checkbox for "true"/"false", keeps a select's option name.
 */
import type { ZObject } from 'zapier-platform-core';
import { answerKey } from '../answers/answer-inputs';
import { type AnswerChanges, isEmptyInput, wholeAnswers } from '../answers/answer-values';
import { answerableBlocks, blockName, blockOptions, distinctLabels } from '../answers/blocks';
import { badResponse, invalidInput } from '../errors';
import { isLoopbackHost } from '../net/addresses';
import type { Form, FormBlock } from '../schemas/forms';
import {
  dateOnlyText,
  dateTimeText,
  isReservedName,
  numberText,
  PrefillError,
  phoneText,
  plainText,
} from './prefill-answers';

/** A value as the link carries it: text, a list (`<id>[]`) or a matrix's row: column object. */
export type PrefillValue = string | string[] | Record<string, string>;

/** Questions whose answer is read here from the input as given (not through Create Submission's checks). */
export const readsRawInput = (block: FormBlock): boolean =>
  ['number', 'rating', 'scale', 'slider'].includes(block.type) ||
  (block.type === 'phone_number' && block.use_simple_text_input !== true);

const allowsCreation = (block: FormBlock) =>
  (block.type === 'select' || block.type === 'multi_select') && block.allow_creation === true;

/** A select value: the option's own name when it is one (any case), else itself (the form accepts new ones). */
const optionName = (block: FormBlock, given: string) =>
  blockOptions(block).find((name) => name.toLowerCase() === given.toLowerCase()) ?? given;

/** The link's text for one checked answer (Create Submission's checks already passed). */
const linkValue = (block: FormBlock, value: unknown): PrefillValue => {
  if (block.type === 'date') {
    const text = block.with_time === true ? dateTimeText : dateOnlyText;
    return Array.isArray(value) ? value.map((end) => text(String(end))) : text(String(value));
  }
  if (block.type === 'multi_select')
    return (value as unknown[]).map((item) => optionName(block, String(item)));
  if (block.type === 'select') return plainText(block, optionName(block, String(value)));
  if (block.type === 'checkbox') return String(value === true);
  if (value !== null && typeof value === 'object') return value as Record<string, string>;
  return plainText(block, String(value));
};

/**
 * The form with the options of its "allow creation" selects left out, so Create Submission's checks
 * accept a value outside them (OpnForm's form shows and submits it); the names are matched again here.
 */
export const lenientForm = (form: Form): Form => ({
  ...form,
  properties: (form.properties ?? []).map((block) =>
    allowsCreation(block) ? { ...block, select: undefined, multi_select: undefined } : block,
  ),
});

/**
 * The value each question gets, keyed by field id in form order: numbers and phone numbers from the
 * input as given, the rest from the checked answers joined as Create Submission joins them
 * (`wholeAnswers`: a matrix given row by row is one object, a date range `[start, end]`; an end without
 * a start is refused, the form would read it as the start). Every problem is named in one error.
 */
export const prefillValues = (
  z: ZObject,
  form: Pick<Form, 'properties'>,
  changes: AnswerChanges,
  inputData: Readonly<Record<string, unknown>>,
  outcome: string,
): Record<string, PrefillValue> => {
  const { answers, problems } = wholeAnswers(form, changes);
  const blocks = answerableBlocks(form);
  const labels = distinctLabels(blocks);
  const values: Record<string, PrefillValue> = {};
  for (const block of blocks) {
    const raw = inputData[answerKey(block)];
    const given = readsRawInput(block) ? (isEmptyInput(raw) ? undefined : raw) : answers[block.id];
    if (given === undefined) continue;
    const name = `${labels.get(block.id) ?? blockName(block)} (${answerKey(block)})`;
    if (isReservedName(block.id)) {
      problems.push(
        `${name} cannot be filled from a link: its id "${block.id}" is a name OpnForm's form reads itself`,
      );
      continue;
    }
    try {
      if (block.type === 'phone_number' && readsRawInput(block)) values[block.id] = phoneText(block, given);
      else if (readsRawInput(block)) values[block.id] = numberText(block, given);
      else values[block.id] = linkValue(block, given);
    } catch (error) {
      if (!(error instanceof PrefillError)) throw error;
      problems.push(`${name} ${error.message}`);
    }
  }
  if (problems.length > 0) throw invalidInput(z, `${problems.join('; ')}. ${outcome}`);
  return values;
};

/**
 * The form's address the answers are added to, from its `share_url`: an https URL (http only on a
 * loopback host while the connection itself uses the development setting), its query kept (a raw `?`
 * in it encoded, since the form reads only up to a second `?`) and its `#fragment` dropped (the form
 * would read it into the last answer). Anything else is OpnForm answering with something that is not
 * a form's address: a bad response naming the value.
 */
export const linkBase = (z: ZObject, shareUrl: string, localHttp: boolean, outcome: string) => {
  const bad = (why: string): never => {
    throw badResponse(
      z,
      `OpnForm gave the form's public link (share_url) as ${JSON.stringify(shareUrl.slice(0, 100))}, which ${why}. ${outcome}`,
    );
  };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point (they are refused)
  if (/[\s\u0000-\u001f\u007f]/.test(shareUrl)) bad('contains spaces, line breaks or control characters');
  if (shareUrl === '') bad('is empty');
  let url: URL | undefined;
  try {
    url = new URL(shareUrl);
  } catch {
    bad('is not a web address');
  }
  const parsed = url as URL;
  const local = localHttp && isLoopbackHost(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && local))
    bad('is not an https:// address');
  if (parsed.username !== '' || parsed.password !== '') bad('holds a user name or password');
  const noFragment = shareUrl.split('#')[0] as string;
  const [address, ...query] = noFragment.split('?');
  return { address: address as string, query: query.join('%3F') };
};

/** The link: the address, `?`, its own query, the answers, then the extra parameters (each part joined by `&`, any may be absent). */
export const prefillLink = (
  base: { address: string; query: string },
  values: Readonly<Record<string, PrefillValue>>,
  extra: Readonly<Record<string, string>> = {},
): string => {
  const answers = new URLSearchParams();
  for (const [id, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) answers.append(`${id}[]`, item);
    else answers.append(id, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const rest = new URLSearchParams(Object.entries(extra)).toString();
  const query = [base.query, answers.toString(), rest].filter((part) => part !== '').join('&');
  return query === '' ? base.address : `${base.address}?${query}`;
};

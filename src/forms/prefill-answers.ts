/**
 * What a pre-filled link carries for each question, chosen by what OpnForm's public form shows when
 * it reads the link (client at 57dfb923: `lib/forms/composables/useFormInitialization.js`, then the
 * input components), not by what its generator writes: the link is opened by respondents in every
 * time zone, and what they leave untouched is what OpnForm stores (its API stores answers verbatim,
 * recording submissions--date-formats). Each function returns the link's text or throws a
 * PrefillError saying what is allowed and why; the step names the field.
 */
import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import type { FormBlock } from '../schemas/forms';

export class PrefillError extends Error {}
const refuse = (message: string): never => {
  throw new PrefillError(message);
};
const got = (value: unknown) => `(got ${JSON.stringify(value)?.slice(0, 60) ?? String(value)})`;

/**
 * Names the public form reads itself rather than as answers, so neither a question id nor an extra
 * parameter may use them: `submission_id` (OpenCompleteForm.vue loads that submission instead of the
 * answers, "Submission not found" when unknown), and the properties and methods of the form object the
 * answers are written into (`composables/lib/vForm/Form.js`: `form[key] = value` would replace
 * `data()`, `errors`, `reset()`, ... and break the page).
 */
export const PAGE_NAMES: readonly string[] = [
  'submission_id',
  'busy',
  'successful',
  'recentlySuccessful',
  'recentlySuccessfulTimeoutId',
  'errors',
  'originalData',
  'update',
  'fill',
  'data',
  'keys',
  '_getSerializableData',
  'startProcessing',
  'finishProcessing',
  'clear',
  'resetAndFill',
  'reset',
  'get',
  'post',
  'patch',
  'put',
  'delete',
  'submit',
  'validate',
  'handleErrors',
  'extractErrors',
  'mutate',
  'mutateAsync',
];

/** The page's names and those of every JavaScript object (not listed in the help: nobody names a question so). */
const RESERVED_NAMES: readonly string[] = [
  ...PAGE_NAMES,
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
];

/** Whether a parameter name (`x` or `x[]`) is one the public form reads itself. */
export const isReservedName = (name: string): boolean =>
  RESERVED_NAMES.includes(name.endsWith('[]') ? name.slice(0, -2) : name);

// ---------------------------------------------------------------------------------------------- dates

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The parts of an ISO date or date-time, refused when the calendar has no such day or time. */
const dateParts = (given: string) => {
  const m = DATE_TIME.exec(given.trim()) ?? refuse(`must be a date such as 2026-03-05 ${got(given)}`);
  const n = (i: number) => Number(m[i] ?? 0);
  const [y, mo, d, h, mi, s] = [n(1), n(2), n(3), n(4), n(5), n(6)];
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || s > 59)
    refuse(`is not a day and time of the calendar ${got(given)}`);
  const zone = m[8]?.toUpperCase();
  return {
    date: `${m[1]}-${m[2]}-${m[3]}`,
    time: m[4] === undefined ? undefined : `${m[4]}:${m[5]}:${m[6] ?? '00'}`,
    fraction: m[7] === undefined ? '' : `.${m[7].padEnd(3, '0').slice(0, 3)}`,
    offset:
      zone === undefined || zone === 'Z'
        ? zone
        : zone.includes(':')
          ? zone
          : `${zone.slice(0, 3)}:${zone.slice(3)}`,
  };
};

/**
 * A date-only question: the date as written (Zapier's own offset ignored), at noon with no offset. The
 * form's date input shows `format(new Date(value), 'dd/MM/yyyy')` (heavy/DateInput.vue), and ECMAScript
 * reads a date-time without an offset as the viewer's local time, so every viewer sees that day (a bare
 * `2026-03-05` is UTC midnight: the day before west of UTC). Untouched, the text is stored as it is;
 * noon rather than midnight keeps the day for readers that take an offset-less time as UTC (OpnForm's
 * Carbon formatting, this connector's own triggers) anywhere from UTC-11 to UTC+11.
 */
export const dateOnlyText = (given: string): string => `${dateParts(given).date}T12:00:00`;

/**
 * A question with a time: a moment with an offset stays that moment (each viewer sees it in their own
 * time, as the form's picker itself writes one); a time without an offset is the same wall-clock time
 * for every viewer; a date alone is its midnight, local. Written as ECMAScript's date-time format
 * (`T`, seconds, `+hh:mm`) so every browser reads it alike.
 */
export const dateTimeText = (given: string): string => {
  const { date, time, fraction, offset } = dateParts(given);
  return time === undefined ? `${date}T00:00:00` : `${date}T${time}${fraction}${offset ?? ''}`;
};

// -------------------------------------------------------------------------------------------- numbers

/** A number as a person writes one: digits, an optional minus and decimal point (`007`, `3.50`, `-2`, `.5`). */
const PLAIN_DECIMAL = /^-?(\d+(\.\d+)?|\.\d+)$/;

const decimal = (given: unknown): string => {
  const text = typeof given === 'number' ? String(given) : typeof given === 'string' ? given.trim() : '';
  if (!PLAIN_DECIMAL.test(text))
    refuse(
      `must be a number written with digits and an optional decimal point, such as 42 or 3.50 ${got(given)}`,
    );
  return text;
};

const intOr = (value: unknown, fallback: number) => {
  const n = Number.parseInt(String(value), 10);
  return Number.isNaN(n) ? fallback : n;
};
const floatOr = (value: unknown, fallback: number) => {
  const n = Number.parseFloat(String(value));
  return Number.isNaN(n) ? fallback : n;
};

/** A rating: stars 1..`rating_max_value` (heavy/RatingInput.vue lights every star up to the value, so 7 of 5 shows 5). */
const stars = (block: FormBlock) =>
  intOr(block.rating_max_value, 5) < 1 ? 5 : intOr(block.rating_max_value, 5);
const rating = (block: FormBlock, n: number): string =>
  Number.isInteger(n) && n >= 1 && n <= stars(block)
    ? String(n)
    : refuse(`must be ${allowedNumbers(block)} ${got(n)}`);

/**
 * A scale: one of the buttons core/ScaleInput.vue draws (`scale_min_value` up to `scale_max_value` by
 * `scale_step_value`), and a whole number, since the form reads a linked scale value with `parseInt`
 * (2.5 would show and be sent as 2).
 */
const scaleAnswers = (block: FormBlock) => {
  const [min, max, step] = [
    floatOr(block.scale_min_value, 1),
    floatOr(block.scale_max_value, 5),
    floatOr(block.scale_step_value, 1),
  ];
  const buttons: number[] = [];
  if (step <= 0) buttons.push(min);
  else for (let i = min; i <= max && buttons.length < 1000; i += step) buttons.push(i);
  const whole = buttons.filter((b) => Number.isInteger(b));
  return { whole, text: whole.length <= 12 ? whole.join(', ') : `${min} to ${max} in steps of ${step}` };
};
const scale = (block: FormBlock, n: number): string => {
  const { whole } = scaleAnswers(block);
  if (!Number.isInteger(n))
    refuse(
      `must be a whole number: OpnForm's form reads a scale answer from a link as a whole number (${n} would show ` +
        `as ${Math.trunc(n)}) ${got(n)}`,
    );
  if (!whole.includes(n))
    refuse(
      whole.length === 0
        ? 'cannot be filled from a link: its scale has no whole-number answers'
        : `must be ${allowedNumbers(block)} ${got(n)}`,
    );
  return String(n);
};

/** A slider: `slider_min_value`..`slider_max_value` on its `slider_step_value` (a range input snaps anything else). */
const sliderBounds = (block: FormBlock) => {
  const step = intOr(block.slider_step_value, 5);
  return {
    min: intOr(block.slider_min_value, 0),
    max: intOr(block.slider_max_value, 50),
    step: step > 0 ? step : 1,
  };
};
const slider = (block: FormBlock, n: number): string => {
  const { min, max, step } = sliderBounds(block);
  return Number.isInteger(n) && n >= min && n <= max && (n - min) % step === 0
    ? String(n)
    : refuse(`must be ${allowedNumbers(block)} ${got(n)}`);
};

/** What a rating, scale or slider takes, in words (its refusals and its input's help say it). */
export const allowedNumbers = (block: FormBlock): string => {
  if (block.type === 'rating') return `a whole number of stars from 1 to ${stars(block)}`;
  if (block.type === 'scale') return `one of the scale's answers, ${scaleAnswers(block).text}`;
  const { min, max, step } = sliderBounds(block);
  return `a number from ${min} to ${max} in steps of ${step}`;
};

/** A number question keeps the text as given (the form shows it as written); rating, scale, slider must fit. */
export const numberText = (block: FormBlock, given: unknown): string => {
  const text = decimal(given);
  if (block.type === 'rating') return rating(block, Number(text));
  if (block.type === 'scale') return scale(block, Number(text));
  if (block.type === 'slider') return slider(block, Number(text));
  return text;
};

// ---------------------------------------------------------------------------------------------- phone

/** The question's own country: its default (`prefill`) written `FR+33` by the form editor. */
export const phoneCountry = (block: FormBlock): CountryCode | undefined => {
  const code = /^([A-Z]{2})\+/.exec(typeof block.prefill === 'string' ? block.prefill : '')?.[1];
  return code !== undefined && isSupportedCountry(code) ? code : undefined;
};

/**
 * A phone question with OpnForm's phone box (heavy/PhoneInput.vue), written as that box writes it,
 * `<ISO><+dial><national>` (`FR+33612345678`): it takes the country from the first two letters and
 * reads the number with libphonenumber-js from the `+` (a number without a `+` leaves the box empty).
 * Read here with the same library and metadata (min), with the question's default country for a
 * national number; refused when it is not a possible number (OpnForm's ValidPhoneInputRule) or its
 * country is one the question disables.
 */
export const phoneText = (block: FormBlock, given: unknown): string => {
  const text = String(given).trim();
  const tagged = /^([A-Za-z]{2})(\+.*)$/.exec(text);
  const tag = tagged?.[1]?.toUpperCase();
  const own = phoneCountry(block);
  const parsed = parsePhoneNumberFromString(tagged?.[2] ?? text, tagged ? undefined : own);
  const format =
    own === undefined
      ? 'start with + and the country code, for example +33 6 12 34 56 78 (the form reads only international numbers)'
      : `be a number of ${own} or start with + and the country code, for example +${getCountryCallingCode(own)} ...`;
  if (parsed === undefined || !parsed.isPossible()) return refuse(`must ${format} ${got(given)}`);
  if (parsed.ext !== undefined)
    refuse(`has an extension, which the form's phone box cannot hold ${got(given)}`);
  const fits = (code: string | undefined): code is CountryCode =>
    code !== undefined &&
    isSupportedCountry(code) &&
    getCountryCallingCode(code) === parsed.countryCallingCode;
  const country =
    parsed.country ??
    (fits(tag) ? tag : undefined) ??
    (fits(own) ? own : undefined) ??
    parsed.getPossibleCountries()[0];
  if (country === undefined)
    return refuse(
      `is a +${parsed.countryCallingCode} number of no country the form's phone box offers ${got(given)}`,
    );
  const disabled = Array.isArray(block.unavailable_countries) ? block.unavailable_countries : [];
  if (disabled.includes(country))
    refuse(`is a number of ${country}, a country this question does not offer ${got(given)}`);
  return `${country}+${parsed.countryCallingCode}${parsed.nationalNumber}`;
};

// ----------------------------------------------------------------------------------------------- text

/** Questions whose box is one line (an `<input>`, which drops a line break on screen). */
export const isSingleLine = (block: FormBlock): boolean =>
  (block.type === 'text' && block.multi_lines !== true) ||
  ['email', 'url', 'number', 'phone_number', 'barcode'].includes(block.type);

/**
 * One text value as the link carries it: refused when it starts with `{` and is JSON (the form
 * `JSON.parse`s such a value and shows `[object Object]`), or has a line break in a visible one-line
 * box (the box drops it, the data keeps it: the respondent would send what they did not see).
 */
export const plainText = (block: FormBlock, text: string): string => {
  if (text.startsWith('{')) {
    let json = false;
    try {
      JSON.parse(text);
      json = true;
    } catch {
      json = false;
    }
    if (json)
      refuse(
        'starts with "{" and is JSON, which OpnForm\'s form reads as data, not text (the respondent would see ' +
          '[object Object]): give the text without the leading "{"',
      );
  }
  if (/[\r\n]/.test(text) && isSingleLine(block) && block.hidden !== true)
    refuse(
      "has a line break, which this one-line question's box drops on screen (the respondent would send text they " +
        'did not see): remove it, or make the question multi-line in OpnForm',
    );
  return text;
};

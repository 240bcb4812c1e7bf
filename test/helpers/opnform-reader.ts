/**
 * A model of what OpnForm's public form does with a pre-filled link, written from its web client at
 * commit 57dfb923 (JhumanJ/OpnForm, `client/`; facts only, no code copied), for a viewer in a given
 * time zone:
 * - components/open/forms/OpenCompleteForm.vue: the query is `route.fullPath.split('?')[1]` (everything
 *   after the first `?`, up to a second one, a `#fragment` included); `submission_id` loads a submission.
 * - lib/forms/composables/useFormInitialization.js: `applyUrlParameters` sets `form[key]` for each plain
 *   key (a value starting with `{` is `JSON.parse`d when it parses), then each `<id>[]` key as a list;
 *   `updateSpecialFields` fills a still-empty question from its `prefill`; `resetAndFill` turns a
 *   checkbox's "true"/"1"/"false"/"0" into a tick and a select's option id into its name.
 * - the inputs (components/forms/...): heavy/DateInput.vue shows `format(new Date(value), 'dd/MM/yyyy')`
 *   (+ ' HH:mm' with a time) in the viewer's zone and, untouched, keeps the text; core/ScaleInput.vue
 *   `parseInt`s a text value on mount; heavy/RatingInput.vue lights star i while `i <= value` and sets a
 *   falsy value to 0; core/SliderInput.vue sets a value that is not a number to 0 (the range input shows
 *   its value clamped and snapped to the step); heavy/PhoneInput.vue takes the country from the first two
 *   letters, parses from the `+` with libphonenumber-js, shows the national number and rewrites the value
 *   as `<ISO><+dial><national>` (a leading 0 of the national number dropped); a one-line `<input>` shows
 *   text without its line breaks. BlockRenderer.vue gives the components their bounds (`rating_max_value`
 *   parseInt; `scale_*` parseFloat; `slider_*` parseInt).
 * Dates: ECMAScript reads `YYYY-MM-DD` as UTC midnight, a date-time without an offset as local time,
 * one with an offset as that moment; here the local reading is done for the given zone with Intl.
 */
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/min';

interface Block {
  id: string;
  type: string;
  [key: string]: unknown;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The zone's offset (ms) at an instant, from Intl. */
const offsetAt = (instant: number, timeZone: string): number => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
};

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** `new Date(text)` in a browser whose zone is `timeZone`: the instant (NaN when not ECMAScript's format). */
export const instantIn = (text: string, timeZone: string): number => {
  const m = ISO.exec(text);
  if (m === null) return Number.NaN;
  if (m[4] === undefined || m[8] !== undefined) return Date.parse(text);
  const n = (i: number) => Number(m[i] ?? 0);
  const wall = Date.UTC(n(1), n(2) - 1, n(3), n(4), n(5), n(6), n(7));
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
};

/** date-fns `format(new Date(text), 'dd/MM/yyyy[ HH:mm]')` in the viewer's zone ('' when invalid). */
export const shownDate = (text: string, timeZone: string, withTime = false): string => {
  const instant = instantIn(text, timeZone);
  if (Number.isNaN(instant)) return '';
  const local = new Date(instant + offsetAt(instant, timeZone));
  const day = `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`;
  return withTime ? `${day} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}` : day;
};

/** The phone box (PhoneInput.vue): the country shown, the number box, and the value it keeps. */
export const phoneBox = (value: string) => {
  let country: string | null = null;
  if (!value.startsWith('+')) {
    const code = value.substring(0, 2);
    country = isSupportedCountry(code) ? code : null;
  }
  const plus = value.indexOf('+');
  const parsed = parsePhoneNumberFromString(plus > 0 ? value.substring(plus) : value);
  let box: string | null = null;
  if (parsed !== undefined) {
    if (parsed.country !== undefined) country = parsed.country;
    box = parsed.nationalNumber;
  }
  if (country === null) return { country: 'US', box, kept: value };
  const national = box?.startsWith('0') ? box.substring(1) : box;
  const dial = `+${getCountryCallingCode(country as Parameters<typeof getCountryCallingCode>[0])}`;
  return { country, box, kept: national ? `${country}${dial}${national}` : null };
};

export interface Reading {
  /** `submission_id` in the link: the page loads that submission instead of the answers. */
  loadsSubmission: boolean;
  /** What each question shows, by id. */
  shown: Record<string, unknown>;
  /** What the form sends when the respondent submits without touching anything, by key. */
  submitted: Record<string, unknown>;
}

const rangeShown = (value: number, min: number, max: number, step: number) => {
  const clamped = Math.min(Math.max(value, min), max);
  return min + Math.round((clamped - min) / step) * step;
};

/** Reads `link` as the public form does, for a viewer in `timeZone`. */
export const readLink = (link: string, blocks: readonly Block[], timeZone: string): Reading => {
  const params = new URLSearchParams(link.split('?')[1] ?? '');
  const data: Record<string, unknown> = {};
  params.forEach((value, key) => {
    if (key.endsWith('[]')) return;
    try {
      data[key] = value.startsWith('{') ? JSON.parse(value) : value;
    } catch {
      data[key] = value;
    }
  });
  for (const key of new Set(params.keys()))
    if (key.endsWith('[]')) data[key.slice(0, -2)] = params.getAll(key);
  for (const block of blocks)
    if ((data[block.id] === undefined || data[block.id] === null) && block.prefill)
      data[block.id] = block.prefill;
  const shown: Record<string, unknown> = {};
  for (const block of blocks) {
    let value = data[block.id];
    if (value === undefined || value === null) continue;
    if (block.type === 'checkbox') {
      if (value === '1' || (typeof value === 'string' && value.toLowerCase() === 'true')) value = true;
      else if (value === '0' || (typeof value === 'string' && value.toLowerCase() === 'false')) value = false;
    } else if (block.type === 'select' || block.type === 'multi_select') {
      const options = (block[block.type] as { options?: { id: string; name: string }[] })?.options ?? [];
      const name = (v: unknown) => options.find((o) => o.id === v)?.name ?? v;
      value = Array.isArray(value) ? value.map(name) : name(value);
    }
    if (block.hidden === true) {
      data[block.id] = value;
      continue;
    }
    switch (block.type) {
      case 'date': {
        const show = (v: unknown) => shownDate(String(v), timeZone, block.with_time === true);
        shown[block.id] = Array.isArray(value) ? value.map(show).join(' - ') : show(value);
        break;
      }
      case 'rating': {
        const max = Number.parseInt(String(block.rating_max_value), 10);
        const stars = !max || max < 1 ? 5 : max;
        if (!value) value = 0;
        shown[block.id] = Array.from({ length: stars }, (_, i) => i + 1).filter(
          (i) => i <= Number(value),
        ).length;
        break;
      }
      case 'scale': {
        if (typeof value === 'string') value = Number.parseInt(value, 10);
        shown[block.id] = value;
        break;
      }
      case 'slider': {
        if (Number.isNaN(Number(value))) value = 0;
        const [min, max, step] = ['min', 'max', 'step'].map((k) =>
          Number.parseInt(String(block[`slider_${k}_value`]), 10),
        ) as [number, number, number];
        shown[block.id] = rangeShown(Number(value), min, max, step);
        break;
      }
      case 'phone_number': {
        if (block.use_simple_text_input === true) {
          shown[block.id] = String(value).replace(/[\r\n]/g, '');
          break;
        }
        const box = phoneBox(String(value));
        shown[block.id] = { country: box.country, number: box.box };
        value = box.kept;
        break;
      }
      case 'text':
      case 'email':
      case 'url':
      case 'number':
        // an <input> shows its text without line breaks; a textarea keeps them; an object is "[object Object]"
        shown[block.id] =
          block.type === 'text' && block.multi_lines === true
            ? String(value)
            : String(value).replace(/[\r\n]/g, '');
        break;
      default:
        shown[block.id] = value;
    }
    data[block.id] = value;
  }
  return { loadsSubmission: params.get('submission_id') !== null, shown, submitted: data };
};

/** The day OpnForm's own outputs (emails, integrations: Carbon in the app's UTC zone) give a stored date. */
export const carbonDay = (stored: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(stored);
  return m === null ? '' : `${m[3]}/${m[2]}/${m[1]}`;
};

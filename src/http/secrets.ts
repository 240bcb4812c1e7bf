import { JSONParser } from '@streamparser/json';
import type { Bundle } from 'zapier-platform-core';
import { MAX_JSON_DEPTH } from '../shared/json-depth';
import { formsOf, partsOf, SECRET_FIELD } from '../shared/secret-forms';

/**
 * Every secret a step knows, so that no error message, log line or output repeats one: the
 * connection's token (every auth field except the OpnForm URL), input values that are secrets
 * (the webhook secret and URL, every custom header value, any field named like a secret) and values the
 * step learned from OpnForm (a webhook's current secret and headers, other integrations' URLs).
 */
const learned = new WeakMap<object, Set<string>>();

/** Input keys whose values are secrets; a webhook URL is a capability URL (whoever has it can post to it). */
const SECRET_KEY = /secret|token|password|passwd|api[-_]?key|signature|auth|header|webhook_url/i;

const collect = (value: unknown, out: Set<string>, depth = 0): void => {
  if (depth > 4 || value === null || value === undefined) return;
  if (typeof value === 'string' || typeof value === 'number') {
    const text = String(value).trim();
    if (text !== '') out.add(text);
    if (typeof value === 'string' && value !== text && value !== '') out.add(value);
    for (const part of partsOf(text)) out.add(part);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collect(item, out, depth + 1);
    return;
  }
  if (typeof value === 'object') {
    for (const item of Object.values(value as Record<string, unknown>)) collect(item, out, depth + 1);
  }
};

/** Records values learned during a step (for example a webhook's current secret) as secrets of that step. */
export const rememberSecrets = (bundle: Bundle, values: readonly unknown[]): void => {
  let set = learned.get(bundle);
  if (set === undefined) {
    set = new Set();
    learned.set(bundle, set);
  }
  for (const value of values) collect(value, set);
};

/** The secrets of a step, longest first (so a secret containing another is hidden whole). */
export const secretsOf = (bundle: Bundle | undefined, extra: readonly unknown[] = []): string[] => {
  const out = new Set<string>();
  if (bundle !== undefined && bundle !== null) {
    for (const [key, value] of Object.entries(bundle.authData ?? {})) {
      if (key !== 'base_url') collect(value, out);
    }
    for (const [key, value] of Object.entries(bundle.inputData ?? {})) {
      if (SECRET_KEY.test(key) && !key.startsWith('clear_')) collect(value, out);
    }
    for (const value of learned.get(bundle) ?? []) out.add(value);
  }
  collect(extra, out);
  return [...out].sort((a, b) => b.length - a.length);
};

export const HIDDEN = '[hidden]';

const isWordChar = (char: string | undefined) => char !== undefined && /[\w-]/.test(char);

/**
 * The text with every `form` that stands as a whole word (no letter, digit, `_` or `-` on either side)
 * hidden; a plain scan, not a pattern built from the secret (the ReDoS check proves literals only).
 */
const hideWord = (text: string, form: string): string => {
  let out = '';
  let from = 0;
  let at = text.indexOf(form);
  while (at !== -1) {
    const whole = !isWordChar(text[at - 1]) && !isWordChar(text[at + form.length]);
    if (whole) {
      out += `${text.slice(from, at)}${HIDDEN}`;
      from = at + form.length;
    }
    at = text.indexOf(form, whole ? from : at + 1);
  }
  return out + text.slice(from);
};

/**
 * A function replacing every occurrence of every secret (in each of its forms: `formsOf`) in a text,
 * the forms worked out once (API Request hides them in every text of a large answer).
 * Values of 3 characters are hidden only where they stand as a whole word; values of 1 or 2
 * characters (a header value such as "1") cannot hold a secret and are left, so messages stay readable.
 */
export const redactor = (secrets: readonly string[]): ((text: string) => string) => {
  const steps = secrets
    .filter((secret) => secret.length >= 3)
    .flatMap((secret) => formsOf(secret))
    .map((form) =>
      form.length >= 4
        ? (text: string) => (text.includes(form) ? text.split(form).join(HIDDEN) : text)
        : (text: string) => (text.includes(form) ? hideWord(text, form) : text),
    );
  return (text) => steps.reduce((out, step) => step(out), text);
};

/** Replaces every occurrence of every secret in a text (`redactor`). */
export const redact = (text: string, secrets: readonly string[]): string => redactor(secrets)(text);

/** What a masked value shows in an output (the webhook steps show masked values the same way). */
export const MASKED = '********';

type Json = unknown;

const isRecord = (value: Json): value is Record<string, Json> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Every value under a `SECRET_FIELD` key of a JSON value, down to `MAX_JSON_DEPTH` levels (for
 * `rememberSecrets`; API Request refuses a deeper body before it gets here, and deeper walks overflow).
 */
export const secretFieldValues = (
  value: Json,
  inSecret = false,
  out: unknown[] = [],
  depth = 1,
): unknown[] => {
  if (depth > MAX_JSON_DEPTH && typeof value === 'object' && value !== null) return out;
  if (Array.isArray(value)) {
    for (const item of value) secretFieldValues(item, inSecret, out, depth + 1);
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value))
      secretFieldValues(item, inSecret || SECRET_FIELD.test(key), out, depth + 1);
  } else if (inSecret && (typeof value === 'string' || typeof value === 'number')) {
    out.push(value);
  }
  return out;
};

/** An object's members masked in place: each value by `value`, each key hidden (in their order). */
const maskMembers = (
  node: Record<string, Json>,
  hide: (text: string) => string,
  value: (key: string, item: Json) => Json,
): Record<string, Json> => {
  let renamed = false;
  for (const key of Object.keys(node)) {
    node[key] = value(key, node[key]);
    renamed ||= hide(key) !== key;
  }
  if (!renamed) return node;
  // a key that holds a secret (rare): the members written again, in their order, under hidden keys
  const entries = Object.entries(node);
  for (const [key] of entries) delete node[key];
  for (const [key, item] of entries) node[hide(key)] = item;
  return node;
};

/**
 * How `maskJson` masks a JSON value, in place: the value at the top, an item of a list at the top, a member
 * of an object at the top.
 */
const masker = (secrets: readonly string[]) => {
  const hide = redactor(secrets);
  const walk = (node: Json, inSecret: boolean, byKey: boolean, depth: number): Json => {
    if (typeof node === 'string') return inSecret && node !== '' ? MASKED : hide(node);
    if (node === null || typeof node !== 'object') return node;
    if (depth > MAX_JSON_DEPTH) return MASKED;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i += 1) node[i] = walk(node[i], inSecret, byKey, depth + 1);
      return node;
    }
    return maskMembers(node as Record<string, Json>, hide, (key, item) =>
      walk(item, inSecret || (byKey && SECRET_FIELD.test(key)), byKey, depth + 1),
    );
  };
  const member = (key: string, node: Json): Json =>
    key === 'errors' && isRecord(node)
      ? walk(node, false, false, 2)
      : walk(node, SECRET_FIELD.test(key), true, 2);
  return {
    hide,
    value: (node: Json) => (isRecord(node) ? maskMembers(node, hide, member) : walk(node, false, true, 1)),
    item: (node: Json) => walk(node, false, true, 2),
    member,
  };
};

/**
 * A JSON value with every non-empty text under a `SECRET_FIELD` key (at any depth) replaced by `MASKED`,
 * and every secret of the step hidden in every other text and key (`redact`). A top-level `errors` object
 * (Laravel's validation messages, keyed by field path such as `data.webhook_url`) is not masked by key:
 * its texts are messages, not the values. An object or list deeper than `MAX_JSON_DEPTH` levels (no
 * OpnForm answer: PHP writes no deeper) is replaced by `MASKED` whole: a walk further down overflows.
 * The value is masked in place (API Request's answer, just parsed: no copy of it is made).
 */
export const maskJson = (value: Json, secrets: readonly string[]): Json => masker(secrets).value(value);

/** Characters of a text given to the streaming parser at a time. */
const SLICE = 64 * 1024;

/**
 * A streaming parser of a JSON list (`[`) or object (`{`) at the top that gives `emit` each item or member,
 * masked as `maskJson` masks it, as JSON text (with its comma), and lets it go: write the text (or bytes)
 * to it; the opening and closing brackets are the caller's.
 */
export const maskingParser = (first: '[' | '{', secrets: readonly string[], emit: (text: string) => void) => {
  const mask = masker(secrets);
  let count = 0;
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  parser.onValue = ({ value, key }) => {
    const comma = count > 0 ? ',' : '';
    count += 1;
    if (first === '[') emit(comma + JSON.stringify(mask.item(value as Json)));
    else {
      const masked = mask.member(String(key), value as Json);
      emit(`${comma}${JSON.stringify(mask.hide(String(key)))}:${JSON.stringify(masked)}`);
    }
  };
  return parser;
};

/**
 * A JSON text masked as `maskJson` masks its value, without ever holding the value whole (issue 33: a
 * 10 MB answer parsed is about 70 MB, and a masked copy as much again): a list or object at the top is
 * read as a stream (`@streamparser/json`), each of its items or members parsed, masked, written as
 * JSON and let go. The masked JSON text, in parts; `undefined` when the text is not JSON.
 */
export const maskJsonText = (text: string, secrets: readonly string[]): string[] | undefined => {
  // JSON's own white space only (JSON.parse refuses a byte-order mark or any other space before a value)
  const first = /[^ \t\n\r]/.exec(text)?.[0];
  if (first !== '[' && first !== '{') {
    try {
      return [JSON.stringify(maskJson(JSON.parse(text), secrets))];
    } catch {
      return undefined;
    }
  }
  const parts: string[] = [first];
  let broken = false;
  const parser = maskingParser(first, secrets, (text) => parts.push(text));
  parser.onError = () => {
    broken = true;
  };
  for (let at = 0; at < text.length && !broken; ) {
    // a slice never ends between the two halves of a surrogate pair
    let end = Math.min(at + SLICE, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parser.write(text.slice(at, end));
    at = end;
  }
  if (!broken && !parser.isEnded) parser.end();
  if (broken || !parser.isEnded) return undefined;
  parts.push(first === '[' ? ']' : '}');
  return parts;
};

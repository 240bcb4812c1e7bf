import type { Bundle } from 'zapier-platform-core';

/**
 * Every secret a step knows, so that no error message, log line or output repeats one: the
 * connection's token (every auth field except the OpnForm URL), input values that are secrets
 * (the webhook secret and URL, every custom header value, any field named like a secret) and values the
 * step learned from OpnForm (a webhook's current secret and headers, other integrations' URLs).
 */
const learned = new WeakMap<object, Set<string>>();

/** Input keys whose values are secrets; a webhook URL is a capability URL (whoever has it can post to it). */
const SECRET_KEY = /secret|token|password|passwd|api[-_]?key|signature|auth|header|webhook_url/i;

/**
 * The parts of a secret that work, or give it away, on their own:
 * - a Sanctum personal access token `<id>|<plain text>`: Sanctum accepts the plain text alone;
 * - a URL with a path or query (a webhook's or another Zap's hook URL: a capability URL): the URL
 *   without its scheme, its path and query, and each query value (API keys travel there). Parts under
 *   8 characters (`/in`, `?a=1`) are no capability and stay readable.
 */
export const partsOf = (secret: string): string[] => {
  const out: string[] = [];
  const bar = secret.indexOf('|');
  if (bar > 0 && /^\d+$/.test(secret.slice(0, bar))) out.push(secret.slice(bar + 1));
  if (/^https?:\/\//i.test(secret)) {
    try {
      const url = new URL(secret);
      const rest = `${url.pathname === '/' ? '' : url.pathname}${url.search}`;
      if (rest.length >= 8) {
        out.push(secret.replace(/^https?:\/\//i, ''), `${url.host}${url.pathname}${url.search}`, rest);
        for (const value of url.searchParams.values()) if (value.length >= 8) out.push(value);
      }
    } catch {
      // not a URL after all: the whole value stays the secret
    }
  }
  return out.filter((part) => part.trim().length >= 3);
};

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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** PHP's `json_encode` as OpnForm (Laravel) writes it: `/` as `\/`, non-ASCII as `\uXXXX`. */
const phpJson = (text: string) =>
  JSON.stringify(text)
    .slice(1, -1)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The ways a secret can be written in a text: as is, JSON-escaped (JavaScript's and PHP's `\/`),
 * URL-encoded (`%2F`, lower-case hex, `+` for spaces) and URL-encoded inside JSON.
 */
export const formsOf = (secret: string): string[] => {
  const encoded = encodeURIComponent(secret);
  return [
    ...new Set([
      secret,
      JSON.stringify(secret).slice(1, -1),
      phpJson(secret),
      encoded,
      encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
      encoded.replace(/%20/g, '+'),
      encodeURI(secret),
      phpJson(encodeURI(secret)),
    ]),
  ];
};

/**
 * Replaces every occurrence of every secret (in each of its forms: `formsOf`) in a text.
 * Values of 3 characters are hidden only where they stand as a whole word; values of 1 or 2
 * characters (a header value such as "1") cannot hold a secret and are left, so messages stay readable.
 */
export const redact = (text: string, secrets: readonly string[]): string => {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 3) continue;
    for (const form of formsOf(secret)) {
      if (form.length >= 4) {
        out = out.split(form).join(HIDDEN);
      } else {
        out = out.replace(new RegExp(`(?<![\\w-])${escapeRegExp(form)}(?![\\w-])`, 'g'), HIDDEN);
      }
    }
  }
  return out;
};

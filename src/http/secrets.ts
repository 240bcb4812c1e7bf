import type { Bundle } from 'zapier-platform-core';
import { formsOf, partsOf } from '../shared/secret-forms';

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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

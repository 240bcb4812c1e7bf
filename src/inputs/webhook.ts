/**
 * A webhook's settings, shared by Create and Update Webhook Integration: their input fields (one
 * definition, with the words that differ chosen by the step) and OpnForm's own rules for each value
 * (https URL on a public address; secret of 12+ plain ASCII characters without surrounding spaces;
 * at most 10 custom headers, no blocked header names, names and non-empty values of at most 255 bytes
 * without line breaks or control characters), so a bad value is refused with its field named before
 * any request. No message repeats a secret or a header value. Built on first use, like ./values.ts.
 */
import { defineInputField } from 'zapier-platform-core';
import * as z from 'zod/mini';
import { checkWebhookUrl } from '../net/addresses';
import { lazy } from '../schemas/lazy';
import { isEmpty, refuse } from './values';

export const MIN_SECRET_LENGTH = 12;
export const MAX_HEADERS = 10;
export const MAX_HEADER_LENGTH = 255;

/** Header names OpnForm refuses (spec list plus the real server's extra three), lower case. */
export const BLOCKED_HEADERS = [
  'authorization',
  'x-webhook-signature',
  'content-type',
  'content-length',
  'host',
  'cookie',
  'x-csrf-token',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-real-ip',
  'x-requested-with',
  'accept-encoding',
  'transfer-encoding',
] as const;

/** RFC 9110 token characters: what a header name may be made of. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;
/** Control characters other than tab and line breaks (NUL, VT, ESC, DEL, ...): they break every delivery. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point (they are refused)
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** OpnForm counts lengths in bytes (UTF-8): "é" counts 2. */
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Optional https webhook URL on a public address; gives the normalised URL. */
export const WebhookUrl = lazy(() =>
  z.pipe(
    z.optional(z.nullable(z.string({ error: 'must be text (a URL starting with https://)' }))),
    z.transform((value, ctx): string | undefined => {
      if (isEmpty(value)) return undefined;
      const check = checkWebhookUrl(String(value));
      return check.ok ? check.url : refuse(ctx, '[webhook url]', check.problem);
    }),
  ),
);

/**
 * Optional signing secret; kept exactly as typed (a changed secret would break signatures). OpnForm
 * trims surrounding spaces before storing it (then deliveries are signed with another secret than the
 * receiver's) and refuses non-ASCII characters with 422: both are refused here, before any request.
 */
export const WebhookSecret = lazy(() =>
  z.pipe(
    z.optional(z.nullable(z.union([z.string(), z.number()], { error: 'must be text' }))),
    z.transform((value, ctx): string | undefined => {
      if (isEmpty(value)) return undefined;
      const secret = String(value);
      const problem =
        secret.length < MIN_SECRET_LENGTH
          ? `must be at least ${MIN_SECRET_LENGTH} characters long (it has ${secret.length})`
          : LINE_BREAK.test(secret)
            ? 'must not contain line breaks'
            : secret.trim() !== secret
              ? 'must not start or end with a space (OpnForm would remove it, and signatures would stop verifying)'
              : CONTROL.test(secret)
                ? 'must not contain control characters'
                : /[^\u0020-\u007e]/.test(secret)
                  ? 'must use plain ASCII characters only (letters, digits, punctuation; no accents or emoji)'
                  : undefined;
      return problem === undefined ? secret : refuse(ctx, '[secret]', problem);
    }),
  ),
);

const quoteName = (name: string) => JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}...` : name);

/** Why one custom header is refused; the value is never repeated. */
const headerProblem = (name: string, value: unknown): string | undefined => {
  if (name.trim() === '') return 'has a header without a name';
  if (LINE_BREAK.test(name)) return 'has a header name with a line break';
  if (bytes(name) > MAX_HEADER_LENGTH) {
    return `has a header name longer than ${MAX_HEADER_LENGTH} characters (${quoteName(name)})`;
  }
  if (!HEADER_NAME.test(name)) {
    return `has an invalid header name ${quoteName(name)} (use letters, digits and - only, no spaces or colons)`;
  }
  if ((BLOCKED_HEADERS as readonly string[]).includes(name.toLowerCase())) {
    return `cannot set the header ${quoteName(name)}: OpnForm sets or blocks it itself`;
  }
  if (value !== null && typeof value === 'object')
    return `has a value for ${quoteName(name)} that is not text`;
  const text = value === undefined || value === null ? '' : String(value);
  if (text.trim() === '') return `has an empty value for ${quoteName(name)} (OpnForm refuses empty values)`;
  if (LINE_BREAK.test(text)) return `has a value for ${quoteName(name)} with a line break`;
  if (CONTROL.test(text)) {
    return `has a value for ${quoteName(name)} with a control character (such as NUL, ESC or DEL)`;
  }
  if (bytes(text) > MAX_HEADER_LENGTH) {
    return `has a value for ${quoteName(name)} longer than ${MAX_HEADER_LENGTH} bytes (accented letters count 2 or more)`;
  }
  return undefined;
};

/** Optional custom headers (a Zapier key/value `dict`); empty means "not given". */
export const WebhookHeaders = lazy(() =>
  z.pipe(
    z.optional(
      z.nullable(z.record(z.string(), z.unknown(), { error: 'must be a list of header names and values' })),
    ),
    z.transform((value, ctx): Record<string, string> | undefined => {
      const entries = Object.entries(value ?? {}).filter(([name, v]) => !(name.trim() === '' && isEmpty(v)));
      if (entries.length === 0) return undefined;
      const fail = (message: string) => refuse(ctx, '[headers]', message);
      if (entries.length > MAX_HEADERS) {
        return fail(`can hold at most ${MAX_HEADERS} headers (got ${entries.length})`);
      }
      const seen = new Set<string>();
      const headers: Record<string, string> = {};
      for (const [rawName, raw] of entries) {
        const name = rawName.trim();
        const problem = headerProblem(name, raw);
        if (problem !== undefined) return fail(problem);
        if (seen.has(name.toLowerCase())) return fail(`has the header ${quoteName(name)} twice`);
        seen.add(name.toLowerCase());
        headers[name] = raw === undefined || raw === null ? '' : String(raw);
      }
      return headers;
    }),
  ),
);

export const WEBHOOK_STATUSES = ['active', 'inactive'] as const;

/** A webhook URL that must be given (Create Webhook Integration): the same rules as `WebhookUrl`. */
export const RequiredWebhookUrl = lazy(() =>
  z.pipe(
    WebhookUrl(),
    z.transform((value, ctx): string => {
      return (
        value ?? refuse(ctx, '[webhook url]', 'is required (an https:// address on the public internet)')
      );
    }),
  ),
);

const KEEP = 'Leave empty to keep the current value.';

/** Zapier's log hides a header's value only for these names: said once, in both steps. */
const LOGGED =
  "Zapier's logs show a header's value unless its name contains token, auth, secret, password or api-key.";

/** `create`: a new webhook (URL required, status defaults to active); otherwise an update (empty keeps). */
export const webhookSettingFields = (mode: 'create' | 'update') => {
  const create = mode === 'create';
  return [
    defineInputField({
      key: 'status',
      label: 'Webhook Status',
      required: false,
      choices: { active: 'Active', inactive: 'Inactive' },
      ...(create ? { default: 'active' } : {}),
      helpText: `Whether OpnForm sends the webhook. ${create ? 'Empty means Active.' : KEEP}`,
    }),
    defineInputField({
      key: 'webhook_url',
      label: 'Webhook URL',
      required: create,
      helpText: `Where OpnForm sends each submission: a public https:// address.${create ? '' : ` ${KEEP}`}`,
    }),
    defineInputField({
      key: 'webhook_secret',
      label: 'Webhook Secret',
      type: 'password',
      required: false,
      helpText: create
        ? 'At least 12 characters: OpnForm signs each delivery with it (X-Webhook-Signature header). ' +
          'Empty: deliveries are unsigned.'
        : `A new signing secret, at least 12 characters (never returned: the output shows only its last 4). ${KEEP}`,
    }),
    defineInputField({
      key: 'webhook_headers',
      label: 'Webhook Headers',
      required: false,
      dict: true,
      helpText: create
        ? `At most 10, not Authorization, Host or other headers OpnForm sets. ${LOGGED}`
        : `They replace all custom headers (at most 10, not ones OpnForm sets); empty keeps them. ${LOGGED}`,
    }),
  ] as const;
};

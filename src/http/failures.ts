import type { ZObject } from 'zapier-platform-core';
import type { ErrorCode } from '../errors';
import type { Ability, Thing } from './abilities';
import { redact } from './secrets';

/**
 * A sentence OpnForm is known to send for a failure whose status code varies between servers
 * (spec: "not shown"; real server: 400; a 404 or 422 could carry it too). Matched case-insensitively,
 * ignoring a final period, against the body's `message` and its field errors.
 */
export interface KnownFailure {
  said: string;
  message: string;
  code: ErrorCode;
}

/** What the HTTP layer knows about a request when its answer has to be explained to a user. */
export interface RequestContext {
  /** What the request is about: used for 404 wording. */
  thing: Thing;
  /** Abilities the token needs for this step: used for 403 wording. */
  abilities: readonly Ability[];
  /** Any one of `abilities` is enough (403 wording says "or"). */
  anyOf?: boolean;
  /** Whether the step also needs the connected user to be an admin of the workspace. */
  admin?: boolean;
  /** Whether any member may do it (no admin rights needed): 403 wording names membership instead. */
  member?: boolean;
  /** Server sentences that get their own message, whatever client-error status carries them. */
  known?: readonly KnownFailure[];
  /** Names for the server's field paths in validation errors, e.g. `data.webhook_url` -> `Webhook URL (webhook_url)`. */
  fields?: Readonly<Record<string, string>>;
  /** A 404 message of the step's own, in place of the generic "<thing> not found" (the connection test). */
  notFound?: string;
  /** Values (secrets) that must never appear in an error message, even if the server repeats them. */
  redact?: readonly string[];
}

const THING_HINTS: Record<Thing, string> = {
  account: 'Check the OpnForm URL in your connection.',
  workspace: 'Check that the workspace still exists and that the connected user belongs to it.',
  form: 'Check that the form still exists and that the connected user can see it.',
  submission: 'Check that the submission still exists on that form.',
  member: 'Check that the user is still a member of the workspace.',
  invite: 'Check that the invite still exists in that workspace.',
  'webhook integration': 'Check that the webhook integration still exists on that form.',
  'export job': 'Export jobs expire a few hours after they start; start a new export.',
  file: 'The link may have expired.',
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** The server's own sentence, if its body has one. */
export const serverMessage = (body: unknown): string | undefined => {
  const message = asRecord(body)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message.trim() : undefined;
};

/** Every message of a Laravel validation body `{errors: {field: [..]}}`, without field names. */
const fieldErrorTexts = (body: unknown): string[] => {
  const errors = asRecord(asRecord(body)?.errors);
  if (errors === undefined) return [];
  return Object.values(errors).flatMap((messages) =>
    (Array.isArray(messages) ? messages : [messages]).map(String),
  );
};

/** `field: message; field: message` from a Laravel validation body `{errors: {field: [..]}}`. */
export const fieldErrors = (body: unknown, names: Readonly<Record<string, string>> = {}): string[] => {
  const errors = asRecord(asRecord(body)?.errors);
  if (errors === undefined) return [];
  return Object.entries(errors).map(([field, messages]) => {
    const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
    return `${names[field] ?? field}: ${list.join(' ')}`;
  });
};

const quote = (text: string) => (/[.!?]$/.test(text) ? `"${text}"` : `"${text}."`);

export const forbiddenMessage = (body: unknown, ctx: RequestContext): string => {
  const said = serverMessage(body);
  const names = ctx.abilities.map((a) => `"${a}"`);
  const abilities = ctx.anyOf ? names.join(' or ') : names.join(', ');
  const needs =
    ctx.abilities.length === 0
      ? 'The connected user may lack permission for this step.'
      : `The access token needs the ${abilities} ${ctx.abilities.length === 1 || ctx.anyOf ? 'ability' : 'abilities'}`;
  const admin = ctx.admin
    ? ' and the connected user must be an admin of the workspace.'
    : ctx.member
      ? ' and the connected user must be a member of the workspace.'
      : ctx.abilities.length === 0
        ? ''
        : ', and the connected user may need admin rights in the workspace.';
  return (
    `OpnForm refused this step (403)${said === undefined ? '' : `: ${quote(said)}`} ${needs}${admin} ` +
    'Create a token with these abilities in OpnForm (Settings > Access Tokens) and reconnect.'
  );
};

export const notFoundMessage = (ctx: RequestContext): string =>
  ctx.notFound ?? `${capitalize(ctx.thing)} not found in OpnForm (404). ${THING_HINTS[ctx.thing]}`;

export const validationMessage = (
  status: number,
  body: unknown,
  names: Readonly<Record<string, string>> = {},
): string => {
  const said = serverMessage(body) ?? 'the request was not accepted';
  const fields = fieldErrors(body, names);
  return `OpnForm rejected the request (${status}): ${said}${fields.length === 0 ? '' : ` ${fields.join('; ')}`}`;
};

export const paymentMessage = (body: unknown): string => {
  const record = asRecord(body) ?? {};
  const tier = typeof record.required_tier === 'string' ? record.required_tier : undefined;
  const current = typeof record.current_tier === 'string' ? record.current_tier : undefined;
  const said = serverMessage(body) ?? 'This feature is not included in the workspace plan.';
  return (
    `OpnForm refused this step (402): ${said}` +
    (tier === undefined ? '' : ` It needs the ${tier} plan`) +
    (tier !== undefined && current !== undefined ? ` (the workspace is on ${current}).` : tier ? '.' : '')
  );
};

export const serverErrorMessage = (status: number): string =>
  `OpnForm had a temporary problem (HTTP ${status}). Try again in a few minutes; if it keeps happening, ` +
  'check the status of your OpnForm server.';

export const THROTTLED_MESSAGE =
  'OpnForm rate limit reached (429 Too Many Requests). Zapier will retry later.';

/** Seconds to wait from a `Retry-After` header (seconds or HTTP date); 60 when absent or unreadable. */
export const retryAfterSeconds = (header: string | null | undefined, now = Date.now()): number => {
  if (header === null || header === undefined || header.trim() === '') return 60;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Math.max(1, Number(value));
  const at = Date.parse(value);
  return Number.isNaN(at) ? 60 : Math.max(1, Math.ceil((at - now) / 1000));
};

const sentence = (text: string) => text.trim().replace(/\.+$/, '').toLowerCase();

/** The known failure a client-error body names (not for 401/402/403/429, which mean something else). */
export const knownFailure = (
  status: number,
  body: unknown,
  ctx: RequestContext,
): KnownFailure | undefined => {
  if (ctx.known === undefined || status < 400 || status >= 500 || [401, 402, 403, 429].includes(status)) {
    return undefined;
  }
  const said = [serverMessage(body), ...fieldErrorTexts(body)].filter((t): t is string => t !== undefined);
  return ctx.known.find((k) => said.some((text) => sentence(text) === sentence(k.said)));
};

/** Replaces every given secret in a message (a server may repeat a value it refused). */
export const redacted = (text: string, secrets: readonly string[] = []): string =>
  redact(
    text,
    [...secrets].filter((secret) => secret.length > 0).sort((a, b) => b.length - a.length),
  );

/** Turns an error answer (status >= 400) into the Zapier error a no-code user can act on. */
export const failureFor = (
  z: ZObject,
  status: number,
  body: unknown,
  retryAfter: string | null,
  ctx: RequestContext,
): Error => {
  if (status === 401) {
    const expired = new z.errors.ExpiredAuthError(
      'OpnForm rejected the access token (401): it is invalid or has been revoked. Reconnect your OpnForm account with a valid token.',
    );
    // Core appends the step's whole input (secrets included) to every error without this flag.
    (expired as Error & { doNotContextify?: boolean }).doNotContextify = true;
    return expired;
  }
  if (status === 429) return new z.errors.ThrottledError(THROTTLED_MESSAGE, retryAfterSeconds(retryAfter));
  const error = (message: string, code: string) =>
    new z.errors.Error(redacted(message, ctx.redact), code, status);
  if (status === 403) return error(forbiddenMessage(body, ctx), 'forbidden');
  const known = knownFailure(status, body, ctx);
  if (known !== undefined) return error(known.message, known.code);
  if (status === 404) return error(notFoundMessage(ctx), 'not_found');
  if (status === 402) return error(paymentMessage(body), 'payment_required');
  if (status >= 500) return error(serverErrorMessage(status), 'server_error');
  return error(validationMessage(status, body, ctx.fields), 'validation_failed');
};

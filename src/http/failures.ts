import type { ZObject } from 'zapier-platform-core';
import { type ErrorCode, halt, userError } from '../errors';
import { trimEnd } from '../shared/text';
import type { Need, Thing } from './abilities';
import { tokenlessRefusal } from './public-routes';
import { redact } from './secrets';

/**
 * A sentence OpnForm is known to send for a failure whose status code varies between servers
 * (spec: "not shown"; real server: 400; a 404 or 422 could carry it too). Matched case-insensitively,
 * ignoring a final period, against the body's `message` and its field errors.
 */
export interface KnownFailure {
  /** The server's sentence; `''`: an answer with no message; none: any answer (both only at `status`). */
  said?: string;
  message: string;
  code: ErrorCode;
  /** Only at this status (required for `said: ''` and no `said`, and for a 403: other 403s are policy refusals). */
  status?: number;
  /** A routine outcome: a `HaltedError` instead of an error (rule in `src/errors.ts`). */
  halt?: boolean;
}

/**
 * What an endpoint's error statuses mean beyond the usual wording (404: the thing is not found, 403:
 * the need explained, 422: the fields OpnForm names), in one table.
 */
export interface Statuses {
  /** Error statuses answered as "nothing there" (an `Absent`) instead of thrown (src/http/client.ts). */
  absent?: readonly number[];
  /** Server sentences, or statuses, that get their own message (a halt for a routine outcome). */
  known?: readonly KnownFailure[];
  /** Names for the server's field paths in validation errors, e.g. `data.webhook_url` -> `Webhook URL (webhook_url)`. */
  fields?: Readonly<Record<string, string>>;
}

/** What the HTTP layer knows about a request when its answer has to be explained to a user. */
export interface RequestContext {
  /** What the endpoint is about and needs of the token and the user: the 404 and 403 wording. */
  need: Need;
  /** What its error statuses mean (`Statuses`). */
  statuses?: Statuses;
  /** Values (secrets) that must never appear in an error message, even if the server repeats them. */
  redact?: readonly string[];
}

/** The HTTP layer's own addition: a route sent without the token (`POST /upload-file`, a file link). */
export type FailureContext = RequestContext & { publicRoute?: string };

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
  API: "Check the path: OpnForm's API paths for tokens start with /open/.",
};

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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

const sentence = (text: string) => trimEnd(text.trim(), '.').toLowerCase();
const quote = (text: string) => (/[.!?]$/.test(text) ? `"${text}"` : `"${text}."`);

/** OpnForm's 403 sentences (recorded: `limits--abilities-403`). */
export const INVALID_ABILITY = 'Invalid ability provided.';
const POLICY_SENTENCES = [
  'This action is unauthorized.',
  'You need to be an admin of this workspace to do this.',
];

/** The connected user's place in one workspace, as `GET /open/workspaces` says it. */
export interface Membership {
  id: number;
  name: string;
  role: 'admin' | 'user' | 'readonly';
}

/**
 * What a cheap `GET /open/workspaces` after a policy 403 told about the connected user: their
 * workspaces and roles, that the token cannot even list workspaces (403: no `workspaces-read`), or
 * nothing (not asked, or it failed).
 */
export type Standing =
  | { kind: 'unknown' }
  | { kind: 'no-workspaces-read' }
  | { kind: 'memberships'; memberships: readonly Membership[] };

/** Where the request points (for 403 wording): the workspace in its path, query or body, if any. */
export interface ForbiddenTarget {
  workspaceId?: number;
}

/**
 * Whether a 403 body needs the connected user's standing to be explained: OpnForm's policy sentences
 * (and an empty message) could mean a missing ability, a role or no membership. "Invalid ability
 * provided." (the /external routes' ability check) needs nothing more; any other sentence (e.g. a
 * self-hosted licence limit) is shown as OpnForm said it.
 */
export const needsStanding = (body: unknown): boolean => {
  const said = serverMessage(body);
  return said === undefined || POLICY_SENTENCES.some((s) => sentence(s) === sentence(said));
};

/** The id a request names: in its path (`/open/<resource>/{id}`), else under `key` in its query or body. */
const idOfRequest = (
  resource: 'workspaces' | 'forms',
  key: string,
  apiPath: string,
  query?: unknown,
  body?: unknown,
): number | undefined => {
  const [, named, inPath] = /^\/open\/(workspaces|forms)\/(\d+)(?:\/|$)/.exec(apiPath) ?? [];
  const candidates = [named === resource ? inPath : undefined, asRecord(query)?.[key], asRecord(body)?.[key]];
  for (const value of candidates) {
    const id = Number(value);
    if (value !== undefined && value !== null && value !== '' && Number.isInteger(id) && id > 0) return id;
  }
  return undefined;
};

/** The workspace a request is about: `/open/workspaces/{id}/...`, or a `workspace_id` query or body key. */
export const workspaceOfRequest = (apiPath: string, query?: unknown, body?: unknown): number | undefined =>
  idOfRequest('workspaces', 'workspace_id', apiPath, query, body);

/** The form a request is about: `/open/forms/{id}/...`, or a `form_id` query or body key (the hooks). */
export const formOfRequest = (apiPath: string, query?: unknown, body?: unknown): number | undefined =>
  idOfRequest('forms', 'form_id', apiPath, query, body);

const ROLE_NAMES: Record<Membership['role'], string> = {
  admin: 'an admin',
  user: 'a member with the "user" role',
  readonly: 'a read-only member',
};

const them = (need: Need) => (need.abilities.length === 1 || need.anyOf ? 'it' : 'them');

const newToken = (need: Need) =>
  `A token's abilities cannot be changed: create a new token with ${them(need)} ticked in OpnForm ` +
  '(Settings > Access Tokens) and reconnect.';
const NOT_THE_TOKEN = 'A new token does not help.';

/** What a step needs of the connected user: an admin, any member but a read-only one (the default), or any member. */
type RoleNeeded = NonNullable<Need['role']>;

const allows = (role: Membership['role'], needed: RoleNeeded) =>
  needed === 'admin' ? role === 'admin' : needed === 'editor' ? role !== 'readonly' : true;

const abilityText = (need: Need): string => {
  const names = need.abilities.map((a) => `"${a}"`);
  const list = need.anyOf ? names.join(' or ') : names.join(', ');
  return `the ${list} ${need.abilities.length === 1 || need.anyOf ? 'ability' : 'abilities'}`;
};

const roleFix = (needed: RoleNeeded, workspace: string) =>
  needed === 'admin'
    ? `This step needs an admin of ${workspace}: ask an admin of it to make the connected user an admin, or connect an admin's account.`
    : `This step needs a role that may change things ("user" or "admin"): ask an admin of ${workspace} to change the connected user's role.`;

/**
 * The 403 message, telling the token's abilities (fixed only by a new token) from the connected
 * user's role or membership (fixed only by a workspace admin). "Invalid ability provided." names the
 * ability; a policy sentence is explained with the user's standing, learned after the 403.
 */
export const forbiddenMessage = (
  body: unknown,
  need: Need,
  standing: Standing = { kind: 'unknown' },
  target: ForbiddenTarget = {},
): string => {
  const said = serverMessage(body);
  const head = `OpnForm refused this step (403)${said === undefined ? '' : `: ${quote(said)}`}`;
  const needs = abilityText(need);
  if (need.abilities.length === 0) return `${head} The connected user may lack permission for this step.`;
  if (said !== undefined && sentence(said) === sentence(INVALID_ABILITY)) {
    return `${head} The access token lacks ${needs} this step needs. ${newToken(need)}`;
  }
  if (!needsStanding(body)) return `${head} Check the workspace's plan and settings in OpnForm.`;
  const needed = need.role ?? 'editor';
  if (standing.kind === 'no-workspaces-read') {
    const only = need.abilities.length === 1 && need.abilities[0] === 'workspaces-read';
    return (
      `${head} The access token lacks the "workspaces-read" ability (it cannot even list the connected user's ` +
      `workspaces)${only ? '' : `; this step needs ${needs}`}. ${newToken(only ? need : { ...need, abilities: ['workspaces-read', ...need.abilities], anyOf: false })}`
    );
  }
  if (standing.kind === 'memberships') {
    const { memberships } = standing;
    if (target.workspaceId !== undefined) {
      const membership = memberships.find((m) => m.id === target.workspaceId);
      if (membership === undefined) {
        return (
          `${head} The connected user is not a member of workspace ${target.workspaceId}. Ask an admin of that ` +
          `workspace to invite them, or choose one of the connected user's workspaces. ${NOT_THE_TOKEN}`
        );
      }
      const workspace = `the workspace "${membership.name}"`;
      if (!allows(membership.role, needed)) {
        return `${head} The connected user is ${ROLE_NAMES[membership.role]} of ${workspace}. ${roleFix(needed, workspace)} ${NOT_THE_TOKEN}`;
      }
      return (
        `${head} The connected user's role in ${workspace} (${membership.role}) allows this step, so the access ` +
        `token lacks ${needs}. ${newToken(need)}`
      );
    }
    const limited = memberships.filter((m) => !allows(m.role, needed));
    if (memberships.length > 0 && limited.length === memberships.length) {
      const workspace =
        memberships.length === 1 ? `the workspace "${memberships[0]?.name}"` : 'their workspaces';
      return `${head} The connected user is ${ROLE_NAMES[limited[0]?.role ?? 'readonly']} of ${
        memberships.length === 1 ? workspace : `every workspace they belong to`
      }. ${roleFix(needed, workspace)} ${NOT_THE_TOKEN}`;
    }
    const readOnlyIn =
      limited.length === 0
        ? ''
        : ` or a workspace where the connected user is read-only (${limited.map((m) => `"${m.name}"`).join(', ')})`;
    return (
      `${head} Either the access token lacks ${needs} (then create a new token with ${them(need)} ticked in ` +
      'OpnForm, Settings > Access Tokens, and reconnect), or the form belongs to a workspace the connected user is not a ' +
      `member of${readOnlyIn} (then ask an admin of that workspace; a new token does not help).`
    );
  }
  const role =
    needed === 'admin'
      ? 'is not an admin of the workspace'
      : needed === 'editor'
        ? 'is read-only in the workspace or not a member of it'
        : 'is not a member of the workspace';
  return (
    `${head} Either the access token lacks ${needs} (then create a new token with ${them(need)} ticked in ` +
    `OpnForm, Settings > Access Tokens, and reconnect), or the connected user ${role} (then ask an admin of the ` +
    'workspace; a new token does not help).'
  );
};

export const notFoundMessage = (thing: Thing): string =>
  `${capitalize(thing)} not found in OpnForm (404). ${THING_HINTS[thing]}`;

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

/**
 * The known failure an error answer names: an entry without `said` at its status; else a client-error
 * body's sentence (not at 401/402/429, which mean something else; a 403 only for an entry with
 * `status: 403`).
 */
export const knownFailure = (
  status: number,
  body: unknown,
  known: readonly KnownFailure[] = [],
): KnownFailure | undefined => {
  if (status < 400 || status >= 500) return undefined;
  const any = known.find((k) => k.said === undefined && k.status === status);
  if (any !== undefined || [401, 402, 429].includes(status)) return any;
  const message = serverMessage(body);
  const said = [message, ...fieldErrorTexts(body)].filter((t): t is string => t !== undefined);
  return known.find(
    (k) =>
      k.said !== undefined &&
      // a 403 is a policy refusal unless an entry names that status (a licence limit, say)
      (k.status === undefined ? status !== 403 : k.status === status) &&
      (k.said === ''
        ? k.status !== undefined && message === undefined && said.length === 0
        : said.some((text) => sentence(text) === sentence(k.said as string))),
  );
};

/** Replaces every given secret in a message (a server may repeat a value it refused). */
export const redacted = (text: string, secrets: readonly string[] = []): string =>
  redact(
    text,
    [...secrets].filter((secret) => secret.length > 0).sort((a, b) => b.length - a.length),
  );

/**
 * Whether an error answer is a policy 403 that the connected user's standing explains (read by the
 * client after the answer, never on the success path: src/http/standing.ts).
 */
export const forbiddenNeedsStanding = (status: number, body: unknown, ctx: RequestContext): boolean =>
  status === 403 &&
  // a request that names no ability (API Request, the connection test) gets a message that uses no standing
  ctx.need.abilities.length > 0 &&
  knownFailure(status, body, ctx.statuses?.known) === undefined &&
  needsStanding(body);

/** A JSON body, or undefined when the text is not JSON. */
export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Turns an error answer (status >= 400) into the Zapier error a no-code user can act on; a policy 403
 * is explained with the user's `standing` and the request's `target` when the client learned them.
 */
export const failureFor = (
  z: ZObject,
  status: number,
  body: unknown,
  retryAfter: string | null,
  ctx: FailureContext,
  standing?: Standing,
  target?: ForbiddenTarget,
): Error => {
  // a 401 to a request sent without the token is not the token's
  if (status === 401 && ctx.publicRoute !== undefined)
    return userError(z, tokenlessRefusal(ctx.publicRoute), 'forbidden', 401);
  if (status === 401) {
    const expired = new z.errors.ExpiredAuthError(
      'OpnForm rejected the access token (401): it is invalid or has been revoked. Reconnect your OpnForm account with a valid token.',
    );
    // Core appends the step's whole input (secrets included) to every error without this flag.
    (expired as Error & { doNotContextify?: boolean }).doNotContextify = true;
    return expired;
  }
  if (status === 429) return new z.errors.ThrottledError(THROTTLED_MESSAGE, retryAfterSeconds(retryAfter));
  const error = (message: string, code: ErrorCode) =>
    userError(z, redacted(message, ctx.redact), code, status);
  const known = knownFailure(status, body, ctx.statuses?.known);
  if (status === 403 && known === undefined)
    return error(forbiddenMessage(body, ctx.need, standing, target), 'forbidden');
  if (known?.halt) return halt(z, redacted(known.message, ctx.redact));
  if (known !== undefined) return error(known.message, known.code);
  if (status === 404) return error(notFoundMessage(ctx.need.thing), 'not_found');
  if (status === 402) return error(paymentMessage(body), 'payment_required');
  if (status >= 500) return error(serverErrorMessage(status), 'server_error');
  return error(validationMessage(status, body, ctx.statuses?.fields), 'validation_failed');
};

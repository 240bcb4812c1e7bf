/**
 * Failed deliveries of a form's integrations, from OpnForm's event log: one item per failed event,
 * with a stable unique id, the integration's URL masked and the error message cleaned of credentials.
 */
import { createHash } from 'node:crypto';
import * as integrations from '../api/integrations';
import type { FormIntegration, IntegrationEvent } from '../schemas/integrations';
import { isoDateTime, parseTimestamp } from '../shared/dates';
import { formsOf, partsOf } from '../shared/secret-forms';
import { sortedKeys } from '../shared/stable';

/** What a failure says about its integration (`undefined` where the list could not be read). */
export type Kind = 'webhook' | 'zapier_hook' | 'other';

export const kindOf = (integration: FormIntegration | undefined): Kind =>
  integration?.integration_id === 'webhook'
    ? 'webhook'
    : integration?.integration_id === 'zapier'
      ? 'zapier_hook'
      : 'other';

/** The URL an integration delivers to: a webhook's, a Zapier hook's, or another kind's first URL. */
const urlOf = (integration: FormIntegration | undefined): unknown => {
  const data = integrations.dataOf(integration);
  return (
    data.webhook_url ??
    data.hook_url ??
    Object.values(data).find((v) => typeof v === 'string' && /^https?:\/\//i.test(v.trim()))
  );
};

/** cURL's own help link, the one URL a message may keep whole. */
const CURL_HELP = 'https://curl.haxx.se/libcurl/c/libcurl-errors.html';
/** A URL as written in a text: plainly, JSON-escaped (`https:\/\/`) or URL-encoded (`https%3A%2F%2F`). */
const URL_IN_TEXT = /https?(?::\/\/|:\\\/\\\/|%3A%2F%2F)[^\s"'<>()]+/gi;

/** A URL found in a text, written back plainly (unescaped, decoded). */
const plainUrl = (text: string): string => {
  const unescaped = text.replace(/\\\//g, '/');
  try {
    return /%3A%2F%2F/i.test(unescaped) ? decodeURIComponent(unescaped) : unescaped;
  } catch {
    return unescaped;
  }
};

/**
 * What each credential is replaced with, longest first: a URL by its masked form (scheme and host),
 * its form without a scheme by `host/********`, its path, query and query values by the mask; any
 * other credential by the mask. Every written form of each (`formsOf`: URL-encoded, JSON-escaped).
 */
const replacementsOf = (credentials: readonly string[]): Array<[string, string]> => {
  const out: Array<[string, string]> = [];
  for (const secret of credentials) {
    const masked = /^https?:\/\//i.test(secret.trim()) ? integrations.maskUrl(secret) : null;
    // `https://host/********` without its scheme, for the URL written without one
    const bare = masked?.replace(/^https?:\/\//i, '');
    const host = bare?.split('/')[0];
    const parts: Array<[string, string]> = [[secret, masked ?? integrations.MASK]];
    for (const part of partsOf(secret.trim())) {
      parts.push([
        part,
        host !== undefined && bare !== undefined && part.startsWith(host) ? bare : integrations.MASK,
      ]);
    }
    for (const [part, shown] of parts) {
      if (part.length < 4) continue;
      for (const form of formsOf(part)) out.push([form, shown]);
    }
  }
  return out.sort((a, b) => b[0].length - a[0].length);
};

/**
 * A failure message as a Zap may show it: the credentials of the form's integrations (secrets,
 * header values, URLs: `credentialsOf`) hidden in every form a server may write them (as is,
 * URL-encoded, JSON-escaped, a URL without its scheme, its query values), and every other URL but
 * cURL's help link masked like the step's URLs (scheme and host only).
 */
export const cleanMessage = (message: string, credentials: readonly string[]): string => {
  let out = message;
  for (const [form, shown] of replacementsOf(credentials)) out = out.split(form).join(shown);
  return out.replace(URL_IN_TEXT, (url) =>
    url === CURL_HELP || url.includes(integrations.MASK)
      ? url
      : (integrations.maskUrl(plainUrl(url)) ?? integrations.MASK),
  );
};

const hashOf = (data: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(sortedKeys(data ?? {})))
    .digest('hex')
    .slice(0, 12);

const isFailure = (event: IntegrationEvent) => String(event.status ?? '').toLowerCase() === 'error';

const statusOf = (data: Record<string, unknown>): number | null => {
  const n = typeof data.status === 'string' ? Number(data.status) : data.status;
  return typeof n === 'number' && Number.isInteger(n) && n >= 100 && n <= 599 ? n : null;
};

/** An event's `data` as an object (anything else: none). */
const dataOf = (event: IntegrationEvent): Record<string, unknown> =>
  event.data !== null && typeof event.data === 'object' && !Array.isArray(event.data)
    ? (event.data as Record<string, unknown>)
    : {};

/** What an item is built from: the event's minute, a hash of its data, its message and HTTP status. */
interface FailedEvent {
  date: string;
  hash: string;
  message: unknown;
  status: number | null;
}

const failedEvent = (event: IntegrationEvent): FailedEvent => {
  const data = dataOf(event);
  return {
    date: String(event.date ?? ''),
    hash: hashOf(data),
    message: data.message,
    status: statusOf(data),
  };
};

/** One item: `ordinal` counts the identical events (same minute and data) older than this one. */
const failureItem = (
  formId: number,
  integrationId: number,
  integration: FormIntegration | undefined,
  credentials: readonly string[],
  event: FailedEvent,
  ordinal: number,
) => ({
  id: `${integrationId}-${event.date.replace(/\D/g, '')}-${event.hash}-${ordinal}`,
  form_id: formId,
  webhook_integration_id: integrationId,
  kind: kindOf(integration),
  integration_type: integration?.integration_id ?? null,
  webhook_url: integrations.maskUrl(urlOf(integration)),
  failed_at: isoDateTime(event.date),
  message: cleanMessage(
    typeof event.message === 'string' ? event.message : 'OpnForm logged a failed delivery without a message.',
    credentials,
  ),
  http_status: event.status,
  sortKey: [parseTimestamp(event.date) ?? Number.NEGATIVE_INFINITY, integrationId, ordinal] as const,
});

/**
 * The failed events of one integration (its log is newest first), each with an id built from the
 * integration id, the minute, a hash of the event data and its ordinal among identical events of
 * that minute counted from the oldest: two identical failures in one minute are two items, and an
 * event keeps its id when newer ones arrive (the ordinal of older events never changes).
 */
export const failuresOf = (
  formId: number,
  integrationId: number,
  integration: FormIntegration | undefined,
  events: readonly IntegrationEvent[],
  credentials: readonly string[] = integration === undefined ? [] : integrations.credentialsOf(integration),
) => {
  const seen = new Map<string, number>();
  const out = [];
  for (const event of [...events].reverse()) {
    if (!isFailure(event)) continue;
    const failed = failedEvent(event);
    const key = `${failed.date}|${failed.hash}`;
    const ordinal = seen.get(key) ?? 0;
    seen.set(key, ordinal + 1);
    out.push(failureItem(formId, integrationId, integration, credentials, failed, ordinal));
  }
  return out;
};

/**
 * The same items of a log read as a stream, newest first (issue 33): the newest `max` failures are kept
 * (a poll returns at most that many), each as its minute, hash, message and status, never the event.
 * Ids stay those of `failuresOf`: after the newest `max`, the events of the minutes kept are still read,
 * counting the identical ones (their ordinals); at the first event of an older minute nothing newer can
 * follow, so the rest of the log is not read. Stopped early (the step's time), it keeps what it has.
 */
export const newestFailures = (
  formId: number,
  integrationId: number,
  integration: FormIntegration | undefined,
  credentials: readonly string[],
  max: number,
) => {
  const kept: Array<{ event: FailedEvent; key: string; mark: number }> = [];
  /** For the keys of kept events: how many identical events were read so far. */
  const counts = new Map<string, number>();
  const minutes = new Set<string>();
  return {
    add: (event: IntegrationEvent): boolean | undefined => {
      const date = String(event.date ?? '');
      const full = kept.length >= max;
      if (full && !minutes.has(date)) return true;
      if (!isFailure(event)) return undefined;
      if (full) {
        const key = `${date}|${hashOf(dataOf(event))}`;
        const count = counts.get(key);
        if (count !== undefined) counts.set(key, count + 1);
        return undefined;
      }
      const failed = failedEvent(event);
      const key = `${date}|${failed.hash}`;
      const mark = (counts.get(key) ?? 0) + 1;
      counts.set(key, mark);
      minutes.add(date);
      kept.push({ event: failed, key, mark });
      return undefined;
    },
    /** Oldest first, as `failuresOf` gives them. */
    result: () =>
      kept
        .reverse()
        .map(({ event, key, mark }) =>
          failureItem(
            formId,
            integrationId,
            integration,
            credentials,
            event,
            (counts.get(key) ?? mark) - mark,
          ),
        ),
  };
};

export type Failure = ReturnType<typeof failuresOf>[number];

/** Newest first (then by integration, then the later of identical events first); sort keys dropped. */
export const newestFailuresFirst = (failures: readonly Failure[]) =>
  [...failures]
    .sort((a, b) => {
      for (let i = 0; i < 3; i++) {
        const x = a.sortKey[i] as number;
        const y = b.sortKey[i] as number;
        if (x !== y) return y > x ? 1 : -1;
      }
      return 0;
    })
    .map(({ sortKey: _sortKey, ...failure }) => failure);

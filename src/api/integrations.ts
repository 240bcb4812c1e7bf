import type { Bundle, ZObject } from 'zapier-platform-core';
import type { Need, Thing } from '../http/abilities';
import { Absent, opnform } from '../http/client';
import { path } from '../http/path';
import { rememberSecrets } from '../http/secrets';
import { MessageReply } from '../schemas/common';
import {
  type FormIntegration,
  FormIntegrations,
  IntegrationEvent,
  IntegrationEvents,
  IntegrationUpdateReply,
} from '../schemas/integrations';

/** Every integration endpoint: `manage-integrations`, about one webhook integration. */
const MANAGE: Need = { thing: 'webhook integration', abilities: ['manage-integrations'] };

/** What every output and log shows instead of a credential. */
export const MASK = '********';

/** The integration's `data` as an object (PHP sends an empty one as `[]`). */
export const dataOf = (integration: Pick<FormIntegration, 'data'> | undefined): Record<string, unknown> => {
  const data = integration?.data;
  return data !== null && data !== undefined && !Array.isArray(data)
    ? { ...(data as Record<string, unknown>) }
    : {};
};

/**
 * A webhook URL as outputs, labels and logs show it: scheme and host, with the path and query
 * masked (Slack and Discord keep their token in the path, other hooks in the query).
 */
export const maskUrl = (value: unknown): string | null => {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    const hidden = (url.pathname !== '/' && url.pathname !== '') || url.search !== '' ? `/${MASK}` : '';
    return `${url.protocol}//${url.host}${hidden}`;
  } catch {
    return 'an unreadable URL';
  }
};

/**
 * Every value of an integration that is a credential: the webhook secret, custom header values and
 * every URL (webhook, Slack, Discord and other Zaps' hook URLs carry their token in the path or query).
 */
export const credentialsOf = (integration: Pick<FormIntegration, 'data'>): string[] => {
  const data = dataOf(integration);
  const out: string[] = [];
  if (typeof data.webhook_secret === 'string') out.push(data.webhook_secret);
  const headers = data.webhook_headers;
  if (headers !== null && typeof headers === 'object' && !Array.isArray(headers)) {
    for (const value of Object.values(headers as Record<string, unknown>)) {
      if (typeof value === 'string') out.push(value);
    }
  }
  for (const value of Object.values(data)) {
    if (typeof value === 'string' && /^https?:\/\//i.test(value.trim())) out.push(value);
  }
  return out;
};

/** What the log shows of a list of integrations: ids, kinds and masked URLs only. */
const listSummary = (list: readonly FormIntegration[]) =>
  `${list.length} integration${list.length === 1 ? '' : 's'}` +
  (list.length === 0
    ? ''
    : `: ${list.map((i) => `#${i.id} ${i.integration_id} ${maskUrl(dataOf(i).webhook_url) ?? ''}`.trim()).join(', ')}`);

/**
 * `GET /open/forms/{id}/integrations` (a bare array, secrets included). `undefined` where the
 * server answers 404: servers that follow the spec only do not have this route. The answer holds
 * every integration's credentials: it is kept out of Zapier's HTTP log (a masked summary is logged
 * instead) and each credential becomes a secret of the step, hidden from every later message.
 */
export const list = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  redact: readonly string[] = [],
): Promise<FormIntegration[] | undefined> => {
  const list = await opnform(z, bundle).get(path`/open/forms/${formId}/integrations`, {
    need: { ...MANAGE, thing: 'form' },
    schema: FormIntegrations(),
    statuses: { absent: [404] },
    redact,
    quiet: listSummary,
  });
  if (list instanceof Absent) return undefined;
  for (const integration of list) rememberSecrets(bundle, credentialsOf(integration));
  return list;
};

/** Server field paths (422 errors) named like the Update Webhook Integration inputs. */
const SERVER_FIELDS: Readonly<Record<string, string>> = {
  status: 'Status (status)',
  'data.webhook_url': 'Webhook URL (webhook_url)',
  'data.webhook_secret': 'Webhook Secret (webhook_secret)',
  'data.webhook_headers': 'Webhook Headers (webhook_headers)',
};

/** What a create or an update logs of the saved integration (`summary` names no secret). */
const savedLog =
  (verb: string, summary: (saved: FormIntegration) => string) =>
  (reply: { form_integration: FormIntegration }) =>
    `webhook integration #${reply.form_integration.id} ${verb} (${summary(reply.form_integration)})`;

/** What a create or an update of an integration saves: the answer checked, secrets hidden, bodies out of the log. */
interface SaveOptions {
  redact: readonly string[];
  summary: (saved: FormIntegration) => string;
}

/** The call that creates or updates an integration (quiet: the log gets `summary`, never the bodies). */
const savingCall = (
  thing: Thing,
  body: Record<string, unknown>,
  options: SaveOptions,
  verb: 'created' | 'saved',
) => ({
  need: { ...MANAGE, thing },
  body,
  schema: IntegrationUpdateReply(),
  statuses: { fields: SERVER_FIELDS },
  redact: options.redact,
  quiet: savedLog(verb, options.summary),
});

/**
 * `POST /open/forms/{id}/integrations` with a new integration (`integration_id`, `status`, `data`).
 * Like the update: bodies stay out of the log, `summary` of the created integration is logged instead.
 * A missing or unknown `integration_id` is a 500 on a real server (the step always sends `webhook`).
 */
export const create = (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  body: Record<string, unknown>,
  options: SaveOptions,
) =>
  opnform(z, bundle).post(
    path`/open/forms/${formId}/integrations`,
    savingCall('form', body, options, 'created'),
  );

/**
 * `DELETE /open/forms/{id}/integrations/{integration}`: the server's message, or `undefined` where
 * the server answers 404 (no such integration on that form: already deleted, or never there).
 */
export const remove = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  integrationId: number,
): Promise<{ message: string | null | undefined } | undefined> => {
  const reply = await opnform(z, bundle).delete(path`/open/forms/${formId}/integrations/${integrationId}`, {
    need: MANAGE,
    schema: MessageReply(),
    statuses: { absent: [404] },
  });
  return reply instanceof Absent ? undefined : { message: reply?.message };
};

/** What a step keeps of a delivery log's events (read newest first, one at a time). */
export interface EventCollector<K> {
  /** One event; `true`: nothing older is needed (the rest of the log is not read). */
  add: (event: IntegrationEvent) => boolean | undefined;
  result: (complete: boolean) => K;
}

/** What a log read kept, and how much of it was read. */
export interface EventsRead<K> {
  kept: K;
  /** Events read, and how many of them failed. */
  events: number;
  failed: number;
  /** Whether the whole log was read (not stopped because nothing older was needed, or by the step's time). */
  complete: boolean;
  /** Stopped by the step's time before the collector had what it needs. */
  cut: boolean;
}

/** What the log shows of an event list: counts only (failure messages hold the hook URL). */
const eventSummary = ({ events, failed, complete }: EventsRead<unknown>) =>
  `${events} event${events === 1 ? '' : 's'}${complete ? '' : ' read'}, ${failed} failed`;

/** Counts the events read around the step's own collector (for the log's summary). */
const counted =
  <K>(collect: () => EventCollector<K>) =>
  () => {
    const inner = collect();
    let events = 0;
    let failed = 0;
    let enough = false;
    return {
      add: (event: IntegrationEvent) => {
        events += 1;
        if (event.status === 'Error') failed += 1;
        enough = inner.add(event) === true;
        return enough;
      },
      result: (complete: boolean): EventsRead<K> => ({
        kept: inner.result(complete),
        events,
        failed,
        complete,
        cut: !complete && !enough,
      }),
    };
  };

/** A log is read until this little of the step's budget is left; then what was read is kept. */
const LOG_STOP_MS = 3_000;

/**
 * `GET /open/forms/{id}/integrations/{integration}/events`: the integration's delivery log, newest
 * first, unpaged; `undefined` where the server answers 404 (the integration is not, or no longer, on the
 * form). Read as a stream (issue 33): each event goes to `collect`, which keeps what the step returns, so
 * a log of any size is read in bounded memory (no size limit applies) and only until the step's time is
 * nearly up. Failure messages repeat the hook URL: the answer stays out of Zapier's HTTP log and `redact`
 * (the integration's credentials) is hidden from any error.
 */
export const listEvents = async <K>(
  z: ZObject,
  bundle: Bundle,
  formId: number,
  integrationId: number,
  redact: readonly string[],
  collect: () => EventCollector<K>,
): Promise<EventsRead<K> | undefined> => {
  const events = await opnform(z, bundle).stream(
    path`/open/forms/${formId}/integrations/${integrationId}/events`,
    {
      need: MANAGE,
      schema: IntegrationEvents(),
      items: 'root',
      item: IntegrationEvent(),
      collect: counted(collect),
      statuses: { absent: [404] },
      redact,
      quiet: eventSummary,
      partialAtMs: LOG_STOP_MS,
    },
  );
  return events instanceof Absent ? undefined : (events.kept as EventsRead<K>);
};

/**
 * `PUT /open/forms/{id}/integrations/{integration}` with the whole integration. Bodies stay out of
 * the log (`summary` of the saved integration is logged instead); `redact` are this step's secrets.
 */
export const update = (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  integrationId: number,
  body: Record<string, unknown>,
  options: SaveOptions,
) =>
  opnform(z, bundle).put(
    path`/open/forms/${formId}/integrations/${integrationId}`,
    savingCall('webhook integration', body, options, 'saved'),
  );

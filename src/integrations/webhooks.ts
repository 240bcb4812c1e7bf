import type { OpnformClient } from '../http/client';
import { path } from '../http/path';
import { FormIntegrations } from '../schemas/integrations';
import type { FormIntegration } from '../schemas/resources';

/** What every output shows instead of a header value. */
export const MASK = '********';

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
export const readIntegrations = async (
  client: OpnformClient,
  formId: number,
  redact: readonly string[] = [],
): Promise<FormIntegration[] | undefined> => {
  const reply = await client.allowing('GET', path`/open/forms/${formId}/integrations`, {
    thing: 'form',
    abilities: ['manage-integrations'],
    schema: FormIntegrations,
    allow: [404],
    redact,
    quiet: listSummary,
  });
  for (const integration of reply.data ?? []) client.remember(credentialsOf(integration));
  return reply.data;
};

export const isWebhook = (integration: Pick<FormIntegration, 'integration_id'>) =>
  integration.integration_id === 'webhook';

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

/** `host/****` of a webhook URL, for dropdown labels. */
export const urlLabel = (value: unknown): string => {
  const masked = maskUrl(value);
  return masked === null ? 'no URL' : masked.replace(/^https?:\/\//, '');
};

/**
 * A webhook's settings as a Zap may show them: the URL masked, the secret only as set/unset and its
 * last 4 characters, header names with masked values.
 */
export const describeWebhook = (data: Record<string, unknown>) => {
  const secret = typeof data.webhook_secret === 'string' ? data.webhook_secret : '';
  const headers =
    data.webhook_headers !== null &&
    typeof data.webhook_headers === 'object' &&
    !Array.isArray(data.webhook_headers)
      ? Object.keys(data.webhook_headers as Record<string, unknown>)
      : [];
  return {
    webhook_url: maskUrl(data.webhook_url),
    has_secret: secret !== '',
    secret_last4: secret.length >= 12 ? secret.slice(-4) : null,
    webhook_headers: Object.fromEntries(headers.map((name) => [name, MASK])),
    header_names: headers,
  };
};

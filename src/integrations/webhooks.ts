import type { OpnformClient } from '../http/client';
import { path } from '../http/path';
import { FormIntegrations } from '../schemas/integrations';
import type { FormIntegration } from '../schemas/resources';

/** What every output shows instead of a header value. */
export const MASK = '********';

/**
 * `GET /open/forms/{id}/integrations` (a bare array, secrets included). `undefined` where the
 * server answers 404: servers that follow the spec only do not have this route.
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
  });
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

/** `host/path` of a webhook URL: no query (it may carry a token), for labels. */
export const urlLabel = (value: unknown): string => {
  if (typeof value !== 'string' || value === '') return 'no URL';
  try {
    const url = new URL(value);
    return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return 'an unreadable URL';
  }
};

/** A webhook's settings as a Zap may show them: the secret only as set/unset and its last 4 characters. */
export const describeWebhook = (data: Record<string, unknown>) => {
  const secret = typeof data.webhook_secret === 'string' ? data.webhook_secret : '';
  const headers =
    data.webhook_headers !== null &&
    typeof data.webhook_headers === 'object' &&
    !Array.isArray(data.webhook_headers)
      ? Object.keys(data.webhook_headers as Record<string, unknown>)
      : [];
  return {
    webhook_url: typeof data.webhook_url === 'string' ? data.webhook_url : null,
    has_secret: secret !== '',
    secret_last4: secret.length >= 12 ? secret.slice(-4) : null,
    webhook_headers: Object.fromEntries(headers.map((name) => [name, MASK])),
    header_names: headers,
  };
};

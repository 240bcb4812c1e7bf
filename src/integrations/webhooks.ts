import { MASK, maskUrl } from '../api/integrations';
import type { FormIntegration } from '../schemas/resources';

export { credentialsOf, dataOf, MASK, maskUrl } from '../api/integrations';

export const isWebhook = (integration: Pick<FormIntegration, 'integration_id'>) =>
  integration.integration_id === 'webhook';

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

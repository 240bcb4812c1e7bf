import * as integrations from '../api/integrations';
import type { FormIntegration } from '../schemas/integrations';

export const isWebhook = (integration: Pick<FormIntegration, 'integration_id'>) =>
  integration.integration_id === 'webhook';

/** `host/****` of a webhook URL, for dropdown labels. */
export const urlLabel = (value: unknown): string => {
  const masked = integrations.maskUrl(value);
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
    webhook_url: integrations.maskUrl(data.webhook_url),
    has_secret: secret !== '',
    secret_last4: secret.length >= 12 ? secret.slice(-4) : null,
    webhook_headers: Object.fromEntries(headers.map((name) => [name, integrations.MASK])),
    header_names: headers,
  };
};

/** What the log shows of a saved webhook: status, masked URL, whether a secret is set, header names. */
export const webhookLog = (saved: FormIntegration) => {
  const shown = describeWebhook(integrations.dataOf(saved));
  return `status ${saved.status ?? 'unknown'}, ${shown.webhook_url ?? 'no URL'}, secret ${
    shown.has_secret ? 'set' : 'not set'
  }, headers: ${shown.header_names.join(', ') || 'none'}`;
};

/**
 * The output of a step that saved a webhook (create, update): the saved integration as the server
 * echoes it, or what was sent where a server leaves `data` out; never the secret or a header value.
 */
export const webhookOutput = (
  reply: { message?: string | null | undefined; form_integration: FormIntegration },
  sent: { form_id: number; status: string; data: Record<string, unknown>; message: string },
) => {
  const saved = reply.form_integration;
  const shown = saved.data === undefined || saved.data === null ? sent.data : integrations.dataOf(saved);
  return {
    id: saved.id,
    form_id: saved.form_id ?? sent.form_id,
    integration_id: saved.integration_id,
    status: saved.status ?? sent.status,
    ...describeWebhook(shown),
    message: reply.message ?? sent.message,
  };
};

/** The sample of a saved webhook, with the server's message of the step. */
export const webhookSample = (message: string) => ({
  id: 12,
  form_id: 42,
  integration_id: 'webhook',
  status: 'active',
  webhook_url: `https://hooks.example.com/${integrations.MASK}`,
  has_secret: true,
  secret_last4: 'x9Qz',
  // header names are one integration's keys: the map stays empty here, `header_names` lists them
  webhook_headers: {},
  header_names: ['X-Source'],
  message,
});

/** The fields the sample does not say itself (`status`, `has_secret`, `message` are labelled from it). */
export const WEBHOOK_OUTPUT_FIELDS = [
  { key: 'id', label: 'Webhook Integration ID', type: 'integer', primary: true },
  { key: 'form_id', label: 'Form ID', type: 'integer' },
  { key: 'integration_id', label: 'Integration Type' },
  { key: 'webhook_url', label: 'Masked Webhook URL' },
  { key: 'secret_last4', label: 'Secret Last 4 Characters' },
  { key: 'header_names[]', label: 'Header Names' },
] as const;

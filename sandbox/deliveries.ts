/**
 * How the sandbox delivers a submission to a form's integrations, the way OpnForm's integration
 * handlers do (`ZapierIntegration`, `WebhookIntegration`, recorded in
 * `external--hook-delivery-every-block` and `integrations--webhook-delivery`):
 *
 * - Zapier hooks get Laravel's `Http::post($url, $data)`: PHP's default `json_encode` (slashes
 *   escaped as `\/`, non-ASCII as `\uXXXX`), headers `Host`, `User-Agent: GuzzleHttp/7`,
 *   `Content-Type`, `Content-Length`, nothing else.
 * - Generic webhooks get `json_encode($data, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES)`, the
 *   custom headers first, then `Content-Type`, then `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of
 *   the exact body>` when a secret is set; 5 s timeout.
 * - Every run of an active integration logs one event: `success`, also when the trigger logic was
 *   not met and nothing was sent; `error` with cURL's or Laravel's message when the receiver could
 *   not be reached or answered 4xx/5xx.
 *
 * The sandbox never leaves the machine: a hook on a loopback address is really sent (over plain
 * HTTP even for `https://`: the sandbox stands for a TLS-terminated receiver), a host under `.invalid`
 * fails as unresolvable (cURL error 6: how tests and `npm start` make a delivery fail on purpose;
 * `resolveHook` returning null gives the recorded "nothing listens" error 7), any other address is
 * only recorded (as a receiver that answered 200). Requests are written on a raw socket so the
 * receiver sees exactly the recorded headers (no `Connection`, `Accept` or `Accept-Encoding`).
 */
import {
  CURL_HELP,
  failureData,
  loopbackTarget,
  neverResolves,
  rawPost,
  refused,
  unresolved,
} from './hook-post';
import { signature, webhookBody, zapierBody } from './php-json';
import type { Integration, IntegrationEvent, SandboxState } from './state';
import { type Answers, logicMet } from './trigger-logic';

export { signature, webhookBody, zapierBody } from './php-json';

const USER_AGENT = 'GuzzleHttp/7';
const WEBHOOK_TIMEOUT_MS = 5000;
/** Laravel's HTTP client default timeout (the Zapier handler sets none). */
const ZAPIER_TIMEOUT_MS = 30_000;

export interface Delivery {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** `zapier` (a subscribed hook) or `webhook` (the generic integration). */
  kind: 'zapier' | 'webhook';
  integrationId: number;
  /** Whether the sandbox actually POSTed it (loopback hooks) or only recorded it. */
  sent: boolean;
  /** The receiver's status, or the network error, when sent. */
  status?: number;
  error?: string;
}

export interface DeliverOptions {
  state: SandboxState;
  isLoopback: (host: string) => boolean;
  /** Where every delivery (sent or only recorded) is appended. */
  log: Delivery[];
  now: () => string;
  /**
   * Where a hook URL is really contacted (`CURLOPT_RESOLVE`): a URL whose host and port are used
   * instead (the request still names the original URL and Host), `null` for "nothing listens
   * there" (refused at once), undefined for the URL itself.
   */
  resolveHook?: (url: string) => string | null | undefined;
  /**
   * libcurl's newer wording of error 7, "Couldn't connect to server" (the production-like server's;
   * the sqlite one's libcurl says "Could not"): the production mode's.
   */
  couldntConnect?: boolean;
}

/** cURL's error text in the wording of the server's libcurl. */
const worded = (options: DeliverOptions, text: string) =>
  options.couldntConnect ? text.replace('Could not connect to server', "Couldn't connect to server") : text;

/** The delivery log (created on first use: seeds may leave it out). */
export const eventsOf = (state: SandboxState): IntegrationEvent[] => {
  state.integrationEvents ??= [];
  return state.integrationEvents;
};

const addEvent = (
  state: SandboxState,
  integration: Integration,
  at: string,
  data?: Record<string, unknown>,
) => {
  const events = eventsOf(state);
  const event: IntegrationEvent = {
    id: events.length + 1,
    integration_id: integration.id,
    status: data === undefined ? 'success' : 'error',
    data: data ?? {},
    created_at: at,
  };
  events.push(event);
};

/** Sends (loopback) or records (elsewhere) one delivery, and says how it went. */
const send = async (
  options: DeliverOptions,
  delivery: Delivery,
  headers: Array<[string, string]>,
  timeoutMs: number,
): Promise<Record<string, unknown> | undefined> => {
  options.log.push(delivery);
  let url: URL;
  let target: URL;
  try {
    url = new URL(delivery.url);
    const mapped = options.resolveHook?.(delivery.url);
    if (mapped === null) {
      delivery.sent = true;
      delivery.error = worded(options, refused(url, 0));
      return { message: delivery.error };
    }
    target = new URL(mapped ?? delivery.url);
    if (mapped === undefined && neverResolves(url)) {
      delivery.sent = true;
      delivery.error = unresolved(url);
      return { message: delivery.error };
    }
  } catch {
    return {
      message: `cURL error 3: URL rejected: Malformed input to a URL function ${CURL_HELP} for ${delivery.url}`,
    };
  }
  if (!loopbackTarget(target, options.isLoopback)) return undefined;
  delivery.sent = true;
  const posted = await rawPost(url, target, [['Host', url.host], ...headers], delivery.body, timeoutMs);
  const outcome =
    posted.curlError === undefined ? posted : { ...posted, curlError: worded(options, posted.curlError) };
  if (outcome.status !== undefined) delivery.status = outcome.status;
  if (outcome.curlError !== undefined) delivery.error = outcome.curlError;
  return failureData(outcome);
};

/** One delivery: Guzzle's `User-Agent`, the given headers, `Content-Length`; the failure data if any. */
const post = (
  options: DeliverOptions,
  integration: Integration,
  kind: Delivery['kind'],
  url: string,
  body: string,
  given: Array<[string, string]>,
  timeoutMs: number,
) => {
  const headers: Array<[string, string]> = [
    ['User-Agent', USER_AGENT],
    ...given,
    ['Content-Length', String(Buffer.byteLength(body))],
  ];
  const delivery: Delivery = {
    url,
    headers: Object.fromEntries(headers),
    body,
    kind,
    integrationId: integration.id,
    sent: false,
  };
  return send(options, delivery, headers, timeoutMs);
};

/**
 * Runs every active integration of the form for this payload, as OpnForm does after a submission
 * is completed or edited, and logs one event per integration.
 */
export const deliverToIntegrations = async (
  options: DeliverOptions,
  formId: number,
  answers: Answers,
  payload: unknown,
): Promise<void> => {
  const { state } = options;
  const runs = state.integrations
    .filter((i) => i.form_id === formId && i.status === 'active')
    .map(async (integration) => {
      const at = options.now();
      if (!logicMet(integration.logic, answers)) return addEvent(state, integration, at);
      const data = integration.data ?? {};
      if (integration.integration_id === 'zapier') {
        if (typeof data.hook_url !== 'string') {
          return addEvent(state, integration, at, { message: 'The webhook URL is missing' });
        }
        const body = zapierBody(payload);
        const headers: Array<[string, string]> = [['Content-Type', 'application/json']];
        const failed = await post(
          options,
          integration,
          'zapier',
          data.hook_url,
          body,
          headers,
          ZAPIER_TIMEOUT_MS,
        );
        return addEvent(state, integration, at, failed);
      }
      if (integration.integration_id === 'webhook') {
        if (typeof data.webhook_url !== 'string') return addEvent(state, integration, at);
        const body = webhookBody(payload);
        const custom =
          data.webhook_headers !== null &&
          typeof data.webhook_headers === 'object' &&
          !Array.isArray(data.webhook_headers)
            ? Object.entries(data.webhook_headers as Record<string, unknown>).map(
                ([k, v]) => [k, String(v)] as [string, string],
              )
            : [];
        if (!custom.some(([k]) => k === 'Content-Type')) custom.push(['Content-Type', 'application/json']);
        const secret = typeof data.webhook_secret === 'string' ? data.webhook_secret : '';
        if (secret !== '') custom.push(['X-Webhook-Signature', signature(body, secret)]);
        const failed = await post(
          options,
          integration,
          'webhook',
          data.webhook_url,
          body,
          custom,
          WEBHOOK_TIMEOUT_MS,
        );
        return addEvent(state, integration, at, failed);
      }
      // other integration types (e-mail, Slack, ...) are not emulated: they count as sent
      return addEvent(state, integration, at);
    });
  await Promise.all(runs);
};

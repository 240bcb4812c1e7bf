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
 * HTTP even for `https://`: the sandbox stands for a TLS-terminated receiver), any other address is
 * only recorded (as a receiver that answered 200). Requests are written on a raw socket so the
 * receiver sees exactly the recorded headers (no `Connection`, `Accept` or `Accept-Encoding`).
 */
import { createHmac } from 'node:crypto';
import { connect } from 'node:net';
import type { Integration, IntegrationEvent, SandboxState } from './state';

const USER_AGENT = 'GuzzleHttp/7';
const WEBHOOK_TIMEOUT_MS = 5000;
/** Laravel's HTTP client default timeout (the Zapier handler sets none). */
const ZAPIER_TIMEOUT_MS = 30_000;
const CURL_HELP = '(see https://curl.haxx.se/libcurl/c/libcurl-errors.html)';

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

// ---------------------------------------------------------------- PHP json_encode
const escapeString = (text: string, options: { slashes: boolean; unicode: boolean }) => {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '/') out += options.slashes ? '\\/' : '/';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (code < 0x20) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else if (code > 0x7e && options.unicode) {
      // PHP escapes every non-ASCII character, astral ones as a surrogate pair
      for (let i = 0; i < ch.length; i++)
        out += `\\u${(ch.charCodeAt(i) as number).toString(16).padStart(4, '0')}`;
    } else out += ch;
  }
  return `${out}"`;
};

/**
 * PHP's `json_encode`: `escapeSlashes`/`escapeUnicode` are its defaults (true) unless
 * `JSON_UNESCAPED_SLASHES`/`JSON_UNESCAPED_UNICODE` is given. An empty object is `[]` (a PHP array).
 */
export const phpJson = (
  value: unknown,
  options: { escapeSlashes: boolean; escapeUnicode: boolean },
): string => {
  const o = { slashes: options.escapeSlashes, unicode: options.escapeUnicode };
  const walk = (node: unknown): string => {
    if (node === null || node === undefined) return 'null';
    if (typeof node === 'string') return escapeString(node, o);
    if (typeof node === 'number') return Number.isFinite(node) ? JSON.stringify(node) : '0';
    if (typeof node === 'boolean') return node ? 'true' : 'false';
    if (Array.isArray(node)) return `[${node.map(walk).join(',')}]`;
    const entries = Object.entries(node as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '[]';
    return `{${entries.map(([k, v]) => `${escapeString(k, o)}:${walk(v)}`).join(',')}}`;
  };
  return walk(value);
};

/** The body OpnForm POSTs to a Zapier hook (Guzzle's `json` option: PHP defaults). */
export const zapierBody = (payload: unknown) =>
  phpJson(payload, { escapeSlashes: true, escapeUnicode: true });
/** The body OpnForm POSTs to a generic webhook (and signs). */
export const webhookBody = (payload: unknown) =>
  phpJson(payload, { escapeSlashes: false, escapeUnicode: false });

export const signature = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

// ---------------------------------------------------------------- trigger logic
type Answers = Record<string, unknown>;

const asText = (value: unknown) =>
  Array.isArray(value)
    ? value.map(String).join(',')
    : value === null || value === undefined
      ? ''
      : String(value);

const isEmptyValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

/** One condition of OpnForm's logic tree (`FormLogicConditionChecker`, common operators). */
const conditionMet = (condition: Record<string, unknown>, answers: Answers): boolean => {
  const body = (condition.value ?? {}) as Record<string, unknown>;
  const meta = (body.property_meta ?? {}) as Record<string, unknown>;
  const answer = answers[String(meta.id ?? condition.identifier ?? '')];
  const expected = body.value;
  const list = Array.isArray(answer) ? answer.map(String) : undefined;
  switch (body.operator) {
    case 'is_checked':
      return answer === true || answer === 1 || answer === '1' || answer === 'true';
    case 'is_not_checked':
      return !(answer === true || answer === 1 || answer === '1' || answer === 'true');
    case 'equals':
      return list ? list.length === 1 && list[0] === String(expected) : asText(answer) === asText(expected);
    case 'does_not_equal':
      return list
        ? !(list.length === 1 && list[0] === String(expected))
        : asText(answer) !== asText(expected);
    case 'contains':
      return list ? list.includes(String(expected)) : asText(answer).includes(asText(expected));
    case 'does_not_contain':
      return list ? !list.includes(String(expected)) : !asText(answer).includes(asText(expected));
    case 'starts_with':
      return asText(answer).startsWith(asText(expected));
    case 'ends_with':
      return asText(answer).endsWith(asText(expected));
    case 'is_empty':
      return isEmptyValue(answer);
    case 'is_not_empty':
      return !isEmptyValue(answer);
    case 'greater_than':
      return Number(answer) > Number(expected);
    case 'greater_than_or_equal_to':
      return Number(answer) >= Number(expected);
    case 'less_than':
      return Number(answer) < Number(expected);
    case 'less_than_or_equal_to':
      return Number(answer) <= Number(expected);
    default:
      return false;
  }
};

const groupMet = (node: Record<string, unknown>, answers: Answers): boolean => {
  if (Array.isArray(node.children)) {
    const results = (node.children as Record<string, unknown>[]).map((child) => groupMet(child, answers));
    return node.operatorIdentifier === 'or' ? results.some(Boolean) : results.every(Boolean);
  }
  return conditionMet(node, answers);
};

/** Whether an integration's logic lets it run: empty logic (`[]`, `{}`, null) always does. */
export const logicMet = (logic: unknown, answers: Answers): boolean => {
  if (logic === null || logic === undefined) return true;
  if (Array.isArray(logic) && logic.length === 0) return true;
  if (typeof logic !== 'object') return true;
  if (!Array.isArray(logic) && Object.keys(logic).length === 0) return true;
  return groupMet(logic as Record<string, unknown>, answers);
};

// ---------------------------------------------------------------- sending
interface Outcome {
  status?: number;
  body?: string;
  /** A transport failure, worded as cURL words it. */
  curlError?: string;
}

/** Where a hook URL is really sent: loopback hosts only, over plain HTTP. */
const loopbackTarget = (url: URL, isLoopback: (host: string) => boolean) =>
  isLoopback(url.hostname) && (url.protocol === 'https:' || url.protocol === 'http:');

const defaultPort = (url: URL) => (url.port !== '' ? Number(url.port) : url.protocol === 'http:' ? 80 : 443);

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** cURL's message for a refused connection (named after the URL, as cURL sees it). */
const refused = (url: URL, ms: number) =>
  `cURL error 7: Failed to connect to ${hostOf(url)} port ${defaultPort(url)} after ${ms} ms: Could not connect to server ${CURL_HELP} for ${url.href}`;

/**
 * A POST of `url` written on a raw socket to `target` (the same address, or where `resolveHook`
 * points it, like cURL's `CURLOPT_RESOLVE`), so the receiver sees exactly these headers.
 */
const rawPost = (url: URL, target: URL, headers: Array<[string, string]>, body: string, timeoutMs: number) =>
  new Promise<Outcome>((resolve) => {
    const started = performance.now();
    const socket = connect({ host: hostOf(target), port: defaultPort(target) });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      const received = Buffer.concat(chunks).length;
      finish({
        curlError: `cURL error 28: Operation timed out after ${Math.floor(performance.now() - started)} milliseconds with ${received} bytes received ${CURL_HELP} for ${url.href}`,
      });
    }, timeoutMs);
    const parse = (): Outcome | undefined => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      if (end < 0) return undefined;
      const head = all.subarray(0, end).toString('latin1');
      const status = Number(/^HTTP\/\d(?:\.\d)? (\d{3})/.exec(head)?.[1] ?? 0);
      const rest = all.subarray(end + 4);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      if (length !== null) {
        const n = Number(length[1]);
        return rest.length >= n ? { status, body: rest.subarray(0, n).toString('utf8') } : undefined;
      }
      if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
        const text = rest.toString('latin1');
        if (!text.includes('0\r\n\r\n')) return undefined;
        let out = '';
        let at = 0;
        for (;;) {
          const eol = text.indexOf('\r\n', at);
          const size = Number.parseInt(text.slice(at, eol), 16);
          if (!(size > 0)) break;
          out += text.slice(eol + 2, eol + 2 + size);
          at = eol + 2 + size + 2;
        }
        return { status, body: Buffer.from(out, 'latin1').toString('utf8') };
      }
      return undefined;
    };
    socket.on('connect', () => {
      const lines = [`POST ${url.pathname}${url.search} HTTP/1.1`, ...headers.map(([k, v]) => `${k}: ${v}`)];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      socket.write(body, 'utf8');
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const outcome = parse();
      if (outcome !== undefined) finish(outcome);
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/\d(?:\.\d)? (\d{3})/.exec(all.toString('latin1'))?.[1] ?? 0);
      if (end >= 0 && status > 0) finish({ status, body: all.subarray(end + 4).toString('utf8') });
      else
        finish({
          curlError: `cURL error 52: Empty reply from server ${CURL_HELP} for ${url.href}`,
        });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      finish({
        curlError:
          error.code === 'ECONNREFUSED' || error.code === 'EHOSTUNREACH' || error.code === 'ENETUNREACH'
            ? refused(url, Math.floor(performance.now() - started))
            : `cURL error 56: Recv failure: ${error.message} ${CURL_HELP} for ${url.href}`,
      });
    });
  });

/** Guzzle's `Message::bodySummary` (120 bytes, "(truncated...)"), null for an empty or binary body. */
const bodySummary = (body: string): string | null => {
  if (body === '') return null;
  const bytes = Buffer.from(body, 'utf8');
  let summary = bytes.subarray(0, 120).toString('utf8');
  if (bytes.length > 120) summary += ' (truncated...)';
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(summary) ? null : summary;
};

/** The event data Laravel's handler stores for a failed run (`extractEventDataFromException`). */
const failureData = (outcome: Outcome): Record<string, unknown> | undefined => {
  if (outcome.curlError !== undefined) return { message: outcome.curlError };
  const status = outcome.status ?? 0;
  if (status < 400) return undefined;
  const summary = bodySummary(outcome.body ?? '');
  let json: unknown = null;
  try {
    json = JSON.parse(outcome.body ?? '');
  } catch {
    json = null;
  }
  return {
    message: `HTTP request returned status code ${status}${summary === null ? '' : `:\n${summary}\n`}`,
    response: json,
    status,
  };
};

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
}

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
      delivery.error = refused(url, 0);
      return { message: delivery.error };
    }
    target = new URL(mapped ?? delivery.url);
  } catch {
    return {
      message: `cURL error 3: URL rejected: Malformed input to a URL function ${CURL_HELP} for ${delivery.url}`,
    };
  }
  if (!loopbackTarget(target, options.isLoopback)) return undefined;
  delivery.sent = true;
  const outcome = await rawPost(url, target, [['Host', url.host], ...headers], delivery.body, timeoutMs);
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

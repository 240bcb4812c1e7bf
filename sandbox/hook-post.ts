/**
 * Writing a delivery on a raw socket, as cURL under Guzzle would send it, and wording failures as
 * cURL and Laravel do (event log data): refused, timed out, empty reply, 4xx/5xx.
 */
import { connect } from 'node:net';
import ipaddr from 'ipaddr.js';

const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

/** Loopback names and addresses (`localhost`, `*.localhost`, 127/8, ::1): the only hosts ever contacted. */
export const isLoopback = (hostname: string): boolean => {
  const host = bareHost(hostname);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
};

export const CURL_HELP = '(see https://curl.haxx.se/libcurl/c/libcurl-errors.html)';

export interface Outcome {
  status?: number;
  body?: string;
  /** A transport failure, worded as cURL words it. */
  curlError?: string;
}

/** Where a hook URL is really sent: loopback hosts only, over plain HTTP. */
export const loopbackTarget = (url: URL, isLoopback: (host: string) => boolean) =>
  isLoopback(url.hostname) && (url.protocol === 'https:' || url.protocol === 'http:');

const defaultPort = (url: URL) => (url.port !== '' ? Number(url.port) : url.protocol === 'http:' ? 80 : 443);

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** cURL's message for a refused connection (named after the URL, as cURL sees it). */
export const refused = (url: URL, ms: number) =>
  `cURL error 7: Failed to connect to ${hostOf(url)} port ${defaultPort(url)} after ${ms} ms: Could not connect to server ${CURL_HELP} for ${url.href}`;

/**
 * Names under the reserved `.invalid` top-level domain (RFC 6761) never resolve anywhere: a delivery
 * there fails as cURL reports it. Tests and `npm start` use it to make a delivery fail on purpose.
 */
export const neverResolves = (url: URL) => /(^|\.)invalid\.?$/i.test(url.hostname);

/** cURL's message for a host name that does not resolve. */
export const unresolved = (url: URL) =>
  `cURL error 6: Could not resolve host: ${hostOf(url)} ${CURL_HELP} for ${url.href}`;

/**
 * A POST of `url` written on a raw socket to `target` (the same address, or where `resolveHook`
 * points it, like cURL's `CURLOPT_RESOLVE`), so the receiver sees exactly these headers.
 */
export const rawPost = (
  url: URL,
  target: URL,
  headers: Array<[string, string]>,
  body: string,
  timeoutMs: number,
) =>
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
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point (they are refused)
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(summary) ? null : summary;
};

/** The event data Laravel's handler stores for a failed run (`extractEventDataFromException`). */
export const failureData = (outcome: Outcome): Record<string, unknown> | undefined => {
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

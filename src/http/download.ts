import type { RawHttpResponse, ZObject } from 'zapier-platform-core';
import { badResponse, type ErrorCode, userError } from '../errors';
import { hostProblem, isLoopbackHost, publicAgent } from '../net/addresses';
import { USER_AGENT } from '../version';
import { developmentMode } from './base-url';
import { capitalize, failureFor } from './failures';

/** Same-origin redirects followed at most (a signed link may hop once to its storage path). */
const MAX_REDIRECTS = 3;
const DOWNLOAD_TIMEOUT_MS = 20_000;

export interface DownloadOptions {
  /**
   * The connection's normalised base URL. Given: the link must be on its origin (a link from a hook
   * delivery could name anything). Not given: the link is one OpnForm issued through the API, and its
   * own origin is the one allowed.
   */
  connection?: string;
  /** What is downloaded, for messages ("the export file", 'the file "cv.pdf"'). */
  what?: string;
  /** A message of its own for an error status (the hydrator explains expired links); else the usual one. */
  failure?: (status: number) => Error | undefined;
  /**
   * A file the user gave a step (Zapier's file storage, or a link the user mapped): any public https
   * host, each redirect hop checked again the same way (no origin to keep to). Not with `connection`.
   */
  input?: true;
  /** What the step did not do when a given file fails (input mode: "Nothing was submitted."). */
  outcome?: string;
}

/** How one request of a download is sent: its time to the headers, and what ends it early. */
export interface HopControl {
  /** Milliseconds to wait for the headers of this request. */
  timeout: () => number;
  signal?: AbortSignal;
  /** The step's own error when the request was ended for time (it wins over the network error). */
  timeUp?: () => Error | undefined;
  /** Called with each host asked (the last one is the file's host). */
  asking?: (host: string) => void;
}

const HOST_ANSWERS: Array<[(status: number) => boolean, string, string, ErrorCode]> = [
  [
    (s) => s === 401 || s === 403,
    'access refused',
    'the link needs a login or has expired: give a public link, or the file itself from an earlier step.',
    'forbidden',
  ],
  [
    (s) => s === 404 || s === 410,
    'not found',
    'the link is broken, or the file was removed or has expired.',
    'not_found',
  ],
  [(s) => s === 429, 'too many requests', 'try again in a few minutes.', 'request_failed'],
  [(s) => s >= 500, 'a server error', 'the file host had a problem; try again later.', 'server_error'],
];

/**
 * A given file's host answered an error status: the host's failure, never OpnForm's (no "reconnect",
 * no OpnForm rate limit), naming the file's question and the host.
 */
const hostRefused = (z: ZObject, what: string, host: string, status: number, outcome: string): Error => {
  const [, reason, advice, code] = HOST_ANSWERS.find(([matches]) => matches(status)) ?? [
    () => true,
    'refused',
    'check that the link points at the file itself.',
    'request_failed' as ErrorCode,
  ];
  return userError(
    z,
    `${capitalize(what)} could not be downloaded: ${host} answered ${status} (${reason}). This is the file ` +
      `host's answer, not OpnForm's: ${advice}${outcome === '' ? '' : ` ${outcome}`}`,
    code,
    status,
  );
};

/** Whether loopback hosts may be used: development setting on, and the connection (if known) loopback too. */
const loopbackAllowed = (connection?: string): boolean => {
  if (!developmentMode()) return false;
  if (connection === undefined) return true;
  try {
    return isLoopbackHost(new URL(connection).hostname);
  } catch {
    return false;
  }
};

/**
 * The one download path (submission files, signatures, export files). A link is a bearer credential:
 * no token is sent, the link never appears in a message, and the answer is streamed, never buffered.
 * It goes only to https on a public host, on the connection's origin or, for a link OpnForm issued
 * through the API, that link's exact origin; a redirect is followed only on that same origin. A file
 * the user gave (`input`) may come from any public https host, every hop checked again. Loopback
 * hosts (http too) only under the development setting, when the connection is loopback itself.
 */
export const downloadFile = (
  z: ZObject,
  url: string,
  options: DownloadOptions = {},
): Promise<RawHttpResponse> => fetchFile(z, url, options, { timeout: () => DOWNLOAD_TIMEOUT_MS });

/** `downloadFile`, each request sent as `control` says (src/http/timed-download.ts ends it for time). */
export const fetchFile = async (
  z: ZObject,
  url: string,
  options: DownloadOptions,
  control: HopControl,
): Promise<RawHttpResponse> => {
  const what = options.what ?? 'the export file';
  const refuse = (why: string) => badResponse(z, `The link of ${what} ${why}; it was not downloaded.`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw refuse('is not a valid URL');
  }
  const allowLoopback = loopbackAllowed(options.connection);
  const origin = options.connection === undefined ? parsed.origin : new URL(options.connection).origin;
  const check = (target: URL, redirected: boolean) => {
    const loopback = allowLoopback && isLoopbackHost(target.hostname);
    if (target.protocol !== 'https:' && !(loopback && target.protocol === 'http:')) {
      throw refuse(redirected ? 'redirected to a link that is not https' : 'is not https');
    }
    if (target.username !== '' || target.password !== '') throw refuse('holds a user name or password');
    if (options.input === undefined && target.origin !== origin) {
      throw refuse(
        redirected
          ? `redirected to another host (${target.host})`
          : `points at another host (${target.host}) than your OpnForm server`,
      );
    }
    const problem = loopback ? undefined : hostProblem(target.hostname);
    if (problem !== undefined) throw refuse(`points at a host that ${problem}`);
  };
  let target = parsed;
  for (let hop = 0; ; hop += 1) {
    check(target, hop > 0);
    const agent = publicAgent(target.protocol, allowLoopback);
    control.asking?.(target.host);
    let response: RawHttpResponse;
    try {
      response = await z.request({
        url: target.href,
        method: 'GET',
        raw: true,
        headers: { 'User-Agent': USER_AGENT, Accept: '*/*' },
        skipThrowForStatus: true,
        redirect: 'manual',
        timeout: control.timeout(),
        agent,
        merge: false,
        ...(control.signal === undefined ? {} : { signal: control.signal }),
      } as Parameters<ZObject['request']>[0] & { raw: true });
    } catch (error) {
      const late = control.timeUp?.();
      if (late !== undefined) throw late;
      const code = (error as { code?: string }).code;
      throw code === 'EADDRNOTPUBLIC'
        ? badResponse(
            z,
            `The link of ${what} points at a host that resolves to a private address; it was not downloaded.`,
          )
        : userError(
            z,
            `${capitalize(what)} could not be downloaded from ${target.host}${
              code ? ` (${code})` : ''
            }. Try again later.`,
            'unreachable',
            503,
          );
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      response.body?.resume?.();
      if (hop >= MAX_REDIRECTS) throw refuse('redirected too many times');
      try {
        target = new URL(location, target);
      } catch {
        throw refuse('redirected to an invalid link');
      }
      continue;
    }
    if (response.status >= 300) {
      response.body?.resume?.();
      throw (
        options.failure?.(response.status) ??
        (options.input
          ? hostRefused(z, what, target.host, response.status, options.outcome ?? '')
          : failureFor(z, response.status, undefined, response.headers.get('retry-after'), {
              need: { thing: 'file', abilities: [] },
              publicRoute: 'the file link',
            }))
      );
    }
    return response;
  }
};

import type { ZObject } from 'zapier-platform-core';
import { userError } from '../errors';
import { STEP_BUDGET_MS } from '../shared/budget';
import { redact } from './secrets';

/** The errors of a request that got no answer: OpnForm unreachable, refused, or out of the step's time. */

/** Errors core and the connector throw for the user (passed on as they are, never wrapped). */
const ZAPIER_ERRORS = new Set([
  'AppError',
  'ThrottledError',
  'ExpiredAuthError',
  'HaltedError',
  'RefreshAuthError',
  'ResponseError',
]);

export const isZapierError = (error: unknown) => error instanceof Error && ZAPIER_ERRORS.has(error.name);

/**
 * Error codes of a failed connection (DNS, TCP, TLS, timeouts): only these mean "could not reach".
 * `E…` covers `ERR_TLS_…` and `ERR_SSL_…`; the prefixes do not overlap, so the ReDoS check proves the
 * pattern linear quickly.
 */
const NETWORK_PREFIXED = /^(?:E|UND_ERR_|CERT_|UNABLE_TO_)[A-Z_]+$/;
const NETWORK_NAMES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'HOSTNAME_MISMATCH',
  'request-timeout',
  'body-timeout',
]);
const NETWORK_CODE = { test: (code: string) => NETWORK_NAMES.has(code) || NETWORK_PREFIXED.test(code) };

export const unreachable = (
  z: ZObject,
  host: string,
  error: unknown,
  timeout: number,
  write: boolean,
  secrets: readonly string[],
): Error => {
  const detail = error instanceof Error ? error : new Error(String(error));
  const { code, type } = detail as { code?: string; type?: string };
  const network = [code, type].find((c) => typeof c === 'string' && NETWORK_CODE.test(c));
  if (code === 'EADDRNOTPUBLIC') {
    return userError(
      z,
      `OpnForm URL (base_url): the host ${host} resolves to a private, loopback, link-local or cloud metadata ` +
        'address, which the connector does not contact. Enter the public address of your OpnForm API.',
      'invalid_base_url',
    );
  }
  if (network === undefined) {
    // Not a network failure (for example core refusing the request): say so, never "temporary".
    return userError(
      z,
      `The request to OpnForm at ${host} could not be sent: ${redact(detail.message, secrets)}`,
      'request_failed',
    );
  }
  const timedOut = network === 'request-timeout' || network === 'body-timeout' || network === 'ETIMEDOUT';
  const seconds = timeout / 1000;
  const why = timedOut
    ? `it did not answer within ${seconds} second${seconds === 1 ? '' : 's'}`
    : `the connection failed (${network})`;
  const written =
    write && timedOut
      ? ' The change was sent but OpnForm did not confirm it: check in OpnForm whether it was saved before retrying.'
      : '';
  return userError(
    z,
    `Could not reach OpnForm at ${host}: ${why}.${written} This is usually temporary; try again in a few minutes. ` +
      'If it keeps happening, check the OpnForm URL in your connection.',
    'unreachable',
    503,
  );
};

/** The request a step could not send for lack of time, as the out-of-time message names it. */
export interface UnsentRequest {
  /** `GET /open/forms/6/submissions` */
  line: string;
  /** Its list page, when it reads one. */
  page?: unknown;
  /** Requests of the step OpnForm answered before. */
  answered: number;
}

/**
 * The step's budget is (nearly) used up: fail now, before a request that could not finish in time. A
 * write says it was not sent; a read says what was read and what was not, and that nothing changed.
 */
export const outOfTime = (z: ZObject, write: boolean, unsent?: UnsentRequest): Error => {
  const start =
    `This step ran out of time: OpnForm answered too slowly to finish within ${STEP_BUDGET_MS / 1000} seconds ` +
    '(Zapier stops every step after 30).';
  if (write) {
    return userError(
      z,
      `${start} The change was not sent, so it was not made in OpnForm. Try again in a few minutes.`,
      'out_of_time',
      504,
    );
  }
  const read =
    unsent === undefined
      ? 'Its next request was not sent'
      : `It read ${unsent.answered} answer${unsent.answered === 1 ? '' : 's'} from OpnForm; its next read (${
          unsent.line
        }${unsent.page === undefined ? '' : `, page ${String(unsent.page)}`}) was not sent`;
  return userError(
    z,
    `${start} ${read}, so it has no complete result to give. Nothing was changed in OpnForm. Try again in a few ` +
      'minutes; if it keeps happening, narrow what the step reads (a shorter date range, fewer submissions).',
    'out_of_time',
    504,
  );
};

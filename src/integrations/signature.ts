import { createHmac, timingSafeEqual } from 'node:crypto';

const HEADER = /^sha256=([0-9a-f]{64})$/;

/** The `X-Webhook-Signature` value OpnForm sends: `sha256=` + lowercase hex HMAC-SHA256 of the raw body. */
export const webhookSignature = (rawBody: string | Buffer, secret: string): string =>
  `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

/**
 * Checks an OpnForm webhook delivery: `header` is its `X-Webhook-Signature` (`sha256=<hex>`),
 * `rawBody` the request body exactly as received (not re-serialised JSON), `secret` the
 * integration's signing secret. Compares in constant time; false for anything malformed.
 */
export const verifyWebhookSignature = (
  rawBody: string | Buffer,
  header: string | undefined,
  secret: string,
): boolean => {
  if (typeof header !== 'string' || typeof secret !== 'string' || secret === '') return false;
  if (typeof rawBody !== 'string' && !Buffer.isBuffer(rawBody)) return false;
  const match = HEADER.exec(header.trim());
  if (match?.[1] === undefined) return false;
  const given = Buffer.from(match[1], 'hex');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
};

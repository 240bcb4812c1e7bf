import { createHmac } from 'node:crypto';
import { verifyWebhookSignature, webhookSignature } from '../../src/integrations/signature';

const SECRET = 'a-signing-secret-123';
const BODY =
  '{"form_id":42,"form_title":"Contact Us","submission_id":9,"data":{"a":{"value":"Zoë","name":"Name","type":"text"}}}';
const HEX = createHmac('sha256', SECRET).update(Buffer.from(BODY, 'utf8')).digest('hex');

test('webhookSignature is sha256= and the lowercase hex HMAC-SHA256 of the raw body', () => {
  expect(webhookSignature(BODY, SECRET)).toBe(`sha256=${HEX}`);
  expect(HEX).toMatch(/^[0-9a-f]{64}$/);
});

test.each([
  ['the raw body as text', BODY, `sha256=${HEX}`],
  ['the raw body as bytes', Buffer.from(BODY, 'utf8'), `sha256=${HEX}`],
  ['a header with surrounding spaces', BODY, `  sha256=${HEX} `],
])('accepts %s', (_what, body, header) => {
  expect(verifyWebhookSignature(body, header, SECRET)).toBe(true);
});

test.each([
  ['another secret', BODY, `sha256=${HEX}`, 'another-secret-456'],
  ['a changed body', `${BODY} `, `sha256=${HEX}`, SECRET],
  [
    're-serialised JSON (spacing differs)',
    JSON.stringify(JSON.parse(BODY), null, 1),
    `sha256=${HEX}`,
    SECRET,
  ],
  ['no header', BODY, undefined, SECRET],
  ['an empty header', BODY, '', SECRET],
  ['no prefix', BODY, HEX, SECRET],
  ['another algorithm prefix', BODY, `sha1=${HEX}`, SECRET],
  ['uppercase hex', BODY, `sha256=${HEX.toUpperCase()}`, SECRET],
  ['a truncated digest', BODY, `sha256=${HEX.slice(0, 63)}`, SECRET],
  ['a longer digest', BODY, `sha256=${HEX}00`, SECRET],
  ['non-hex characters', BODY, `sha256=${'z'.repeat(64)}`, SECRET],
  ['an empty secret', BODY, webhookSignature(BODY, ''), ''],
])('rejects %s', (_what, body, header, secret) => {
  expect(verifyWebhookSignature(body, header, secret)).toBe(false);
});

test('rejects inputs of the wrong type instead of throwing', () => {
  expect(verifyWebhookSignature(42 as never, `sha256=${HEX}`, SECRET)).toBe(false);
  expect(verifyWebhookSignature(BODY, 7 as never, SECRET)).toBe(false);
  expect(verifyWebhookSignature(BODY, `sha256=${HEX}`, undefined as never)).toBe(false);
});

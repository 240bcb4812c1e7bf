import { op, run } from '../helpers/app';
import { afterFormRead, BASE_INPUT, currentData, FORM_ID, WEBHOOK_ID, webhookIntegration } from './fixtures';
import { useRefused } from './refused';

const perform = op('creates.update_webhook_integration.operation.perform');
const refused = useRefused(perform);
const HEADERS_FIELD = 'Invalid input: Webhook Headers (webhook_headers)';
const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`X-H${i}`, 'v']));

const BAD_HEADERS: ReadonlyArray<readonly [string, Record<string, unknown>, string]> = [
  ['11 headers', eleven, 'can hold at most 10 headers (got 11)'],
  [
    'Authorization',
    { Authorization: 'Bearer x' },
    'cannot set the header "Authorization": OpnForm sets or blocks it itself',
  ],
  [
    'x-webhook-signature',
    { 'x-webhook-signature': 'sha256=0' },
    'cannot set the header "x-webhook-signature": OpnForm sets or blocks it itself',
  ],
  [
    'CONTENT-TYPE',
    { 'CONTENT-TYPE': 'text/plain' },
    'cannot set the header "CONTENT-TYPE": OpnForm sets or blocks it itself',
  ],
  [
    'Content-Length',
    { 'Content-Length': '1' },
    'cannot set the header "Content-Length": OpnForm sets or blocks it itself',
  ],
  ['host', { host: 'evil.example' }, 'cannot set the header "host": OpnForm sets or blocks it itself'],
  ['Cookie', { Cookie: 'a=b' }, 'cannot set the header "Cookie": OpnForm sets or blocks it itself'],
  [
    'X-Csrf-Token',
    { 'X-Csrf-Token': 't' },
    'cannot set the header "X-Csrf-Token": OpnForm sets or blocks it itself',
  ],
  [
    'X-Forwarded-For',
    { 'X-Forwarded-For': '1.2.3.4' },
    'cannot set the header "X-Forwarded-For": OpnForm sets or blocks it itself',
  ],
  [
    'x-forwarded-proto',
    { 'x-forwarded-proto': 'http' },
    'cannot set the header "x-forwarded-proto": OpnForm sets or blocks it itself',
  ],
  [
    'X-Real-IP',
    { 'X-Real-IP': '1.2.3.4' },
    'cannot set the header "X-Real-IP": OpnForm sets or blocks it itself',
  ],
  [
    'X-Requested-With',
    { 'X-Requested-With': 'XMLHttpRequest' },
    'cannot set the header "X-Requested-With": OpnForm sets or blocks it itself',
  ],
  [
    'accept-encoding',
    { 'accept-encoding': 'gzip' },
    'cannot set the header "accept-encoding": OpnForm sets or blocks it itself',
  ],
  [
    'Transfer-Encoding',
    { 'Transfer-Encoding': 'chunked' },
    'cannot set the header "Transfer-Encoding": OpnForm sets or blocks it itself',
  ],
  [
    'a space in the name',
    { 'X Source': 'a' },
    'has an invalid header name "X Source" (use letters, digits and - only, no spaces or colons)',
  ],
  [
    'a colon in the name',
    { 'X-Source:': 'a' },
    'has an invalid header name "X-Source:" (use letters, digits and - only, no spaces or colons)',
  ],
  ['a line break in the name', { 'X-A\r\nHost': 'a' }, 'has a header name with a line break'],
  [
    'a name of 256 characters',
    { [`X-${'n'.repeat(254)}`]: 'a' },
    `has a header name longer than 255 characters ("X-${'n'.repeat(58)}...")`,
  ],
  [
    'a value of 256 characters',
    { 'X-Long': 'v'.repeat(256) },
    'has a value for "X-Long" longer than 255 bytes (accented letters count 2 or more)',
  ],
  [
    'a value of 128 accented letters (256 bytes)',
    { 'X-Long': 'é'.repeat(128) },
    'has a value for "X-Long" longer than 255 bytes (accented letters count 2 or more)',
  ],
  [
    'a name of 255 characters and 256 bytes (an accent counts 2)',
    { [`X-${'n'.repeat(252)}é`]: 'a' },
    `has a header name longer than 255 characters ("X-${'n'.repeat(58)}...")`,
  ],
  ['an empty value', { 'X-Empty': '' }, 'has an empty value for "X-Empty" (OpnForm refuses empty values)'],
  [
    'a value of spaces',
    { 'X-Empty': '   ' },
    'has an empty value for "X-Empty" (OpnForm refuses empty values)',
  ],
  ...(['\u0000', '\u000b', '\u001b', '\u007f'] as const).map(
    (c) =>
      [
        `the control character U+${c.charCodeAt(0).toString(16).padStart(4, '0')} in the value`,
        { 'X-A': `one${c}two` },
        'has a value for "X-A" with a control character (such as NUL, ESC or DEL)',
      ] as const,
  ),
  ['a line feed in the value', { 'X-A': 'one\ntwo' }, 'has a value for "X-A" with a line break'],
  ['a carriage return in the value', { 'X-A': 'one\rtwo' }, 'has a value for "X-A" with a line break'],
  ['an object value', { 'X-A': { nested: true } }, 'has a value for "X-A" that is not text'],
  ['the same name twice', { 'X-Source': 'a', 'x-source': 'b' }, 'has the header "x-source" twice'],
  ['a value but no name', { ' ': 'orphan' }, 'has a header without a name'],
];

describe('webhook headers', () => {
  test.each(BAD_HEADERS)('refuses %s before any request', async (_what, headers, why) => {
    const message = await refused({ webhook_headers: headers });
    expect(message).toBe(`${HEADERS_FIELD} ${why}.`);
    for (const value of Object.values(headers)) {
      if (typeof value === 'string' && value.length > 2) expect(message).not.toContain(value);
    }
  });

  test('a mapped text value is not a list of headers', async () => {
    expect(await refused({ webhook_headers: 'X-A: b' })).toBe(
      `${HEADERS_FIELD} must be a list of header names and values.`,
    );
  });

  test('10 headers with 255-character names and values are accepted', async () => {
    const ten = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`X-${i}${'n'.repeat(252)}`, `${i}${'v'.repeat(254)}`]),
    );
    const scope = afterFormRead()
      .get(`/open/forms/${FORM_ID}/integrations`)
      .reply(200, [webhookIntegration()])
      .put(
        `/open/forms/${FORM_ID}/integrations/${WEBHOOK_ID}`,
        (body) => JSON.stringify(body.data.webhook_headers) === JSON.stringify(ten),
      )
      .reply(200, { form_integration: webhookIntegration({ ...currentData(), webhook_headers: ten }) });
    const out = (await run(perform, { ...BASE_INPUT, webhook_headers: ten })) as { header_names: string[] };
    expect(out.header_names).toEqual(Object.keys(ten));
    expect(scope.isDone()).toBe(true);
  });
});

describe('webhook secret and the other inputs', () => {
  const SECRET_FIELD = 'Invalid input: Webhook Secret (webhook_secret)';

  test.each([
    ['short', 'must be at least 12 characters long (it has 5)'],
    ['elevenchars', 'must be at least 12 characters long (it has 11)'],
    ['abcdef\nghijklmn', 'must not contain line breaks'],
    [
      ' leading-space-secret',
      'must not start or end with a space (OpnForm would remove it, and signatures would stop verifying)',
    ],
    [
      'trailing-space-secret ',
      'must not start or end with a space (OpnForm would remove it, and signatures would stop verifying)',
    ],
    [
      'sécret-with-accent',
      'must use plain ASCII characters only (letters, digits, punctuation; no accents or emoji)',
    ],
    [
      'secret-with-emoji-🔑',
      'must use plain ASCII characters only (letters, digits, punctuation; no accents or emoji)',
    ],
    ['secret\u0000with-nul', 'must not contain control characters'],
  ])('refuses the secret %j before any request, without repeating it', async (secret, why) => {
    const message = await refused({ webhook_secret: secret });
    expect(message).toBe(`${SECRET_FIELD} ${why}.`);
    expect(message).not.toContain(secret);
  });

  test('a new secret and Remove Secret together are refused', async () => {
    expect(await refused({ webhook_secret: 'a-new-secret-123', clear_webhook_secret: 'true' })).toBe(
      'Invalid input: Webhook Secret (webhook_secret) and Remove Secret (clear_webhook_secret) are both set. ' +
        'Leave Webhook Secret empty to remove, or set Remove Secret to No to use the new value.',
    );
  });

  test('new headers and Remove Headers together are refused', async () => {
    expect(await refused({ webhook_headers: { 'X-A': 'b' }, clear_webhook_headers: true })).toBe(
      'Invalid input: Webhook Headers (webhook_headers) and Remove Headers (clear_webhook_headers) are both set. ' +
        'Leave Webhook Headers empty to remove, or set Remove Headers to No to use the new value.',
    );
  });

  test.each([
    [{ status: 'paused' }, 'Invalid input: Webhook Status (status) must be one of active, inactive.'],
    [
      { clear_webhook_secret: 'maybe' },
      'Invalid input: Remove Secret (clear_webhook_secret) must be yes or no (true or false).',
    ],
    [
      { webhook_integration_id: '12/../13' },
      'Invalid input: Webhook Integration (webhook_integration_id) must be a whole number (an OpnForm id), got "12/../13".',
    ],
    [{ form_id: '' }, 'Invalid input: Form (form_id) must be a whole number (an OpnForm id), got "".'],
  ])('refuses %j before any request', async (input, message) => {
    expect(await refused(input)).toBe(message);
  });

  test('several bad fields are named together', async () => {
    expect(
      await refused({
        webhook_url: 'http://x.example',
        webhook_secret: 'short',
        webhook_headers: { Host: 'h' },
      }),
    ).toBe(
      'Invalid input: Webhook URL (webhook_url) must start with https:// (other schemes are refused); ' +
        'Webhook Secret (webhook_secret) must be at least 12 characters long (it has 5); ' +
        'Webhook Headers (webhook_headers) cannot set the header "Host": OpnForm sets or blocks it itself.',
    );
  });
});

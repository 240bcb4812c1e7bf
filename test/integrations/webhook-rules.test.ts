/**
 * Every webhook rule OpnForm applies, checked before any request: each bad value is refused with
 * its field named and nothing is sent (no nock scope exists, net connect is disabled, and nock's
 * "no match" event must never fire). Good values go through and are sent normalised.
 */
import nock from 'nock';
import { maskUrl } from '../../src/api/integrations';
import { failure, op, run } from '../helpers/app';
import { api } from '../helpers/scopes';
import { BASE_INPUT, currentData, FORM_ID, WEBHOOK_ID, webhookIntegration } from './fixtures';

const perform = op('creates.update_webhook_integration.operation.perform');

let attempts: string[] = [];
const onNoMatch = (req: { path?: string }) => attempts.push(String(req.path));
beforeEach(() => {
  attempts = [];
  nock.emitter.on('no match', onNoMatch);
});
afterEach(() => {
  nock.emitter.removeListener('no match', onNoMatch);
});

/** Runs the step with no scope at all and returns the message; proves no request left. */
const refused = async (input: Record<string, unknown>) => {
  const error = await failure(run(perform, { ...BASE_INPUT, ...input }));
  expect(attempts).toEqual([]);
  expect(nock.pendingMocks()).toEqual([]);
  expect(error).toMatchObject({ name: 'AppError', code: 'invalid_input', status: 400 });
  return error.message;
};

const URL_FIELD = 'Invalid input: Webhook URL (webhook_url)';

// [url as typed, what follows "Webhook URL (webhook_url) "]
const BAD_URLS: ReadonlyArray<readonly [string, string]> = [
  // scheme and shape
  ['http://hooks.example.com/opnform', 'must start with https:// (other schemes are refused)'],
  ['ftp://hooks.example.com/', 'must start with https:// (other schemes are refused)'],
  ['javascript:alert(1)', 'must start with https:// (other schemes are refused)'],
  ['hooks.example.com/opnform', 'must be a full URL starting with https://'],
  ['//hooks.example.com/opnform', 'must be a full URL starting with https://'],
  ['https://', 'is not a valid URL'],
  ['https://exa mple.com/', 'must not contain spaces, line breaks or backslashes'],
  ['https://hooks.example.com/a\nX-Injected: 1', 'must not contain spaces, line breaks or backslashes'],
  ['https://evil.example.com\\@127.0.0.1/', 'must not contain spaces, line breaks or backslashes'],
  ['https://hooks.example.com/\u0000', 'must not contain spaces, line breaks or backslashes'],
  // user info
  ['https://user:pass@hooks.example.com/', 'must not contain a user name or password (user:password@)'],
  ['https://user@hooks.example.com/', 'must not contain a user name or password (user:password@)'],
  ['https://:pass@hooks.example.com/', 'must not contain a user name or password (user:password@)'],
  ['https://@hooks.example.com/', 'must not contain a user name or password (user:password@)'],
  ['https://hooks.example.com@127.0.0.1/', 'must not contain a user name or password (user:password@)'],
  // names
  ['https://localhost/hook', 'must not point at localhost (localhost)'],
  ['https://LOCALHOST:8443/hook', 'must not point at localhost (localhost)'],
  ['https://localhost./hook', 'must not point at localhost (localhost)'],
  ['https://api.localhost/hook', 'must not point at localhost (api.localhost)'],
  ['https://%6c%6fcalhost/', 'must not point at localhost (localhost)'],
  [
    'https://metadata.google.internal/computeMetadata/v1/',
    'must not point at a cloud metadata service (metadata.google.internal)',
  ],
  [
    'https://METADATA.google.internal./',
    'must not point at a cloud metadata service (metadata.google.internal)',
  ],
  ['https://metadata/computeMetadata/v1/', 'must use a full public host name, not "metadata"'],
  ['https://intranet/hook', 'must use a full public host name, not "intranet"'],
  ['https://printer.local/', 'must not point at a private network name (printer.local)'],
  ['https://db.corp.internal/', 'must not point at a private network name (db.corp.internal)'],
  ['https://nas.home.arpa/', 'must not point at a private network name (nas.home.arpa)'],
  // IPv4 loopback in every notation
  ['https://127.0.0.1/hook', 'must not point at a loopback address (127.0.0.1)'],
  ['https://127.1/', 'must not point at a loopback address (127.0.0.1)'],
  ['https://2130706433/', 'must not point at a loopback address (127.0.0.1)'],
  ['https://0x7f000001/', 'must not point at a loopback address (127.0.0.1)'],
  ['https://0x7f.0x0.0x0.0x1/', 'must not point at a loopback address (127.0.0.1)'],
  ['https://0177.0.0.1/', 'must not point at a loopback address (127.0.0.1)'],
  ['https://017700000001/', 'must not point at a loopback address (127.0.0.1)'],
  ['https://127.255.255.254:8443/', 'must not point at a loopback address (127.255.255.254)'],
  ['https://①②⑦.0.0.1/', 'must not point at a loopback address (127.0.0.1)'],
  ['https://127。0。0。1/', 'must not point at a loopback address (127.0.0.1)'],
  // private, link-local, metadata, CGNAT, multicast, unspecified, broadcast, reserved
  ['https://10.0.0.1/', 'must not point at a private network address (10.0.0.1)'],
  ['https://0xa.0xff.0xff.0xff/', 'must not point at a private network address (10.255.255.255)'],
  ['https://172.16.0.1/', 'must not point at a private network address (172.16.0.1)'],
  ['https://172.31.255.255/', 'must not point at a private network address (172.31.255.255)'],
  ['https://192.168.1.1/', 'must not point at a private network address (192.168.1.1)'],
  ['https://3232235777/', 'must not point at a private network address (192.168.1.1)'],
  ['https://0xc0.0xa8.1.1/', 'must not point at a private network address (192.168.1.1)'],
  ['https://192.168.257/', 'must not point at a private network address (192.168.1.1)'],
  ['https://169.254.1.1/', 'must not point at a link-local address (169.254.1.1)'],
  [
    'https://169.254.169.254/latest/meta-data/',
    'must not point at a cloud metadata address (169.254.169.254)',
  ],
  ['https://0xa9fea9fe/', 'must not point at a cloud metadata address (169.254.169.254)'],
  ['https://2852039166/', 'must not point at a cloud metadata address (169.254.169.254)'],
  ['https://0251.0376.0251.0376/', 'must not point at a cloud metadata address (169.254.169.254)'],
  ['https://100.64.0.1/', 'must not point at a carrier-grade NAT address (100.64.0.1)'],
  ['https://100.127.255.254/', 'must not point at a carrier-grade NAT address (100.127.255.254)'],
  ['https://224.0.0.1/', 'must not point at a multicast address (224.0.0.1)'],
  ['https://239.255.255.250/', 'must not point at a multicast address (239.255.255.250)'],
  ['https://0.0.0.0/', 'must not point at an unspecified address (0.0.0.0)'],
  ['https://0/', 'must not point at an unspecified address (0.0.0.0)'],
  ['https://255.255.255.255/', 'must not point at a broadcast address (255.255.255.255)'],
  ['https://240.0.0.1/', 'must not point at a reserved address (240.0.0.1)'],
  ['https://192.0.2.10/', 'must not point at a reserved address (192.0.2.10)'],
  ['https://198.18.0.1/', 'must not point at a reserved address (198.18.0.1)'],
  ['https://192.31.196.1/', 'must not point at a special-purpose address (192.31.196.1)'],
  // IPv6
  ['https://[::1]/', 'must not point at a loopback address (::1)'],
  ['https://[0:0:0:0:0:0:0:1]:8443/', 'must not point at a loopback address (::1)'],
  ['https://[::]/', 'must not point at an unspecified address (::)'],
  ['https://[fe80::1]/', 'must not point at a link-local address (fe80::1)'],
  ['https://[fc00::1]/', 'must not point at a unique-local (private) address (fc00::1)'],
  ['https://[fd12:3456:789a::1]/', 'must not point at a unique-local (private) address (fd12:3456:789a::1)'],
  ['https://[fd00:ec2::254]/latest/meta-data/', 'must not point at a cloud metadata address (fd00:ec2::254)'],
  ['https://[fec0::1]/', 'must not point at a site-local (private) address (fec0::1)'],
  ['https://[ff02::1]/', 'must not point at a multicast address (ff02::1)'],
  ['https://[2001:db8::1]/', 'must not point at a reserved address (2001:db8::1)'],
  ['https://[2001::1]/', 'must not point at a Teredo tunnel address (2001::1)'],
  ['https://[100::1]/', 'must not point at a special-purpose address (100::1)'],
  ['https://[4000::1]/', 'must not point at an address outside the public IPv6 range (4000::1)'],
  // IPv6 forms that carry an IPv4 address
  [
    'https://[::ffff:127.0.0.1]/',
    'must not point at a loopback address in IPv4-mapped form (::ffff:7f00:1 = 127.0.0.1)',
  ],
  [
    'https://[::ffff:7f00:1]/',
    'must not point at a loopback address in IPv4-mapped form (::ffff:7f00:1 = 127.0.0.1)',
  ],
  [
    'https://[::ffff:10.0.0.1]/',
    'must not point at a private network address in IPv4-mapped form (::ffff:a00:1 = 10.0.0.1)',
  ],
  [
    'https://[::ffff:169.254.169.254]/',
    'must not point at a cloud metadata address in IPv4-mapped form (::ffff:a9fe:a9fe = 169.254.169.254)',
  ],
  [
    'https://[::127.0.0.1]/',
    'must not point at a loopback address in IPv4-compatible form (::7f00:1 = 127.0.0.1)',
  ],
  [
    'https://[::10.0.0.1]/',
    'must not point at a private network address in IPv4-compatible form (::a00:1 = 10.0.0.1)',
  ],
  ['https://[::8.8.8.8]/', 'must not point at a deprecated IPv4-compatible address (::808:808 = 8.8.8.8)'],
  [
    'https://[64:ff9b::127.0.0.1]/',
    'must not point at a loopback address in NAT64 form (64:ff9b::7f00:1 = 127.0.0.1)',
  ],
  [
    'https://[64:ff9b::192.168.0.1]/',
    'must not point at a private network address in NAT64 form (64:ff9b::c0a8:1 = 192.168.0.1)',
  ],
  [
    'https://[64:ff9b::a9fe:a9fe]/',
    'must not point at a cloud metadata address in NAT64 form (64:ff9b::a9fe:a9fe = 169.254.169.254)',
  ],
  ['https://[64:ff9b:1::a00:1]/', 'must not point at a local-use NAT64 address (64:ff9b:1::a00:1)'],
  [
    'https://[2002:7f00:1::]/',
    'must not point at a loopback address in 6to4 form (2002:7f00:1:: = 127.0.0.1)',
  ],
  [
    'https://[2002:c0a8:101::1]/',
    'must not point at a private network address in 6to4 form (2002:c0a8:101::1 = 192.168.1.1)',
  ],
  ['https://[::ffff:0:a00:1]/', 'must not point at an IPv4-translated address (::ffff:0:a00:1)'],
];

// [url as typed, url sent to OpnForm]
const GOOD_URLS: ReadonlyArray<readonly [string, string]> = [
  ['https://hooks.example.com/opnform', 'https://hooks.example.com/opnform'],
  ['  https://hooks.example.com/opnform  ', 'https://hooks.example.com/opnform'],
  [
    'https://hooks.example.com:8443/in?source=opnform#x',
    'https://hooks.example.com:8443/in?source=opnform#x',
  ],
  ['HTTPS://Hooks.Example.COM/Path', 'https://hooks.example.com/Path'],
  ['https://hooks.example.com', 'https://hooks.example.com/'],
  ['https://example.com./hook', 'https://example.com./hook'],
  ['https://münchen.example/hook', 'https://xn--mnchen-3ya.example/hook'],
  ['https://localhost.example.com/', 'https://localhost.example.com/'],
  ['https://8.8.8.8/hook', 'https://8.8.8.8/hook'],
  ['https://134744072/', 'https://8.8.8.8/'],
  ['https://0x08080808/', 'https://8.8.8.8/'],
  ['https://010.010.010.010/', 'https://8.8.8.8/'],
  ['https://1.1/', 'https://1.0.0.1/'],
  ['https://172.32.0.1/', 'https://172.32.0.1/'],
  ['https://100.128.0.1/', 'https://100.128.0.1/'],
  ['https://169.255.0.1/', 'https://169.255.0.1/'],
  ['https://[2606:4700:4700::1111]/dns', 'https://[2606:4700:4700::1111]/dns'],
  ['https://[::ffff:8.8.8.8]/', 'https://[::ffff:808:808]/'],
  ['https://[64:ff9b::8.8.8.8]/', 'https://[64:ff9b::808:808]/'],
  ['https://[2002:808:808::1]/', 'https://[2002:808:808::1]/'],
];

describe('webhook URL', () => {
  test('the table holds at least 60 URLs', () => {
    expect(BAD_URLS.length + GOOD_URLS.length).toBeGreaterThanOrEqual(60);
  });

  test.each(BAD_URLS)('refuses %j before any request', async (url, why) => {
    expect(await refused({ webhook_url: url })).toBe(`${URL_FIELD} ${why}.`);
  });

  test.each(GOOD_URLS)('accepts %j and sends it normalised', async (typed, sent) => {
    const scope = api()
      .get(`/open/forms/${FORM_ID}/integrations`)
      .reply(200, [webhookIntegration()])
      .put(`/open/forms/${FORM_ID}/integrations/${WEBHOOK_ID}`, (body) => body.data.webhook_url === sent)
      .reply(200, (_uri, body) => ({
        message: 'Form Integration was updated.',
        form_integration: { ...webhookIntegration(), ...(body as object) },
      }));
    const out = (await run(perform, { ...BASE_INPUT, webhook_url: typed })) as { webhook_url: string };
    // the output shows the URL masked: scheme and host only (I-1)
    expect(out.webhook_url).toBe(maskUrl(sent));
    expect(out.webhook_url).toMatch(/^https:\/\/[^/]+(\/\*{8})?$/);
    expect(scope.isDone()).toBe(true);
  });
});

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
    const scope = api()
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
    [{ status: 'paused' }, 'Invalid input: Status (status) must be one of active, inactive.'],
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

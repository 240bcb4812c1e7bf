/**
 * Every webhook URL rule OpnForm applies, checked before any request: each bad URL is refused with
 * its field named and nothing is sent (see refused.ts). Good URLs go through and are sent normalised.
 * Headers, secret and the other inputs: webhook-rules.tests.ts.
 */
import { maskUrl } from '../../src/api/integrations';
import { op, run } from '../helpers/app';
import { afterFormRead, BASE_INPUT, FORM_ID, WEBHOOK_ID, webhookIntegration } from './fixtures';
import { useRefused } from './refused';

const perform = op('creates.update_webhook_integration.operation.perform');
const refused = useRefused(perform);
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
    const scope = afterFormRead()
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

/**
 * The one download path (M-3): a link goes only to https on a public host, on the connection's origin
 * (a hook delivery can be forged) or, for a link OpnForm issued through the API, that exact origin;
 * redirects are followed only on that origin; names resolving to private addresses are refused.
 */
import type { LookupAddress } from 'node:dns';
import type { Bundle, RawHttpResponse, ZObject } from 'zapier-platform-core';
import { downloadFile } from '../../src/http/download';
import { publicLookup } from '../../src/net/addresses';
import { failure, run } from '../helpers/app';
import { otherHost } from '../helpers/scopes';

const download = (url: string, connection?: string) => (z: ZObject, _bundle: Bundle) =>
  downloadFile(z, url, { connection }).then(async (r: RawHttpResponse) => r.text());

const CONNECTION = 'https://forms.example.org/api';

test('a link on the connection origin is downloaded without the token', async () => {
  const scope = otherHost('https://forms.example.org')
    .get('/api/open/forms/6/submissions/file/abc')
    .query({ expires: '1', signature: 'x' })
    .reply(200, 'file body');
  await expect(
    run(
      download(
        'https://forms.example.org/api/open/forms/6/submissions/file/abc?expires=1&signature=x',
        CONNECTION,
      ),
    ),
  ).resolves.toBe('file body');
  expect(scope.isDone()).toBe(true);
});

test.each([
  ['https://evil.example/steal', 'points at another host (evil.example) than your OpnForm server'],
  [
    'https://forms.example.org.evil.example/x',
    'points at another host (forms.example.org.evil.example) than your OpnForm server',
  ],
  ['http://forms.example.org/api/x', 'is not https'],
  ['https://user:pw@forms.example.org/api/x', 'holds a user name or password'],
  [
    'https://169.254.169.254/latest/meta-data',
    'points at another host (169.254.169.254) than your OpnForm server',
  ],
  ['not a url', 'is not a valid URL'],
])('a crafted link %s is refused before any request', async (url, why) => {
  const error = await failure(run(download(url, CONNECTION)));
  expect(error).toEqual({
    name: 'AppError',
    code: 'bad_response',
    status: 502,
    message: `The link of the export file ${why}; it was not downloaded.`,
  });
});

test.each([
  [
    'https://169.254.169.254/latest/meta-data',
    'points at a host that must not point at a cloud metadata address (169.254.169.254)',
  ],
  [
    'https://10.0.0.7/export.csv',
    'points at a host that must not point at a private network address (10.0.0.7)',
  ],
  ['https://[fe80::1]/export.csv', 'points at a host that must not point at a link-local address (fe80::1)'],
  [
    'https://metadata.google.internal/x',
    'points at a host that must not point at a cloud metadata service (metadata.google.internal)',
  ],
])('an issued export link to %s is refused', async (url, why) => {
  const error = await failure(run(download(url)));
  expect(error.message).toBe(`The link of the export file ${why}; it was not downloaded.`);
});

test('loopback links only under the development setting', async () => {
  const saved = process.env.OPNFORM_DEV_LOCAL_SERVER;
  try {
    process.env.OPNFORM_DEV_LOCAL_SERVER = 'off';
    const error = await failure(run(download('http://127.0.0.1:9/x.csv')));
    expect(error.message).toBe('The link of the export file is not https; it was not downloaded.');
    const https = await failure(run(download('https://127.0.0.1:9/x.csv')));
    expect(https.message).toBe(
      'The link of the export file points at a host that must not point at a loopback address (127.0.0.1); it was not downloaded.',
    );
    // on: a loopback link, but only for a loopback connection
    process.env.OPNFORM_DEV_LOCAL_SERVER = '1';
    const scope = otherHost('http://127.0.0.1:9').get('/x.csv').reply(200, 'a,b');
    await expect(run(download('http://127.0.0.1:9/x.csv', 'http://127.0.0.1:9/api'))).resolves.toBe('a,b');
    expect(scope.isDone()).toBe(true);
    const fromPublic = await failure(run(download('http://127.0.0.1:9/x.csv', CONNECTION)));
    expect(fromPublic.message).toBe('The link of the export file is not https; it was not downloaded.');
  } finally {
    process.env.OPNFORM_DEV_LOCAL_SERVER = saved;
  }
});

test('a redirect off the origin is not followed', async () => {
  const scope = otherHost('https://files.opnform.example')
    .get('/exports/a.csv')
    .reply(302, '', { Location: 'https://169.254.169.254/latest/meta-data/' });
  const error = await failure(run(download('https://files.opnform.example/exports/a.csv')));
  expect(scope.isDone()).toBe(true);
  expect(error.message).toBe(
    'The link of the export file redirected to another host (169.254.169.254); it was not downloaded.',
  );
});

test('a link answering 401 is not "reconnect": the link carries no token', async () => {
  const scope = otherHost('https://files.opnform.example').get('/exports/a.csv').reply(401, '');
  const error = await failure(run(download('https://files.opnform.example/exports/a.csv')));
  expect(scope.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'AppError',
    code: 'forbidden',
    status: 401,
    message:
      "OpnForm's server answered 401 (Unauthorized) to the file link, a request sent without the access token, so " +
      'reconnecting your account will not help. On a self-hosted server this usually means something in front of ' +
      'OpnForm (a login page, basic authentication, a proxy) guards this route: let it through to OpnForm.',
  });
});

test('a redirect on the same origin is followed, at most 3 times', async () => {
  const ok = otherHost('https://files.opnform.example')
    .get('/a.csv')
    .reply(302, '', { Location: '/b.csv' })
    .get('/b.csv')
    .reply(200, 'x,y');
  await expect(run(download('https://files.opnform.example/a.csv'))).resolves.toBe('x,y');
  expect(ok.isDone()).toBe(true);
  const loop = otherHost('https://files.opnform.example')
    .get('/l.csv')
    .times(4)
    .reply(302, '', { Location: '/l.csv' });
  const error = await failure(run(download('https://files.opnform.example/l.csv')));
  expect(loop.isDone()).toBe(true);
  expect(error.message).toBe('The link of the export file redirected too many times; it was not downloaded.');
});

describe("input-file mode (a file the user gave a step: Zapier's storage, or a mapped link)", () => {
  const given = (url: string) => (z: ZObject, _bundle: Bundle) =>
    downloadFile(z, url, { input: true, what: 'the file for "Receipt"' }).then(async (r: RawHttpResponse) =>
      r.text(),
    );

  test('any public https host, without the token; a redirect to another public host is followed', async () => {
    const scope = otherHost('https://zapier-dev-files.s3.amazonaws.com')
      .get('/cli-platform/1/receipt')
      .reply(302, '', { Location: 'https://cdn.example.net/receipt.png' });
    const cdn = otherHost('https://cdn.example.net').get('/receipt.png').reply(200, 'png bytes');
    await expect(
      run(given('https://zapier-dev-files.s3.amazonaws.com/cli-platform/1/receipt')),
    ).resolves.toBe('png bytes');
    expect([scope.isDone(), cdn.isDone()]).toEqual([true, true]);
  });

  test('every hop is checked again: a redirect to a metadata address or to http is refused', async () => {
    const scope = otherHost('https://files.example.net')
      .get('/a')
      .reply(302, '', { Location: 'https://169.254.169.254/latest/meta-data/' })
      .get('/b')
      .reply(302, '', { Location: 'http://files.example.net/b' });
    const metadata = await failure(run(given('https://files.example.net/a')));
    const plain = await failure(run(given('https://files.example.net/b')));
    expect(scope.isDone()).toBe(true);
    expect([metadata.message, plain.message]).toEqual([
      'The link of the file for "Receipt" points at a host that must not point at a cloud metadata address ' +
        '(169.254.169.254); it was not downloaded.',
      'The link of the file for "Receipt" redirected to a link that is not https; it was not downloaded.',
    ]);
  });

  test('http, user info and private hosts are refused before any request; the link is never in the message', async () => {
    const errors = [];
    for (const url of [
      'http://files.example.net/x?sig=secret',
      'https://u:p@files.example.net/x',
      'https://10.0.0.7/x?sig=secret',
    ])
      errors.push(await failure(run(given(url))));
    expect(errors.map((e) => e.message)).toEqual([
      'The link of the file for "Receipt" is not https; it was not downloaded.',
      'The link of the file for "Receipt" holds a user name or password; it was not downloaded.',
      'The link of the file for "Receipt" points at a host that must not point at a private network address ' +
        '(10.0.0.7); it was not downloaded.',
    ]);
  });
});

describe('publicLookup (a public name pointed at a private address)', () => {
  const resolver =
    (addresses: LookupAddress[]) =>
    (_host: string, _options: unknown, callback: (e: Error | null, a: LookupAddress[]) => void) =>
      callback(null, addresses);
  const look = (addresses: LookupAddress[], allowLoopback = false) =>
    new Promise<{ error: (Error & { code?: string }) | null; address: unknown }>((resolve) =>
      publicLookup(allowLoopback, resolver(addresses) as never)('files.example.org', {}, (error, address) =>
        resolve({ error, address }),
      ),
    );

  test('a public address is used', async () => {
    await expect(look([{ address: '93.184.216.34', family: 4 }])).resolves.toEqual({
      error: null,
      address: '93.184.216.34',
    });
  });

  test.each(['169.254.169.254', '10.1.2.3', '127.0.0.1', '::1', 'fd00:ec2::254'])(
    '%s is refused',
    async (ip) => {
      const { error } = await look([
        { address: '93.184.216.34', family: 4 },
        { address: ip, family: ip.includes(':') ? 6 : 4 },
      ]);
      expect(error?.code).toBe('EADDRNOTPUBLIC');
    },
  );

  test('loopback is allowed only when the development setting allows it', async () => {
    await expect(look([{ address: '127.0.0.1', family: 4 }], true)).resolves.toEqual({
      error: null,
      address: '127.0.0.1',
    });
  });
});

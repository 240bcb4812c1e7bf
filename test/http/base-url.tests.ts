import { normalizeBaseUrl } from '../../src/http/base-url';
import { joinUrl, path } from '../../src/http/path';
import { DEFAULT_BASE_URL } from '../../src/shared/opnform';

describe('normalizeBaseUrl', () => {
  test.each([
    ['https://api.opnform.com', 'https://api.opnform.com'],
    ['https://api.opnform.com/', 'https://api.opnform.com'],
    ['  https://api.opnform.com  ', 'https://api.opnform.com'],
    ['https://forms.example.org/api', 'https://forms.example.org/api'],
    ['https://forms.example.org/api/', 'https://forms.example.org/api'],
    ['https://forms.example.org/api//', 'https://forms.example.org/api'],
    ['https://forms.example.org:8443/opnform/api', 'https://forms.example.org:8443/opnform/api'],
    ['HTTPS://Forms.Example.ORG/api', 'https://forms.example.org/api'],
    ['forms.example.org/api', 'https://forms.example.org/api'],
    ['https://forms.example.org:443/api', 'https://forms.example.org/api'],
    ['https://[2606:4700::1111]/api', 'https://[2606:4700::1111]/api'],
    ['https://bücher.example/api', 'https://xn--bcher-kva.example/api'],
    ['', DEFAULT_BASE_URL],
    [undefined, DEFAULT_BASE_URL],
  ])('accepts %p as %p', (input, expected) => {
    expect(normalizeBaseUrl(input, false)).toBe(expected);
  });

  test.each([
    ['http://localhost:8000/api', 'http://localhost:8000/api'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://[::1]:3000/api', 'http://[::1]:3000/api'],
    ['http://opnform.localhost', 'http://opnform.localhost'],
    ['https://localhost/api', 'https://localhost/api'],
  ])('accepts the loopback server %p under the development setting only', (input, expected) => {
    expect(normalizeBaseUrl(input, true)).toBe(expected);
    expect(() => normalizeBaseUrl(input, false)).toThrow(
      /is not usable: it must start with https:\/\/|localhost/,
    );
  });

  test.each([
    ['http://forms.example.org/api', 'it must start with https://'],
    [
      'http://127.0.0.1:8787/api',
      'it must start with https:// (a local OpnForm server needs the development setting, see the README)',
    ],
    ['http://10.0.0.5/api', 'it must start with https://'],
    ['https://evil.com\\@forms.example.org/api', 'it contains a backslash (\\); use / in URLs'],
    ['https://forms.example.org\\api', 'it contains a backslash (\\); use / in URLs'],
    ['https://evil.com%2f@forms.example.org', 'it must not contain a user name or password'],
    ['https://0x7f.1/api', 'its host name is read as "127.0.0.1", not as typed; type the host exactly'],
    ['https://2130706433/api', 'its host name is read as "127.0.0.1", not as typed; type the host exactly'],
    ['https://%65vil.com/api', 'its host name is read as "evil.com", not as typed; type the host exactly'],
    [
      'https://forms.example.org/x/../api',
      'its path is read as "/api", not as typed ("..", "." or characters to encode)',
    ],
    [
      'https://forms.example.org/x/%2e%2e/api',
      'its path is read as "/api", not as typed ("..", "." or characters to encode)',
    ],
    ['https://forms.example.org/\u0000api', 'it contains control characters'],
    ['https://10.0.0.5/api', 'its host must not point at a private network address (10.0.0.5)'],
    [
      'https://169.254.169.254/latest',
      'its host must not point at a cloud metadata address (169.254.169.254)',
    ],
    ['https://[fe80::1]/api', 'its host must not point at a link-local address (fe80::1)'],
    [
      'https://metadata.google.internal/',
      'its host must not point at a cloud metadata service (metadata.google.internal)',
    ],
    [
      'https://127.0.0.1/api',
      'its host must not point at a loopback address (127.0.0.1) (a local OpnForm server needs the development setting, see the README)',
    ],
    ['ftp://forms.example.org', 'the scheme must be https, not ftp'],
    ['javascript://alert(1)', 'the scheme must be https, not javascript'],
    ['https://user:pass@forms.example.org/api', 'it must not contain a user name or password'],
    ['https://user@forms.example.org', 'it must not contain a user name or password'],
    ['https://forms.example.org/api?token=1', 'it must not contain a query string (?...)'],
    ['https://forms.example.org/api?', 'it must not contain a query string (?...)'],
    ['https://forms.example.org/api#top', 'it must not contain a fragment (#...)'],
    ['https://forms example.org', 'it contains spaces'],
    ['https://', 'it is not a valid URL'],
    ['https://exa mple', 'it contains spaces'],
    ['http://[::1', 'it is not a valid URL'],
  ])('refuses %p', (input, why) => {
    expect(() => normalizeBaseUrl(input, false)).toThrow(
      `OpnForm URL (base_url) "${input}" is not usable: ${why}. Enter the address of the OpnForm API, ` +
        'for example https://api.opnform.com or, for a self-hosted server, https://forms.example.org/api.',
    );
  });

  test('refuses a value that is not text', () => {
    expect(() => normalizeBaseUrl(42)).toThrow(
      'OpnForm URL (base_url) must be text, for example https://api.opnform.com.',
    );
  });
});

describe('path and joinUrl', () => {
  test('keeps the base path and encodes every value as one segment', () => {
    const base = normalizeBaseUrl('https://x.org/api/');
    expect(joinUrl(base, path`/open/forms`)).toBe('https://x.org/api/open/forms');
    expect(joinUrl(base, path`/open/forms/${'a/b c'}/submissions`)).toBe(
      'https://x.org/api/open/forms/a%2Fb%20c/submissions',
    );
    expect(joinUrl(base, path`/open/forms/${'é?#'}`)).toBe('https://x.org/api/open/forms/%C3%A9%3F%23');
  });

  test('adds query values, skipping undefined ones', () => {
    expect(
      joinUrl('https://x.org', path`/open/forms/${5}/submissions`, {
        page: 2,
        search: 'a&b=c',
        status: undefined,
      }),
    ).toBe('https://x.org/open/forms/5/submissions?page=2&search=a%26b%3Dc');
  });

  test.each(['.', '..', ''])('refuses the dot segment %p', (segment) => {
    expect(() => path`/open/forms/${segment}`).toThrow(
      `Refusing to build an OpnForm path with the segment "${segment}".`,
    );
  });
});

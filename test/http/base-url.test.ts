import { DEFAULT_BASE_URL, normalizeBaseUrl } from '../../src/http/base-url';
import { joinUrl, path } from '../../src/http/path';

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
    ['http://localhost:8000/api', 'http://localhost:8000/api'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://[::1]:3000/api', 'http://[::1]:3000/api'],
    ['http://opnform.localhost', 'http://opnform.localhost'],
    ['https://[2001:db8::1]/api', 'https://[2001:db8::1]/api'],
    ['', DEFAULT_BASE_URL],
    [undefined, DEFAULT_BASE_URL],
  ])('accepts %p as %p', (input, expected) => {
    expect(normalizeBaseUrl(input)).toBe(expected);
  });

  test.each([
    ['http://forms.example.org/api', 'it must start with https:// (http is only allowed for localhost)'],
    ['http://10.0.0.5/api', 'it must start with https:// (http is only allowed for localhost)'],
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
    expect(() => normalizeBaseUrl(input)).toThrow(
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

import { isLoopbackHost } from '../net/addresses';

export const DEFAULT_BASE_URL = 'https://api.opnform.com';

/** Why a base URL was refused; the caller turns it into a Zapier error naming the field. */
export class BaseUrlError extends Error {
  override name = 'BaseUrlError';
}

const explain = (raw: string, why: string) =>
  new BaseUrlError(
    `OpnForm URL (base_url) "${raw}" is not usable: ${why}. Enter the address of the OpnForm API, ` +
      `for example ${DEFAULT_BASE_URL} or, for a self-hosted server, https://forms.example.org/api.`,
  );

/**
 * Checks and normalises the `base_url` auth field by hand (Zapier check D026): https only (http only
 * for loopback hosts, for local development), no user info, no query or fragment. A path is kept
 * and trailing slashes are dropped, so joining `/open/forms` gives `<base>/open/forms`.
 * An empty value means OpnForm's cloud API; a value without a scheme is read as https.
 */
export const normalizeBaseUrl = (input: unknown): string => {
  if (input !== undefined && input !== null && typeof input !== 'string') {
    throw new BaseUrlError('OpnForm URL (base_url) must be text, for example https://api.opnform.com.');
  }
  const raw = (input ?? '').trim();
  if (raw === '') return DEFAULT_BASE_URL;
  if (/\s/.test(raw)) throw explain(raw, 'it contains spaces');
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw explain(raw, 'it is not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw explain(raw, `the scheme must be https, not ${url.protocol.replace(/:$/, '')}`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw explain(raw, 'it must start with https:// (http is only allowed for localhost)');
  }
  if (url.username !== '' || url.password !== '') {
    throw explain(raw, 'it must not contain a user name or password');
  }
  if (withScheme.includes('?')) throw explain(raw, 'it must not contain a query string (?...)');
  if (withScheme.includes('#')) throw explain(raw, 'it must not contain a fragment (#...)');
  if (url.hostname === '') throw explain(raw, 'it has no host name');
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
};

import { domainToUnicode } from 'node:url';
import { hostProblem, isLoopbackHost } from '../net/addresses';
import { DEFAULT_BASE_URL } from '../shared/opnform';
import { trimEnd } from '../shared/text';

/**
 * The development setting: `OPNFORM_DEV_LOCAL_SERVER=1` lets the connection (and downloads from it)
 * use a loopback OpnForm server (localhost, 127.0.0.1, ::1), over http too. The sandbox's `.env`
 * (for `zapier-platform invoke`), `npm start` and the tests set it; the release build
 * (`scripts/bundle.mjs --release`, used by `zapier build` and `push`) replaces it with "off".
 */
export const DEV_SETTING = 'OPNFORM_DEV_LOCAL_SERVER';
export const developmentMode = (): boolean => process.env.OPNFORM_DEV_LOCAL_SERVER === '1';

/** Why a base URL was refused; the caller turns it into a Zapier error naming the field. */
export class BaseUrlError extends Error {
  override name = 'BaseUrlError';
}

/**
 * Whether the environment asks for the development setting that this build ignores: the release
 * build replaces `process.env.OPNFORM_DEV_LOCAL_SERVER` (so `developmentMode()` is false there), but
 * not this computed read. Only the wording of a refusal depends on it, never what is accepted.
 */
const settingCompiledOut = (): boolean => !developmentMode() && process.env[DEV_SETTING] === '1';

const ENTER_ADDRESS =
  `Enter the address of the OpnForm API, for example ${DEFAULT_BASE_URL} or, for a self-hosted server, ` +
  'https://forms.example.org/api.';

/**
 * What to do about a refused loopback URL: in the release build run where the development setting is
 * asked for (a release index.js met `npm run sandbox`'s .env), the command that rebuilds index.js for
 * the sandbox; otherwise where the development setting is explained.
 */
const localServerHint = () =>
  settingCompiledOut()
    ? '. This index.js is the release build (node scripts/bundle.mjs --release), which refuses local servers ' +
      `even with ${DEV_SETTING}=1: run \`npm run build:app\` to rebuild index.js for the sandbox, then run the command again.`
    : ' (a local OpnForm server needs the development setting, see the README)';

const explain = (raw: string, why: string) =>
  new BaseUrlError(`OpnForm URL (base_url) "${raw}" is not usable: ${why}. ${ENTER_ADDRESS}`);

/** A refused loopback URL: the reason, then what makes a local server usable (see `localServerHint`). */
const explainLocal = (raw: string, why: string) => {
  const hint = localServerHint();
  return new BaseUrlError(
    `OpnForm URL (base_url) "${raw}" is not usable: ${why}${hint}${hint.startsWith('.') ? '' : `. ${ENTER_ADDRESS}`}`,
  );
};

const DEFAULT_PORTS: Record<string, string> = { 'https:': '443', 'http:': '80' };

/**
 * Checks and normalises the `base_url` auth field by hand (Zapier check D026): https only, no user
 * info, no query or fragment, no backslash or control character, and nothing the WHATWG URL parser
 * would read differently from what was typed (another host, a resolved `..`, a number read as an IP
 * address, a percent-encoded host): the token goes exactly where the user sees it go. The host must
 * be public: private, link-local, metadata and loopback addresses are refused, except loopback under
 * the development setting (then over http too). A path is kept and trailing slashes are dropped, so
 * joining `/open/forms` gives `<base>/open/forms`. An empty value means OpnForm's cloud API; a value
 * without a scheme is read as https.
 */
export const normalizeBaseUrl = (input: unknown, development = developmentMode()): string => {
  if (input !== undefined && input !== null && typeof input !== 'string') {
    throw new BaseUrlError('OpnForm URL (base_url) must be text, for example https://api.opnform.com.');
  }
  const raw = (input ?? '').trim();
  if (raw === '') return DEFAULT_BASE_URL;
  if (/\s/.test(raw)) throw explain(raw, 'it contains spaces');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point (they are refused)
  if (/[\u0000-\u001f\u007f]/.test(raw)) throw explain(raw, 'it contains control characters');
  if (raw.includes('\\')) throw explain(raw, 'it contains a backslash (\\); use / in URLs');
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
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol === 'http:' && !(development && loopback)) {
    throw (loopback ? explainLocal : explain)(raw, 'it must start with https://');
  }
  const rest = withScheme.slice(withScheme.indexOf('//') + 2);
  const authority = rest.split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@') || url.username !== '' || url.password !== '') {
    throw explain(raw, 'it must not contain a user name or password');
  }
  if (withScheme.includes('?')) throw explain(raw, 'it must not contain a query string (?...)');
  if (withScheme.includes('#')) throw explain(raw, 'it must not contain a fragment (#...)');
  if (url.hostname === '') throw explain(raw, 'it has no host name');
  // What was typed must be what the parser read: host (case and IDN aside), port and path.
  const typedHost = authority
    .replace(/:(\d*)$/, '')
    .toLowerCase()
    .replace(/\.$/, '');
  const parsedHost = url.hostname.toLowerCase().replace(/\.$/, '');
  if (typedHost !== parsedHost && domainToUnicode(parsedHost) !== typedHost) {
    throw explain(raw, `its host name is read as "${url.hostname}", not as typed; type the host exactly`);
  }
  const typedPort = /:(\d*)$/.exec(authority)?.[1] ?? '';
  if (typedPort !== '' && typedPort !== url.port && typedPort !== DEFAULT_PORTS[url.protocol]) {
    throw explain(raw, 'its port is not a valid port number');
  }
  const typedPath = rest.slice(authority.length) || '/';
  if (typedPath !== url.pathname) {
    throw explain(
      raw,
      `its path is read as "${url.pathname}", not as typed ("..", "." or characters to encode)`,
    );
  }
  if (!(development && loopback)) {
    const problem = hostProblem(url.hostname);
    if (problem !== undefined) throw (loopback ? explainLocal : explain)(raw, `its host ${problem}`);
  }
  const path = trimEnd(url.pathname, '/');
  return `${url.protocol}//${url.host}${path}`;
};

import type { Bundle, ZObject } from 'zapier-platform-core';
import { connectionBaseUrl, validateToken } from './api/account';
import { CONNECTOR_ABILITIES } from './http/abilities';
import { DEFAULT_BASE_URL } from './http/base-url';

export const TOKEN_PAGE_URL = 'https://opnform.com/settings/access-tokens';

/**
 * A 404 from the connection test almost always means a self-hosted URL without `/api` (the address
 * of OpnForm's web pages, not of its API): say so, with the URL to try. Undefined for the cloud URL
 * and URLs that already end in `/api` (the generic wording applies).
 */
export const missingApiHint = (base: string): string | undefined => {
  const url = new URL(base);
  if (base === DEFAULT_BASE_URL || /\/api\/?$/.test(url.pathname)) return undefined;
  const api = `${base.replace(/\/+$/, '')}/api`;
  return (
    `OpnForm answered 404 (not found) at ${base}: the OpnForm URL probably lacks /api. A self-hosted ` +
    `OpnForm's API is usually its address followed by /api: reconnect with ${api} as the OpnForm URL.`
  );
};

/** Auth test: `GET /external/zapier/validate` answers `{name, email}` for any valid token. */
const test = async (z: ZObject, bundle: Bundle) => {
  const me = await validateToken(z, bundle, missingApiHint(connectionBaseUrl(z, bundle)));
  return { name: me.name, email: me.email };
};

export const authentication = {
  type: 'custom' as const,
  fields: [
    {
      key: 'base_url',
      label: 'OpnForm URL',
      type: 'string' as const,
      required: true,
      default: DEFAULT_BASE_URL,
      helpText:
        `Leave ${DEFAULT_BASE_URL} for OpnForm Cloud. Self-hosted OpnForm: enter your own API URL, ` +
        'usually your address followed by /api (for example https://forms.example.org/api). Must start with https://.',
    },
    {
      key: 'api_key',
      label: 'Access Token',
      type: 'password' as const,
      required: true,
      helpText:
        `Create a personal access token in OpnForm under [Settings > Access Tokens](${TOKEN_PAGE_URL}) ` +
        `(self-hosted: the same page on your server) and tick these abilities: ${CONNECTOR_ABILITIES.join(', ')}.`,
    },
  ],
  test,
  connectionLabel: '{{name}} ({{email}})',
};

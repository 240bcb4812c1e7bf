import type { Bundle, ZObject } from 'zapier-platform-core';
import { developmentMode } from '../http/base-url';
import { baseUrlOf, opnform } from '../http/client';
import { path } from '../http/path';
import { ValidateReply } from '../schemas/account';
import { DEFAULT_BASE_URL } from '../shared/opnform';
import { trimEnd } from '../shared/text';

/** The connection's OpnForm API address (normalised; share links are built from it). */
export const baseUrl = (z: ZObject, bundle: Bundle): string => baseUrlOf(z, bundle);

/** Whether the connection itself is the development setting: a loopback OpnForm over http (src/http/base-url.ts). */
export const isLocalHttp = (base: string): boolean => developmentMode() && base.startsWith('http://');

/**
 * A 404 from the connection test almost always means a self-hosted URL without `/api` (the address
 * of OpnForm's web pages, not of its API): say so, with the URL to try. Undefined for the cloud URL
 * and URLs that already end in `/api` (the generic wording applies).
 */
export const missingApiHint = (base: string): string | undefined => {
  const url = new URL(base);
  if (base === DEFAULT_BASE_URL || /\/api\/?$/.test(url.pathname)) return undefined;
  const api = `${trimEnd(base, '/')}/api`;
  return (
    `OpnForm answered 404 (not found) at ${base}: the OpnForm URL probably lacks /api. A self-hosted ` +
    `OpnForm's API is usually its address followed by /api: reconnect with ${api} as the OpnForm URL.`
  );
};

/**
 * `GET /external/zapier/validate`: `{name, email}` for any valid token; a 404 explains a URL that
 * lacks /api (`missingApiHint`).
 */
export const validate = (z: ZObject, bundle: Bundle) => {
  const hint = missingApiHint(baseUrlOf(z, bundle));
  return opnform(z, bundle).get(path`/external/zapier/validate`, {
    need: { thing: 'account', abilities: [] },
    statuses: { known: hint === undefined ? [] : [{ status: 404, code: 'not_found', message: hint }] },
    schema: ValidateReply(),
  });
};

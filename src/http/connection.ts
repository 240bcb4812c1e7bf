import type { Bundle, ZObject } from 'zapier-platform-core';
import { userError } from '../errors';
import { BaseUrlError, normalizeBaseUrl } from './base-url';

/** The connection's two fields as the HTTP layer uses them (src/http/client.ts). */

/** The bearer token from the connection, checked for shape but never echoed. */
export const tokenOf = (z: ZObject, bundle: Bundle): string => {
  const token = String(bundle.authData?.api_key ?? '').trim();
  if (token === '') {
    throw userError(
      z,
      'The OpnForm access token (api_key) is empty. Reconnect your OpnForm account with a personal access token.',
      'invalid_input',
    );
  }
  return token;
};

export const baseUrlOf = (z: ZObject, bundle: Bundle): string => {
  try {
    return normalizeBaseUrl(bundle.authData?.base_url);
  } catch (error) {
    if (error instanceof BaseUrlError) throw userError(z, error.message, 'invalid_base_url');
    throw error;
  }
};

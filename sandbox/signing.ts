/**
 * Signed links, as Laravel's `URL::temporarySignedRoute` makes them: `?expires=<unix>&signature=<hmac>`
 * over the path and expiry, with a key made at start. Stored files, export files and the real
 * server's signed file route (`/open/forms/{id}/submissions/file/{base64url name}`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FileLink } from './format';
import { fileRoutePath } from './submission-rules';

/** How long a file link in an API answer lives (10 minutes) and one in a delivery or CSV (24 h). */
export const FILE_LINK_API_MS = 10 * 60_000;
export const FILE_LINK_DELIVERY_MS = 24 * 3_600_000;

export interface Signer {
  /** `path?expires=…&signature=…` for a link that expires at `expiresMs` (epoch ms). */
  signedQuery(path: string, expiresMs: number): string;
  /** A signed link to a stored file, valid for `ttlMs` (negative: already expired). */
  fileUrl(name: string, ttlMs: number): string;
  /** Links of the real server's signed file route for files of form `formId`. */
  formFileLink(formId: number, ttlMs: number): FileLink;
  /** True when `query` carries a valid, unexpired signature of `path`. */
  checkSigned(path: string, query: URLSearchParams): boolean;
}

export const createSigner = (origin: () => string): Signer => {
  const key = randomBytes(32);
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('hex');
  const signedQuery = (path: string, expiresMs: number) => {
    const expires = Math.floor(expiresMs / 1000);
    return `${path}?expires=${expires}&signature=${sign(`${path}?expires=${expires}`)}`;
  };
  return {
    signedQuery,
    fileUrl: (name, ttlMs) =>
      `${origin()}${signedQuery(`/__sandbox/files/${encodeURIComponent(name)}`, Date.now() + ttlMs)}`,
    formFileLink: (formId, ttlMs) => (name) =>
      `${origin()}/api${signedQuery(fileRoutePath(formId, name), Date.now() + ttlMs)}`,
    checkSigned: (path, query) => {
      const expires = query.get('expires') ?? '';
      const signature = query.get('signature') ?? '';
      return (
        /^\d+$/.test(expires) &&
        signature === sign(`${path}?expires=${expires}`) &&
        Number(expires) * 1000 > Date.now()
      );
    },
  };
};

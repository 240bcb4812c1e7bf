/**
 * Signed file links (`.../file/<base64url>?...&signature=<hex>`) in a replay (replay.ts): the sandbox
 * signs its own, so a recorded link is requested as the sandbox's link to the same file.
 */
import { isRecord } from './recordings';

/** A file link's identity: the decoded stored name with UUIDs blanked (`/file/<base64url>`). */
const fileKey = (pathname: string) => {
  const b64 = /\/file\/([A-Za-z0-9_-]+)$/.exec(pathname)?.[1];
  const name = b64 === undefined ? pathname : Buffer.from(b64, 'base64url').toString('utf8');
  return name
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/^.*\//, '');
};

/** Every signed link in an answer, by its file (decoded name, UUIDs blanked): the latest kept. */
export const collectLinks = (node: unknown, into: Map<string, string>) => {
  if (typeof node === 'string') {
    for (const m of node.matchAll(/https?:\/\/[^\s",]+signature=[0-9a-f]+/g)) {
      const url = new URL(m[0]);
      into.set(fileKey(url.pathname), m[0]);
    }
  } else if (Array.isArray(node)) {
    for (const n of node) collectLinks(n, into);
  } else if (isRecord(node)) {
    for (const n of Object.values(node)) collectLinks(n, into);
  }
};

/**
 * The sandbox's link for a recorded signed link (`recordedKey`: its path under the base URL, `search`:
 * its query). `links`: recorded link -> the sandbox's link at the same place in an earlier answer;
 * `sandboxLinks`: every link the sandbox gave, by file. Undefined when no earlier answer gave one.
 */
export const sandboxLinkFor = (
  recordedKey: string,
  search: URLSearchParams,
  links: Map<string, string>,
  sandboxLinks: Map<string, string>,
): string | undefined => {
  const full = `${recordedKey}?${search.toString()}`;
  const exact = links.get(full);
  if (exact !== undefined) return exact;
  // a tampered signature or a changed expiry: the sandbox's link with the recorded change
  for (const [recorded, actual] of links) {
    const r = new URL(recorded, 'http://x');
    if (r.pathname !== recordedKey) continue;
    const url = new URL(actual);
    for (const [k, v] of search) if (r.searchParams.get(k) !== v) url.searchParams.set(k, v);
    return url.toString();
  }
  // not at the same place in an earlier answer: the sandbox's latest link to the same file
  const same = sandboxLinks.get(fileKey(recordedKey));
  if (same !== undefined) links.set(full, same);
  return same;
};

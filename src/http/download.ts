import type { RawHttpResponse, ZObject } from 'zapier-platform-core';
import { isLoopbackHost } from '../net/addresses';
import { USER_AGENT } from '../version';
import { failureFor } from './failures';

/**
 * A plain download of a link OpnForm handed out (an export file). The link itself is the
 * credential (a bearer link), so no token is sent; the answer is streamed, never buffered.
 * https only (http for loopback, for local development).
 */
export const downloadFile = async (z: ZObject, url: string): Promise<RawHttpResponse> => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new z.errors.Error(
      'OpnForm sent an export file link that is not a valid URL.',
      'bad_response',
      502,
    );
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname))) {
    throw new z.errors.Error(
      'OpnForm sent an export file link that is not https; it was not downloaded.',
      'bad_response',
      502,
    );
  }
  const response = await z.request({
    url: parsed.toString(),
    method: 'GET',
    raw: true,
    headers: { 'User-Agent': USER_AGENT, Accept: 'text/csv, */*' },
    skipThrowForStatus: true,
  });
  if (response.status >= 400) {
    response.body?.resume?.();
    throw failureFor(z, response.status, undefined, response.headers.get('retry-after'), {
      thing: 'file',
      abilities: [],
    });
  }
  return response;
};

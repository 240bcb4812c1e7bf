import type { Bundle, ZObject } from 'zapier-platform-core';
import { Absent, type Call, opnform } from '../http/client';
import type { ApiPath } from '../http/path';

/**
 * `GET` where a 404 means "absent" (no such form by that slug; a server without the integration
 * list route): `undefined` then, the checked answer otherwise; every other failure is mapped as usual.
 * Shared by the API modules where 404 means "absent" and nothing else needs saying.
 */
export const getOrAbsent = async <T>(
  z: ZObject,
  bundle: Bundle,
  apiPath: ApiPath,
  call: Call<T>,
): Promise<T | undefined> => {
  const answer = await opnform(z, bundle).get(apiPath, {
    ...call,
    statuses: { ...call.statuses, absent: [404] },
  });
  return answer instanceof Absent ? undefined : answer;
};

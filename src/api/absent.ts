import type { Bundle, ZObject } from 'zapier-platform-core';
import { type Call, opnform } from '../http/client';
import type { ApiPath } from '../http/path';

/**
 * `GET` where a 404 means "absent" (no such form by that slug; a server without the integration
 * list route): `undefined` then, the checked answer otherwise; every other failure is mapped as usual.
 * The one place in this branch's API modules that reads a status.
 */
export const getOrAbsent = async <T>(
  z: ZObject,
  bundle: Bundle,
  apiPath: ApiPath,
  call: Call<T>,
): Promise<T | undefined> =>
  (await opnform(z, bundle).allowing('GET', apiPath, { ...call, allow: [404] })).data;

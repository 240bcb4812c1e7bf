import type { Bundle, ZObject } from 'zapier-platform-core';
import { baseUrlOf, opnform } from '../http/client';
import { path } from '../http/path';
import { ValidateReply } from '../schemas/resources';

/** The connection's OpnForm API address (normalised; share links are built from it). */
export const connectionBaseUrl = (z: ZObject, bundle: Bundle): string => baseUrlOf(z, bundle);

/**
 * `GET /external/zapier/validate`: `{name, email}` for any valid token. `notFound` is the message
 * of a 404 (the connection test explains a URL that lacks /api).
 */
export const validateToken = (z: ZObject, bundle: Bundle, notFound: string | undefined) =>
  opnform(z, bundle).get(path`/external/zapier/validate`, {
    thing: 'account',
    abilities: [],
    notFound,
    schema: ValidateReply,
  });

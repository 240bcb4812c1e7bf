/** OpnForm's answer to the connection test (src/api/account.ts). Built on first use (`lazy`). */
import * as z from 'zod/mini';
import { str } from './common';
import { lazy } from './lazy';

/** `GET /external/zapier/validate`. */
export const ValidateReply = lazy(() => z.looseObject({ name: str(), email: str() }));

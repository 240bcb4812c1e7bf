/**
 * What the route modules (`sandbox/routes/*.ts`) get from `startSandbox`: the state and its lookups
 * (sandbox/db.ts), the views, writing submissions, signed links, the route table and the options.
 * A handler throws the value `fail()` gives to answer with an error.
 */
import type { Db } from './db';
import { nowIso } from './db';
import type { SandboxOptions } from './options';
import { type PageArgs, paginate } from './paginate';
import { fail, invalid, missing } from './reply';
import type { Router } from './router';
import type { Signer } from './signing';
import type { Submitter } from './submitting';
import type { Views } from './views/submissions';
import type { Worker } from './worker';

export interface KitParts {
  db: Db;
  views: Views;
  submitter: Submitter;
  signer: Signer;
  router: Router;
  options: SandboxOptions;
  /** `http://127.0.0.1:PORT` once listening. */
  origin: () => string;
  /** The queue worker (production mode); undefined in sync mode, where jobs run in the request. */
  worker: Worker | undefined;
}

export const createKit = ({ db, views, submitter, signer, router, options, origin, worker }: KitParts) => ({
  ...db,
  ...views,
  ...submitter,
  signer,
  options,
  origin,
  worker,
  nowIso,
  route: router.token,
  router,
  /** An error answer to throw. */
  fail,
  invalid,
  missing,
  /** Laravel's paginated envelope under this sandbox's origin (sandbox/paginate.ts). */
  paginate: <T>(items: T[], ...args: PageArgs) => paginate(origin(), items, ...args),
});

export type RouteKit = ReturnType<typeof createKit>;

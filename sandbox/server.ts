/**
 * The OpnForm sandbox: a local, in-memory, OpnForm-compatible test double on Node's own `http`,
 * listening on loopback only. Where the spec and a real server differ, it behaves like the real
 * server when that is the harder case for the connector (see README, "The sandbox").
 * Nothing in src/ may import this directory: it is never part of the Zapier bundle.
 *
 * This file assembles the parts: the state and its lookups (db.ts, seed.ts), views (views.ts),
 * writing submissions (submitting.ts), signed links (signing.ts), rate limits (rate-limits.ts),
 * faults and the request log (faults.ts), the router (router.ts) and the routes by resource
 * (routes/*.ts, named like the connector's src/api/ modules), `/__sandbox/*` in routes/control.ts.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { createDb } from './db';
import type { Delivery } from './deliveries';
import { createFaults } from './faults';
import { isLoopback } from './hook-post';
import { createKit } from './kit';
import {
  DEFAULT_RATE_LIMITS,
  type RateLimits,
  type Sandbox,
  type SandboxOptions,
  type SandboxWorker,
} from './options';
import { createRateLimiter } from './rate-limits';
import { Reply } from './reply';
import { createRouter } from './router';
import { controlRoutes } from './routes/control';
import { exportRoutes } from './routes/exports';
import { formRoutes } from './routes/forms';
import { integrationRoutes } from './routes/integrations';
import { inviteRoutes } from './routes/invites';
import { memberRoutes } from './routes/members';
import { submissionRoutes } from './routes/submissions';
import { uploadRoutes } from './routes/uploads';
import { workspaceRoutes } from './routes/workspaces';
import { zapierRoutes } from './routes/zapier';
import { seed, TOKENS } from './seed';
import { createSigner } from './signing';
import { createSubmitter } from './submitting';
import { createViews } from './views/submissions';
import { createWorker } from './worker';

export type { Delivery } from './deliveries';
export { isLoopback } from './hook-post';
export {
  DEFAULT_RATE_LIMITS,
  type FaultKind,
  type FaultOptions,
  type JobInfo,
  type LoggedRequest,
  type RateLimits,
  REAL_RATE_LIMITS,
  type RunHooks,
  type Sandbox,
  type SandboxMode,
  type SandboxOptions,
  type SandboxWorker,
  type WorkerOptions,
} from './options';
export type { SandboxState } from './state';

/** A refusal thrown by the sandbox, as the error `submit()` and `edit()` reject with. */
const refused = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Reply)
      throw new Error(`Sandbox ${what} refused (${error.status}): ${JSON.stringify(error.body)}`);
    throw error;
  }
};

export const startSandbox = async (options: SandboxOptions = {}): Promise<Sandbox> => {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host)) throw new Error(`The sandbox listens on loopback only, not on ${host}.`);
  const mode = options.mode ?? 'sync';
  if (mode === 'production' && (options.intBooleans || options.sqliteSearch))
    throw new Error('Production mode is PostgreSQL: intBooleans and sqliteSearch are sqlite behaviours.');
  const worker = mode === 'production' ? createWorker(options.worker) : undefined;
  const { state, ids } =
    options.initial ??
    seed({
      submissions: options.submissions ?? 260,
      largeFormSubmissions: options.largeFormSubmissions ?? 1200,
    });
  const tokens = options.initial?.tokens ?? TOKENS;
  state.uploads ??= new Map();
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  let origin = '';
  const originOf = () => origin;

  const timers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });
  const faults = createFaults(sleep);
  const limiter = createRateLimiter(limits);
  const deliveries: Delivery[] = [];
  /** The poll cache; cleared with the rate-limit counters by `clearCache()`. */
  const recentCache = new Map<number, { at: number; body: unknown }>();

  const db = createDb(state);
  const signer = createSigner(originOf);
  const views = createViews(db, signer, originOf);
  const submitter = createSubmitter(db, views, deliveries, options.resolveHook, worker);
  const router = createRouter(state, faults, limiter);
  const kit = createKit({ db, views, submitter, signer, router, options, origin: originOf, worker });
  const hooks = (formId?: number) =>
    state.integrations
      .filter((i) => i.integration_id === 'zapier' && (formId === undefined || i.form_id === formId))
      .map((i) => ({ formId: i.form_id, hookUrl: String(i.data.hook_url) }));

  // the order of the table is the order routes are tried in
  zapierRoutes(kit, recentCache);
  workspaceRoutes(kit);
  formRoutes(kit, { intBooleans: options.intBooleans, selfHosted: options.selfHosted });
  memberRoutes(kit, { selfHosted: options.selfHosted });
  inviteRoutes(kit);
  submissionRoutes(kit);
  uploadRoutes(kit);
  exportRoutes(kit);
  integrationRoutes(kit);
  controlRoutes(kit, { faults, deliveries, tokens, ids, hooks });

  // the answers' body bytes, counted for the benchmark (`servedBytes()`)
  let served = 0;
  const counted = (req: IncomingMessage, res: ServerResponse) => {
    const { write, end } = res;
    const count = (chunk: unknown) => {
      if (typeof chunk === 'string') served += Buffer.byteLength(chunk);
      else if (chunk instanceof Uint8Array) served += chunk.length;
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      count(chunk);
      return (write as (...args: unknown[]) => boolean).call(res, chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== 'function') count(chunk);
      return (end as (...args: unknown[]) => ServerResponse).call(res, chunk, ...rest);
    }) as typeof res.end;
    return router.handle(req, res);
  };
  const server = options.tls === undefined ? createServer(counted) : createTlsServer(options.tls, counted);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `${options.tls === undefined ? 'http' : 'https'}://${shownHost}:${address.port}`;

  const workerApi: SandboxWorker | undefined =
    worker === undefined
      ? undefined
      : {
          delayMs: worker.delayMs,
          auto: worker.auto,
          get paused() {
            return worker.paused;
          },
          pending: worker.pending,
          run: worker.run,
          runDue: worker.runDue,
          pause: worker.pause,
          resume: worker.resume,
        };

  return {
    mode,
    worker: workerApi,
    baseUrl: `${origin}/api`,
    origin,
    tokens: { ...tokens },
    ids,
    fault: faults.add,
    clearFaults: faults.clear,
    submit: async (formId, answers, opts) => {
      const f = state.forms.find((x) => x.id === formId);
      if (f === undefined) throw new Error(`The sandbox has no form ${formId}.`);
      return refused('submit', async () => ({ id: (await kit.createSubmission(f, answers, opts)).id }));
    },
    edit: (submissionId, answers) =>
      refused('edit', async () => ({ id: (await kit.editSubmission(submissionId, answers)).id })),
    hooks,
    deliveries: () => deliveries,
    state,
    requests: () => faults.log,
    servedBytes: () => served,
    resetRequests: () => {
      faults.log.length = 0;
    },
    issueToken: (like) => {
      const model = state.tokens.find((t) => t.token === tokens[like]);
      if (model === undefined) throw new Error(`The sandbox has no token ${like}.`);
      const taken = state.tokens.map((t) => Number(t.token.split('|', 1)[0]) || 0);
      const tokenId = Math.max(1000, ...taken) + 1;
      const token = `${tokenId}|${randomBytes(24).toString('hex')}`;
      state.tokens.push({ ...model, token, abilities: [...model.abilities] });
      return { token, tokenId };
    },
    fileUrl: signer.fileUrl,
    clearCache: () => {
      limiter.windows.clear();
      recentCache.clear();
    },
    close: async () => {
      worker?.close();
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/**
 * The sandbox's public API types: the options `startSandbox()` takes, the object it returns, faults,
 * the request log and rate limits (re-exported by sandbox/server.ts).
 */
import type { Delivery } from './deliveries';
import type { SandboxIds, SandboxTokens } from './seed';
import type { SandboxState } from './state';
import type { JobInfo, RunHooks, WorkerOptions } from './worker';

export type { JobInfo, RunHooks, WorkerOptions } from './worker';

/**
 * `sync`: jobs run in the request, like the sqlite server of `test/recorded/` (the default).
 * `production`: like OpnForm Cloud or its Docker setup (a queue worker, PostgreSQL), recorded in
 * `test/recorded-production-like/`: answers to forms without editable submissions are stored by
 * the worker after the answer, deliveries and async exports run in the worker.
 */
export type SandboxMode = 'sync' | 'production';

export type FaultKind = '429' | '500' | 'slow' | 'non-json' | 'drop';
export interface FaultOptions {
  delayMs?: number;
  retryAfter?: number;
  /** Only requests with this method (e.g. 'POST') trip the fault; default any. */
  method?: string;
  /**
   * Only requests to this path (as logged: without `/api`, e.g. `/open/forms/101/submissions`) trip
   * the fault: a string matches exactly, a RegExp by `test`; default any. Others pass it by.
   */
  path?: string | RegExp;
  /**
   * Only requests bearing the token of this id (the part before `|`, not a secret: see
   * `Sandbox.issueToken`) trip the fault: a test aims it at its own requests, never at a late request
   * of a test before it (an aborted request the server reads only after that test ended).
   */
  tokenId?: number;
}

export interface LoggedRequest {
  method: string;
  /**
   * Path relative to the base URL (without `/api`), e.g. `/open/forms/101/submissions`; file and
   * export downloads (which faults also hit) appear as `/__sandbox/files/...`, `/__sandbox/exports/...`.
   */
  path: string;
  /** Query string without `?` ('' when none). */
  query: string;
  /** The answer's status (0 until answered or for a dropped connection). */
  status: number;
  /** The id of the request's bearer token (the part before `|`); absent without one. */
  tokenId?: number;
}

export interface RateLimits {
  /** Per user per minute on `/external/*` (real: 60). */
  external: number;
  /** Per user per minute on `/open/*` (real: 100). */
  open: number;
  /** Per user per minute on the export POST (real: 10). */
  export: number;
  /** Per user per minute on export status (real: 180). */
  exportStatus: number;
  /** Per client per minute on `POST /upload-file`, on top of `open` (real: 30). */
  uploads: number;
  /** Per client per hour on `POST /upload-file` (real: 300). */
  uploadsHourly: number;
}

/** The real server's limits; pass `rateLimits: REAL_RATE_LIMITS` to test throttling. */
export const REAL_RATE_LIMITS: RateLimits = {
  external: 60,
  open: 100,
  export: 10,
  exportStatus: 180,
  uploads: 30,
  uploadsHourly: 300,
};
/** Default: 100 times the real limits, so test suites never trip them by accident. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  external: 6000,
  open: 10_000,
  export: 1000,
  exportStatus: 18_000,
  uploads: 3000,
  uploadsHourly: 30_000,
};

export interface SandboxOptions {
  /** `sync` (default) or `production` (a queue worker: see `SandboxMode`). */
  mode?: SandboxMode;
  /**
   * The production mode's worker: `delayMs`, how long a queued job waits (default 3000, Laravel's
   * `--sleep=3`), and `auto` (default true; false: jobs run only when told, `sandbox.worker.run()`).
   */
  worker?: WorkerOptions;
  port?: number;
  host?: string;
  /** Seeded submissions of the main form (default 260). */
  submissions?: number;
  /** Seeded submissions of the large form (default 1200; above 1000 exports go async). */
  largeFormSubmissions?: number;
  /** How long an async export stays queued/processing before it completes (default 3000 ms). */
  exportPollDelayMs?: number;
  /** Submissions above which an export is async (default 1000, like the real server). */
  exportAsyncThreshold?: number;
  /** How long a completed export file is served (default 24 h). */
  exportFileTtlMs?: number;
  /**
   * Serve export job status to tokens at the spec's path (a spec-like server). Default false: like a
   * real OpnForm server, no status path answers a token (404 on both).
   */
  exportStatusForTokens?: boolean;
  rateLimits?: Partial<RateLimits>;
  /** How long `/external/zapier/submissions/recent` answers from its per-form cache (real: 5 minutes; 0: off). */
  pollCacheMs?: number;
  /**
   * Start from this state instead of the default seed (the contract test passes the recorded seed,
   * `sandbox/recorded-seed.ts`). `ids` and `tokens` become the sandbox's `ids` and `tokens`.
   */
  initial?: { state: SandboxState; ids: SandboxIds; tokens: SandboxTokens };
  /**
   * Serve form booleans as 0/1, as a self-hosted server on sqlite or MySQL does (default false:
   * PostgreSQL's true/false, forms--get-form-pg.json; not allowed in production mode).
   */
  intBooleans?: boolean;
  /**
   * Answer `search` on the submissions list with 500 "Server Error", as a server on sqlite does (its
   * SQL is PostgreSQL-only; recordings' artefact 2, submissions--list.json). Default false: PostgreSQL.
   */
  sqliteSearch?: boolean;
  /**
   * Self-hosted without a licence (recordings' artefact 5): adding an email with no account is 403
   * once the instance has 2 users, and a `payment` block is 422 (default false: OpnForm Cloud).
   */
  selfHosted?: boolean;
  /**
   * `WEBHOOKS_ALLOW_PRIVATE_URLS` (default true, like the recorded self-hosted server): hook and
   * webhook URLs on private, loopback and link-local addresses are accepted. false: refused with
   * 422 as on OpnForm Cloud. https is required either way.
   */
  allowPrivateWebhookUrls?: boolean;
  /**
   * Where the server stores files: `local` (default; the recorded self-hosted server:
   * `/content/feature-flags` says `storage.local`, `POST /vapor/signed-storage-url` answers 500) or
   * `s3` (OpnForm Cloud: the feature flags say `storage.s3` and the signed storage URL answers 201
   * with a URL of the sandbox's stand-in for S3, `PUT /__sandbox/s3/{bucket}/tmp/{uuid}`). `POST
   * /upload-file` works with both.
   */
  storage?: 'local' | 's3';
  /**
   * Where a hook or webhook URL is really contacted, like cURL's `CURLOPT_RESOLVE`: a URL whose host
   * and port are used instead (the request still names the original URL and Host; for example a
   * recorded `https://hooks.example.net/...` sent to a loopback receiver), `null` for "nothing
   * listens there" (refused at once: the event log gets cURL error 7), undefined for the URL itself.
   * Only loopback addresses are ever contacted (over plain HTTP); other deliveries are recorded, not
   * sent, and count as received.
   */
  resolveHook?: (url: string) => string | null | undefined;
  /**
   * Serve https with this key and certificate (`sandbox/tls.ts` makes a self-signed one), as OpnForm
   * is reached in production; default: http. Clients must trust the certificate themselves.
   */
  tls?: { key: string | Buffer; cert: string | Buffer };
}

/** The production mode's queue worker, as tests drive it (sandbox/worker.ts). */
export interface SandboxWorker {
  /** How long a queued job waits for the worker (ms) and whether it runs on its own timers. */
  readonly delayMs: number;
  readonly auto: boolean;
  readonly paused: boolean;
  /** The queued jobs, in the order the worker takes them. */
  pending(): JobInfo[];
  /** Runs every queued job now, whatever its due time (and the jobs they queue); how many ran. */
  run(hooks?: RunHooks): Promise<number>;
  /** Runs the jobs due at `upTo` (default: now), each at its own due time through `hooks.setClock`. */
  runDue(upTo?: number, hooks?: RunHooks): Promise<number>;
  /** Stops the worker (SIGSTOP): answers are accepted and queued, nothing is stored or sent. */
  pause(): void;
  /** Starts it again; with `auto`, what is overdue runs at once. */
  resume(hooks?: RunHooks): Promise<number>;
}

export interface Sandbox {
  /** `sync` or `production` (see `SandboxOptions.mode`). */
  mode: SandboxMode;
  /** The queue worker (production mode); undefined in sync mode. */
  worker: SandboxWorker | undefined;
  /** e.g. `http://127.0.0.1:PORT/api` (served under /api, like a self-hosted server). */
  baseUrl: string;
  /** `http://127.0.0.1:PORT`: the sandbox-only routes live under `${origin}/__sandbox/...`. */
  origin: string;
  tokens: SandboxTokens;
  ids: SandboxIds;
  /**
   * The next `count` requests (matching `options.method`, `options.path` and `options.tokenId`, if
   * given) fail this way.
   */
  fault(kind: FaultKind, count?: number, options?: FaultOptions): void;
  clearFaults(): void;
  /**
   * Answers a form as a respondent does (no form policy, no captcha) and settles once the answer is
   * stored and its deliveries were sent: in production mode, once the worker ran both jobs (with
   * `worker.auto` false: after `worker.run()`; paused: after `resume()`).
   */
  submit(
    formId: number,
    answers: Record<string, unknown>,
    options?: { partial?: boolean; attribution?: Record<string, string> },
  ): Promise<{ id: number }>;
  /**
   * Edits a submission as its public edit link does: answers replaced at once, deliveries sent again
   * (same id); settles once they were sent (in production mode by the worker, as for `submit`).
   */
  edit(submissionId: number, answers: Record<string, unknown>): Promise<{ id: number }>;
  hooks(formId?: number): Array<{ formId: number; hookUrl: string }>;
  deliveries(): Delivery[];
  state: SandboxState;
  requests(): LoggedRequest[];
  /** The answers' body bytes sent since the start (every route, faults included). */
  servedBytes(): number;
  resetRequests(): void;
  /**
   * A new token of the same user and abilities as the named one, with an id of its own: a test that
   * sends its requests with it can aim a fault (`tokenId`) and read the log at them alone.
   */
  issueToken(like: keyof SandboxTokens): { token: string; tokenId: number };
  /** A signed link to a stored file, valid for `ttlMs` (negative: already expired). */
  fileUrl(name: string, ttlMs: number): string;
  /**
   * Clears what the real server keeps in its cache: the rate-limit counters and the 5-minute
   * poll cache (the recordings were made with the cache cleared between groups).
   */
  clearCache(): void;
  close(): Promise<void>;
}

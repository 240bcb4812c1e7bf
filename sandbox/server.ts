/**
 * The OpnForm sandbox: a local, in-memory, OpnForm-compatible test double on Node's own `http`,
 * listening on loopback only. Where the spec and a real server differ, it behaves like the real
 * server when that is the harder case for the connector (see README, "The sandbox").
 * Nothing in src/ may import this directory: it is never part of the Zapier bundle.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import { checkAnswers, summary } from './answers';
import { type Delivery, deliverToIntegrations } from './deliveries';
import {
  csvCell,
  csvValue,
  displayValue,
  encodedId,
  inputBlocks,
  isEmptyAnswer,
  rawValue,
  ymdHis,
} from './format';
import {
  asyncExportAnswer,
  checkExportRequest,
  exportCsv as exportCsvOf,
  exportFileName,
  pageWindow,
} from './routes/exports';
import { formRoutes } from './routes/forms';
import { registerIntegrationRoutes } from './routes/integrations';
import type { RouteCtx, RouteKit } from './routes/kit';
import { memberRoutes } from './routes/members';
import { workspaceListJson } from './routes/shapes';
import { type SandboxIds, type SandboxTokens, seed, stableUuid, TOKENS } from './seed';
import type { Ability, Form, Role, SandboxState, Submission, Workspace } from './state';
import {
  captchaFailure,
  fileNameOfLink,
  fileObjectCrash,
  fileRoutePath,
  type RuleFailure,
} from './submission-rules';

export type { Delivery } from './deliveries';
export type { SandboxState } from './state';

export type FaultKind = '429' | '500' | 'slow' | 'non-json' | 'drop';
export interface FaultOptions {
  delayMs?: number;
  retryAfter?: number;
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
}

/** The real server's limits; pass `rateLimits: REAL_RATE_LIMITS` to test throttling. */
export const REAL_RATE_LIMITS: RateLimits = { external: 60, open: 100, export: 10, exportStatus: 180 };
/** Default: 100 times the real limits, so test suites never trip them by accident. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  external: 6000,
  open: 10_000,
  export: 1000,
  exportStatus: 18_000,
};

export interface SandboxOptions {
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
  /** Serve form booleans as 0/1, as a self-hosted server on sqlite or MySQL does (default false). */
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
   * Where a hook or webhook URL is really contacted, like cURL's `CURLOPT_RESOLVE`: a URL whose host
   * and port are used instead (the request still names the original URL and Host; for example a
   * recorded `https://hooks.example.net/...` sent to a loopback receiver), `null` for "nothing
   * listens there" (refused at once: the event log gets cURL error 7), undefined for the URL itself.
   * Only loopback addresses are ever contacted (over plain HTTP); other deliveries are recorded, not
   * sent, and count as received.
   */
  resolveHook?: (url: string) => string | null | undefined;
}

export interface Sandbox {
  /** e.g. `http://127.0.0.1:PORT/api` (served under /api, like a self-hosted server). */
  baseUrl: string;
  /** `http://127.0.0.1:PORT`: the sandbox-only routes live under `${origin}/__sandbox/...`. */
  origin: string;
  tokens: SandboxTokens;
  ids: SandboxIds;
  fault(kind: FaultKind, count?: number, options?: FaultOptions): void;
  clearFaults(): void;
  submit(
    formId: number,
    answers: Record<string, unknown>,
    options?: { partial?: boolean; attribution?: Record<string, string> },
  ): Promise<{ id: number }>;
  /** Edits a submission as its public edit link does: answers replaced, deliveries sent again (same id). */
  edit(submissionId: number, answers: Record<string, unknown>): Promise<{ id: number }>;
  hooks(formId?: number): Array<{ formId: number; hookUrl: string }>;
  deliveries(): Delivery[];
  state: SandboxState;
  requests(): LoggedRequest[];
  resetRequests(): void;
  /** A signed link to a stored file, valid for `ttlMs` (negative: already expired). */
  fileUrl(name: string, ttlMs: number): string;
  /**
   * Clears what the real server keeps in its cache: the rate-limit counters and the 5-minute
   * poll cache (the recordings were made with the cache cleared between groups).
   */
  clearCache(): void;
  close(): Promise<void>;
}

class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}
const fail = (status: number, body: unknown, headers?: Record<string, string>) =>
  new Reply(status, body, headers);
const UNAUTHORIZED = () => fail(403, { message: 'This action is unauthorized.' });
const missing = (model: string, id: string | number) =>
  fail(404, { message: `No query results for model [App\\Models\\${model}] ${id}` });
const invalid = (errors: Record<string, string[]>) => fail(422, { message: summary(errors), errors });

type Ctx = RouteCtx;

type Handler = (ctx: Ctx) => unknown | Promise<unknown>;

interface Route {
  method: string;
  pattern: RegExp;
  group: keyof RateLimits;
  handler: Handler;
}

const ATTRIBUTION_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_id',
  'utm_term',
  'utm_content',
  'utm_source_platform',
  'utm_creative_format',
  'utm_marketing_tactic',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'ttclid',
  'msclkid',
];

const DEPRECATION =
  'Please do not use the `submission` field. It is deprecated and will be removed in the future.';
const FILE_LINK_API_MS = 10 * 60_000;
const FILE_LINK_DELIVERY_MS = 24 * 3_600_000;
const EXPORT_JOB_LIFETIME_MS = 2 * 3_600_000;

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

const hostOf = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

export const isLoopback = (hostname: string): boolean => {
  const host = hostOf(hostname);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
};

const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, '.000000Z');

export const startSandbox = async (options: SandboxOptions = {}): Promise<Sandbox> => {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host)) throw new Error(`The sandbox listens on loopback only, not on ${host}.`);
  const { state, ids } =
    options.initial ??
    seed({
      submissions: options.submissions ?? 260,
      largeFormSubmissions: options.largeFormSubmissions ?? 1200,
    });
  const tokens = options.initial?.tokens ?? TOKENS;
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const exportDelay = options.exportPollDelayMs ?? 3000;
  const asyncThreshold = options.exportAsyncThreshold ?? 1000;
  const exportFileTtl = options.exportFileTtlMs ?? 24 * 3_600_000;
  const exportStatusForTokens = options.exportStatusForTokens ?? false;
  const signingKey = randomBytes(32);
  let origin = '';

  const faults: Array<{ kind: FaultKind; left: number; options: FaultOptions }> = [];
  const log: LoggedRequest[] = [];
  const deliveries: Delivery[] = [];
  const windows = new Map<string, { start: number; count: number }>();
  /** Cleared with the rate-limit counters by `clearCache()` (the poll cache lives here). */
  const recentCache = new Map<number, { at: number; body: unknown }>();
  const pollCacheMs = options.pollCacheMs ?? 300_000;
  const caches: Array<Map<unknown, unknown>> = [windows, recentCache as Map<unknown, unknown>];
  const timers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  // ---------------------------------------------------------------- signed links
  const sign = (text: string) => createHmac('sha256', signingKey).update(text).digest('hex');
  const signedUrl = (path: string, ttlMs: number) => {
    const expires = Math.floor((Date.now() + ttlMs) / 1000);
    return `${origin}${path}?expires=${expires}&signature=${sign(`${path}?expires=${expires}`)}`;
  };
  const fileUrl = (name: string, ttlMs: number) =>
    signedUrl(`/__sandbox/files/${encodeURIComponent(name)}`, ttlMs);
  const checkSigned = (path: string, query: URLSearchParams): boolean => {
    const expires = query.get('expires') ?? '';
    const signature = query.get('signature') ?? '';
    return (
      /^\d+$/.test(expires) &&
      signature === sign(`${path}?expires=${expires}`) &&
      Number(expires) * 1000 > Date.now()
    );
  };
  const deliveryLink = (name: string) => fileUrl(name, FILE_LINK_DELIVERY_MS);
  /** Links of the real server's signed file route (`/open/forms/{id}/submissions/file/{base64url name}`). */
  const formFileLink = (formId: number, ttlMs: number) => (name: string) => {
    const path = fileRoutePath(formId, name);
    const expires = Math.floor((Date.now() + ttlMs) / 1000);
    return `${origin}/api${path}?expires=${expires}&signature=${sign(`${path}?expires=${expires}`)}`;
  };

  // ---------------------------------------------------------------- lookups and checks
  const user = (id: number) => state.users.find((u) => u.id === id);
  const workspaceOr404 = (id: string) => {
    const w = state.workspaces.find((x) => String(x.id) === id);
    if (w === undefined) throw missing('Workspace', id);
    return w;
  };
  const formOr404 = (key: string) => {
    const f = state.forms.find((x) => String(x.id) === key || x.slug === key);
    // by id the model's key is named; by slug it is not (recorded: forms--get-form)
    if (f === undefined)
      throw /^\d+$/.test(key)
        ? missing('Forms\\Form', key)
        : fail(404, { message: 'No query results for model [App\\Models\\Forms\\Form].' });
    return f;
  };
  const roleIn = (w: Workspace, userId: number): Role | undefined =>
    w.members.find((m) => m.userId === userId)?.role;
  const need = (ctx: Ctx, ...anyOf: Ability[]) => {
    if (!anyOf.some((a) => ctx.token.abilities.includes(a))) {
      throw fail(403, {
        message: ctx.family === 'external' ? 'Invalid ability provided.' : 'This action is unauthorized.',
      });
    }
  };
  const memberOf = (ctx: Ctx, w: Workspace): Role => {
    const role = roleIn(w, ctx.token.userId);
    if (role === undefined) throw UNAUTHORIZED();
    return role;
  };
  const workspaceOfForm = (f: Form) => state.workspaces.find((w) => w.id === f.workspace_id) as Workspace;
  const canWrite = (ctx: Ctx, f: Form) => {
    const role = memberOf(ctx, workspaceOfForm(f));
    if (role === 'readonly') throw UNAUTHORIZED();
  };
  const bodyRecord = (ctx: Ctx) => asRecord(ctx.body) ?? {};
  const submissionsOf = (formId: number) =>
    state.submissions
      .filter((s) => s.form_id === formId)
      // newest first; the real server leaves ties (same second) in insertion order (submissions--list.json)
      .sort((a, b) =>
        ymdHis(a.created_at) === ymdHis(b.created_at) ? a.id - b.id : a.created_at < b.created_at ? 1 : -1,
      );
  /** Hidden questions with a prefill and no answer get the prefill (external--hook-delivery-every-block.json). */
  const hiddenPrefills = (f: Form, answers: Record<string, unknown>) =>
    Object.fromEntries(
      inputBlocks(f)
        .filter((b) => b.hidden && typeof b.prefill === 'string' && b.prefill !== '' && !(b.id in answers))
        .map((b) => [b.id, b.prefill]),
    );

  // ---------------------------------------------------------------- representations
  const submissionItem = (s: Submission) => {
    const f = state.forms.find((x) => x.id === s.form_id) as Form;
    const blocks = new Map(f.properties.map((b) => [b.id, b]));
    const data: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(s.answers))
      data[key] = rawValue(blocks.get(key), value, formFileLink(f.id, FILE_LINK_API_MS));
    Object.assign(data, {
      status: s.status,
      created_at: ymdHis(s.created_at),
      id: s.id,
      submission_id: s.uuid,
    });
    return {
      id: s.id,
      submission_id: s.uuid,
      form_id: s.form_id,
      completion_time: s.completion_time,
      data,
      ...(s.attribution === null ? {} : { meta: { attribution: s.attribution } }),
    };
  };
  /** The public edit link OpnForm puts in deliveries: the share URL with the submission's UUID. */
  const editLink = (f: Form, s: Submission) => `${origin}/forms/${f.slug}?submission_id=${s.uuid}`;
  /** The payload OpnForm posts to Zapier hooks and the generic webhook (real-server-notes.md). */
  const deliveryPayload = (f: Form, s: Submission, options: { poll?: boolean } = {}) => {
    const submission: Record<string, unknown> = {};
    const data: Record<string, unknown> = {};
    for (const block of inputBlocks(f)) {
      const value = s.answers[block.id];
      if (isEmptyAnswer(value)) continue;
      const shown = displayValue(block, value, formFileLink(f.id, FILE_LINK_DELIVERY_MS));
      submission[block.name] = shown;
      data[block.id] = { value: shown, name: block.name, type: block.type };
    }
    return {
      form_id: f.id,
      form_title: f.title,
      form_slug: f.slug,
      submission,
      data,
      message: DEPRECATION,
      ...(options.poll ? {} : { submission_id: s.id }),
      ...(options.poll || !f.editable_submissions ? {} : { edit_link: editLink(f, s) }),
      ...(s.attribution === null ? {} : { meta: { attribution: s.attribution } }),
    };
  };
  const fakeSubmission = (f: Form): Submission => {
    const answers: Record<string, unknown> = {};
    for (const block of inputBlocks(f)) {
      const fake: Record<string, unknown> = {
        checkbox: true,
        number: 42,
        rating: 4,
        scale: 7,
        slider: 50,
        email: 'sample@example.com',
        url: 'https://example.com',
        date: '2026-01-01T10:00:00+00:00',
        select: block.select?.options[0]?.name ?? 'Option',
        multi_select: [block.multi_select?.options[0]?.name ?? 'Option'],
        matrix: Object.fromEntries(
          ((block.rows as string[]) ?? []).map((r) => [r, (block.columns as string[])?.[0]]),
        ),
        files: ['sample-file.pdf'],
        signature: ['sample-signature.png'],
      };
      answers[block.id] = block.type in fake ? fake[block.type] : `Sample ${block.name}`;
    }
    return {
      id: 0,
      uuid: stableUuid('fake'),
      form_id: f.id,
      status: 'completed',
      completion_time: null,
      answers,
      attribution: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    };
  };

  // ---------------------------------------------------------------- deliveries
  /** Runs the form's integrations for a completed submission (sandbox/deliveries.ts). */
  const deliver = async (f: Form, s: Submission) => {
    if (s.status !== 'completed') return;
    await deliverToIntegrations(
      { state, isLoopback, log: deliveries, now: nowIso, resolveHook: options.resolveHook },
      f.id,
      s.answers,
      deliveryPayload(f, s),
    );
  };

  // ---------------------------------------------------------------- pagination
  const paginate = <T>(
    items: T[],
    query: URLSearchParams,
    path: string,
    perPageDefault: number,
    keepQuery: boolean,
    cap?: number,
  ): { data: T[]; links: unknown; meta: unknown } => {
    const errors: Record<string, string[]> = {};
    const pageText = query.get('page') ?? '1';
    const perText = query.get('per_page') ?? String(perPageDefault);
    const page = Number(pageText);
    const asked = Number(perText);
    const perPage = cap !== undefined && asked > cap ? cap : asked;
    if (!Number.isInteger(page) || page < 1) errors.page = ['The page field must be at least 1.'];
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
      errors.per_page = ['The per page field must be between 1 and 100.'];
    if (Object.keys(errors).length > 0) throw invalid(errors);
    const total = items.length;
    const last = Math.max(1, Math.ceil(total / perPage));
    const slice = items.slice((page - 1) * perPage, page * perPage);
    const base = `${origin}/api${path}`;
    const kept = new URLSearchParams(keepQuery ? query : undefined);
    kept.delete('page');
    const url = (n: number) => {
      const q = new URLSearchParams(kept);
      q.set('page', String(n));
      return `${base}?${q.toString()}`;
    };
    const from = slice.length === 0 ? null : (page - 1) * perPage + 1;
    return {
      data: slice,
      links: {
        first: url(1),
        last: url(last),
        prev: page > 1 ? url(page - 1) : null,
        next: page < last ? url(page + 1) : null,
      },
      meta: {
        current_page: page,
        from,
        last_page: last,
        links: [
          { url: page > 1 ? url(page - 1) : null, label: '&laquo; Previous', active: false },
          ...pageWindow(page, last).map((n) =>
            n === '...'
              ? { url: null, label: '...', active: false }
              : { url: url(n), label: String(n), active: n === page },
          ),
          { url: page < last ? url(page + 1) : null, label: 'Next &raquo;', active: false },
        ],
        path: base,
        per_page: perPage,
        to: from === null ? null : from + slice.length - 1,
        total,
      },
    };
  };

  // ---------------------------------------------------------------- submissions
  /** Answers keyed by field id or (first match) by field name, re-keyed by field id. */
  const byField = (f: Form, answersIn: Record<string, unknown>) => {
    const byKey: Record<string, unknown> = {};
    const blocks = inputBlocks(f);
    for (const [key, value] of Object.entries(answersIn)) {
      const block = blocks.find((b) => b.id === key) ?? blocks.find((b) => b.name === key);
      byKey[block?.id ?? key] = value;
    }
    return byKey;
  };
  const createSubmission = async (
    f: Form,
    answersIn: Record<string, unknown>,
    opts: {
      partial?: boolean;
      attribution?: Record<string, string>;
      /** The public answer endpoint: files as the real rule takes them, hidden prefills stored. */
      strict?: boolean;
      /** Seconds as sent (the public endpoint: null when not sent); 42 otherwise. */
      completionTime?: number | null;
    } = {},
  ): Promise<Submission> => {
    const byKey = byField(f, answersIn);
    if (opts.partial && workspaceOfForm(f).plan_tier === 'free') throw paymentRequired();
    const attributionErrors = Object.entries(opts.attribution ?? {}).filter(
      ([key, value]) => !ATTRIBUTION_KEYS.includes(key) || typeof value !== 'string' || value.length > 2048,
    );
    if (attributionErrors.length > 0) {
      throw invalid(
        Object.fromEntries(
          attributionErrors.map(([key]) => [
            `meta.attribution.${key}`,
            [`The attribution ${key} is not allowed.`],
          ]),
        ),
      );
    }
    const { answers, errors } = checkAnswers(f, byKey, state.files, {
      partial: opts.partial,
      strict: opts.strict,
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);
    if (opts.strict) Object.assign(answers, hiddenPrefills(f, answers));
    const id = state.next.submission++;
    const at = nowIso();
    const s: Submission = {
      id,
      uuid: stableUuid(`submission:${id}:${at}`),
      form_id: f.id,
      status: opts.partial ? 'partial' : 'completed',
      completion_time: opts.partial ? null : opts.completionTime === undefined ? 42 : opts.completionTime,
      answers,
      attribution: opts.attribution === undefined ? null : { ...opts.attribution },
      created_at: at,
      updated_at: at,
    };
    state.submissions.push(s);
    await deliver(f, s);
    return s;
  };
  /** An edit through the public edit link: answers validated and replaced, deliveries fired again. */
  const editSubmission = async (id: number, answersIn: Record<string, unknown>): Promise<Submission> => {
    const s = state.submissions.find((x) => x.id === id);
    if (s === undefined) throw missing('Forms\\FormSubmission', id);
    const f = state.forms.find((x) => x.id === s.form_id) as Form;
    const { answers, errors } = checkAnswers(f, byField(f, answersIn), state.files, {
      partial: s.status === 'partial',
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);
    s.answers = answers;
    s.updated_at = nowIso();
    await deliver(f, s);
    return s;
  };
  const paymentRequired = () =>
    fail(402, {
      message: 'Partial submissions are a Pro feature. Upgrade your workspace to use them.',
      feature: 'partial_submissions',
      required_tier: 'pro',
      current_tier: 'free',
    });

  // ---------------------------------------------------------------- exports
  const exportCsv = (f: Form, columns: Record<string, boolean>, ids: number[] | null) =>
    exportCsvOf(
      f,
      columns,
      submissionsOf(f.id).filter((s) => ids === null || ids.includes(s.id)),
      ATTRIBUTION_KEYS,
      formFileLink(f.id, FILE_LINK_DELIVERY_MS),
    );
  /** Laravel's JSON date-time: ISO 8601 with microseconds. */
  const micros = (ms: number) => new Date(ms).toISOString().replace(/Z$/, '000Z');
  const exportStatus = (job: { id: string; form_id: number }, ctx: Ctx) => {
    const j = state.exports.find((x) => x.id === job.id && x.form_id === job.form_id);
    const now = Date.now();
    if (j === undefined || now > j.createdAt + EXPORT_JOB_LIFETIME_MS || now > j.expiresAt) {
      throw fail(404, { type: 'error', message: 'Export job not found or has expired.' });
    }
    if (j.user_id !== ctx.token.userId) throw UNAUTHORIZED();
    const f = state.forms.find((x) => x.id === j.form_id) as Form;
    const elapsed = now - j.createdAt;
    const span = Math.max(1, j.readyAt - j.createdAt);
    const common = {
      job_id: j.id,
      error_message: null,
      created_at: micros(j.createdAt),
      updated_at: micros(Math.min(now, j.readyAt)),
    };
    if (now < j.readyAt) {
      const queued = elapsed < span / 4;
      const processed = queued ? 0 : Math.floor((j.total * elapsed) / span);
      return {
        status: queued ? 'queued' : 'processing',
        progress: queued ? 0 : Math.min(99, Math.floor((100 * elapsed) / span)),
        processed_submissions: processed,
        total_submissions: j.total,
        ...common,
      };
    }
    const path = `/__sandbox/exports/${j.id}/${exportFileName(f)}`;
    const expires = Math.floor(j.expiresAt / 1000);
    return {
      status: 'completed',
      progress: 100,
      processed_submissions: j.total,
      total_submissions: j.total,
      file_url: `${origin}${path}?expires=${expires}&signature=${sign(`${path}?expires=${expires}`)}`,
      expires_at: micros(j.expiresAt),
      ...common,
    };
  };

  // ---------------------------------------------------------------- routes
  const routes: Route[] = [];
  const route = (method: string, pattern: string, group: keyof RateLimits, handler: Handler) =>
    routes.push({
      method,
      pattern: new RegExp(`^${pattern.replace(/:(\w+)/g, '([^/]+)')}$`),
      group,
      handler,
    });
  const p = (ctx: Ctx, i: number) => ctx.params[i] ?? '';

  route('GET', '/external/zapier/validate', 'external', (ctx) => {
    const u = user(ctx.token.userId);
    return { name: u?.name, email: u?.email };
  });
  route('GET', '/external/zapier/workspaces', 'external', (ctx) => {
    need(ctx, 'workspaces-read');
    return state.workspaces
      .filter((w) => roleIn(w, ctx.token.userId))
      .map((w) => ({ id: w.id, name: w.name }));
  });
  const hookForm = (ctx: Ctx) => {
    need(ctx, 'manage-integrations');
    const body = bodyRecord(ctx);
    const formId = ctx.method === 'GET' ? ctx.query.get('form_id') : body.form_id;
    if (formId === undefined || formId === null || formId === '')
      throw invalid({ form_id: ['The form id field is required.'] });
    if (!/^\d+$/.test(String(formId))) throw invalid({ form_id: ['The form id field must be an integer.'] });
    const f = state.forms.find((x) => x.id === Number(formId));
    if (f === undefined) throw missing('Forms\\Form', String(formId));
    canWrite(ctx, f);
    return { f, body };
  };
  route('GET', '/external/zapier/submissions/recent', 'external', (ctx) => {
    need(ctx, 'manage-integrations');
    const formId = ctx.query.get('form_id');
    // an unknown form is a validation error here (exists rule), not a 404 (external--submissions-recent.json)
    if (formId !== null && formId !== '' && !state.forms.some((x) => String(x.id) === formId))
      throw invalid({ form_id: ['The selected form id is invalid.'] });
    const { f } = hookForm(ctx);
    // the answer is cached per form for 5 minutes (external--submissions-recent.json); clearCache() empties it
    const cached = recentCache.get(f.id);
    if (cached !== undefined && Date.now() - cached.at < pollCacheMs) return cached.body;
    const newest = submissionsOf(f.id)[0];
    const body = [deliveryPayload(f, newest ?? fakeSubmission(f), { poll: true })];
    if (pollCacheMs > 0) recentCache.set(f.id, { at: Date.now(), body });
    return body;
  });

  route('GET', '/open/workspaces', 'open', (ctx) => {
    need(ctx, 'workspaces-read');
    return state.workspaces
      .filter((w) => roleIn(w, ctx.token.userId))
      .map((w) => workspaceListJson(w, ctx.token.userId, state.users));
  });
  const kit: RouteKit = {
    state,
    route: (method, pattern, group, handler) => route(method, pattern, group, handler),
    fail,
    invalid,
    missing,
    need,
    workspaceOr404,
    formOr404,
    roleIn,
    workspaceOfForm,
    paginate,
    origin: () => origin,
    nowIso,
  };
  formRoutes(kit, { intBooleans: options.intBooleans, selfHosted: options.selfHosted });
  memberRoutes(kit, { selfHosted: options.selfHosted });
  route('GET', '/open/forms/:form/submissions', 'open', (ctx) => {
    const f = formOr404(p(ctx, 0));
    need(ctx, 'forms-read', 'manage-integrations');
    memberOf(ctx, workspaceOfForm(f));
    // an unknown status is ignored (all submissions), no 422 (submissions--list.json)
    const asked = ctx.query.get('status') ?? 'all';
    const status = ['completed', 'partial'].includes(asked) ? asked : 'all';
    if (status === 'partial' && workspaceOfForm(f).plan_tier === 'free') throw paymentRequired();
    const search = (ctx.query.get('search') ?? '').toLowerCase();
    if (options.sqliteSearch && search !== '') throw fail(500, { message: 'Server Error' });
    const items = submissionsOf(f.id)
      .filter((s) => status === 'all' || s.status === status)
      .filter(
        (s) =>
          search === '' ||
          Object.values(s.answers).some(
            (v) =>
              (typeof v === 'string' || typeof v === 'number') && String(v).toLowerCase().includes(search),
          ),
      );
    // per_page 0 falls back to Laravel's default of 15 (submissions--list.json)
    const query = new URLSearchParams(ctx.query);
    if (query.get('per_page') === '0') query.set('per_page', '15');
    const page = paginate(items, query, `/open/forms/${f.id}/submissions`, 100, false);
    return { ...page, data: page.data.map(submissionItem) };
  });
  /** The submission `:id` of form `:form`, or the real server's 404 (its message has no id). */
  const formSubmissionOr404 = (f: Form, id: string, message: string) => {
    const s = state.submissions.find((x) => String(x.id) === id && x.form_id === f.id);
    if (s === undefined) throw fail(404, { message });
    return s;
  };
  const ruleFailure = (failure: RuleFailure | undefined) => {
    if (failure !== undefined) throw fail(failure.status, failure.body);
  };
  route('DELETE', '/open/forms/:form/submissions/:id', 'open', (ctx) => {
    const f = formOr404(p(ctx, 0));
    need(ctx, 'forms-write');
    canWrite(ctx, f);
    const s = formSubmissionOr404(f, p(ctx, 1), '');
    state.submissions = state.submissions.filter((x) => x !== s);
    return { type: 'success', message: 'Record successfully removed.' };
  });
  // The admin update (submissions--update.json and the other submissions--*.json): every answer is
  // replaced by the body, files only as strings, a signature as one string, a captcha form refused,
  // answers to removed questions dropped, a partial submission completed, integrations fired.
  route('PUT', '/open/forms/:form/submissions/:id', 'open', async (ctx) => {
    const f = formOr404(p(ctx, 0));
    const s = formSubmissionOr404(
      f,
      p(ctx, 1),
      'No query results for model [App\\Models\\Forms\\FormSubmission].',
    );
    need(ctx, 'forms-write');
    canWrite(ctx, f);
    const body = bodyRecord(ctx);
    ruleFailure(captchaFailure(f));
    if (body.is_partial === true && f.enable_partial_submissions) {
      // validation is skipped and nothing validated is stored: every answer is wiped
      s.answers = {};
    } else {
      ruleFailure(fileObjectCrash(f, body));
      const { answers, errors } = checkAnswers(f, body, state.files, { strict: true });
      if (
        body.completion_time !== undefined &&
        body.completion_time !== null &&
        !Number.isInteger(body.completion_time)
      )
        errors.completion_time = ['The completion time field must be an integer.'];
      if (Object.keys(errors).length > 0) throw invalid(errors);
      // a hidden question's prefill comes back when the body leaves it out (limits--abilities-403 #28)
      s.answers = { ...answers, ...hiddenPrefills(f, answers) };
    }
    // left out, the completion time becomes null
    s.completion_time = typeof body.completion_time === 'number' ? body.completion_time : null;
    s.status = 'completed';
    s.updated_at = nowIso();
    await deliver(f, s);
    return { type: 'success', message: 'Record successfully updated.', data: submissionItem(s) };
  });
  route('POST', '/open/forms/:form/submissions/export', 'export', (ctx) => {
    const f = formOr404(p(ctx, 0));
    need(ctx, 'forms-read', 'manage-integrations');
    memberOf(ctx, workspaceOfForm(f));
    const all = submissionsOf(f.id);
    const checked = checkExportRequest(f, bodyRecord(ctx), ATTRIBUTION_KEYS, new Set(all.map((s) => s.id)));
    if ('errors' in checked) throw invalid(checked.errors);
    const { columns, ids } = checked.request;
    // the real server decides by the number of ids asked for, else by the form's size
    const total = ids === null ? all.length : ids.length;
    if (total <= asyncThreshold) {
      return new Reply(200, exportCsv(f, columns, ids), {
        'Content-Type': 'text/csv; charset=UTF-8',
        'Content-Disposition': `attachment; filename=${exportFileName(f)}`,
      });
    }
    const now = Date.now();
    const job = {
      id: stableUuid(`export:${f.id}:${now}:${state.exports.length}`),
      form_id: f.id,
      user_id: ctx.token.userId,
      columns,
      submissionIds: ids,
      total,
      createdAt: now,
      readyAt: now + exportDelay,
      expiresAt: now + exportDelay + exportFileTtl,
    };
    state.exports.push(job);
    return asyncExportAnswer(job.id);
  });
  // A real server has no route at the spec's status path (the unknown-route 404 answers), and its own
  // path (`export/status/{job}`) is not open to tokens (404 with an empty message, before any rate
  // limit: see handleApi); a browser session reads it. With `exportStatusForTokens` the sandbox plays
  // a spec-like server that serves the spec's path to tokens.
  const exportStatusRoute = (ctx: Ctx) => {
    const f = formOr404(p(ctx, 0));
    need(ctx, 'forms-read');
    memberOf(ctx, workspaceOfForm(f));
    return exportStatus({ id: p(ctx, 1), form_id: f.id }, ctx);
  };
  if (exportStatusForTokens)
    route('GET', '/open/forms/:form/submissions/export/:job/status', 'exportStatus', exportStatusRoute);
  route('GET', '/open/forms/:form/submissions/export/status/:job', 'exportStatus', exportStatusRoute);
  registerIntegrationRoutes({
    state,
    route,
    fail,
    formOr404,
    now: nowIso,
    allowPrivateUrls: options.allowPrivateWebhookUrls ?? true,
  });

  // ---------------------------------------------------------------- HTTP plumbing
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const write = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    if (res.writableEnded || res.destroyed) return;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, {
      'Content-Type': typeof body === 'string' ? 'text/plain; charset=UTF-8' : 'application/json',
      ...headers,
    });
    res.end(text);
  };

  const rateLimit = (userId: number, group: keyof RateLimits): Record<string, string> | Reply => {
    const key = `${userId}:${group}`;
    const now = Date.now();
    let w = windows.get(key);
    if (w === undefined || now - w.start >= 60_000) {
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    const limit = limits[group];
    if (w.count >= limit) {
      const retry = Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000));
      return fail(
        429,
        { message: 'Too Many Attempts.' },
        {
          'Retry-After': String(retry),
          'X-RateLimit-Limit': String(limit),
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset': String(Math.ceil((w.start + 60_000) / 1000)),
        },
      );
    }
    w.count += 1;
    return { 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': String(limit - w.count) };
  };

  /**
   * Logs a request the connector makes (API calls and file/export downloads) and applies the next
   * fault switch; true when the fault already answered (or dropped) it.
   */
  const logAndFault = async (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<boolean> => {
    const entry: LoggedRequest = { method: req.method ?? 'GET', path, query: query.toString(), status: 0 };
    log.push(entry);
    res.on('finish', () => {
      entry.status = res.statusCode;
    });
    const fault = faults[0];
    if (fault === undefined) return false;
    fault.left -= 1;
    if (fault.left <= 0) faults.shift();
    switch (fault.kind) {
      case 'drop':
        req.socket.destroy();
        return true;
      case '429':
        write(
          res,
          429,
          { message: 'Too Many Attempts.' },
          { 'Retry-After': String(fault.options.retryAfter ?? 30) },
        );
        return true;
      case '500':
        write(res, 500, { message: 'Server Error' });
        return true;
      case 'non-json':
        write(
          res,
          200,
          '<!DOCTYPE html><html><head><title>OpnForm</title></head><body>Loading…</body></html>',
          {
            'Content-Type': 'text/html; charset=UTF-8',
          },
        );
        return true;
      case 'slow':
        await sleep(fault.options.delayMs ?? 3000);
        return false;
    }
    return false;
  };

  const handleApi = async (
    req: IncomingMessage,
    res: ServerResponse,
    apiPath: string,
    query: URLSearchParams,
  ) => {
    if (await logAndFault(req, res, apiPath, query)) return;
    const text = await readBody(req);
    const method = req.method ?? 'GET';
    let match: { route: Route; params: string[] } | undefined;
    for (const r of routes) {
      const m = r.pattern.exec(apiPath);
      if (m !== null && r.method === method) {
        match = { route: r, params: m.slice(1).map(decodeURIComponent) };
        break;
      }
    }
    if (match === undefined)
      return write(res, 404, { message: `The route ${apiPath.slice(1)} could not be found.` });
    const auth = req.headers.authorization ?? '';
    const token = state.tokens.find((t) => auth === `Bearer ${t.token}`);
    // a browser-session credential (recorded seed only) is accepted on the export-status route only
    const sessionRoute = /\/submissions\/export\/status\/[^/]+$/.test(apiPath);
    if (token === undefined || (token.session === true && !sessionRoute))
      return write(res, 401, { message: 'Unauthenticated.' });
    // the export-status route is not in the token allow-list: 404, empty message, no rate-limit headers
    if (sessionRoute && token.session !== true) return write(res, 404, { message: '' });
    const limited = rateLimit(token.userId, match.route.group);
    if (limited instanceof Reply) return write(res, limited.status, limited.body, limited.headers);
    let body: unknown;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        return write(res, 400, { message: 'The request body is not valid JSON.' });
      }
    }
    const ctx: Ctx = {
      method,
      params: match.params,
      query,
      body,
      token,
      family: apiPath.startsWith('/external/') ? 'external' : 'open',
    };
    try {
      const result = await match.route.handler(ctx);
      if (result instanceof Reply)
        return write(res, result.status, result.body, { ...limited, ...result.headers });
      return write(res, 200, result, limited);
    } catch (error) {
      if (error instanceof Reply)
        return write(res, error.status, error.body, { ...limited, ...error.headers });
      throw error;
    }
  };

  const sandboxRoutes = async (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
  ) => {
    const method = req.method ?? 'GET';
    const text = await readBody(req);
    const body = asRecord(text.trim() === '' ? {} : JSON.parse(text)) ?? {};
    let m = /^\/__sandbox\/files\/([^/]+)$/.exec(path);
    if (m !== null && method === 'GET') {
      if (await logAndFault(req, res, path, query)) return;
      const file = state.files.get(decodeURIComponent(m[1] ?? ''));
      if (!checkSigned(path, query) || file === undefined)
        return write(res, 403, { message: 'Invalid signature.' });
      return write(res, 200, file.content, { 'Content-Type': file.contentType });
    }
    m = /^\/__sandbox\/exports\/([^/]+)\/([^/]+)$/.exec(path);
    if (m !== null && method === 'GET') {
      if (await logAndFault(req, res, path, query)) return;
      const job = state.exports.find((j) => j.id === m?.[1]);
      if (!checkSigned(path, query) || job === undefined || Date.now() < job.readyAt)
        return write(res, 403, { message: 'Invalid signature.' });
      const f = state.forms.find((x) => x.id === job.form_id) as Form;
      return write(res, 200, exportCsv(f, job.columns, job.submissionIds), {
        'Content-Type': 'text/csv; charset=UTF-8',
        'Content-Disposition': `attachment; filename=${exportFileName(f)}`,
      });
    }
    m = /^\/__sandbox\/forms\/(\d+)\/submit$/.exec(path);
    if (m !== null && method === 'POST') {
      const f = state.forms.find((x) => String(x.id) === m?.[1]);
      if (f === undefined) return write(res, 404, { message: 'No such form.' });
      try {
        const s = await createSubmission(f, asRecord(body.answers) ?? {}, {
          partial: body.partial === true,
          attribution: asRecord(body.attribution) as Record<string, string> | undefined,
        });
        return write(res, 201, { id: s.id });
      } catch (error) {
        if (error instanceof Reply) return write(res, error.status, error.body);
        throw error;
      }
    }
    m = /^\/__sandbox\/submissions\/(\d+)\/edit$/.exec(path);
    if (m !== null && method === 'POST') {
      try {
        const s = await editSubmission(Number(m[1]), asRecord(body.answers) ?? {});
        return write(res, 200, { id: s.id });
      } catch (error) {
        if (error instanceof Reply) return write(res, error.status, error.body);
        throw error;
      }
    }
    if (path === '/__sandbox/faults' && method === 'POST') {
      const kind = String(body.kind) as FaultKind;
      if (!['429', '500', 'slow', 'non-json', 'drop'].includes(kind))
        return write(res, 422, { message: 'kind must be one of 429, 500, slow, non-json, drop' });
      addFault(kind, typeof body.count === 'number' ? body.count : 1, {
        delayMs: typeof body.delayMs === 'number' ? body.delayMs : undefined,
        retryAfter: typeof body.retryAfter === 'number' ? body.retryAfter : undefined,
      });
      return write(res, 200, { faults });
    }
    if (path === '/__sandbox/faults' && method === 'DELETE') {
      faults.length = 0;
      return write(res, 200, { faults });
    }
    if (path === '/__sandbox/hooks' && method === 'GET') {
      const formId = query.get('form_id');
      return write(res, 200, hooks(formId === null ? undefined : Number(formId)));
    }
    if (path === '/__sandbox/deliveries' && method === 'GET') return write(res, 200, deliveries);
    if (path === '/__sandbox/requests' && method === 'GET') return write(res, 200, log);
    if (path === '/__sandbox/requests' && method === 'DELETE') {
      log.length = 0;
      return write(res, 200, []);
    }
    if (path === '/__sandbox' && method === 'GET')
      return write(res, 200, { baseUrl: `${origin}/api`, tokens, ids });
    return write(res, 404, { message: 'Unknown sandbox route.' });
  };

  // ---------------------------------------------------------------- public submission routes (no token)
  /** `POST /forms/{slug or id}/answer`, as recorded in submissions--public-create.json. */
  const publicAnswer = async (formKey: string, body: Record<string, unknown>): Promise<Reply> => {
    const f = state.forms.find((x) => String(x.id) === formKey || x.slug === formKey);
    if (f === undefined)
      return fail(404, { message: 'No query results for model [App\\Models\\Forms\\Form].' });
    const captcha = captchaFailure(f);
    if (captcha !== undefined) return fail(captcha.status, captcha.body);
    const {
      is_partial: partialFlag,
      tracking_parameters: tracking,
      completion_time: seconds,
      ...answersIn
    } = body;
    // the flag only counts on a form with partial submissions enabled
    const partial = partialFlag === true && f.enable_partial_submissions;
    if (partial && Object.values(answersIn).every((v) => isEmptyAnswer(v)))
      return fail(422, {
        type: 'error',
        message: 'At least one field must have a value for partial submissions.',
      });
    const crash = fileObjectCrash(f, answersIn);
    if (crash !== undefined) return fail(crash.status, crash.body);
    const first = !state.submissions.some((x) => x.form_id === f.id);
    try {
      const attribution = asRecord(tracking) as Record<string, string> | undefined;
      const created = await createSubmission(f, answersIn, {
        partial,
        strict: true,
        completionTime: Number.isInteger(seconds) ? (seconds as number) : null,
        ...(attribution === undefined || Object.keys(attribution).length === 0 ? {} : { attribution }),
      });
      if (partial)
        return new Reply(200, {
          type: 'success',
          message: 'Partial submission saved',
          submission_hash: created.uuid,
        });
      return new Reply(200, {
        type: 'success',
        message: 'Form submission saved.',
        submission_id: f.editable_submissions ? created.uuid : null,
        is_first_submission: first,
        redirect: false,
      });
    } catch (error) {
      if (error instanceof Reply) return error;
      throw error;
    }
  };
  /** `GET /open/forms/{id}/submissions/file/{base64url name}?expires&signature` (submissions--file-links.json). */
  const signedFile = (formId: string, encoded: string, query: URLSearchParams): Reply => {
    const path = `/open/forms/${formId}/submissions/file/${encoded}`;
    const name = fileNameOfLink(path);
    const file = name === undefined ? undefined : state.files.get(name);
    if (!checkSigned(path, query) || file === undefined || name === undefined)
      return fail(403, { message: 'Invalid signature.' });
    return new Reply(200, file.content, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename=${name}`,
    });
  };
  /** Answers the public submission routes; false for any other path. */
  const publicRoutes = async (
    req: IncomingMessage,
    res: ServerResponse,
    apiPath: string,
    query: URLSearchParams,
  ): Promise<boolean> => {
    // the single-submission read exists but is not open to tokens: 404, empty message, no rate-limit headers
    if (req.method === 'GET' && /^\/open\/forms\/[^/]+\/submissions\/\d+$/.test(apiPath)) {
      if (!(await logAndFault(req, res, apiPath, query))) write(res, 404, { message: '' });
      return true;
    }
    const answer = /^\/forms\/([^/]+)\/answer$/.exec(apiPath);
    const file = /^\/open\/forms\/(\d+)\/submissions\/file\/([A-Za-z0-9_-]+)$/.exec(apiPath);
    if (!((answer !== null && req.method === 'POST') || (file !== null && req.method === 'GET')))
      return false;
    if (await logAndFault(req, res, apiPath, query)) return true;
    const text = await readBody(req);
    // public routes are limited per client, not per user: one shared counter here
    const limited = rateLimit(0, 'open');
    if (limited instanceof Reply) {
      write(res, limited.status, limited.body, limited.headers);
      return true;
    }
    let reply: Reply;
    if (answer !== null) {
      let body: unknown;
      try {
        body = text.trim() === '' ? {} : JSON.parse(text);
      } catch {
        body = undefined;
      }
      reply =
        body === undefined
          ? fail(400, { message: 'The request body is not valid JSON.' })
          : await publicAnswer(decodeURIComponent(answer[1] ?? ''), asRecord(body) ?? {});
    } else reply = signedFile(file?.[1] ?? '', file?.[2] ?? '', query);
    write(res, reply.status, reply.body, { ...limited, ...reply.headers });
    return true;
  };

  const addFault = (kind: FaultKind, count = 1, opts: FaultOptions = {}) => {
    faults.push({ kind, left: Math.max(1, count), options: opts });
  };
  const hooks = (formId?: number) =>
    state.integrations
      .filter((i) => i.integration_id === 'zapier' && (formId === undefined || i.form_id === formId))
      .map((i) => ({ formId: i.form_id, hookUrl: String(i.data.hook_url) }));

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const path = url.pathname.replace(/^\/api(?=\/__sandbox)/, '');
    const work = path.startsWith('/__sandbox')
      ? sandboxRoutes(req, res, path, url.searchParams)
      : path.startsWith('/api/')
        ? publicRoutes(req, res, path.slice(4), url.searchParams).then((done) =>
            done ? undefined : handleApi(req, res, path.slice(4), url.searchParams),
          )
        : Promise.resolve(write(res, 404, { message: '' }));
    work.catch((error: unknown) => {
      console.error('sandbox error:', error);
      write(res, 500, { message: 'Server Error' });
    });
  });
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
  origin = `http://${shownHost}:${address.port}`;

  return {
    baseUrl: `${origin}/api`,
    origin,
    tokens: { ...tokens },
    ids,
    fault: addFault,
    clearFaults: () => {
      faults.length = 0;
    },
    submit: async (formId, answers, opts) => {
      const f = state.forms.find((x) => x.id === formId);
      if (f === undefined) throw new Error(`The sandbox has no form ${formId}.`);
      try {
        return { id: (await createSubmission(f, answers, opts)).id };
      } catch (error) {
        if (error instanceof Reply)
          throw new Error(`Sandbox submit refused (${error.status}): ${JSON.stringify(error.body)}`);
        throw error;
      }
    },
    edit: async (submissionId, answers) => {
      try {
        return { id: (await editSubmission(submissionId, answers)).id };
      } catch (error) {
        if (error instanceof Reply)
          throw new Error(`Sandbox edit refused (${error.status}): ${JSON.stringify(error.body)}`);
        throw error;
      }
    },
    hooks,
    deliveries: () => deliveries,
    state,
    requests: () => log,
    resetRequests: () => {
      log.length = 0;
    },
    fileUrl,
    clearCache: () => {
      for (const cache of caches) cache.clear();
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

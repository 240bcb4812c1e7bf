/**
 * Replays the recorded exchanges (`test/recorded/`) against one sandbox started from the
 * recorded seed, in the recording order, state carrying over. See recorded.test.ts for the design.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INVALID_TOKEN, RECORDED_AUTH, recordedSubmission } from '../../sandbox/recorded-seed';
import type { Delivery, Sandbox } from '../../sandbox/server';
import {
  PLACEHOLDERS,
  type Placeholders,
  RECORDED_DIR,
  type RecordedExchange,
  type Recording,
  substitute,
} from '../helpers/recorded';
import { type CompareOptions, compareCsv, compareJson } from './compare';
import { multipartOf, type RecordedPart } from './multipart';

/** The README's recording order (state carries over from file to file). */
export const RECORDING_ORDER = [
  'forms--create-form',
  'external--validate',
  'external--workspaces',
  'external--forms',
  'external--webhook-subscribe',
  'external--hook-delivery-every-block',
  'external--submissions-recent',
  'external--webhook-unsubscribe',
  'forms--list-workspaces',
  'forms--list-workspace-forms',
  'forms--get-form',
  'forms--list-all-forms',
  'forms--update-form',
  'forms--delete-form',
  'submissions--public-create',
  'submissions--list',
  'submissions--update',
  'submissions--update-partial',
  'submissions--removed-question',
  'submissions--captcha-form',
  'submissions--date-formats',
  'submissions--delete',
  'submissions--file-links',
  'exports--sync-csv',
  'exports--attribution-columns',
  'exports--async-and-status',
  'integrations--create',
  'integrations--list',
  'integrations--webhook-delivery',
  'integrations--events',
  'integrations--update',
  'integrations--delete',
  'team--list-users',
  'team--add-user',
  'team--update-role',
  'team--remove-user',
  'team--invites',
  'team--leave',
  'limits--abilities-403',
  'limits--unauthenticated-401',
  'limits--rate-limit-429',
] as const;

/**
 * Group 9 of the recordings' README: recorded later on a rebuilt server (other users, workspaces and
 * ids), so they do not continue the state of the files above and are not replayed with them.
 */
export const REBUILT_SERVER_FILES = [
  'workspaces--create-update-delete',
  'forms--duplicate-form',
  'submissions--file-upload',
] as const;

export const readRecording = (file: string, dir = RECORDED_DIR): Recording =>
  JSON.parse(readFileSync(join(dir, `${file}.json`), 'utf8')) as Recording;

/** A set of recordings replayed in order against one sandbox: where, which files, whose tokens. */
export interface RecordingSet {
  dir: string;
  files: readonly string[];
  /** The bearer token of each recorded `auth` value (`none` sends no header). */
  auth: Record<string, string>;
  /** A time before the first exchange (ISO), where the replay's clock starts (default: group 1's). */
  startsAt?: string;
}

const SYNC_SET: RecordingSet = { dir: RECORDED_DIR, files: RECORDING_ORDER, auth: RECORDED_AUTH };

/** What the contract expects instead of the recorded answer at one exchange (a local artefact). */
export interface Expectation {
  reason: string;
  /** Replaces the recorded status. */
  status?: number;
  /** Replaces the body comparison: returns differences. */
  check?: (body: unknown, replay: Replay) => string[];
  /** Paths compared by type only. */
  typeOnly?: RegExp[];
  /** Response headers compared by this pattern instead of exactly. */
  headerPatterns?: Record<string, RegExp>;
}

export interface OutOfBand {
  /** What the recording's comment says was done out of band. */
  what: string;
  before?: (replay: Replay, ex: RecordedExchange) => void | Promise<void>;
  /** `actual`: the sandbox's answer to this exchange (parsed JSON, or text). */
  after?: (replay: Replay, ex: RecordedExchange, actual: unknown) => void | Promise<void>;
  /** Request headers the recording does not keep (it keeps Accept and Content-Type only). */
  headers?: Record<string, string>;
}

export interface ReplayConfig {
  expectations: Record<string, Expectation>;
  outOfBand: Record<string, OutOfBand>;
  /** Paths compared by type only in every exchange (random values), with why. */
  typeOnlyEverywhere: RegExp[];
  /** Files where `X-RateLimit-Remaining` is compared exactly (elsewhere: how much it went down). */
  exactRemaining: string[];
  /**
   * Calls the recording server counted before an exchange but the recording does not show (its
   * counter went down by more than the recorded calls), per exchange: which bucket, how many, why.
   */
  unrecordedCalls: Record<string, { auth: string; limit: number; calls: number; why: string }>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** `Y-m-d H:i:s` (UTC, as the API shows submission times) or ISO 8601, in ms. */
export const parseTime = (text: string) =>
  Date.parse(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text) ? `${text.replace(' ', 'T')}Z` : text);

/** A file link's identity: the decoded stored name with UUIDs blanked (`/file/<base64url>`). */
const fileKey = (pathname: string) => {
  const b64 = /\/file\/([A-Za-z0-9_-]+)$/.exec(pathname)?.[1];
  const name = b64 === undefined ? pathname : Buffer.from(b64, 'base64url').toString('utf8');
  return name
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/^.*\//, '');
};

const HOOK_HEADERS_IGNORED = new Set(['host', 'user-agent', 'content-length']);

/** Submission ids the recordings show, per form (the order a replay creates them in). */
const recordedSubmissions = (set: RecordingSet) => {
  const byId = new Map<number, { form: number; uuid: string; data: Record<string, unknown> }>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isRecord(node)) {
      if (
        typeof node.id === 'number' &&
        typeof node.form_id === 'number' &&
        typeof node.submission_id === 'string' &&
        isRecord(node.data)
      )
        byId.set(node.id, { form: node.form_id, uuid: node.submission_id, data: node.data });
      Object.values(node).forEach(walk);
    }
  };
  for (const file of set.files)
    for (const ex of readRecording(file, set.dir).exchanges) walk(ex.response.body);
  return byId;
};

export class Replay {
  readonly placeholders: Placeholders;
  /** Recorded signed link (path and query) -> the sandbox's link at the same place. */
  readonly links = new Map<string, string>();
  /** Every signed link the sandbox gave, by its file (decoded name, UUIDs blanked): the latest. */
  private readonly sandboxLinks = new Map<string, string>();
  /** Sandbox slug -> recorded slug of forms the replay created. */
  readonly slugs = new Map<string, string>();
  readonly submissions: ReturnType<typeof recordedSubmissions>;
  /** Recorded submission ids still to be created by the replay, per form. */
  protected readonly queues = new Map<number, number[]>();
  /** Calls made per burst key since the cache was last cleared (rate-limit scenario). */
  private readonly calls = new Map<string, number>();
  /** Snapshots taken by out-of-band steps. */
  readonly saved = new Map<string, unknown>();
  /** The recording's time line (ms): never goes back. */
  private now = Date.parse('2026-11-23T17:38:00Z');

  constructor(
    readonly sandbox: Sandbox,
    readonly config: ReplayConfig,
    outOfBandIds: (id: number, form: number) => boolean,
    /** Sets the process clock (the sandbox runs in this process): jest's `setSystemTime`. */
    protected readonly setClock: (ms: number) => void,
    readonly set: RecordingSet = SYNC_SET,
  ) {
    this.submissions = recordedSubmissions(set);
    if (set.startsAt !== undefined) this.now = Date.parse(set.startsAt);
    this.placeholders = { ...PLACEHOLDERS, base_url: sandbox.baseUrl, front_url: sandbox.origin };
    const seeded = new Set(sandbox.state.submissions.map((s) => s.id));
    for (const [id, s] of [...this.submissions].sort((a, b) => a[0] - b[0])) {
      if (seeded.has(id) || outOfBandIds(id, s.form)) continue;
      this.queues.set(s.form, [...(this.queues.get(s.form) ?? []), id]);
    }
  }

  clearCache() {
    this.sandbox.clearCache();
    this.calls.clear();
    this.counters.clear();
  }

  /** Per user and bucket: the last recorded and sandbox `X-RateLimit-Remaining`. */
  private readonly counters = new Map<string, { recorded: number; sandbox: number }>();

  /**
   * Whose rate-limit bucket an exchange counts in: the token's user, or the client for the public
   * routes (`none`: per IP on the real server, one shared counter in the sandbox, token or not).
   */
  protected bucket(ex: RecordedExchange): string {
    if (
      /^\/forms\/[^/]+(\/answer)?$|^\/local\/|^\/upload-file$|^\/vapor\/|^\/content\//.test(ex.request.path)
    )
      return 'none';
    return String(ex.request.auth).split(':')[0] ?? '';
  }

  /** Requests a step makes outside the recording, per user and bucket (`main|100`). */
  countUnrecorded(auth: string, limit: number, requests: number) {
    const key = `${auth.split(':')[0]}|${limit}`;
    const c = this.counters.get(key);
    if (c !== undefined) c.sandbox += requests;
  }

  /**
   * Where the absolute counters cannot match (the recording server's also counted calls it did not
   * record), each user's bucket must go down by as many calls as on the recording server between
   * two recorded answers (so the same requests count: 401s and unknown routes do not, 403s and
   * 422s do; buckets are per user). A recorded counter that went up means its cache was cleared.
   */
  private countedSince(ex: RecordedExchange, limit: number, recorded: number, sandbox: number): string[] {
    const key = `${this.bucket(ex)}|${limit}`;
    const last = this.counters.get(key);
    this.counters.set(key, { recorded, sandbox });
    if (last === undefined || recorded >= last.recorded) return [];
    const want = last.recorded - recorded;
    const got = last.sandbox - sandbox;
    return want === got
      ? []
      : [
          `the ${limit}/min bucket of this user went down by ${got} since its last recorded answer, recorded ${want}`,
        ];
  }

  formBySlugOrId(key: string) {
    return this.sandbox.state.forms.find((f) => String(f.id) === key || f.slug === key);
  }

  /** Replays one recording; returns its differences (empty when the sandbox reproduces it). */
  async run(file: string): Promise<string[]> {
    const recording = substitute(readRecording(file, this.set.dir), this.placeholders);
    const exchanges = recording.exchanges;
    const out: string[] = [];
    this.clearCache();
    for (let i = 0; i < exchanges.length; i++) {
      const ex = exchanges[i] as RecordedExchange;
      if (ex.kind === 'delivery') continue;
      const label = `#${i} ${ex.request.method} ${ex.request.path} (auth ${ex.request.auth ?? 'none'})`;
      const key = `${file}#${i}`;
      const oob = this.config.outOfBand[key];
      try {
        if (/cache (was )?cleared|cache empty/i.test(ex.comment ?? '')) this.clearCache();
        out.push(...(await this.prepare(key, ex, label)));
        this.tick(ex);
        const before = this.sandbox.deliveries().length;
        const diffs = await this.exchange(file, i, ex);
        await oob?.after?.(this, ex, this.lastActual);
        const recordedDeliveries: RecordedExchange[] = [];
        for (let j = i + 1; exchanges[j]?.kind === 'delivery'; j++)
          recordedDeliveries.push(exchanges[j] as RecordedExchange);
        diffs.push(
          ...this.compareDeliveries(
            recordedDeliveries,
            this.sandbox.deliveries().slice(before),
            exchanges,
            recording.note,
          ),
        );
        out.push(...diffs.map((d) => `${label}: ${d}`));
      } catch (error) {
        out.push(`${label}: the replay failed: ${(error as Error).stack ?? String(error)}`);
      }
    }
    return out;
  }

  /**
   * Before an exchange is sent: its out-of-band step, the calls the recording server counted but did
   * not record, the unrecorded calls of a burst, and the ids of what it creates. Returns differences.
   */
  protected async prepare(key: string, ex: RecordedExchange, label: string): Promise<string[]> {
    await this.config.outOfBand[key]?.before?.(this, ex);
    const unrecorded = this.config.unrecordedCalls[key];
    if (unrecorded !== undefined) this.countUnrecorded(unrecorded.auth, unrecorded.limit, unrecorded.calls);
    const out = (await this.fillBurst(ex)).map((d) => `${label}: ${d}`);
    this.planIds(ex);
    return out;
  }

  private authHeader(auth: string | null): Record<string, string> {
    if (auth === null || auth === 'none') return {};
    if (auth === 'invalid') return { Authorization: `Bearer ${INVALID_TOKEN}` };
    const token = this.set.auth[auth];
    if (token === undefined) throw new Error(`The seed has no token for auth "${auth}".`);
    return { Authorization: `Bearer ${token}` };
  }

  /** The URL to request: a recorded signed link becomes the sandbox's link to the same file. */
  private url(ex: RecordedExchange): string {
    const { path, query } = ex.request;
    const search = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    );
    if (search.has('signature')) {
      const basePath = new URL(this.placeholders.base_url).pathname;
      const recordedKey = `${basePath}${path}`;
      const full = `${recordedKey}?${search.toString()}`;
      const exact = this.links.get(full);
      if (exact !== undefined) return exact;
      // a tampered signature or a changed expiry: the sandbox's link with the recorded change
      for (const [recorded, actual] of this.links) {
        const r = new URL(recorded, 'http://x');
        if (r.pathname !== recordedKey) continue;
        const url = new URL(actual);
        for (const [k, v] of search) if (r.searchParams.get(k) !== v) url.searchParams.set(k, v);
        return url.toString();
      }
      // not at the same place in an earlier answer: the sandbox's latest link to the same file
      const same = this.sandboxLinks.get(fileKey(recordedKey));
      if (same !== undefined) {
        this.links.set(full, same);
        return same;
      }
      throw new Error(`No earlier answer gave the sandbox's link for ${path}.`);
    }
    const q = search.toString();
    return `${this.placeholders.base_url}${path}${q === '' ? '' : `?${q}`}`;
  }

  /** Headers the current exchange adds (an out-of-band step's `headers`). */
  protected extraHeaders: Record<string, string> = {};

  protected async send(ex: RecordedExchange) {
    const { method, body, headers } = ex.request;
    // a multipart upload is sent as form data (its recorded boundary is dropped: fetch sets one)
    const multipart = /^multipart\/form-data/i.test(headers['Content-Type'] ?? '');
    const { 'Content-Type': _type, ...others } = headers;
    const response = await fetch(this.url(ex), {
      method,
      headers: {
        ...(multipart ? others : headers),
        ...this.extraHeaders,
        ...this.authHeader(ex.request.auth),
      },
      body:
        body === null || body === undefined
          ? undefined
          : multipart
            ? multipartOf(body as Record<string, RecordedPart>)
            : JSON.stringify(body),
      redirect: 'manual',
    });
    // the raw bytes: `text()` would drop the UTF-8 BOM CSV exports start with
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    const type = response.headers.get('content-type') ?? '';
    let parsed: unknown = text;
    if (type.includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  /** The rate-limit scenario records only some calls of a burst ("Call #59"): make the others. */
  private async fillBurst(ex: RecordedExchange): Promise<string[]> {
    const key = `${ex.request.auth}|${ex.request.method} ${ex.request.path}`;
    const done = this.calls.get(key) ?? 0;
    const wanted = /call #(\d+)/i.exec(ex.comment ?? '');
    const out: string[] = [];
    if (wanted !== null) {
      const refused: string[] = [];
      for (let n = done + 1; n < Number(wanted[1]); n++) {
        const filler = await this.send(ex);
        if (filler.status !== 200) refused.push(`#${n}: ${filler.status}`);
      }
      if (refused.length > 0)
        out.push(
          `${refused.length} unrecorded call(s) of the burst were not 200 (${refused.slice(0, 5).join(', ')})`,
        );
      this.calls.set(key, Number(wanted[1]));
    } else this.calls.set(key, done + 1);
    return out;
  }

  /**
   * Moves the clock to when the recording server answered this exchange, as far as its answer
   * (or the submission it creates) shows it: the latest `created_at`/`updated_at` in it, never
   * going back. Objects then get the recorded timestamps to the second, so lists sort the same
   * way (ties included) as on the recording server.
   */
  private tick(ex: RecordedExchange) {
    const times: number[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (isRecord(node))
        for (const [k, v] of Object.entries(node)) {
          if ((k === 'created_at' || k === 'updated_at') && typeof v === 'string') times.push(parseTime(v));
          else walk(v);
        }
    };
    walk(ex.response.body);
    const created = this.created.get(ex);
    if (created !== undefined) times.push(parseTime(created));
    this.now = Math.max(this.now, ...times.filter((t) => !Number.isNaN(t)));
    this.setClock(this.now);
  }

  /** The recorded creation time of the submission a public answer creates (the list shows it later). */
  private readonly created = new Map<RecordedExchange, string>();

  /** Makes the sandbox allocate the recorded id for the object this exchange creates. */
  protected planIds(ex: RecordedExchange) {
    const { method, path } = ex.request;
    const body = ex.response.body;
    const next = this.sandbox.state.next;
    if (ex.response.status !== 200 || method !== 'POST') return;
    if (path === '/open/forms' && isRecord(body) && isRecord(body.form) && typeof body.form.id === 'number')
      next.form = body.form.id;
    const answer = /^\/forms\/([^/]+)\/answer$/.exec(path);
    if (answer !== null && this.storedInRequest(answer[1] ?? '')) {
      const form = this.formBySlugOrId(answer[1] ?? '');
      const id = form === undefined ? undefined : this.queues.get(form.id)?.shift();
      if (id !== undefined) {
        next.submission = id;
        const at = this.submissions.get(id)?.data.created_at;
        if (typeof at === 'string') this.created.set(ex, at);
      }
    }
    if (
      /^\/open\/forms\/\d+\/integrations$/.test(path) &&
      isRecord(body) &&
      isRecord(body.form_integration)
    ) {
      const id = body.form_integration.id;
      if (typeof id === 'number') next.integration = id;
    }
    if (
      /\/users\/add$/.test(path) &&
      isRecord(body) &&
      isRecord(body.invite) &&
      typeof body.invite.id === 'number'
    )
      next.invite = body.invite.id;
  }

  /** Whether an answer to this form is stored in the request (always in sync mode). */
  protected storedInRequest(_formKey: string): boolean {
    return true;
  }

  private collectLinks(node: unknown) {
    if (typeof node === 'string') {
      for (const m of node.matchAll(/https?:\/\/[^\s",]+signature=[0-9a-f]+/g)) {
        const url = new URL(m[0]);
        this.sandboxLinks.set(fileKey(url.pathname), m[0]);
      }
    } else if (Array.isArray(node)) {
      for (const n of node) this.collectLinks(n);
    } else if (isRecord(node)) {
      for (const n of Object.values(node)) this.collectLinks(n);
    }
  }

  /** After a creating exchange: the recorded slug and submission UUID (the server's random values). */
  private adopt(ex: RecordedExchange, actual: unknown) {
    const { method, path } = ex.request;
    const body = ex.response.body;
    if (method === 'POST' && path === '/open/forms' && isRecord(body) && isRecord(body.form)) {
      const form = this.sandbox.state.forms.find((f) => f.id === (body.form as Record<string, unknown>).id);
      const got = isRecord(actual) && isRecord(actual.form) ? actual.form.slug : undefined;
      if (typeof got === 'string' && typeof body.form.slug === 'string') this.slugs.set(got, body.form.slug);
      if (form !== undefined && typeof body.form.slug === 'string') form.slug = body.form.slug;
    }
    for (const s of this.sandbox.state.submissions) {
      const recorded = this.submissions.get(s.id);
      if (recorded === undefined || recorded.form !== s.form_id) continue;
      s.uuid = recorded.uuid;
      // the recorded creation time too: list order is by it (ties in insertion order), and a replay
      // creates every submission within the same second or two
      const created = recorded.data.created_at;
      if (typeof created === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(created))
        s.created_at = `${created.replace(' ', 'T')}.000000Z`;
    }
  }

  /** After an upload: the file waits under the recorded uuid (random on the real server), which answers name. */
  private adoptUpload(ex: RecordedExchange, actual: unknown) {
    const recorded = ex.response.body;
    if (ex.request.path !== '/upload-file' || !isRecord(recorded) || !isRecord(actual)) return;
    const uploads = this.sandbox.state.uploads;
    const upload = uploads?.get(String(actual.uuid));
    if (uploads === undefined || upload === undefined) return;
    uploads.delete(upload.uuid);
    upload.uuid = String(recorded.uuid);
    uploads.set(upload.uuid, upload);
  }

  /** The sandbox's answer to the last exchange sent (for out-of-band steps that read it). */
  protected lastActual: unknown;

  protected async exchange(file: string, index: number, ex: RecordedExchange): Promise<string[]> {
    const expectation = this.config.expectations[`${file}#${index}`];
    this.extraHeaders = this.config.outOfBand[`${file}#${index}`]?.headers ?? {};
    const actual = await this.send(ex);
    this.extraHeaders = {};
    this.lastActual = actual.body;
    if (ex.response.status === 200) this.adopt(ex, actual.body);
    if (ex.response.status === 201) this.adoptUpload(ex, actual.body);
    this.collectLinks(actual.body);
    const out: string[] = [];
    const status = expectation?.status ?? ex.response.status;
    if (actual.status !== status)
      out.push(
        `status ${actual.status}, expected ${status}${expectation?.status === undefined ? '' : ` (${expectation.reason})`}; sandbox body ${JSON.stringify(actual.body).slice(0, 300)}`,
      );
    out.push(...this.compareHeaders(file, ex, actual.headers, expectation));
    const options: CompareOptions = {
      typeOnly: [...this.config.typeOnlyEverywhere, ...(expectation?.typeOnly ?? [])],
      rewrite: this.slugs,
      links: this.links,
    };
    if (expectation?.check !== undefined) out.push(...expectation.check(actual.body, this));
    else if (actual.status === status) {
      const recorded = ex.response.body;
      const csv = typeof recorded === 'string' && (ex.response.headers['content-type'] ?? '').includes('csv');
      if (csv && typeof actual.body === 'string') out.push(...compareCsv(recorded, actual.body, options));
      else out.push(...compareJson(recorded, actual.body, options));
    }
    return out;
  }

  private compareHeaders(
    file: string,
    ex: RecordedExchange,
    headers: Headers,
    expectation: Expectation | undefined,
  ): string[] {
    const out: string[] = [];
    const recorded = ex.response.headers;
    const limit = Number(recorded['x-ratelimit-limit']);
    for (const [name, value] of Object.entries(recorded)) {
      const got = headers.get(name);
      if (got === null) {
        out.push(`header ${name} missing (recorded ${JSON.stringify(value)})`);
        continue;
      }
      const pattern = expectation?.headerPatterns?.[name];
      if (pattern !== undefined) {
        if (!pattern.test(got)) out.push(`header ${name} ${JSON.stringify(got)} does not match ${pattern}`);
      } else if (name === 'content-type' || name === 'x-ratelimit-limit') {
        if (got.toLowerCase() !== value.toLowerCase())
          out.push(`header ${name} ${JSON.stringify(got)}, recorded ${JSON.stringify(value)}`);
      } else if (name === 'content-disposition') {
        let shown = got;
        for (const [from, to] of this.slugs) shown = shown.split(from).join(to);
        if (shown !== value)
          out.push(`header ${name} ${JSON.stringify(got)}, recorded ${JSON.stringify(value)}`);
      } else if (name === 'x-ratelimit-remaining') {
        const exact = this.config.exactRemaining.includes(file);
        if (exact ? got !== value : !/^\d+$/.test(got) || Number(got) > limit)
          out.push(
            `header ${name} ${JSON.stringify(got)}, recorded ${JSON.stringify(value)}${exact ? '' : ` (a number up to ${limit} expected)`}`,
          );
        else if (!exact) out.push(...this.countedSince(ex, limit, Number(value), Number(got)));
      } else if (name === 'retry-after') {
        const n = Number(got);
        if (!/^\d+$/.test(got) || n < 1 || n > 60)
          out.push(`header retry-after ${JSON.stringify(got)}: seconds 1..60 expected (recorded ${value})`);
      } else if (name === 'x-ratelimit-reset') {
        const now = Date.now() / 1000;
        const n = Number(got);
        if (!/^\d+$/.test(got) || n < now - 1 || n > now + 61)
          out.push(
            `header x-ratelimit-reset ${JSON.stringify(got)}: a Unix time within the next minute expected`,
          );
      }
    }
    if (expectation?.status === undefined) {
      for (const [name] of headers) {
        if (name.startsWith('x-ratelimit-') && !(name in recorded))
          out.push(`header ${name} sent, the recording has none`);
      }
    }
    return out;
  }

  /**
   * The deliveries the sandbox made for one request against the recorded ones that follow it:
   * same number and order, path and host, the headers that matter, body (and slash escaping),
   * the signature checked against the body. Deliveries to a receiver this recording listens on
   * that the recording does not show are differences too.
   */
  protected compareDeliveries(
    recorded: RecordedExchange[],
    actual: Delivery[],
    all: RecordedExchange[],
    note: string,
  ): string[] {
    const out: string[] = [];
    const listened = new Set(all.filter((e) => e.kind === 'delivery').map((e) => e.request.path));
    // a delivery that reached no receiver (refused: the dead hook URL) is in the event log, not here
    const reached = actual.filter((d) => d.error === undefined);
    const relevant =
      recorded.length > 0 ? reached : reached.filter((d) => listened.has(new URL(d.url).pathname));
    if (relevant.length !== recorded.length)
      out.push(
        `the sandbox made ${relevant.length} deliveries (${relevant.map((d) => new URL(d.url).pathname).join(', ') || 'none'}), recorded ${recorded.length} (${recorded.map((d) => d.request.path).join(', ') || 'none'})`,
      );
    recorded.forEach((rec, k) => {
      const got = relevant[k];
      if (got === undefined) return;
      const where = `delivery ${k} (${rec.request.path})`;
      const url = new URL(got.url);
      if (url.pathname !== rec.request.path) out.push(`${where}: sent to ${url.pathname}`);
      const host = rec.request.headers.Host;
      if (host !== undefined && url.host !== host) out.push(`${where}: host ${url.host}, recorded ${host}`);
      const headers = new Map(Object.entries(got.headers).map(([k2, v]) => [k2.toLowerCase(), v]));
      for (const [name, value] of Object.entries(rec.request.headers)) {
        const lower = name.toLowerCase();
        if (HOOK_HEADERS_IGNORED.has(lower)) continue;
        const mine = headers.get(lower);
        if (mine === undefined) out.push(`${where}: header ${name} missing`);
        else if (lower === 'x-webhook-signature') {
          const secret = /secret: ([^\s)]+)/.exec(note)?.[1];
          const expected =
            secret === undefined
              ? undefined
              : `sha256=${createHmac('sha256', secret).update(got.body).digest('hex')}`;
          if (!/^sha256=[0-9a-f]{64}$/.test(mine) || (expected !== undefined && mine !== expected))
            out.push(
              `${where}: X-Webhook-Signature ${mine} is not sha256=HMAC(body) with the scenario's secret`,
            );
        } else if (mine !== value)
          out.push(`${where}: header ${name} ${JSON.stringify(mine)}, recorded ${JSON.stringify(value)}`);
      }
      const recordedNames = new Set(Object.keys(rec.request.headers).map((n) => n.toLowerCase()));
      for (const name of headers.keys())
        if (!recordedNames.has(name) && !HOOK_HEADERS_IGNORED.has(name))
          out.push(`${where}: header ${name} sent, not recorded`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(got.body);
      } catch {
        out.push(`${where}: body is not JSON`);
      }
      if (parsed !== undefined)
        out.push(
          ...compareJson(rec.request.body, parsed, {
            typeOnly: this.config.typeOnlyEverywhere,
            rewrite: this.slugs,
            links: this.links,
          }).map((d) => `${where} body ${d}`),
        );
      const raw = rec.request.body_raw ?? '';
      if (raw.includes('\\/') !== got.body.includes('\\/'))
        out.push(
          `${where}: the recorded body ${raw.includes('\\/') ? 'escapes' : 'does not escape'} slashes (\\/), the sandbox's ${got.body.includes('\\/') ? 'does' : 'does not'}`,
        );
    });
    return out;
  }

  /** Stores a submission directly (an out-of-band insert), answers as the recording lists them. */
  insertSubmission(id: number, formId: number, created: string, answers: Record<string, unknown>) {
    const uuid = this.submissions.get(id)?.uuid ?? `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`;
    const s = recordedSubmission(id, uuid, formId, created, answers);
    this.sandbox.state.submissions.push(s);
    this.sandbox.state.next.submission = Math.max(this.sandbox.state.next.submission, id + 1);
    return s;
  }
}

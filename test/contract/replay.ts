/**
 * Replays the recorded exchanges (`test/recorded/`) against one sandbox started from the
 * recorded seed, in the recording order, state carrying over. See recorded.test.ts for the design.
 * Which recordings: recordings.ts; what to expect instead: replay-config.ts; the comparisons of
 * headers and deliveries: compare-exchange.ts; signed file links: signed-links.ts.
 */
import { INVALID_TOKEN, recordedSubmission } from '../../sandbox/recorded-seed';
import type { Delivery, Sandbox } from '../../sandbox/server';
import { PLACEHOLDERS, type Placeholders, type RecordedExchange, substitute } from '../helpers/recorded';
import { type CompareOptions, compareCsv, compareJson } from './compare';
import { compareDeliveries, compareHeaders } from './compare-exchange';
import { multipartOf, type RecordedPart } from './multipart';
import { bucketOf, RateLimitBuckets } from './rate-limits';
import {
  isRecord,
  parseTime,
  type RecordingSet,
  readRecording,
  recordedSubmissions,
  SYNC_SET,
} from './recordings';
import type { ReplayConfigOf } from './replay-rules';
import { collectLinks, sandboxLinkFor } from './signed-links';

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
  /** Per user and bucket: the rate-limit counters (`X-RateLimit-Remaining`). */
  private readonly buckets = new RateLimitBuckets();
  /** Snapshots taken by out-of-band steps. */
  readonly saved = new Map<string, unknown>();
  /** The recording's time line (ms): never goes back. */
  private now = Date.parse('2026-11-23T17:38:00Z');

  constructor(
    readonly sandbox: Sandbox,
    readonly config: ReplayConfigOf<Replay>,
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
    this.buckets.clear();
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
    if (unrecorded !== undefined)
      this.buckets.countUnrecorded(unrecorded.auth, unrecorded.limit, unrecorded.calls);
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
      const link = sandboxLinkFor(`${basePath}${path}`, search, this.links, this.sandboxLinks);
      if (link === undefined) throw new Error(`No earlier answer gave the sandbox's link for ${path}.`);
      return link;
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
    collectLinks(actual.body, this.sandboxLinks);
    const out: string[] = [];
    const status = expectation?.status ?? ex.response.status;
    if (actual.status !== status)
      out.push(
        `status ${actual.status}, expected ${status}${expectation?.status === undefined ? '' : ` (${expectation.reason})`}; sandbox body ${JSON.stringify(actual.body).slice(0, 300)}`,
      );
    out.push(
      ...compareHeaders(ex, actual.headers, expectation, {
        slugs: this.slugs,
        exactRemaining: this.config.exactRemaining.includes(file),
        countedSince: (limit, recorded, sandbox) =>
          this.buckets.countedSince(bucketOf(ex), limit, recorded, sandbox),
      }),
    );
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
    return compareDeliveries(recorded, actual, all, note, {
      typeOnly: this.config.typeOnlyEverywhere,
      rewrite: this.slugs,
      links: this.links,
    });
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

/**
 * Replays the production-like recordings (`test/recorded-production-like/`: PostgreSQL and a queue
 * worker) against one production-mode sandbox started from the production-like seed, in the
 * recording order, state carrying over. See production-like.tests.ts for the design; the comparison
 * itself is the one of `Replay` (replay.ts).
 */
import { PRODUCTION_LIKE_AUTH } from '../../sandbox/production-like-seed';
import type { Sandbox, SandboxWorker } from '../../sandbox/server';
import { PRODUCTION_LIKE_DIR, type RecordedExchange, substitute } from '../helpers/recorded';
import { parseTime, readRecording } from './recordings';
import { Replay } from './replay';
import type { ReplayConfig } from './replay-config';

/** The recording order: the run's order, as the ids and times of the files show it. */
export const PRODUCTION_LIKE_ORDER = [
  'submissions--public-create-queued',
  'submissions--public-create-refused',
  'submissions--database-fields-update',
  'submissions--search-pg',
  'forms--get-form-pg',
  'exports--async-queued',
  'integrations--webhook-delivery-queued',
  'forms--update-form-race',
] as const;

export interface ProductionReplayConfig extends ReplayConfig {
  /** Exchanges not sent at all, with why (reference-only exchanges the sandbox does not serve). */
  excluded: Record<string, string>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const atOf = (ex: RecordedExchange) => Number((ex as { at_s?: number }).at_s ?? 0);

/** The latest `created_at`/`updated_at` an answer shows (ms), or -Infinity. */
const latestTime = (node: unknown): number => {
  if (Array.isArray(node)) return Math.max(-Infinity, ...node.map(latestTime));
  if (!isRecord(node)) return -Infinity;
  let latest = -Infinity;
  for (const [k, v] of Object.entries(node)) {
    const t =
      (k === 'created_at' || k === 'updated_at') && typeof v === 'string' ? parseTime(v) : latestTime(v);
    if (!Number.isNaN(t)) latest = Math.max(latest, t);
  }
  return latest;
};

export class ProductionReplay extends Replay {
  /** The recording's time line (ms): never goes back. */
  private clock = Date.parse('2026-11-25T11:41:00Z');

  constructor(
    sandbox: Sandbox,
    readonly productionConfig: ProductionReplayConfig,
    outOfBandIds: (id: number, form: number) => boolean,
    setClock: (ms: number) => void,
  ) {
    super(sandbox, productionConfig, outOfBandIds, setClock, {
      dir: PRODUCTION_LIKE_DIR,
      files: PRODUCTION_LIKE_ORDER,
      auth: PRODUCTION_LIKE_AUTH,
    });
  }

  get worker(): SandboxWorker {
    const w = this.sandbox.worker;
    if (w === undefined) throw new Error('The production-like replay needs a production-mode sandbox.');
    return w;
  }

  /** Answers are stored by the worker (`planSubmission` at the store job), or inline (below). */
  protected override storedInRequest(): boolean {
    return false;
  }

  /**
   * The next submission gets the next recorded id of its form that is still free (an upsert creates
   * none): set before an inline store and before each store job of the worker.
   */
  planSubmission(formId: number) {
    const queue = this.queues.get(formId) ?? [];
    const used = new Set(this.sandbox.state.submissions.map((s) => s.id));
    while (queue.length > 0 && used.has(queue[0] as number)) queue.shift();
    if (queue[0] !== undefined) this.sandbox.state.next.submission = queue[0];
  }

  protected override planIds(ex: RecordedExchange) {
    super.planIds(ex);
    const answer = /^\/forms\/([^/]+)\/answer$/.exec(ex.request.path);
    const form = answer === null ? undefined : this.formBySlugOrId(answer[1] ?? '');
    if (form !== undefined && ex.request.method === 'POST') this.planSubmission(form.id);
  }

  /**
   * The recording's wall time at `at_s` 0: the latest time any answer shows, less its `at_s` (a lower
   * bound for every exchange; times are whole seconds, so within a second of the truth).
   */
  private startOf(exchanges: RecordedExchange[]) {
    let start = -Infinity;
    for (const ex of exchanges)
      if (ex.kind !== 'delivery') start = Math.max(start, latestTime(ex.response.body) - atOf(ex) * 1000);
    return start;
  }

  /** Moves the clock to `ms` (never back), the worker running every job due by then at its own time. */
  async advance(ms: number) {
    await this.worker.runDue(ms, {
      setClock: (at) => this.moveClock(at),
      before: (job) => {
        if (job.kind === 'store') this.planSubmission(job.formId);
      },
    });
    this.moveClock(ms);
  }

  private moveClock(ms: number) {
    this.clock = Math.max(this.clock, ms);
    this.setClock(this.clock);
  }

  /** Replays one recording on its time line; returns its differences (empty when reproduced). */
  override async run(file: string): Promise<string[]> {
    const recording = substitute(readRecording(file, this.set.dir), this.placeholders);
    const exchanges = recording.exchanges;
    const start = this.startOf(exchanges);
    const deliveries = recording.exchanges.filter((e) => e.kind === 'delivery');
    const out: string[] = [];
    this.clearCache();
    let previousAt = -Infinity;
    for (let i = 0; i < exchanges.length; i++) {
      const ex = exchanges[i] as RecordedExchange;
      if (ex.kind === 'delivery') continue;
      const key = `${file}#${i}`;
      if (this.productionConfig.excluded[key] !== undefined) continue;
      const label = `#${i} ${ex.request.method} ${ex.request.path} (auth ${ex.request.auth ?? 'none'})`;
      const oob = this.config.outOfBand[key];
      const at = atOf(ex);
      try {
        // what the worker does between the previous exchange and this one (deliveries included)
        const before = this.sandbox.deliveries().length;
        out.push(...(await this.prepare(key, ex, label)));
        await this.advance(start + at * 1000);
        const due = deliveries.filter((d) => atOf(d) > previousAt && atOf(d) <= at);
        out.push(
          ...this.compareDeliveries(
            due,
            this.sandbox.deliveries().slice(before),
            exchanges,
            recording.note,
          ).map((d) => `${label}: before the request, ${d}`),
        );
        const during = this.sandbox.deliveries().length;
        const diffs = await this.exchange(file, i, ex);
        await oob?.after?.(this, ex, this.lastActual);
        // in production nothing is delivered inside a request: the worker delivers later
        diffs.push(
          ...this.compareDeliveries([], this.sandbox.deliveries().slice(during), exchanges, recording.note),
        );
        out.push(...diffs.map((d) => `${label}: ${d}`));
      } catch (error) {
        out.push(`${label}: the replay failed: ${(error as Error).stack ?? String(error)}`);
      }
      previousAt = at;
    }
    const late = deliveries.filter((d) => atOf(d) > previousAt);
    if (late.length > 0) {
      const before = this.sandbox.deliveries().length;
      await this.advance(start + Math.max(...late.map(atOf)) * 1000);
      out.push(
        ...this.compareDeliveries(
          late,
          this.sandbox.deliveries().slice(before),
          exchanges,
          recording.note,
        ).map((d) => `after the last exchange: ${d}`),
      );
    }
    return out;
  }
}

/**
 * The queue worker of a production OpnForm (`QUEUE_CONNECTION=database` or `redis` and an
 * `api-worker` running `php artisan queue:work`), simulated: the jobs the server queues instead of
 * running them in the request (recorded in `test/recorded-production-like/`):
 * - `store`: a public answer to a form without editable submissions (`StoreFormSubmissionJob`);
 * - `notify`: the integrations of a stored or edited submission (the queued `NotifyFormSubmission`
 *   listener: webhooks and Zapier hooks, one after the other);
 * - `export`: an async export (queued, then processing, then completed).
 *
 * A job waits `delayMs` for the worker (the recorded server's worker slept 3 s when idle: answers
 * were stored 1.8 to 3 s after the 200, deliveries arrived 1.6 s after the answer and 2.2 s after an
 * admin update); a job queued by a running job (the notify job of a store) runs right after it, as
 * a worker keeps taking jobs while the queue has any. A paused worker (SIGSTOP in the recording)
 * runs nothing; on resume it catches up at once.
 *
 * Time is the caller's: the worker reads `Date.now()`, so a test that fakes `Date` (or passes
 * `auto: false`) decides when jobs run with `run()` or `runDue(upTo, { setClock })`; `auto` (the
 * default) sets real timers, as `npm start` and `npm run sandbox` need.
 */

export type JobKind = 'store' | 'notify' | 'export';

/** A queued job as the worker shows it (`sandbox.worker.pending()`, `GET /__sandbox/worker`). */
export interface JobInfo {
  id: number;
  kind: JobKind;
  formId: number;
  /** When it was queued and when the worker takes it (ms since the epoch). */
  queuedAt: number;
  dueAt: number;
}

interface Job extends JobInfo {
  work: () => unknown | Promise<unknown>;
  settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void };
}

export interface WorkerOptions {
  /** How long a queued job waits for the worker, in ms (default 3000: Laravel's `--sleep=3`). */
  delayMs?: number;
  /** false: jobs run only when told (`run()`, `runDue()`, `POST /__sandbox/worker/run`); default true. */
  auto?: boolean;
}

export interface RunHooks {
  /** Sets the clock before each job to its due time (a test's fake `Date`, e.g. jest's `setSystemTime`). */
  setClock?: (ms: number) => void;
  /** Called before each job runs (the contract test gives a stored answer its recorded id). */
  before?: (job: JobInfo) => void;
}

export const DEFAULT_WORKER_DELAY_MS = 3000;

export const createWorker = (options: WorkerOptions = {}) => {
  const delayMs = options.delayMs ?? DEFAULT_WORKER_DELAY_MS;
  const auto = options.auto ?? true;
  const queue: Job[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let paused = false;
  let nextId = 1;
  /** The job running now (its follow-ups are due at once). */
  let running: Job | undefined;
  let draining: Promise<number> | undefined;
  let closed = false;

  const info = (j: Job): JobInfo => ({
    id: j.id,
    kind: j.kind,
    formId: j.formId,
    queuedAt: j.queuedAt,
    dueAt: j.dueAt,
  });
  const byDue = () => queue.sort((a, b) => a.dueAt - b.dueAt || a.id - b.id);

  /** Runs queued jobs while one is due at `upTo` (undefined: every job), in due order. */
  const drain = async (upTo: number | undefined, hooks: RunHooks = {}): Promise<number> => {
    let ran = 0;
    for (;;) {
      if (paused || closed) return ran;
      const job = byDue()[0];
      if (job === undefined || (upTo !== undefined && job.dueAt > upTo)) return ran;
      queue.shift();
      if (hooks.setClock !== undefined && job.dueAt > Date.now()) hooks.setClock(job.dueAt);
      hooks.before?.(info(job));
      running = job;
      try {
        job.settle.resolve(await job.work());
      } catch (error) {
        job.settle.reject(error);
      } finally {
        running = undefined;
      }
      ran += 1;
    }
  };
  /** One drain at a time: a second caller waits for the running one, then drains what is left. */
  const exclusive = (upTo: number | undefined, hooks?: RunHooks): Promise<number> => {
    const previous = draining ?? Promise.resolve(0);
    // a drain that failed (a hook threw) does not stop the ones after it
    const next = previous.catch(() => 0).then(() => drain(upTo, hooks));
    draining = next.finally(() => {
      if (draining === next) draining = undefined;
    });
    return next;
  };
  const schedule = (job: Job) => {
    if (!auto || closed) return;
    const wait = Math.max(0, job.dueAt - Date.now());
    const timer = setTimeout(() => {
      timers.delete(timer);
      // a timer may fire a millisecond before `Date.now()` reaches the due time: this job is due
      exclusive(Math.max(Date.now(), job.dueAt)).catch(() => undefined);
    }, wait);
    timers.add(timer);
  };

  /**
   * Queues `work`; the promise settles with its result once the worker ran it. A job queued while
   * another runs (a follow-up) is due at once.
   */
  const enqueue = <T>(kind: JobKind, formId: number, work: () => T | Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const now = Date.now();
      const job: Job = {
        id: nextId++,
        kind,
        formId,
        queuedAt: now,
        dueAt: running === undefined ? now + delayMs : Math.max(now, running.dueAt),
        work,
        settle: { resolve: resolve as (value: unknown) => void, reject },
      };
      queue.push(job);
      if (!paused) schedule(job);
    });

  return {
    enqueue,
    delayMs,
    auto,
    get paused() {
      return paused;
    },
    /** The jobs waiting, in the order the worker takes them. */
    pending: (): JobInfo[] => byDue().map(info),
    /** Runs every queued job now, whatever its due time (and the jobs they queue); how many ran. */
    run: (hooks?: RunHooks) => exclusive(undefined, hooks),
    /** Runs the jobs due at `upTo` (default now), each at its due time through `hooks.setClock`. */
    runDue: (upTo: number = Date.now(), hooks?: RunHooks) => exclusive(upTo, hooks),
    /** Stops taking jobs (SIGSTOP): answers are still accepted and queued. */
    pause: () => {
      paused = true;
    },
    /** Takes jobs again: what is overdue runs at once (auto), the rest on time. */
    resume: async (hooks?: RunHooks): Promise<number> => {
      if (!paused) return 0;
      paused = false;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      if (!auto) return 0;
      const ran = await exclusive(Date.now(), hooks);
      for (const job of queue) schedule(job);
      return ran;
    },
    close: () => {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
};

export type Worker = ReturnType<typeof createWorker>;

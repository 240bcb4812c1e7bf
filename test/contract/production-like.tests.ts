/**
 * The contract test of the production mode: every exchange recorded from the production-like
 * OpnForm server (`test/recorded-production-like/`: PostgreSQL 15 and a database queue worker)
 * replayed against a production-mode sandbox (`startSandbox({ mode: 'production' })`).
 *
 * Design (what differs from recorded.test.ts, whose comparison is used as it is)
 * - One sandbox, started from the production-like seed (`sandbox/production-like-seed.ts`: user 1,
 *   workspace 1, forms 1 and 2 with submissions 1 and 2, the `main` and `jwt-session` credentials),
 *   with the real rate limits; booleans true/false and `search` as on PostgreSQL (the production
 *   mode's own behaviour: no switch).
 * - The files are replayed in the run's order (`PRODUCTION_LIKE_ORDER`: the README's ids and the
 *   files' times), one `test()` per file, state carrying over.
 * - Time: only `Date` is faked. Each file has its own time line: the recording's wall time at
 *   `at_s` 0 (the latest time an answer shows, less its `at_s`) plus the exchange's `at_s`. Before
 *   each exchange the clock moves to its time and the sandbox's worker (`auto: false`) runs every
 *   job due by then, each at its own due time (`worker.runDue` with the clock setter). The worker
 *   waits `WORKER_DELAY_MS` (1.6 s, the recorded delivery delay) for each job: any wait between 0.2 s
 *   and 1.85 s falls in every recorded window (stored after the list that does not show it and
 *   before the one that does; the recorded 1.78 to 3.03 s store delays come from the real worker's
 *   3 s poll phase). A job queued by a running job (the notify job of a store) runs right after it.
 * - Deliveries: those the worker makes while the clock moves to an exchange are compared with the
 *   recorded deliveries received between the previous exchange and that one (by `at_s`); nothing may
 *   be delivered inside a request.
 * - Ids: forms and integrations take the recorded ids as in recorded.test.ts; a stored answer takes
 *   the next recorded id of its form that is still free, set before an inline store and before each
 *   store job of the worker (an upsert takes none); a created submission gets the recorded UUID and
 *   creation time.
 * - Out-of-band actions the comments describe are applied at the marked exchanges (`STEPS`): forms
 *   of discarded runs, SQL inserts, the worker paused and resumed, the `form-password` header (the
 *   recordings keep only Accept and Content-Type), two unrecorded simultaneous PUTs.
 *
 * Excluded or compared otherwise, exchange by exchange (`EXCLUDED`, `EXPECTATIONS`): see there.
 */

import { createHash } from 'node:crypto';
import { PRODUCTION_LIKE_AUTH_VALUES, productionLikeSeed } from '../../sandbox/production-like-seed';
import { recordedForm } from '../../sandbox/recorded-seed';
import { REAL_RATE_LIMITS, startSandbox } from '../../sandbox/server';
import { PLACEHOLDERS, PRODUCTION_LIKE_DIR } from '../helpers/recorded';
import { PRODUCTION_LIKE_ORDER, ProductionReplay, type ProductionReplayConfig } from './production-replay';
import type { Replay } from './replay';
import type { Expectation } from './replay-config';
import { contractSuite } from './suite';

const WORKER_DELAY_MS = 1600;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const LARGE = { name: 'eeeeeeee-1111-4000-8000-000000000001', n: 'eeeeeeee-1111-4000-8000-000000000002' };

/** Submissions inserted with SQL (generate_series): `count` rows of form `formId` from id `first`. */
const insertRows = (replay: Replay, formId: number, first: number, count: number, at: string) => {
  for (let k = 1; k <= count; k++)
    replay.insertSubmission(first + k - 1, formId, at, { [LARGE.name]: `Person ${k}`, [LARGE.n]: k });
};

/** The export job the sandbox just started takes the recorded job id (random on the real server). */
const adoptJobId = (replay: Replay, ex: { response: { body: unknown } }) => {
  const job = replay.sandbox.state.exports.at(-1);
  if (job === undefined) throw new Error('The sandbox started no export job.');
  job.id = (ex.response.body as { job_id: string }).job_id;
};

const STEPS: ProductionReplayConfig['outOfBand'] = {
  'submissions--public-create-refused#0': {
    what: 'forms 4 to 11 of discarded first runs are still in workspace 1 (README "Main objects"); their content is not recorded',
    before: (replay) => {
      const state = replay.sandbox.state;
      for (let id = 4; id <= 11; id++)
        if (!state.forms.some((f) => f.id === id))
          state.forms.push(recordedForm(id, 1, 1, `discarded-run-${id}`, `Discarded run ${id}`, [], {}));
    },
  },
  'submissions--public-create-refused#19': {
    what: 'header form-password with a wrong value',
    headers: { 'form-password': 'not-the-password' },
  },
  'submissions--public-create-refused#20': {
    what: 'header form-password with the plain password',
    headers: { 'form-password': 'opensesame' },
  },
  'submissions--public-create-refused#21': {
    what: 'header form-password: the sha256 hex of the password',
    headers: { 'form-password': createHash('sha256').update('opensesame').digest('hex') },
  },
  'exports--async-queued#1': {
    what: '1001 completed submissions of form 24 inserted with SQL (ids 21029 to 22029, after 21001 rows of discarded runs)',
    before: (replay) => insertRows(replay, 24, 21029, 1001, '2026-11-25 11:45:49'),
  },
  'exports--async-queued#2': {
    what: 'the job id is random on the real server: the job started here takes the recorded id',
    after: (replay, ex) => adoptJobId(replay, ex),
  },
  'exports--async-queued#7': {
    what: "the recorded file link (#12 downloads it) stands for the sandbox's link of the same job",
    after: (replay, ex, actual) => {
      const recorded = (ex.response.body as { file_url: string }).file_url;
      const mine = isRecord(actual) ? actual.file_url : undefined;
      if (typeof mine !== 'string') throw new Error('The sandbox gave no file_url for the completed job.');
      const url = new URL(recorded);
      replay.links.set(`${url.pathname}${url.search}`, mine);
    },
  },
  'exports--async-queued#14': {
    what:
      '20000 completed submissions of form 25 inserted with SQL (ids 22030 to 42029) before its export; ' +
      'the job id is random on the real server: the job started here takes the recorded id',
    before: (replay) => insertRows(replay, 25, 22030, 20000, '2026-11-25 11:45:53'),
    after: (replay, ex) => adoptJobId(replay, ex),
  },
  'integrations--webhook-delivery-queued#16': {
    what: 'the queue worker was paused (SIGSTOP) before this answer',
    before: (replay) => (replay as ProductionReplay).worker.pause(),
  },
  'integrations--webhook-delivery-queued#18': {
    what: 'the worker was resumed (SIGCONT) before this list: the overdue jobs run at once',
    before: async (replay) => {
      await (replay as ProductionReplay).worker.resume();
    },
  },
  'forms--update-form-race#14': {
    what: 'two simultaneous PUTs from this read R3, titles "Concurrent G1" and "Concurrent G2" (not recorded; G2 answered last)',
    after: async (replay, _ex, actual) => {
      if (!isRecord(actual)) throw new Error('The sandbox gave no form to build the PUTs from.');
      const token = replay.set.auth.main;
      const puts = ['Concurrent G1', 'Concurrent G2'].map((title) => ({ ...actual, title }));
      for (const body of puts) {
        const response = await fetch(`${replay.sandbox.baseUrl}/open/forms/29`, {
          method: 'PUT',
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            Authorization: `Bearer ${token}`,
          },
          body: JSON.stringify(body),
        });
        if (response.status !== 200) throw new Error(`An unrecorded PUT answered ${response.status}.`);
      }
    },
  },
};

/** The processing polls of the 20000-row export: the worker's pace differs from poll to poll. */
const processing = (recorded: number): Expectation => ({
  reason:
    'the recording server wrote 1500 to 3500 rows per half second (its worker shared the machine); the ' +
    'sandbox writes 3500 rows a second: status, shape and the rules are compared, not the counts ' +
    `(recorded ${recorded} rows)`,
  check: (body) => {
    if (!isRecord(body)) return ['a status object expected'];
    const out: string[] = [];
    const processed = Number(body.processed_submissions);
    if (body.status !== 'processing') out.push(`status ${String(body.status)}, recorded processing`);
    if (body.total_submissions !== 20000)
      out.push(`total_submissions ${String(body.total_submissions)}, recorded 20000`);
    if (!(processed > 0 && processed < 20000 && processed % 500 === 0))
      out.push(
        `processed_submissions ${String(body.processed_submissions)}: a multiple of 500 below 20000 expected`,
      );
    if (body.progress !== Math.floor((90 * processed) / 20000))
      out.push(`progress ${String(body.progress)}: 90 * processed / total expected (as recorded)`);
    for (const key of ['file_url', 'error_message', 'expires_at'])
      if (body[key] !== null) out.push(`${key} ${JSON.stringify(body[key])}, recorded null`);
    const keys = Object.keys(body).sort().join(',');
    const want =
      'created_at,error_message,expires_at,file_url,job_id,processed_submissions,progress,status,total_submissions,updated_at';
    if (keys !== want) out.push(`keys ${keys}, recorded ${want}`);
    return out;
  },
});

const EXPORT_FILE = {
  reason:
    'the file name ends with the second the job completed: 2.3 s after the POST in the sandbox (its worker ' +
    'waits 1.6 s), 2.8 s on the recording server',
  typeOnly: [/^\$\.file_url$/],
};

const EXPECTATIONS: ProductionReplayConfig['expectations'] = {
  'submissions--public-create-refused#25': {
    reason:
      'local artefact (README): a made-up captcha token gave 500 because the recording server could not reach ' +
      'hcaptcha.com; a real server refuses it with 422',
    status: 422,
    check: (body) =>
      JSON.stringify(body) ===
      JSON.stringify({
        message: 'Please complete the captcha.',
        errors: { 'h-captcha-response': ['Please complete the captcha.'] },
      })
        ? []
        : [`the captcha refusal expected, sandbox ${JSON.stringify(body)}`],
  },
  'exports--async-queued#7': EXPORT_FILE,
  'exports--async-queued#12': {
    reason: EXPORT_FILE.reason,
    headerPatterns: {
      'content-disposition':
        /^attachment; filename="large-pg-form-21jgyg-submissions-2026-11-25-11-45-5\d\.csv"$/,
    },
  },
  'exports--async-queued#29': EXPORT_FILE,
  'exports--async-queued#32': EXPORT_FILE,
  ...Object.fromEntries(
    [
      [19, 1000],
      [20, 3000],
      [21, 4500],
      [22, 6500],
      [23, 8500],
      [24, 11000],
      [25, 12500],
      [26, 16000],
      [27, 17500],
      [28, 19000],
    ].map(([i, rows]) => [`exports--async-queued#${i}`, processing(rows as number)]),
  ),
};

const EXCLUDED: ProductionReplayConfig['excluded'] = {
  'forms--update-form-race#17':
    'REFERENCE ONLY: the version history read with a browser session; the sandbox keeps no version ' +
    'history (a token gets 404 there, #16, which is replayed)',
};

/** Calls the recording server's counters show before these exchanges, absent from the recording. */
const polls = (auth: string, limit: number, calls: number, why: string) => ({ auth, limit, calls, why });
const UNRECORDED_CALLS: ProductionReplayConfig['unrecordedCalls'] = {
  'submissions--public-create-queued#2': polls('main', 100, 2, 'counter 99 -> 96: polls of meta.total'),
  'submissions--public-create-queued#3': polls(
    'main',
    100,
    16,
    'counter 96 -> 79: 8 polls of meta.total and others (comment)',
  ),
  'submissions--public-create-queued#5': polls('main', 100, 2, 'counter 79 -> 76: polls of meta.total'),
  'submissions--public-create-queued#6': polls(
    'main',
    100,
    10,
    'counter 76 -> 65: 5 polls of meta.total and others (comment)',
  ),
  'submissions--public-create-queued#8': polls('main', 100, 2, 'counter 65 -> 62: polls of meta.total'),
  'submissions--public-create-queued#9': polls(
    'main',
    100,
    18,
    'counter 62 -> 43: 9 polls of meta.total and others (comment)',
  ),
  'exports--async-queued#6': polls(
    'jwt-session',
    180,
    1,
    'counter 142 -> 140: a poll with no change (only changes are recorded)',
  ),
  'exports--async-queued#7': polls(
    'jwt-session',
    180,
    8,
    'counter 140 -> 131: poll #9 (only changes are recorded)',
  ),
  ...Object.fromEntries(
    [18, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29].map((i) => [
      `exports--async-queued#${i}`,
      polls(
        'jwt-session',
        180,
        1,
        'a poll with no change in between (polling every 0.25 s, only changes recorded)',
      ),
    ]),
  ),
  'exports--async-queued#19': polls(
    'jwt-session',
    180,
    6,
    'counter 127 -> 120: polls #2 to #6 had no change',
  ),
  'integrations--webhook-delivery-queued#11': polls('main', 100, 1, 'counter 89 -> 87: one unrecorded call'),
};

const CONFIG: ProductionReplayConfig = {
  unrecordedCalls: UNRECORDED_CALLS,
  expectations: EXPECTATIONS,
  outOfBand: STEPS,
  excluded: EXCLUDED,
  // `openform-<form id>-pending-submission-<time-based number>`
  typeOnlyEverywhere: [/\.form_pending_submission_key$/],
  exactRemaining: [],
};

contractSuite({
  name: 'production-like recordings (test/recorded-production-like/)',
  dir: PRODUCTION_LIKE_DIR,
  order: PRODUCTION_LIKE_ORDER,
  auth: PRODUCTION_LIKE_AUTH_VALUES,
  keys: () => [
    ...Object.keys(STEPS),
    ...Object.keys(EXPECTATIONS),
    ...Object.keys(EXCLUDED),
    ...Object.keys(UNRECORDED_CALLS),
  ],
  start: async (setClock) => {
    const sandbox = await startSandbox({
      mode: 'production',
      worker: { delayMs: WORKER_DELAY_MS, auto: false },
      initial: productionLikeSeed(),
      rateLimits: REAL_RATE_LIMITS,
      selfHosted: true,
      resolveHook: (url) => (url.startsWith(`${PLACEHOLDERS.dead_hook_base_url}/`) ? null : undefined),
    });
    // forms 24 and 25: their rows are inserted with SQL (STEPS), not created by answers
    const replay = new ProductionReplay(sandbox, CONFIG, (_id, form) => form === 24 || form === 25, setClock);
    return { sandbox, replay };
  },
});

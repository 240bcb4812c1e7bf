/**
 * The contract test: every exchange recorded from a real OpnForm server
 * (`test/recorded/`, the 41 files of groups 1 to 8) replayed against the sandbox (the 3 files of
 * group 9, recorded on a rebuilt server, are replayed by rebuilt.tests.ts from their own seed).
 *
 * Design
 * - One sandbox, started from the recorded seed (`sandbox/recorded-seed.ts`: users 5..9, workspaces
 *   6..10, form 6 with its submissions, form 9, a token per recorded `auth` value), with the real
 *   rate limits (`REAL_RATE_LIMITS`), async exports completed at once (jobs ran synchronously on the
 *   recording server), booleans served as 0/1 (`intBooleans`, like the sqlite recording server)
 *   and the self-hosted licence rules (`selfHosted`).
 * - The files are replayed in the README's recording order, one `test()` per file, state carrying
 *   over; a file with differences fails and lists them all (exchange index, method, path, auth, and
 *   what differed); the next file still runs on the state the sandbox is in.
 * - Before a request that creates an object, the sandbox's next id for that table is set to the
 *   recorded id (forms, integrations and invites from the recorded answer; submissions from the ids
 *   the recordings list later, per form, in creation order). After it, a created form gets the
 *   recorded slug and a submission the recorded UUID (random values on the real server).
 * - Time: only `Date` is faked; before each exchange the clock moves to the recording's time line
 *   (the latest `created_at`/`updated_at` its answer shows, or the recorded creation time of the
 *   submission it creates; never backwards), so objects get the recorded timestamps to the second
 *   and lists sort like on the recording server, ties included.
 * - Out-of-band steps the comments describe are applied at the marked exchanges (`STEPS`).
 * - The server cache (rate-limit counters and the 5-minute poll cache) is cleared at the start of
 *   every file and where a comment says the cache was cleared or empty. In the rate-limit scenario
 *   the unrecorded calls of a burst ("Call #59") are made too, so the counters are the recorded ones.
 * - Placeholders: `{base_url}` is the sandbox's base URL and `{front_url}` its origin (share links);
 *   `{hook_base_url}` is `https://hooks.example.net` and `{dead_hook_base_url}`
 *   `https://dead.example.net:8443` (test/helpers/recorded.ts): public hosts, so the sandbox records
 *   the deliveries (`sandbox.deliveries()`) instead of sending them, and they are checked there;
 *   `resolveHook` says nothing listens on the dead one (refused: cURL error 7 in the event log).
 *   A recorded signed link in a request becomes the link the sandbox gave at the same place.
 * - What is compared: the status; the headers `content-type`, `content-disposition` (exactly),
 *   `x-ratelimit-limit` (exactly), `x-ratelimit-remaining` (exactly in limits--rate-limit-429;
 *   elsewhere by how much each user's bucket went down between two recorded answers, so the same
 *   calls count, since the recording server's counters also counted a few unrecorded calls, listed
 *   in `UNRECORDED_CALLS`),
 *   `retry-after` (1..60 s) and `x-ratelimit-reset` (a Unix time within the minute), and no
 *   rate-limit header where none was recorded; the JSON body: keys and value types recursively,
 *   arrays item by item with the recorded length, and every value exactly except timestamps (their
 *   format: `Y-m-d H:i:s`, ISO 8601 with microseconds, ...), UUIDs inside strings, signed links
 *   (origin, path with the decoded file name, query keys) and the few random values listed in
 *   `TYPE_ONLY`; CSV bodies by header row and cell (the encoded id column by format). Deliveries:
 *   the same number and order after the request, host and path, every recorded header but Host,
 *   User-Agent and Content-Length (the signature checked as HMAC of the body with the scenario's
 *   secret), no other header, the body like a JSON answer, and the slash escaping of the raw body.
 *
 * Known local artefacts of the recording server (README of the recordings), and what is asserted:
 * | # | artefact                          | the contract asserts                                         |
 * |---|-----------------------------------|--------------------------------------------------------------|
 * | 1 | booleans as 0/1 (sqlite)          | the recorded 0/1, with the sandbox's `intBooleans` switch on  |
 * | 2 | `search` answers 500 (sqlite)     | the production behaviour: 200, only submissions with an     |
 * |   |                                   | answer containing the text (case-insensitive), list shape   |
 * | 3 | every workspace is Pro            | as recorded (the recorded seed's workspaces are Pro)        |
 * | 4 | loopback webhook URLs accepted    | not reached: hook placeholders are public hosts             |
 * | 5 | licence limit 403 / payment 422   | as recorded, with the sandbox's `selfHosted` switch on       |
 * | 6 | jobs run synchronously            | as recorded: deliveries before the answer, async export job |
 * |   |                                   | completed at once (`exportPollDelayMs: 0`)                  |
 * | 7 | local file storage, http base URL | file links as recorded (`{base_url}/open/forms/{id}/        |
 * |   |                                   | submissions/file/...`); the export job's `file_url` (only   |
 * |   |                                   | seen with a browser session) by type only                   |
 * | 8 | counters reset between groups     | the cache is cleared where the recording server's was       |
 * | 9 | captcha without provider          | as recorded (the "captcha missing" 422)                     |
 * |10 | invites accepted/expired in DB    | the same edits, out of band, then the recorded answers      |
 */

import { RECORDED_AUTH_VALUES, recordedForm, recordedSeed } from '../../sandbox/recorded-seed';
import { REAL_RATE_LIMITS, type SandboxOptions, startSandbox } from '../../sandbox/server';
import { PLACEHOLDERS, RECORDED_DIR } from '../helpers/recorded';
import { REBUILT_SERVER_FILES, RECORDING_ORDER } from './recordings';
import { Replay } from './replay';
import type { ReplayConfig } from './replay-config';
import { contractSuite } from './suite';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** Random values of the real server, compared by type only everywhere. */
const TYPE_ONLY = [
  // `openform-<form id>-pending-submission-<random>`
  /\.form_pending_submission_key$/,
];

const FORM18 = {
  name: 'aaaaaaaa-0000-4000-8000-000000000001',
  n: 'aaaaaaaa-0000-4000-8000-000000000002',
};

/**
 * Harness steps at marked exchanges: the out-of-band actions the recordings' comments describe,
 * and ids the recording shows only in a later exchange.
 */
const STEPS: ReplayConfig['outOfBand'] = {
  'external--hook-delivery-every-block#1': {
    what: 'upload files placed in the temporary upload storage before the every-block submission',
    before: (replay) => {
      const uploads = replay.sandbox.state.uploads;
      if (uploads === undefined) throw new Error('The sandbox has no temporary upload storage.');
      for (const [uuid, name, content, type] of [
        ['27059e85-7a14-40c3-9d36-862669b1ecc7', 'cv.pdf', '%PDF-1.4 recorded cv\n', 'application/pdf'],
        ['7ac1bb82-d070-4535-9055-6e129b6f1cf1', 'notes.txt', 'meeting notes\n', 'text/plain'],
      ] as const)
        uploads.set(uuid, { uuid, content: Buffer.from(content), contentType: type, clientName: name });
    },
  },
  'submissions--captcha-form#2': {
    what: 'one captcha-form submission stored directly (2066)',
    before: (replay, ex) => {
      const body = ex.response.body as { data: Array<{ id: number; data: Record<string, unknown> }> };
      for (const item of body.data) {
        const { status: _s, created_at, id: _i, submission_id: _u, ...answers } = item.data;
        replay.insertSubmission(item.id, 17, String(created_at), answers);
      }
    },
  },
  'exports--async-and-status#0': {
    what: 'form 18 with 1001 submissions (2067..3067) inserted directly',
    before: (replay) => {
      const state = replay.sandbox.state;
      if (!state.forms.some((f) => f.id === 18)) {
        const form6 = state.forms.find((f) => f.id === 6);
        // only the slug and the questions are recorded (the CSV header); the title is invented
        state.forms.push(
          recordedForm(
            18,
            6,
            5,
            'large-form-h6fdmj',
            'Large Form',
            [
              { id: FORM18.name, type: 'text', name: 'Name', hidden: false, required: false },
              { id: FORM18.n, type: 'number', name: 'N', hidden: false, required: false },
            ],
            { ...(form6?.attributes ?? {}) },
          ),
        );
      }
      // one second apart, the newest (Person 1001) at 17:25:29 (#0); the CSV (#7) shows Person 958
      // at 17:24
      const newest = Date.parse('2026-11-23T17:25:29Z');
      for (let k = 1; k <= 1001; k++) {
        const at = new Date(newest - (1001 - k) * 1000).toISOString().replace(/\.\d{3}Z$/, '.000000Z');
        replay.insertSubmission(2066 + k, 18, at, { [FORM18.name]: `Person ${k}`, [FORM18.n]: k });
      }
    },
  },
  'exports--async-and-status#1': {
    what: 'the job id is random on the real server: the job started here takes the recorded id, which #3 and #5 read',
    after: (replay, ex) => {
      const job = replay.sandbox.state.exports.at(-1);
      if (job === undefined) throw new Error('The sandbox started no export job.');
      job.id = (ex.response.body as { job_id: string }).job_id;
    },
  },
  'team--leave#5': {
    what: 'the sole admin leaves and gets a new personal workspace: the recording server gave it id 13 (ids 11 and 12 went to other activity on the server)',
    before: (replay) => {
      replay.sandbox.state.next.workspace = 13;
    },
  },
  'team--invites#0': {
    what: 'the invite is then marked accepted in the database',
    after: (replay, ex) => {
      const id = (ex.response.body as { invite: { id: number } }).invite.id;
      const invite = replay.sandbox.state.invites.find((i) => i.id === id);
      if (invite === undefined) throw new Error(`The sandbox has no invite ${id} to mark accepted.`);
      invite.status = 'accepted';
    },
  },
  'team--invites#1': {
    what: "the invite's valid_until is then moved 2 days into the past in the database",
    after: (replay, ex) => {
      const id = (ex.response.body as { invite: { id: number } }).invite.id;
      const invite = replay.sandbox.state.invites.find((i) => i.id === id);
      if (invite === undefined) throw new Error(`The sandbox has no invite ${id} to expire.`);
      invite.valid_until = new Date(Date.now() - 2 * 86_400_000).toISOString();
    },
  },
  'limits--abilities-403#28': {
    what: 'the PUT with one answer deleted the others; they were restored afterwards (unrecorded PUT)',
    before: (replay) => {
      const s = replay.sandbox.state.submissions.find((x) => x.id === 1049);
      replay.saved.set('1049', structuredClone(s?.answers));
    },
    after: (replay) => {
      const s = replay.sandbox.state.submissions.find((x) => x.id === 1049);
      const saved = replay.saved.get('1049');
      if (s !== undefined && isRecord(saved)) s.answers = saved;
    },
  },
};

const EXPECTATIONS: ReplayConfig['expectations'] = {
  'submissions--list#6': {
    reason: 'artefact 2: production (PostgreSQL) filters by answer text instead of the recorded sqlite 500',
    status: 200,
    check: (body) => {
      if (!isRecord(body) || !Array.isArray(body.data) || !isRecord(body.meta) || !isRecord(body.links))
        return ['search: a paginated list {data, links, meta} expected'];
      const out: string[] = [];
      if (body.data.length === 0) out.push('search "Ada": no submission found, form 6 has several');
      body.data.forEach((item, i) => {
        const answers = isRecord(item) && isRecord(item.data) ? Object.entries(item.data) : [];
        const hit = answers.some(
          ([k, v]) =>
            !['status', 'created_at', 'id', 'submission_id'].includes(k) &&
            JSON.stringify(v).toLowerCase().includes('ada'),
        );
        if (!hit) out.push(`search "Ada": data[${i}] has no answer containing "Ada"`);
      });
      return out;
    },
  },
  'external--submissions-recent#6': {
    reason: 'OpnForm invents sample values (faker) for a form with no submissions',
    typeOnly: [/^\$\[0\]\.submission\./, /^\$\[0\]\.data\.[^.]+\.value$/],
  },
  'submissions--file-links#2': {
    reason: 'the PNG body is replaced by a placeholder text in the recording',
    typeOnly: [/^\$$/],
  },
  'exports--async-and-status#5': {
    reason: 'artefact 7: the export file URL of local storage (`{base_url}/local/temp/...`)',
    typeOnly: [/^\$\.file_url$/],
  },
};

/** Calls the recording server's counters show before these exchanges, absent from the recording. */
const UNRECORDED_CALLS: ReplayConfig['unrecordedCalls'] = {
  'external--submissions-recent#7': { auth: 'main', limit: 60, calls: 1, why: 'counter 58 -> 56' },
  'forms--update-form#7': {
    auth: 'main',
    limit: 100,
    calls: 6,
    why: 'counter 75 -> 68: this exchange was appended later (README)',
  },
  'submissions--update#1': { auth: 'main', limit: 100, calls: 1, why: 'counter 99 -> 97' },
  'integrations--update#1': { auth: 'main', limit: 100, calls: 1, why: 'counter 99 -> 97' },
};

const CONFIG: ReplayConfig = {
  unrecordedCalls: UNRECORDED_CALLS,
  expectations: EXPECTATIONS,
  outOfBand: STEPS,
  typeOnlyEverywhere: TYPE_ONLY,
  exactRemaining: ['limits--rate-limit-429'],
};

contractSuite({
  name: 'recordings (test/recorded/)',
  dir: RECORDED_DIR,
  order: RECORDING_ORDER,
  // group 9: recorded later on a rebuilt server (other users and ids), replayed from its own seed
  replayedBy: { 'rebuilt.tests.ts': REBUILT_SERVER_FILES },
  auth: RECORDED_AUTH_VALUES,
  keys: () => [...Object.keys(STEPS), ...Object.keys(EXPECTATIONS), ...Object.keys(UNRECORDED_CALLS)],
  start: async (setClock) => {
    const options: SandboxOptions = {
      initial: recordedSeed(),
      rateLimits: REAL_RATE_LIMITS,
      exportPollDelayMs: 0,
      intBooleans: true,
      selfHosted: true,
      // {dead_hook_base_url}: nothing listens there (cURL error 7 in the event log); the other hook
      // URLs are public hosts, so their deliveries are recorded (`sandbox.deliveries()`), not sent
      resolveHook: (url) => (url.startsWith(`${PLACEHOLDERS.dead_hook_base_url}/`) ? null : undefined),
    };
    const sandbox = await startSandbox(options);
    return {
      sandbox,
      replay: new Replay(sandbox, CONFIG, (id, form) => id === 2066 || form === 18, setClock),
    };
  },
});

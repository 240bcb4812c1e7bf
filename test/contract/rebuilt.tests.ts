/**
 * The contract test of the recordings' group 9 (`test/recorded/`, recorded on 2026-11-25 on a
 * rebuilt server: `workspaces--create-update-delete`, `forms--duplicate-form`,
 * `submissions--file-upload`), replayed against the sandbox.
 *
 * Design (what differs from recorded.test.ts, whose replay and comparison are used as they are)
 * - One sandbox, started from the rebuilt-server seed (`sandbox/rebuilt-seed.ts`: users 9 and 10,
 *   their home workspaces 10 and 11, a token per `auth` value of these files), in sync mode with the
 *   recording server's settings: the real rate limits, booleans as 0/1 (`intBooleans`), the
 *   self-hosted rules (`selfHosted`: a create's custom slug, the feature flags' licence) and local
 *   file storage (the default: `POST /vapor/signed-storage-url` answers 500, as recorded).
 * - The files are replayed in the README's order (group 9), state carrying over: the workspaces
 *   file leaves workspace 10 with no form, the duplicate file adds workspace 16 and forms 23 to 26,
 *   the upload file form 29 and submissions 9037 to 9039.
 * - Uploads are sent as multipart form data rebuilt from the recorded parts (test/contract/
 *   multipart.ts: placeholders become bytes of the recorded size); the uuid an upload answers is
 *   random, so the sandbox's upload takes the recorded uuid that later answers name.
 * - Created forms, submissions and workspaces take the recorded ids (forms and submissions as in
 *   recorded.test.ts; workspaces follow one another from the seed's next id, 13).
 * - Time: as in recorded.test.ts, the clock starting a second before the first answer with a time
 *   (all of the workspaces file's answers fall within the same minute, rate-limit windows too).
 *
 * Every exchange is replayed and compared. Compared otherwise (`EXPECTATIONS`, `UNRECORDED_CALLS`):
 * - `submissions--file-upload#4`: recorded after the rest of the file and inserted here, so its
 *   `X-RateLimit-Remaining` is out of sequence (any count is accepted there), and the next answer of
 *   each bucket it counted in (#5: the upload limit, #8: the API limit) went down by one call less
 *   on the recording server than in the sandbox;
 * - `submissions--file-upload#21`: the downloaded PNG's body is a placeholder text in the recording.
 */

import { REBUILT_AUTH, REBUILT_AUTH_VALUES, rebuiltSeed } from '../../sandbox/rebuilt-seed';
import { REAL_RATE_LIMITS, startSandbox } from '../../sandbox/server';
import { RECORDED_DIR } from '../helpers/recorded';
import { REBUILT_SERVER_FILES, RECORDING_ORDER } from './recordings';
import { Replay } from './replay';
import type { ReplayConfig } from './replay-config';
import { contractSuite } from './suite';

const EXPECTATIONS: ReplayConfig['expectations'] = {
  'submissions--file-upload#4': {
    reason: 'recorded after the rest of the file and inserted here: its upload counter is out of sequence',
    headerPatterns: { 'x-ratelimit-remaining': /^\d+$/ },
  },
  'submissions--file-upload#21': {
    reason: 'the PNG body is replaced by a placeholder text in the recording',
    typeOnly: [/^\$$/],
  },
};

const UNRECORDED_CALLS: ReplayConfig['unrecordedCalls'] = {
  'submissions--file-upload#5': {
    auth: 'none',
    limit: 30,
    calls: -1,
    why: 'upload #4 was made after the file on the recording server: it did not count before #5 there',
  },
  'submissions--file-upload#8': {
    auth: 'none',
    limit: 100,
    calls: -1,
    why: 'upload #4 was made after the file on the recording server: it did not count before #8 there',
  },
};

const CONFIG: ReplayConfig = {
  unrecordedCalls: UNRECORDED_CALLS,
  expectations: EXPECTATIONS,
  outOfBand: {},
  // `openform-<form id>-pending-submission-<random>`
  typeOnlyEverywhere: [/\.form_pending_submission_key$/],
  exactRemaining: [],
};

contractSuite({
  name: 'rebuilt-server recordings (test/recorded/, group 9)',
  dir: RECORDED_DIR,
  order: REBUILT_SERVER_FILES,
  replayedBy: { 'recorded.tests.ts': RECORDING_ORDER },
  auth: REBUILT_AUTH_VALUES,
  keys: () => [...Object.keys(EXPECTATIONS), ...Object.keys(UNRECORDED_CALLS)],
  start: async (setClock) => {
    const sandbox = await startSandbox({
      initial: rebuiltSeed(),
      rateLimits: REAL_RATE_LIMITS,
      intBooleans: true,
      selfHosted: true,
    });
    const replay = new Replay(sandbox, CONFIG, () => false, setClock, {
      dir: RECORDED_DIR,
      files: REBUILT_SERVER_FILES,
      auth: REBUILT_AUTH,
      // the users were made at 11:43:02; the first answer with a time is at 11:43:41
      startsAt: '2026-11-25T11:43:40Z',
    });
    return { sandbox, replay };
  },
});

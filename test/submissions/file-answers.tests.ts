import { Readable } from 'node:stream';
// not faked by Jest's fake timers (they replace the globals): a real millisecond between clock moves
import { setTimeout as realDelay } from 'node:timers/promises';
import nock from 'nock';
import { STALL_MS } from '../../src/http/timed-download';
import { UPLOAD_RESERVE_MS } from '../../src/http/upload';
import { clock, STEP_BUDGET_MS } from '../../src/shared/budget';
import { failure, run } from '../helpers/app';
import { recordedScope } from '../helpers/recorded';
import { otherHost, publicApi } from '../helpers/scopes';
import {
  ADA,
  create,
  createFails,
  DOCUMENTS,
  emptyList,
  FIRST_PAGE,
  files,
  flags,
  formRead,
  LIST,
  NOTES,
  PNG,
  RECEIPT,
  STORAGE,
  stored,
  TOO_LARGE,
  UPLOAD_REFUSED,
  uploadScope,
  watchSpools,
} from './file-answers-fixtures';

const spools = watchSpools();

describe('Create Submission with files (local storage: POST /upload-file)', () => {
  test('downloads both files, uploads them as recorded (#1-#3) and answers with the stored names (#12)', async () => {
    const scopes = [
      formRead(),
      recordedScope(emptyList(), { query: FIRST_PAGE }),
      stored('/cli-platform/7f3a/receipt', PNG, 'image/png', 'receipt.png'),
      stored('/cli-platform/9b1c/notes.txt', NOTES, 'text/plain; charset=utf-8'),
      flags(true),
      uploadScope(files.exchange(2), PNG),
      // #3 was sent with a token the route ignores; the step sends none
      uploadScope(files.exchange(3)),
      recordedScope(files.exchange(12), { anonymous: true }),
      recordedScope(LIST, { query: FIRST_PAGE }),
    ];
    const out = (await run(create, ADA)) as { id: number; outcome: string; answers: Record<string, unknown> };
    expect(scopes.map((s) => s.isDone())).toEqual(scopes.map(() => true));
    expect(out.id).toBe(9037);
    expect(out.outcome).toBe('created');
    // the temporary files are gone
    expect(spools.made()).toHaveLength(1);
    expect(spools.left()).toEqual([]);
  });

  test('a file of a type the question does not take is refused before any upload (as #9 would answer)', async () => {
    const error = await createFails(
      { receipt: `${STORAGE}/cli-platform/1/notes.txt` },
      stored('/cli-platform/1/notes.txt', NOTES, 'text/plain'),
    );
    expect(error).toEqual({
      name: 'AppError',
      code: 'invalid_input',
      status: 400,
      message:
        'Invalid input: Receipt (answer__5ebcef29-e44f-45b6-9e3c-0ad1b6d1da36) got the file "notes.txt": takes png, ' +
        'jpg files only. Nothing was submitted.',
    });
  });

  test("a file over the question's 1 MB is refused from its declared length, unread (as #27 would answer)", async () => {
    const error = await createFails(
      { receipt: `${STORAGE}/cli-platform/2/large.png` },
      otherHost(STORAGE)
        .get('/cli-platform/2/large.png')
        .reply(200, Buffer.alloc(1_200_000), { 'Content-Type': 'image/png', 'Content-Length': '1200000' }),
    );
    expect(error.message).toBe(TOO_LARGE);
  });

  test('a file over the limit without a declared length is cut off while spooled, and removed', async () => {
    const error = await createFails(
      { receipt: `${STORAGE}/cli-platform/3/large.png` },
      otherHost(STORAGE)
        .get('/cli-platform/3/large.png')
        .reply(200, () => Readable.from([Buffer.alloc(600_000), Buffer.alloc(600_000)]), {
          'Content-Type': 'image/png',
        }),
    );
    expect(error.message).toBe(TOO_LARGE);
    // the part already spooled is removed
    expect(spools.made()).toHaveLength(1);
    expect(spools.left()).toEqual([]);
  });

  test('two files for a one-file question, or a value that is no file, are refused before any download', async () => {
    const read = formRead();
    const error = await failure(
      run(create, {
        ...ADA,
        [`answer__${RECEIPT}`]: [`${STORAGE}/a.png`, `${STORAGE}/b.png`],
        [`answer__${DOCUMENTS}`]: ['just some text'],
      }),
    );
    // only the form is read (the inputs are checked against its questions)
    expect(read.isDone()).toBe(true);
    expect(error.message).toBe(
      'Invalid input: Receipt (answer__5ebcef29-e44f-45b6-9e3c-0ad1b6d1da36) takes one file (got 2): the question ' +
        'allows one; Documents (answer__6bcdc00a-ffad-4230-98d7-1f292b46e0b0) must be a file: map a file from an ' +
        'earlier step, or a public https link to one. Nothing was submitted.',
    );
  });

  test("the upload route's refusal (#6) names the question; nothing is submitted", async () => {
    const ex = files.exchange(6);
    const error = await createFails(
      { documents: `${STORAGE}/cli-platform/4/page.txt` },
      stored('/cli-platform/4/page.txt', NOTES, 'text/plain', 'notes.txt'),
      flags(true),
      publicApi()
        .post('/upload-file')
        .reply(422, ex.response.body as nock.Body, ex.response.headers),
    );
    expect(error).toEqual({
      name: 'AppError',
      code: 'validation_failed',
      status: 422,
      message: UPLOAD_REFUSED,
    });
  });
});

describe("the step's time budget", () => {
  const realNow = clock.now;
  afterEach(() => {
    clock.now = realNow;
  });

  test('an upload is not started with less than the write reserve + 2 s left; nothing is submitted', async () => {
    let now = 1_000_000;
    clock.now = () => now;
    const error = await createFails(
      { receipt: `${STORAGE}/cli-platform/7f3a/receipt` },
      otherHost(STORAGE)
        .get('/cli-platform/7f3a/receipt')
        .reply(() => {
          // the download took 16 s of the 25: 9 s left, under the 10 s an upload needs
          now += 16_000;
          return [
            200,
            PNG,
            { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="receipt.png"' },
          ];
        }),
      flags(true),
    );
    expect(error).toEqual({
      name: 'AppError',
      code: 'out_of_time',
      status: 504,
      message:
        'Not enough of this step\'s time is left to upload "receipt.png" (Zapier stops a step after 30 seconds). ' +
        'Nothing was submitted; run the step again, with fewer or smaller files.',
    });
  });
});

/**
 * Runs a step in fake time (timers and Date: the budget's clock too; ticks and I/O real, so nock and the
 * spool work), moving the clock 250 ms at a time until the step settles: no real waiting of seconds.
 */
/** When the file host answered (its headers), in fake time. */
let answeredAt = 0;

const inFakeTime = async (step: () => Promise<unknown>) => {
  jest.useFakeTimers({
    doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'hrtime', 'performance'],
  });
  try {
    const started = Date.now();
    answeredAt = started;
    let settled = false;
    const result = step().finally(() => {
      settled = true;
    });
    result.catch(() => undefined);
    // the clock moves only while no file operation is under way (the spool's I/O takes no step time)
    const busy = () => process.getActiveResourcesInfo().some((kind) => kind.startsWith('FSReq'));
    while (!settled && Date.now() - started < 60_000) {
      do await realDelay(1);
      while (busy());
      jest.advanceTimersByTime(250);
    }
    return { outcome: await result, started, ended: Date.now() };
  } finally {
    jest.useRealTimers();
  }
};

/** The routes a submission would use after the downloads, counted (none may be reached). */
const submitRoutes = () => {
  const hits: string[] = [];
  const count = (route: string) => () => {
    hits.push(route);
    return [500, {}] as [number, unknown];
  };
  publicApi().get('/content/feature-flags').optionally().reply(count('flags'));
  publicApi().post('/upload-file').optionally().reply(count('upload'));
  publicApi().post('/forms/file-upload-form-ztk9iv/answer').optionally().reply(count('answer'));
  return hits;
};

describe("a file host that stalls or is too slow for the step's time", () => {
  const RECEIPT_AT = '/cli-platform/5/receipt.png';
  const HOST = 'zapier-dev-files.s3.amazonaws.com';
  /** One byte, then nothing (the 121 s run), or one byte a second (its 47 s run). */
  const stalled = () => {
    answeredAt = Date.now();
    const body = new Readable({ read() {} });
    body.push(PNG.subarray(0, 1));
    return body;
  };
  const trickle = () => {
    let sent = 0;
    const body = new Readable({ read() {} });
    const timer = setInterval(() => {
      body.push(PNG.subarray(sent, sent + 1));
      sent += 1;
    }, 1000);
    body.on('close', () => clearInterval(timer));
    return body;
  };
  // the host that never sends its headers holds a 60 s reply timer in nock: dropped, or Jest waits on it
  afterEach(() => nock.abortPendingRequests());
  const WAITED = 'Nothing was submitted. Check that the link still works, then try again.';
  const SLOW =
    ": this step must finish within 30 seconds (Zapier's limit), uploads included. Nothing was submitted. Try " +
    'again later, or with a smaller file.';

  test.each([
    [
      'sends one byte, then nothing',
      (scope: nock.Interceptor) => scope.reply(200, stalled, { 'Content-Type': 'image/png' }),
      { after: 'headers', ms: STALL_MS },
      { code: 'unreachable', status: 503 },
      `The file for "Receipt" stopped arriving from ${HOST}: no data came for 5 seconds. ${WAITED}`,
    ],
    [
      'sends one byte a second',
      (scope: nock.Interceptor) => scope.reply(200, trickle, { 'Content-Type': 'image/png' }),
      { after: 'start', ms: STEP_BUDGET_MS - UPLOAD_RESERVE_MS },
      { code: 'out_of_time', status: 504 },
      `The file for "Receipt" came too slowly from ${HOST}${SLOW}`,
    ],
    [
      'never sends its headers',
      (scope: nock.Interceptor) => scope.delay(60_000).reply(200, PNG, { 'Content-Type': 'image/png' }),
      { after: 'start', ms: STEP_BUDGET_MS - UPLOAD_RESERVE_MS },
      { code: 'out_of_time', status: 504 },
      `The file for "Receipt" could not be downloaded in time from ${HOST}${SLOW}`,
    ],
  ])(
    'a host that %s is given up within the budget: no temporary file, nothing submitted',
    async (_, answer, endsAt, kind, message) => {
      const hits = submitRoutes();
      const { outcome, started, ended } = await inFakeTime(() =>
        createFails({ receipt: `${STORAGE}${RECEIPT_AT}` }, answer(otherHost(STORAGE).get(RECEIPT_AT))),
      );
      expect(outcome).toEqual({ name: 'AppError', ...kind, message });
      // ended when the rule says (within a second of it: a stall counts from the host's headers, the
      // deadline from the step's start), inside the step's budget
      const waited = ended - (endsAt.after === 'headers' ? answeredAt : started);
      expect(waited).toBeGreaterThanOrEqual(endsAt.ms);
      expect(waited).toBeLessThan(endsAt.ms + 1000);
      expect(ended - started).toBeLessThan(STEP_BUDGET_MS);
      expect(hits).toEqual([]);
      expect(spools.made()).toHaveLength(1);
      expect(spools.left()).toEqual([]);
    },
  );
});

describe("a failure of the file's host, or of OpnForm's public routes", () => {
  test.each([
    [
      403,
      'access refused',
      'the link needs a login or has expired: give a public link, or the file itself from an earlier step.',
      'forbidden',
    ],
    [404, 'not found', 'the link is broken, or the file was removed or has expired.', 'not_found'],
  ])(
    'a file link answering %s is the file host’s failure, named with the question',
    async (status, reason, advice, code) => {
      const hits = submitRoutes();
      const error = await createFails(
        { receipt: `${STORAGE}/cli-platform/6/receipt.png` },
        otherHost(STORAGE).get('/cli-platform/6/receipt.png').reply(status, '<Error>AccessDenied</Error>'),
      );
      expect(error).toEqual({
        name: 'AppError',
        code,
        status,
        message:
          `The file for "Receipt" could not be downloaded: zapier-dev-files.s3.amazonaws.com answered ${status} ` +
          `(${reason}). This is the file host's answer, not OpnForm's: ${advice} Nothing was submitted.`,
      });
      expect(hits).toEqual([]);
    },
  );

  const tokenless = (route: string) =>
    `OpnForm's server answered 401 (Unauthorized) to ${route}, a request sent without the access token, so ` +
    'reconnecting your account will not help. On a self-hosted server this usually means something in front of ' +
    'OpnForm (a login page, basic authentication, a proxy) guards this route: let it through to OpnForm.';

  test('a 401 from the feature flags (called without the token) is not "reconnect"', async () => {
    const error = await createFails(
      { receipt: `${STORAGE}/cli-platform/7f3a/receipt` },
      stored('/cli-platform/7f3a/receipt', PNG, 'image/png', 'receipt.png'),
      publicApi().get('/content/feature-flags').reply(401, { message: 'Unauthenticated.' }),
    );
    expect(error).toEqual({
      name: 'AppError',
      code: 'forbidden',
      status: 401,
      message: tokenless('GET /content/feature-flags'),
    });
  });

  test('a 401 from POST /upload-file is not "reconnect"; a 302 is described as a redirect', async () => {
    const errors = [];
    for (const reply of [
      (s: nock.Interceptor) => s.reply(401, { message: 'Unauthenticated.' }),
      (s: nock.Interceptor) =>
        s.reply(302, '', { Location: 'https://sso.example.org/login?next=/api/upload-file' }),
    ])
      errors.push(
        await createFails(
          { receipt: `${STORAGE}/cli-platform/7f3a/receipt` },
          stored('/cli-platform/7f3a/receipt', PNG, 'image/png', 'receipt.png'),
          flags(true),
          reply(publicApi().post('/upload-file')),
        ),
      );
    expect(errors).toEqual([
      { name: 'AppError', code: 'forbidden', status: 401, message: tokenless('POST /upload-file') },
      {
        name: 'AppError',
        code: 'bad_response',
        status: 302,
        message:
          "OpnForm's server answered POST /upload-file with a redirect (302, to sso.example.org) instead of taking " +
          'the file. On a self-hosted server this usually means something in front of OpnForm (a login page, basic ' +
          'authentication, a proxy) catches the route, or the OpnForm URL in your connection is not the API address ' +
          '(self-hosted servers usually serve it under /api). Nothing was submitted.',
      },
    ]);
  });
});

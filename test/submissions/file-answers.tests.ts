import { Readable } from 'node:stream';
import type nock from 'nock';
import { clock } from '../../src/shared/budget';
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

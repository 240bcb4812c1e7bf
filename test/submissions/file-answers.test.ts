// Files into answers (issue 22 point 3) against the exchanges recorded from a real OpnForm server
// (submissions--file-upload.json): a file the user gives is downloaded from its (Zapier storage) URL,
// checked against the question before any upload, uploaded as OpnForm's own form does it (the feature
// flags, then POST /upload-file multipart; or the S3 signed URL and a PUT), and answered with the
// stored names. Every request is the recorded one; every interceptor is used.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import nock from 'nock';
import type { FormBlock } from '../../src/schemas/forms';
import { clock } from '../../src/shared/budget';
import { fileHelp, limitBytes, uploadName } from '../../src/submissions/file-answers';
import { partBytes, type RecordedPart } from '../contract/multipart';
import { failure, op, run } from '../helpers/app';
import { type RecordedExchange, recorded, recordedScope } from '../helpers/recorded';
import { otherHost, publicApi } from '../helpers/scopes';
import { postgres } from './recorded-forms';

const create = op('creates.create_submission.operation.perform');
const update = op('creates.update_submission.operation.perform');
const files = recorded('submissions--file-upload');

const NAME = '8a1a1658-f2f7-4f05-8e05-36b848acf19b';
const RECEIPT = '5ebcef29-e44f-45b6-9e3c-0ad1b6d1da36';
const DOCUMENTS = '6bcdc00a-ffad-4230-98d7-1f292b46e0b0';
/** Form 29 as `POST /open/forms` answered it (#0): Receipt takes one png or jpg up to 1 MB, Documents several. */
const FORM = (files.exchange(0).response.body as { form: Record<string, unknown> }).form;
const FIRST_PAGE = { page: '1', per_page: '100' };

/** Zapier's file storage, where a file from an earlier step is (a public https host). */
const STORAGE = 'https://zapier-dev-files.s3.amazonaws.com';
/** The recorded files' bytes (#2: receipt.png, 2396 bytes; #3: notes.txt; #18: receipt-v2.png, 1888 bytes). */
const partOf = (index: number) => (files.exchange(index).request.body as { file: RecordedPart }).file;
const PNG = partBytes(partOf(2));
const NOTES = partBytes(partOf(3)).toString('utf8');
const PNG_V2 = partBytes(partOf(18));

const stored = (path: string, body: Buffer | string, type: string, name?: string) =>
  otherHost(STORAGE)
    .get(path)
    .reply(200, body, {
      'Content-Type': type,
      'Content-Length': String(Buffer.byteLength(body)),
      ...(name === undefined ? {} : { 'Content-Disposition': `attachment; filename="${name}"` }),
    });

const formRead = () => publicApiOr().get('/open/forms/29').reply(200, postgres(FORM));
// the form read carries the token (recordedScope's api()); only the upload routes are public
const publicApiOr = () => nock('https://forms.example.org/api');

interface Part {
  filename?: string;
  content_type?: string;
  size: number;
  content: string;
  bytes?: Buffer;
}

/** The parts of a multipart body as the recording describes them (README: multipart requests). */
const partsOf = (body: string, contentType: string): Record<string, Part> => {
  const bytes = /^[0-9a-f]+$/i.test(body) ? Buffer.from(body, 'hex') : Buffer.from(body, 'binary');
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1] ?? '';
  const out: Record<string, Part> = {};
  const text = bytes.toString('latin1');
  for (const chunk of text.split(`--${boundary}`).slice(1, -1)) {
    const split = chunk.indexOf('\r\n\r\n');
    const head = chunk.slice(0, split);
    const data = Buffer.from(chunk.slice(split + 4, chunk.length - 2), 'latin1');
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    out[name] = {
      filename: /filename="([^"]*)"/.exec(head)?.[1],
      content_type: /Content-Type: ([^\r\n]+)/i.exec(head)?.[1],
      size: data.length,
      content: data.toString('utf8'),
      bytes: data,
    };
  }
  return out;
};

/** `POST /upload-file` exactly as recorded (part `file`: name, type, size; text content too), no token. */
const uploadScope = (ex: RecordedExchange, bytes?: Buffer) => {
  const want = (ex.request.body as Record<string, Part>).file as Part;
  let seenType = '';
  return publicApi()
    .matchHeader('content-type', (value) => {
      seenType = value;
      return /^multipart\/form-data; boundary=\S+$/.test(value);
    })
    .post('/upload-file', (body: string) => {
      const parts = partsOf(body, seenType);
      const file = parts.file;
      return (
        file !== undefined &&
        Object.keys(parts).join() === 'file' &&
        file.filename === want.filename &&
        file.content_type === want.content_type &&
        file.size === want.size &&
        (bytes === undefined ? file.content === want.content : file.bytes?.equals(bytes) === true)
      );
    })
    .reply(ex.response.status, ex.response.body as nock.Body, ex.response.headers);
};

const flags = (local: boolean) => {
  const ex = files.exchange(1);
  const body = ex.response.body as Record<string, unknown>;
  return publicApi()
    .get('/content/feature-flags')
    .reply(200, { ...body, storage: { local, s3: !local } }, ex.response.headers);
};

/** Form 29's list as recorded after the answers (#16), and before them (none of its submissions). */
const LIST = files.exchange(16);
const emptyList = (): RecordedExchange => ({
  ...LIST,
  response: { ...LIST.response, body: { ...(LIST.response.body as object), data: [] } },
});

const ADA = {
  workspace_id: 10,
  form_id: 29,
  [`answer__${NAME}`]: 'Ada Files',
  [`answer__${RECEIPT}`]: `${STORAGE}/cli-platform/7f3a/receipt`,
  [`answer__${DOCUMENTS}`]: [`${STORAGE}/cli-platform/9b1c/notes.txt`],
};

const spoolDirs = () => readdirSync(tmpdir()).filter((name) => name.startsWith('opnform-files-'));

/**
 * Create Submission with these file inputs (Name answered) on form 29, after its reads (the form, the
 * newest id) and the given interceptors, all of which must be used: the error it fails with.
 */
const createFails = async (answers: { receipt?: string; documents?: string }, ...more: nock.Scope[]) => {
  const scopes = [formRead(), recordedScope(emptyList(), { query: FIRST_PAGE }), ...more];
  const error = await failure(
    run(create, {
      ...ADA,
      [`answer__${RECEIPT}`]: answers.receipt ?? '',
      [`answer__${DOCUMENTS}`]: answers.documents ?? '',
    }),
  );
  expect(scopes.map((scope) => scope.isDone())).toEqual(scopes.map(() => true));
  return error;
};

const TOO_LARGE =
  'Invalid input: Receipt (answer__5ebcef29-e44f-45b6-9e3c-0ad1b6d1da36) got the file "large.png", larger ' +
  "than this question's limit of 1 MB. Nothing was submitted.";
/** #6's 422, in the client's one wording of a validation error, naming the question the file was for. */
const UPLOAD_REFUSED =
  'OpnForm rejected the request (422): This file type is not allowed. Documents ' +
  '(answer__6bcdc00a-ffad-4230-98d7-1f292b46e0b0): This file type is not allowed.';

describe('Create Submission with files (local storage: POST /upload-file)', () => {
  test('downloads both files, uploads them as recorded (#1-#3) and answers with the stored names (#12)', async () => {
    const before = spoolDirs();
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
    expect(spoolDirs()).toEqual(before);
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
    const before = spoolDirs();
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
    expect(spoolDirs()).toEqual(before);
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

describe('Create Submission with files (S3 storage: signed URL and PUT)', () => {
  const UUID = '4d6f1b0e-2c1a-4f57-9a0e-6b1f2d3c4e5f';
  const S3 = 'https://opnform-uploads.s3.eu-central-1.amazonaws.com';
  const SIGNED = `${S3}/tmp/${UUID}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=abc123`;

  test('asks the signed URL with the front end body (#8), PUTs the bytes there with its headers, no token', async () => {
    const scopes = [
      formRead(),
      recordedScope(emptyList(), { query: FIRST_PAGE }),
      stored('/cli-platform/7f3a/receipt', PNG, 'image/png', 'receipt.png'),
      flags(false),
      // Vapor's answer (code reading: SignedStorageUrlController; the recording has only the local 500)
      publicApi()
        .post('/vapor/signed-storage-url', files.exchange(8).request.body as nock.RequestBodyMatcher)
        .reply(201, {
          uuid: UUID,
          bucket: 'opnform-uploads',
          key: `tmp/${UUID}`,
          url: SIGNED,
          headers: { Host: ['opnform-uploads.s3.eu-central-1.amazonaws.com'], 'Content-Type': 'image/png' },
        }),
      otherHost(S3, {
        reqheaders: { 'content-type': 'image/png', 'content-length': String(PNG.length) },
      })
        .put(`/tmp/${UUID}`, (body: string) => Buffer.from(body, 'hex').equals(PNG))
        .query({ 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256', 'X-Amz-Signature': 'abc123' })
        .reply(200, ''),
      publicApi()
        .post(`/forms/file-upload-form-ztk9iv/answer`, {
          [NAME]: 'Ada Files',
          [RECEIPT]: [`receipt_${UUID}.png`],
        })
        .reply(200, files.exchange(12).response.body as nock.Body),
      recordedScope(
        {
          ...LIST,
          response: {
            ...LIST.response,
            body: {
              ...(LIST.response.body as object),
              data: [
                {
                  id: 9040,
                  submission_id: 'b4f1',
                  form_id: 29,
                  completion_time: null,
                  data: {
                    [NAME]: 'Ada Files',
                    [RECEIPT]: [{ file_url: `${S3}/forms/29/x?sig=1`, file_name: `receipt_${UUID}.png` }],
                    status: 'completed',
                    created_at: '2026-11-25 11:50:00',
                    id: 9040,
                    submission_id: 'b4f1',
                  },
                },
              ],
            },
          },
        },
        { query: FIRST_PAGE },
      ),
    ];
    const out = (await run(create, { ...ADA, [`answer__${DOCUMENTS}`]: '' })) as { id: number };
    expect(scopes.map((s) => s.isDone())).toEqual(scopes.map(() => true));
    expect(out.id).toBe(9040);
  });

  test('a signed URL on a private address or without https is refused; nothing is sent there', async () => {
    const error = await createFails(
      { receipt: `${STORAGE}/cli-platform/7f3a/receipt` },
      stored('/cli-platform/7f3a/receipt', PNG, 'image/png', 'receipt.png'),
      flags(false),
      publicApi()
        .post('/vapor/signed-storage-url')
        .reply(201, {
          uuid: UUID,
          key: `tmp/${UUID}`,
          url: `http://169.254.169.254/tmp/${UUID}?sig=1`,
          headers: {},
        }),
    );
    expect(error).toEqual({
      name: 'AppError',
      code: 'bad_response',
      status: 502,
      message:
        'The storage link OpnForm gave for "receipt.png" is not https; nothing was uploaded or submitted.',
    });
  });
});

describe('Update Submission with a file (#18, #19)', () => {
  test("replaces the Receipt's file and keeps the Documents' stored name: the recorded PUT", async () => {
    const scopes = [
      formRead(),
      recordedScope(LIST, { query: FIRST_PAGE }),
      stored('/cli-platform/5/receipt-v2.png', PNG_V2, 'image/png'),
      flags(true),
      uploadScope(files.exchange(18), PNG_V2),
      recordedScope(files.exchange(19)),
    ];
    const out = (await run(update, {
      workspace_id: 10,
      form_id: 29,
      submission_id: 9037,
      [`answer__${RECEIPT}`]: `${STORAGE}/cli-platform/5/receipt-v2.png`,
    })) as { id: number; answers: Record<string, unknown> };
    expect(scopes.map((s) => s.isDone())).toEqual(scopes.map(() => true));
    expect(out.id).toBe(9037);
  });

  test('a file and Answers to Clear for the same question are refused before any request but the form', async () => {
    const read = formRead();
    const error = await failure(
      run(update, {
        workspace_id: 10,
        form_id: 29,
        submission_id: 9037,
        [`answer__${DOCUMENTS}`]: [`${STORAGE}/x.txt`],
        clear_fields: ['Documents'],
      }),
    );
    expect(error.message).toBe(
      'Invalid input: Answers to Clear (clear_fields) lists "Documents", which is also given a new answer: ' +
        'choose one. Nothing was changed.',
    );
    expect(read.isDone()).toBe(true);
  });
});

describe('names and limits', () => {
  test('an upload name keeps what the server stores as is: [A-Za-z0-9_.-], 50 characters, extension', () => {
    expect(uploadName('Mon reçu (1).PNG', 'image/png')).toEqual({ base: 'Mon-recu-1', ext: 'png' });
    expect(uploadName('scan', 'image/png')).toEqual({ base: 'scan', ext: 'png' });
    expect(uploadName('scan', 'application/octet-stream')).toEqual({ base: 'scan', ext: '' });
    expect(uploadName(`${'a'.repeat(60)}.pdf`, '')).toEqual({ base: 'a'.repeat(50), ext: 'pdf' });
    expect(uploadName('日本.txt', 'text/plain')).toEqual({ base: 'file', ext: 'txt' });
  });

  test("a question's limit is the least of its own and the workspace's; the help says it", () => {
    const [receipt, documents] = (FORM.properties as FormBlock[]).slice(1);
    if (receipt === undefined || documents === undefined)
      throw new Error('form 29 has its two file questions');
    expect(limitBytes(FORM as never, receipt)).toBe(1_000_000);
    expect(limitBytes(FORM as never, documents)).toBe(50_000_000);
    expect(limitBytes({ ...FORM, max_file_size: 10 } as never, documents)).toBe(10_000_000);
    expect(fileHelp(FORM as never, receipt)).toBe('PNG or JPG, up to 1 MB. One file.');
    // the upload route's own 5 MB is the most one upload takes on a self-hosted server (local storage)
    expect(fileHelp(FORM as never, documents)).toBe('Any file, up to 50 MB (5 MB on a self-hosted server).');
    expect(fileHelp(FORM as never, { id: 's', type: 'signature' })).toBe(
      'PNG, JPG, JPEG or PDF, up to 50 MB (5 MB on a self-hosted server). An image or PDF of the signature.',
    );
  });
});

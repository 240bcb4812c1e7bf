// Shared fixtures of the file-answer tests (file-answers.tests.ts, file-answers-s3.tests.ts): form 29 of
// submissions--file-upload.json, the recorded files, and the interceptors the steps need.
import { existsSync } from 'node:fs';

// the module object itself (a namespace import would be a copy, and a spy on it would see nothing)
import fsPromises = require('node:fs/promises');

import nock from 'nock';
import { partBytes, type RecordedPart } from '../contract/multipart';
import { failure, op, run } from '../helpers/app';
import { type RecordedExchange, recorded, recordedScope } from '../helpers/recorded';
import { otherHost, publicApi } from '../helpers/scopes';
import { postgres } from './recorded-forms';

export const create = op('creates.create_submission.operation.perform');
export const update = op('creates.update_submission.operation.perform');
export const files = recorded('submissions--file-upload');

export const NAME = '8a1a1658-f2f7-4f05-8e05-36b848acf19b';
export const RECEIPT = '5ebcef29-e44f-45b6-9e3c-0ad1b6d1da36';
export const DOCUMENTS = '6bcdc00a-ffad-4230-98d7-1f292b46e0b0';
/** Form 29 as `POST /open/forms` answered it (#0): Receipt takes one png or jpg up to 1 MB, Documents several. */
export const FORM = (files.exchange(0).response.body as { form: Record<string, unknown> }).form;
export const FIRST_PAGE = { page: '1', per_page: '100' };

/** Zapier's file storage, where a file from an earlier step is (a public https host). */
export const STORAGE = 'https://zapier-dev-files.s3.amazonaws.com';
/** The recorded files' bytes (#2: receipt.png, 2396 bytes; #3: notes.txt; #18: receipt-v2.png, 1888 bytes). */
export const partOf = (index: number) => (files.exchange(index).request.body as { file: RecordedPart }).file;
export const PNG = partBytes(partOf(2));
export const NOTES = partBytes(partOf(3)).toString('utf8');
export const PNG_V2 = partBytes(partOf(18));

export const stored = (path: string, body: Buffer | string, type: string, name?: string) =>
  otherHost(STORAGE)
    .get(path)
    .reply(200, body, {
      'Content-Type': type,
      'Content-Length': String(Buffer.byteLength(body)),
      ...(name === undefined ? {} : { 'Content-Disposition': `attachment; filename="${name}"` }),
    });

export const formRead = () => publicApiOr().get('/open/forms/29').reply(200, postgres(FORM));
// the form read carries the token (recordedScope's api()); only the upload routes are public
export const publicApiOr = () => nock('https://forms.example.org/api');

interface Part {
  filename?: string;
  content_type?: string;
  size: number;
  content: string;
  bytes?: Buffer;
}

/** The parts of a multipart body as the recording describes them (README: multipart requests). */
export const partsOf = (body: string, contentType: string): Record<string, Part> => {
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
export const uploadScope = (ex: RecordedExchange, bytes?: Buffer) => {
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

export const flags = (local: boolean) => {
  const ex = files.exchange(1);
  const body = ex.response.body as Record<string, unknown>;
  return publicApi()
    .get('/content/feature-flags')
    .reply(200, { ...body, storage: { local, s3: !local } }, ex.response.headers);
};

/** Form 29's list as recorded after the answers (#16), and before them (none of its submissions). */
export const LIST = files.exchange(16);
export const emptyList = (): RecordedExchange => ({
  ...LIST,
  response: { ...LIST.response, body: { ...(LIST.response.body as object), data: [] } },
});

export const ADA = {
  workspace_id: 10,
  form_id: 29,
  [`answer__${NAME}`]: 'Ada Files',
  [`answer__${RECEIPT}`]: `${STORAGE}/cli-platform/7f3a/receipt`,
  [`answer__${DOCUMENTS}`]: [`${STORAGE}/cli-platform/9b1c/notes.txt`],
};

/**
 * Watches the temporary folders the steps make (`mkdtemp` of `node:fs/promises`, which
 * src/http/upload.ts calls) during each test: `made` lists them, `left` those still on disk. Only this
 * test's own folders are looked at, so files spooled by test files running at the same time never count.
 */
export const watchSpools = () => {
  const made: string[] = [];
  const real = fsPromises.mkdtemp;
  let spy: jest.SpyInstance | undefined;
  beforeEach(() => {
    made.length = 0;
    spy = jest.spyOn(fsPromises, 'mkdtemp').mockImplementation((async (prefix: string) => {
      const dir = await real(prefix);
      made.push(dir);
      return dir;
    }) as typeof fsPromises.mkdtemp);
  });
  afterEach(() => spy?.mockRestore());
  return { made: () => [...made], left: () => made.filter((dir) => existsSync(dir)) };
};

/**
 * Create Submission with these file inputs (Name answered) on form 29, after its reads (the form, the
 * newest id) and the given interceptors, all of which must be used: the error it fails with.
 */
export const createFails = async (
  answers: { receipt?: string; documents?: string },
  ...more: nock.Scope[]
) => {
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

export const TOO_LARGE =
  'Invalid input: Receipt (answer__5ebcef29-e44f-45b6-9e3c-0ad1b6d1da36) got the file "large.png", larger ' +
  "than this question's limit of 1 MB. Nothing was submitted.";
/** #6's 422, in the client's one wording of a validation error, naming the question the file was for. */
export const UPLOAD_REFUSED =
  'OpnForm rejected the request (422): This file type is not allowed. Documents ' +
  '(answer__6bcdc00a-ffad-4230-98d7-1f292b46e0b0): This file type is not allowed.';

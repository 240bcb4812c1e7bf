import type nock from 'nock';
import { fileHelp, limitBytes, uploadName } from '../../src/answers/file-answers';
import type { FormBlock } from '../../src/schemas/forms';
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
  FORM,
  files,
  flags,
  formRead,
  LIST,
  NAME,
  PNG,
  PNG_V2,
  RECEIPT,
  STORAGE,
  stored,
  update,
  uploadScope,
} from './file-answers-fixtures';

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

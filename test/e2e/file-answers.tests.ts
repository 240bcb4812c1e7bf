// Files into answers end to end (issue 22 point 3): Create and Update Submission download each file the
// user gives (here from a loopback stand-in for Zapier's file storage), upload it as OpnForm's own form
// does (the feature flags, then POST /upload-file, or with storage: 's3' the signed storage URL and a
// PUT to the sandbox's stand-in for S3), and answer with the stored names, in both modes. The requests
// OpnForm received are counted exactly.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Sandbox, startSandbox } from '../../sandbox/server';
import type { Block } from '../../sandbox/state';
import { call, modeOptions, REQUIRED_FORM_BODY, runOn } from './helpers';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(1500, 7)]);
const NOTES = 'Invoice notes\nLine two of the notes.\n';

/** Zapier's file storage stand-in: `/<name>` answers the file with its type and name. */
const FILES: Record<string, { body: Buffer | string; type: string }> = {
  'receipt.png': { body: PNG, type: 'image/png' },
  'notes.txt': { body: NOTES, type: 'text/plain' },
  'sig.png': { body: PNG, type: 'image/png' },
};
let storage: Server;
let origin = '';
beforeAll(async () => {
  storage = createServer((req, res) => {
    const file = FILES[(req.url ?? '').slice(1)];
    if (file === undefined || req.headers.authorization !== undefined) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('Content-Type', file.type);
    res.setHeader('Content-Disposition', `attachment; filename="${(req.url ?? '').slice(1)}"`);
    res.end(file.body);
  });
  await new Promise<void>((ok) => storage.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => storage.close(() => ok())));

const NAME = 'bbbb0001-0000-4000-8000-000000000001';
const RECEIPT = 'bbbb0001-0000-4000-8000-000000000002';
const DOCUMENTS = 'bbbb0001-0000-4000-8000-000000000003';
const SIGNATURE = 'bbbb0001-0000-4000-8000-000000000004';
const QUESTIONS: Block[] = [
  { id: NAME, type: 'text', name: 'Name', hidden: false, required: true },
  {
    id: RECEIPT,
    type: 'files',
    name: 'Receipt',
    hidden: false,
    required: true,
    multiple: false,
    allowed_file_types: 'png,jpg',
    max_file_size: 1,
  },
  { id: DOCUMENTS, type: 'files', name: 'Documents', hidden: false, required: false, multiple: true },
  { id: SIGNATURE, type: 'signature', name: 'Signature', hidden: false, required: false },
];

const fileForm = async (s: Sandbox) => {
  const made = await call(s, 'POST', '/open/forms', {
    body: {
      ...REQUIRED_FORM_BODY,
      workspace_id: s.ids.workspaceId,
      title: 'File Form',
      properties: QUESTIONS,
    },
  });
  expect(made.status).toBe(200);
  const form = made.json.form as { id: number; slug: string };
  // editable submissions (as the form's settings would set them): the answer names the new submission,
  // so the request counts are exact in both modes (no newest-id read, no second look)
  const stored = s.state.forms.find((f) => f.id === form.id);
  if (stored === undefined) throw new Error('the form was not stored');
  stored.editable_submissions = true;
  return form;
};

const names = (value: unknown) =>
  (Array.isArray(value) ? value : [value]).map((f) => (f as { file_name: string }).file_name);
const UPLOAD_NAME = /^[A-Za-z0-9_.-]+_[0-9a-f-]{36}\.[a-z]+$/;
const lines = (s: Sandbox) =>
  s
    .requests()
    .map((r) => `${r.method} ${r.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|file-form-\w+|\d+/g, '#')}`)
    .filter((line) => !line.startsWith('GET /__sandbox'));

describe.each([
  ['local', 'sync'],
  ['local', 'production'],
  ['s3', 'sync'],
  ['s3', 'production'],
] as const)('%s storage, %s mode', (store, mode) => {
  let s: Sandbox;
  beforeEach(async () => {
    s = await startSandbox({ ...modeOptions(mode), storage: store, submissions: 5, largeFormSubmissions: 5 });
  });
  afterEach(() => s.close());

  const upload =
    store === 'local'
      ? ['POST /upload-file']
      : ['POST /vapor/signed-storage-url', 'PUT /__sandbox/s#/opnform-sandbox-uploads/tmp/#'];

  test('Create Submission: a png, two documents and a signature, stored under their upload names', async () => {
    const form = await fileForm(s);
    s.resetRequests();
    const out = await runOn<{ id: number; answers: Record<string, unknown> }>(
      s,
      'creates.create_submission.operation.perform',
      {
        workspace_id: s.ids.workspaceId,
        form_id: form.id,
        [`answer__${NAME}`]: 'Ada Files',
        [`answer__${RECEIPT}`]: `${origin}/receipt.png`,
        [`answer__${DOCUMENTS}`]: [`${origin}/notes.txt`, `${origin}/receipt.png`],
        [`answer__${SIGNATURE}`]: `${origin}/sig.png`,
      },
    );
    expect(typeof out.id).toBe('number');
    expect(lines(s)).toEqual([
      'GET /open/forms/#',
      'GET /content/feature-flags',
      ...upload,
      ...upload,
      ...upload,
      ...upload,
      'POST /forms/#/answer',
      'GET /open/forms/#/submissions',
    ]);
    await s.worker?.run();
    const listed = (await call(s, 'GET', `/open/forms/${form.id}/submissions`)).json.data[0];
    expect(names(listed.data[RECEIPT])).toEqual([expect.stringMatching(/^receipt_[0-9a-f-]{36}\.png$/)]);
    expect(names(listed.data[DOCUMENTS])).toEqual([
      expect.stringMatching(/^notes_[0-9a-f-]{36}\.txt$/),
      expect.stringMatching(/^receipt_[0-9a-f-]{36}\.png$/),
    ]);
    expect(names(listed.data[SIGNATURE])[0]).toMatch(UPLOAD_NAME);
    // the stored receipt is the file given, byte for byte
    const download = await fetch(listed.data[RECEIPT][0].file_url);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
  });

  test('Update Submission: a new receipt replaces the old one, the documents are kept', async () => {
    const form = await fileForm(s);
    await runOn(s, 'creates.create_submission.operation.perform', {
      workspace_id: s.ids.workspaceId,
      form_id: form.id,
      [`answer__${NAME}`]: 'Ada Files',
      [`answer__${RECEIPT}`]: `${origin}/receipt.png`,
      [`answer__${DOCUMENTS}`]: [`${origin}/notes.txt`],
    });
    await s.worker?.run();
    const [before] = (await call(s, 'GET', `/open/forms/${form.id}/submissions`)).json.data;
    s.resetRequests();
    await runOn(s, 'creates.update_submission.operation.perform', {
      workspace_id: s.ids.workspaceId,
      form_id: form.id,
      submission_id: before.id,
      [`answer__${RECEIPT}`]: `${origin}/receipt.png`,
    });
    expect(lines(s)).toEqual([
      'GET /open/forms/#',
      'GET /open/forms/#/submissions',
      'GET /content/feature-flags',
      ...upload,
      'PUT /open/forms/#/submissions/#',
    ]);
    const [after] = (await call(s, 'GET', `/open/forms/${form.id}/submissions`)).json.data;
    expect(names(after.data[RECEIPT])).toHaveLength(1);
    expect(names(after.data[RECEIPT])).not.toEqual(names(before.data[RECEIPT]));
    expect(names(after.data[DOCUMENTS])).toEqual(names(before.data[DOCUMENTS]));
  });
});

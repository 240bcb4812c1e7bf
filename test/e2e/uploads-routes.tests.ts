// Files into answers, as a real OpnForm server takes them (recorded: submissions--file-upload; the
// S3 path of OpnForm Cloud read from OpnForm's and Laravel Vapor's code), in both modes: the feature
// flags, POST /upload-file into the temporary storage, the answer that moves the upload into the
// form's storage under its stored name, the question's limits, a PUT replacing a file, and the
// signed storage URL with the sandbox's stand-in for S3.
import { randomUUID } from 'node:crypto';
import { REAL_RATE_LIMITS, type Sandbox, startSandbox } from '../../sandbox/server';
import type { Block } from '../../sandbox/state';
import { fakeDateOnly } from '../helpers/clock';
import { call, MODES, modeOptions, REQUIRED_FORM_BODY } from './helpers';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(600, 7),
]);

const upload = async (
  s: Sandbox,
  name: string,
  bytes: Buffer | string,
  type = 'application/octet-stream',
) => {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const response = await fetch(`${s.baseUrl}/upload-file`, { method: 'POST', body: form });
  // biome-ignore lint/suspicious/noExplicitAny: e2e assertions walk the sandbox's JSON freely
  return { status: response.status, headers: response.headers, json: (await response.json()) as any };
};

const RECEIPT = 'aaaa0001-0000-4000-8000-000000000001';
const DOCUMENTS = 'aaaa0001-0000-4000-8000-000000000002';
const NAME = 'aaaa0001-0000-4000-8000-000000000003';
const QUESTIONS: Block[] = [
  { id: NAME, type: 'text', name: 'Name', hidden: false, required: true },
  {
    id: RECEIPT,
    type: 'files',
    name: 'Receipt',
    hidden: false,
    required: false,
    allowed_file_types: 'png,jpg',
    max_file_size: 1,
  },
  { id: DOCUMENTS, type: 'files', name: 'Documents', hidden: false, required: false, multiple: true },
];

/** A public form with a png/jpg question limited to 1 MB and a free one (as in the recording). */
const fileForm = async (s: Sandbox) => {
  const made = await call(s, 'POST', '/open/forms', {
    body: {
      ...REQUIRED_FORM_BODY,
      workspace_id: s.ids.workspaceId,
      title: 'File Upload Form',
      properties: QUESTIONS,
    },
  });
  expect(made.status).toBe(200);
  return made.json.form as { id: number; slug: string };
};

describe.each(MODES)('%s mode', (mode) => {
  let s: Sandbox;
  beforeEach(async () => {
    s = await startSandbox({ ...modeOptions(mode), submissions: 5, largeFormSubmissions: 5 });
  });
  afterEach(() => s.close());

  /** Answers publicly and waits until the answer is stored (the worker, in production mode). */
  const answer = async (slug: string, body: Record<string, unknown>) => {
    const reply = await call(s, 'POST', `/forms/${slug}/answer`, { body, token: null });
    if (reply.status === 200) await s.worker?.run();
    return reply;
  };
  const listed = async (formId: number) =>
    (await call(s, 'GET', `/open/forms/${formId}/submissions`)).json.data;

  test('the feature flags say local storage; the signed storage URL is a 500 there', async () => {
    const flags = await call(s, 'GET', '/content/feature-flags', { token: null });
    expect(flags.status).toBe(200);
    expect(flags.json).toMatchObject({
      self_hosted: false,
      storage: { local: true, s3: false },
      license: null,
    });
    expect(
      await call(s, 'POST', '/vapor/signed-storage-url', {
        body: { content_type: 'image/png' },
        token: null,
      }),
    ).toMatchObject({ status: 500, json: { message: 'Server Error' } });
  });

  test('an upload waits in the temporary storage; the answer stores it under <name>_<uuid>.<ext>, downloadable byte for byte', async () => {
    const form = await fileForm(s);
    const up = await upload(s, 'receipt.png', PNG, 'image/png');
    expect(up.status).toBe(201);
    expect(up.json).toEqual({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), key: `tmp/${up.json.uuid}` });
    expect(up.headers.get('x-ratelimit-limit')).toBe('3000');
    const stored = `receipt_${up.json.uuid}.png`;
    const reply = await call(s, 'POST', `/forms/${form.slug}/answer`, {
      body: { [NAME]: 'Ada', [RECEIPT]: [stored] },
      token: null,
    });
    expect(reply.status).toBe(200);
    // in production mode the worker's store job moves the file: until then it waits in tmp
    expect(s.state.uploads?.has(up.json.uuid)).toBe(mode === 'production');
    await s.worker?.run();
    expect(s.state.uploads?.has(up.json.uuid)).toBe(false);
    expect(s.state.files.get(stored)?.formId).toBe(form.id);
    const [item] = await listed(form.id);
    expect(item.data[RECEIPT]).toEqual([{ file_url: expect.any(String), file_name: stored }]);
    const download = await fetch(item.data[RECEIPT][0].file_url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
  });

  test("a signature given as an uploaded file is stored and served byte for byte, as the real server's store job does", async () => {
    const SIGNATURE = 'aaaa0001-0000-4000-8000-000000000004';
    const made = await call(s, 'POST', '/open/forms', {
      body: {
        ...REQUIRED_FORM_BODY,
        workspace_id: s.ids.workspaceId,
        title: 'Signature Form',
        properties: [QUESTIONS[0], { id: SIGNATURE, type: 'signature', name: 'Signature', hidden: false }],
      },
    });
    const form = made.json.form as { id: number; slug: string };
    const up = await upload(s, 'signature.png', PNG, 'image/png');
    const stored = `signature_${up.json.uuid}.png`;
    expect((await answer(form.slug, { [NAME]: 'Ada', [SIGNATURE]: stored })).status).toBe(200);
    expect(s.state.uploads?.has(up.json.uuid)).toBe(false);
    const [item] = await listed(form.id);
    expect(item.data[SIGNATURE]).toEqual([{ file_url: expect.any(String), file_name: stored }]);
    const download = await fetch(item.data[SIGNATURE][0].file_url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
  });

  test("the question's rules at answer time: a list, a known upload, its type and size", async () => {
    const form = await fileForm(s);
    const notes = await upload(s, 'notes.txt', 'Invoice notes\n', 'text/plain');
    const big = await upload(s, 'large.png', Buffer.concat([PNG, Buffer.alloc(1_100_000)]), 'image/png');
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [
        [`notes_${notes.json.uuid}.txt`],
        { [`${RECEIPT}.0`]: ['Incorrect file type. Allowed only: png,jpg'] },
      ],
      [[`receipt_${randomUUID()}.png`], { [`${RECEIPT}.0`]: ['Invalid file.'] }],
      [[`large_${big.json.uuid}.png`], { [`${RECEIPT}.0`]: ['File is too large.'] }],
      [`notes_${notes.json.uuid}.png`, { [RECEIPT]: ['The Receipt must be an array.'] }],
    ];
    for (const [value, errors] of cases) {
      const reply = await answer(form.slug, { [NAME]: 'Rules', [RECEIPT]: value });
      expect([reply.status, reply.json.errors]).toEqual([422, errors]);
    }
    // the free question takes the text file; a second answer may name it again once it is stored
    const name = `notes_${notes.json.uuid}.txt`;
    expect((await answer(form.slug, { [NAME]: 'First', [DOCUMENTS]: [name] })).status).toBe(200);
    expect((await answer(form.slug, { [NAME]: 'Again', [DOCUMENTS]: [name] })).status).toBe(200);
    const items = await listed(form.id);
    expect(
      items.map(
        (i: { data: Record<string, Array<{ file_name: string }>> }) => i.data[DOCUMENTS]?.[0]?.file_name,
      ),
    ).toEqual([name, name]);
  });

  test('a PUT replaces a file with a new upload and keeps another by its signed link; the old file stays', async () => {
    const form = await fileForm(s);
    const first = await upload(s, 'receipt.png', PNG, 'image/png');
    const doc = await upload(s, 'notes.txt', 'notes\n', 'text/plain');
    const receipt = `receipt_${first.json.uuid}.png`;
    const notes = `notes_${doc.json.uuid}.txt`;
    await answer(form.slug, { [NAME]: 'Ada', [RECEIPT]: [receipt], [DOCUMENTS]: [notes] });
    const [item] = await listed(form.id);
    const second = await upload(s, 'receipt-v2.png', PNG, 'image/png');
    const replaced = `receipt-v2_${second.json.uuid}.png`;
    const put = await call(s, 'PUT', `/open/forms/${form.id}/submissions/${item.id}`, {
      body: { [NAME]: 'Ada', [RECEIPT]: [replaced], [DOCUMENTS]: [item.data[DOCUMENTS][0].file_url] },
    });
    expect(put.status).toBe(200);
    expect(put.json.data.data[RECEIPT].map((f: { file_name: string }) => f.file_name)).toEqual([replaced]);
    expect(put.json.data.data[DOCUMENTS].map((f: { file_name: string }) => f.file_name)).toEqual([notes]);
    expect(s.state.files.has(receipt)).toBe(true);
    // a link to another host passes the rule and is dropped
    const foreign = await call(s, 'PUT', `/open/forms/${form.id}/submissions/${item.id}`, {
      body: { [NAME]: 'Ada', [DOCUMENTS]: ['https://files.example.com/notes.txt'] },
    });
    expect(foreign.status).toBe(200);
    expect(foreign.json.data.data[DOCUMENTS]).toEqual([]);
  });
});

describe('POST /upload-file refusals', () => {
  let s: Sandbox;
  beforeAll(async () => {
    s = await startSandbox({ submissions: 5, largeFormSubmissions: 5 });
  });
  afterAll(() => s.close());
  const refused = (message: string) => ({ status: 422, json: { message, errors: { file: [message] } } });

  test('no `file` part, a text field, HTML or XML by name or content, over 4883 KB', async () => {
    const form = new FormData();
    form.append('other', new Blob(['x']), 'x.txt');
    const none = await fetch(`${s.baseUrl}/upload-file`, { method: 'POST', body: form });
    expect([none.status, await none.json()]).toEqual([422, refused('The file field is required.').json]);
    const text = new FormData();
    text.append('file', 'just text');
    const field = await fetch(`${s.baseUrl}/upload-file`, { method: 'POST', body: text });
    expect([field.status, await field.json()]).toEqual([422, refused('The file must be a file.').json]);
    expect(await upload(s, 'page.html', 'hi')).toMatchObject(refused('This file type is not allowed.'));
    expect(await upload(s, 'page.txt', '<!doctype html><html><body>hi</body></html>')).toMatchObject(
      refused('This file type is not allowed.'),
    );
    expect(await upload(s, 'data.txt', '<?xml version="1.0"?><a/>')).toMatchObject(
      refused('This file type is not allowed.'),
    );
    expect(await upload(s, 'big.txt', Buffer.alloc(5_200_000, 'A'))).toMatchObject(
      refused('The file may not be greater than 4883 kilobytes.'),
    );
    expect((await upload(s, 'fine.txt', Buffer.alloc(4883 * 1024, 'A'))).status).toBe(201);
  });

  test('an SVG is kept without its scripts', async () => {
    const up = await upload(
      s,
      'logo.svg',
      '<svg onload="alert(1)"><script>alert(2)</script><rect/></svg>',
      'image/svg+xml',
    );
    expect(up.status).toBe(201);
    expect(s.state.uploads?.get(up.json.uuid)?.content.toString()).toBe('<svg><rect/></svg>');
  });

  test('30 a minute per client, on top of the API limit; the answer shows the tighter limit', async () => {
    fakeDateOnly(new Date('2026-11-25T12:00:00Z'));
    const limited = await startSandbox({
      rateLimits: REAL_RATE_LIMITS,
      submissions: 5,
      largeFormSubmissions: 5,
    });
    try {
      for (let n = 1; n <= 30; n++) {
        const ok = await upload(limited, `f${n}.txt`, 'x');
        expect([
          ok.status,
          ok.headers.get('x-ratelimit-limit'),
          ok.headers.get('x-ratelimit-remaining'),
        ]).toEqual([201, '30', String(30 - n)]);
      }
      const over = await upload(limited, 'f31.txt', 'x');
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toBe('60');
      // the 31 uploads counted in the client's API limit too
      const flags = await call(limited, 'GET', '/content/feature-flags', { token: null });
      expect(flags.headers.get('x-ratelimit-remaining')).toBe(String(100 - 32));
    } finally {
      await limited.close();
      jest.useRealTimers();
    }
  });
});

test('the hourly upload limit: its headers once it is the tighter one, and its own Retry-After', async () => {
  fakeDateOnly(new Date('2026-11-25T12:00:00Z'));
  const limited = await startSandbox({
    rateLimits: { ...REAL_RATE_LIMITS, uploadsHourly: 3 },
    submissions: 5,
    largeFormSubmissions: 5,
  });
  try {
    const first = await upload(limited, 'a.txt', 'x');
    expect([first.headers.get('x-ratelimit-limit'), first.headers.get('x-ratelimit-remaining')]).toEqual([
      '3',
      '2',
    ]);
    await upload(limited, 'b.txt', 'x');
    await upload(limited, 'c.txt', 'x');
    jest.setSystemTime(new Date('2026-11-25T12:01:30Z'));
    const over = await upload(limited, 'd.txt', 'x');
    expect([over.status, over.headers.get('retry-after')]).toEqual([429, String(3600 - 90)]);
  } finally {
    await limited.close();
    jest.useRealTimers();
  }
});

describe.each(MODES)("OpnForm Cloud's S3 path (storage: 's3'), %s mode", (mode) => {
  let s: Sandbox;
  beforeEach(async () => {
    fakeDateOnly(new Date('2026-11-25T12:00:00Z'));
    s = await startSandbox({ ...modeOptions(mode), storage: 's3', submissions: 5, largeFormSubmissions: 5 });
  });
  afterEach(async () => {
    await s.close();
    jest.useRealTimers();
  });
  const signed = async (contentType = 'image/png') => {
    const reply = await call(s, 'POST', '/vapor/signed-storage-url', {
      body: {
        bucket: '',
        content_type: contentType,
        expires: '',
        visibility: '',
        baseURL: null,
        headers: {},
      },
      token: null,
    });
    expect(reply.status).toBe(201);
    return reply.json;
  };
  /** The PUT the front end makes: the answer's headers without Host, lists joined. */
  const put = (url: string, body: Buffer, headers: Record<string, string>) =>
    fetch(url, { method: 'PUT', body, headers });

  test('the flags say s3; the signed URL answer has the shape of Vapor’s controller', async () => {
    expect((await call(s, 'GET', '/content/feature-flags', { token: null })).json.storage).toEqual({
      local: false,
      s3: true,
    });
    const json = await signed();
    expect(json).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      bucket: 'opnform-sandbox-uploads',
      key: `tmp/${json.uuid}`,
      url: expect.stringContaining(`/__sandbox/s3/opnform-sandbox-uploads/tmp/${json.uuid}?`),
      headers: { Host: [new URL(s.origin).host], 'Content-Type': 'image/png' },
    });
    expect(new URL(json.url).searchParams.get('X-Amz-Expires')).toBe('300');
  });

  test('the bytes PUT to the signed URL answer like an upload; refused without the signed type, with a token or late', async () => {
    const form = await fileForm(s);
    const json = await signed();
    expect((await put(json.url, PNG, { 'Content-Type': 'text/plain' })).status).toBe(403);
    expect(
      (await put(json.url, PNG, { 'Content-Type': 'image/png', Authorization: 'Bearer x' })).status,
    ).toBe(400);
    expect((await put(`${json.url}0`, PNG, { 'Content-Type': 'image/png' })).status).toBe(403);
    const ok = await put(json.url, PNG, { 'Content-Type': 'image/png' });
    expect(ok.status).toBe(200);
    const reply = await call(s, 'POST', `/forms/${form.slug}/answer`, {
      body: { [NAME]: 'S3', [RECEIPT]: [`scan_${json.uuid}.png`] },
      token: null,
    });
    expect(reply.status).toBe(200);
    await s.worker?.run();
    expect(s.state.files.get(`scan_${json.uuid}.png`)?.content).toEqual(PNG);
    const late = await signed();
    jest.setSystemTime(new Date('2026-11-25T12:05:01Z'));
    const expired = await put(late.url, PNG, { 'Content-Type': 'image/png' });
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('<Code>AccessDenied</Code>');
  });
});

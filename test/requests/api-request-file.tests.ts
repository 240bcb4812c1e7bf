// API Request's answers over 6 MB (Zapier's step input on the next step) become a file in Zapier's
// storage (z.stashFile, stubbed by harness/stash-stub.ts): `GET /open/forms` of 1,000 forms, built from
// the recorded forms (forms--list-all-forms #0), is 7 MB.
import { Readable } from 'node:stream';
import nock from 'nock';
import { type StashCall, withStash } from '../../harness/stash-stub';
import { FILE_ABOVE_BYTES } from '../../src/requests/api-request';
import { failure, op, run } from '../helpers/app';
import { api, recorded, recordedScope } from '../helpers/recorded';

const apiRequest = op('creates.api_request.operation.perform');
const ALL = recorded('forms--list-all-forms').exchange(0);
const RECORDED = ALL.response.body as Array<Record<string, unknown>>;

/** 1,000 forms as `GET /open/forms` lists them (the recorded three, over and over), one with a password. */
const thousandForms = () =>
  Array.from({ length: 1000 }, (_, i) => ({
    ...RECORDED[i % RECORDED.length],
    id: i + 1,
    ...(i === 0 ? { password: 'letmein-123' } : {}),
  }));

afterEach(() => nock.cleanAll());

/** A reply body sent in pieces of `size` characters, without a Content-Length. */
const pieces = (text: string, size: number) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
    })(),
  );

test('an answer over 3 MB: a file (the JSON as output, secrets masked), its link in `file`, its size in `size`', async () => {
  const forms = thousandForms();
  const body = JSON.stringify(forms);
  expect(Buffer.byteLength(body)).toBeGreaterThan(FILE_ABOVE_BYTES);
  ALL.response.body = forms;
  const scope = recordedScope(ALL);
  const calls: StashCall[] = [];
  const out = await run(withStash(apiRequest, calls), { method: 'GET', path: '/open/forms' });
  expect(scope.isDone()).toBe(true);
  expect(out).toEqual({
    status: 200,
    headers: { content_type: 'application/json', x_ratelimit_limit: '100', x_ratelimit_remaining: '82' },
    data: null,
    text: null,
    file: 'https://stash.example.org/open-forms.json',
    size: Buffer.byteLength(body),
  });
  // every non-empty password (the one set above, and the recorded form 6's) masked
  const masked = JSON.stringify(
    forms.map((f) =>
      typeof f.password === 'string' && f.password !== '' ? { ...f, password: '********' } : f,
    ),
  );
  expect(calls).toEqual([
    expect.objectContaining({
      kind: 'stream',
      bytes: Buffer.byteLength(masked),
      filename: 'open-forms.json',
      contentType: 'application/json',
    }),
  ]);
  expect(calls[0]?.text).toBe(masked.slice(0, calls[0]?.text.length));
  expect(calls[0]?.text).toContain('"password":"********"');
});

test('a text answer over 3 MB (a CSV export): a .csv file of the answer', async () => {
  // the recorded export (exports--sync-csv #2), its rows repeated past 6 MB
  const ex = recorded('exports--sync-csv').exchange(2);
  const [head, ...rows] = String(ex.response.body).split('\n');
  const times = Math.ceil(6_500_000 / Buffer.byteLength(`${rows.join('\n')}\n`));
  const csv = [head, ...Array.from({ length: times }, () => rows).flat()].join('\n');
  expect(Buffer.byteLength(csv)).toBeGreaterThan(FILE_ABOVE_BYTES);
  ex.response.body = csv;
  const scope = recordedScope(ex);
  const calls: StashCall[] = [];
  const out = await run(withStash(apiRequest, calls), {
    method: 'POST',
    path: '/open/forms/6/submissions/export',
    body: JSON.stringify(ex.request.body),
  });
  expect(scope.isDone()).toBe(true);
  expect(out).toEqual({
    status: 200,
    headers: {
      content_type: 'text/csv; charset=UTF-8',
      content_disposition: 'attachment; filename=zapier-test-form-corpus-bnml9u-submission-data.csv',
      x_ratelimit_limit: '10',
      x_ratelimit_remaining: '7',
    },
    data: null,
    text: null,
    file: 'https://stash.example.org/open-forms-6-submissions-export.csv',
    size: Buffer.byteLength(csv),
  });
  expect(calls).toEqual([
    expect.objectContaining({
      kind: 'stream',
      bytes: Buffer.byteLength(csv),
      filename: 'open-forms-6-submissions-export.csv',
      contentType: 'text/csv; charset=UTF-8',
    }),
  ]);
  expect(calls[0]?.text).toBe(csv.slice(0, calls[0]?.text.length));
});

/** API Request's error for an answer over 10 MB: its size, and how to ask for less. */
const tooLarge = (size: string) =>
  `OpnForm's answer to GET /open/forms is ${size}, more than API Request reads (10 MB), so it was not read. ` +
  'Nothing was changed in OpnForm. Ask for less at a time: a paged route, with page and per_page in Query ' +
  'String Parameters (forms: GET /open/workspaces/{workspace id}/forms, 100 a page; submissions: GET ' +
  '/open/forms/{form id}/submissions), or query parameters that filter the answer.';

test('an answer over 10 MB is refused without reading it, its declared size and a paged route named', async () => {
  api()
    .get('/open/forms')
    .reply(200, '[]', { 'Content-Type': 'application/json', 'Content-Length': String(35 * 1024 * 1024) });
  const error = await failure(run(apiRequest, { method: 'GET', path: '/open/forms' }));
  expect(error).toEqual({ name: 'AppError', code: 'bad_response', status: 502, message: tooLarge('35 MB') });
});

test('an answer over 10 MB without a Content-Length: refused at 10 MB (the rest is not downloaded)', async () => {
  const chunk = `"${'x'.repeat(1024 * 1024 - 3)}",`;
  api()
    .get('/open/forms')
    .reply(
      200,
      () =>
        Readable.from(
          (function* () {
            yield '[';
            for (let i = 0; i < 12; i += 1) yield chunk;
            yield '1]';
          })(),
        ),
      { 'Content-Type': 'application/json' },
    );
  const calls: StashCall[] = [];
  const error = await failure(run(withStash(apiRequest, calls), { method: 'GET', path: '/open/forms' }));
  expect(error.message).toBe(tooLarge('more than 10 MB'));
  // the file was being written as the answer arrived: abandoned, and not one byte past the first 10 MB
  expect(calls.map((call) => [call.kind, call.bytes <= 10 * 1024 * 1024])).toEqual([['stream', true]]);
});

test('an answer of exactly 3 MB stays in the output (no file)', async () => {
  const padding = FILE_ABOVE_BYTES - '{"note":""}'.length;
  const body = `{"note":"${'x'.repeat(padding)}"}`;
  expect(Buffer.byteLength(body)).toBe(FILE_ABOVE_BYTES);
  const scope = recordedScope({ ...ALL, response: { ...ALL.response, body: JSON.parse(body) } });
  const calls: StashCall[] = [];
  const out = (await run(withStash(apiRequest, calls), { method: 'GET', path: '/open/forms' })) as {
    data: { note: string };
  };
  expect(scope.isDone()).toBe(true);
  expect(calls).toEqual([]);
  expect(out).toMatchObject({ file: null, size: FILE_ABOVE_BYTES });
  expect(out.data.note).toHaveLength(padding);
});

test('an answer over 3 MB without a Content-Length: written to the file as it arrives, masked, its size said', async () => {
  // 2,000 forms' worth of items, sent in 64 KB pieces: the step never holds the answer (issue 33)
  const item = (i: number) =>
    JSON.stringify({ id: i, title: `Form ${i}`, password: i === 7 ? 'pw-7' : null, pad: 'p'.repeat(2000) });
  const text = `[${Array.from({ length: 2000 }, (_, i) => item(i)).join(',')}]`;
  expect(Buffer.byteLength(text)).toBeGreaterThan(FILE_ABOVE_BYTES);
  api()
    .get('/open/forms')
    .reply(200, () => pieces(text, 65536), { 'Content-Type': 'application/json' });
  const calls: StashCall[] = [];
  const out = await run(withStash(apiRequest, calls), { method: 'GET', path: '/open/forms' });
  expect(out).toMatchObject({
    status: 200,
    data: null,
    text: null,
    file: 'https://stash.example.org/open-forms.json',
  });
  expect((out as { size: number }).size).toBe(Buffer.byteLength(text));
  const masked = text.replace('"password":"pw-7"', '"password":"********"');
  expect(calls).toEqual([
    expect.objectContaining({
      kind: 'stream',
      bytes: Buffer.byteLength(masked),
      contentType: 'application/json',
    }),
  ]);
  expect(calls[0]?.text).toBe(masked.slice(0, calls[0]?.text.length));
});

test('an answer over 3 MB that breaks off half-way: no file, the step fails (nothing returned as if whole)', async () => {
  const text = `[${Array.from({ length: 2000 }, (_, i) => JSON.stringify({ id: i, pad: 'p'.repeat(2000) })).join(',')}`;
  api()
    .get('/open/forms')
    .reply(200, () => Readable.from([text.slice(0, 2_000_000), text.slice(2_000_000)]), {
      'Content-Type': 'application/json',
    });
  const calls: StashCall[] = [];
  const error = await failure(run(withStash(apiRequest, calls), { method: 'GET', path: '/open/forms' }));
  expect(error.message).toMatch(
    /^OpnForm sent an answer that is not JSON \(application\/json\) for this API request\./,
  );
  expect(calls.map((call) => call.kind)).toEqual(['stream']);
});

test('an answer over 3 MB whose body stops half-way: the step fails at its timeout, no file', async () => {
  process.env.OPNFORM_HTTP_TIMEOUT_MS = '300';
  try {
    const stalled = new Readable({ read() {} });
    stalled.push(
      `[${Array.from({ length: 2000 }, (_, i) => JSON.stringify({ id: i, pad: 'p'.repeat(2000) })).join(',')}`,
    );
    api().get('/open/forms').reply(200, stalled, { 'Content-Type': 'application/json' });
    const calls: StashCall[] = [];
    const error = await failure(run(withStash(apiRequest, calls), { method: 'GET', path: '/open/forms' }));
    expect(error.message).toContain(
      'Could not reach OpnForm at forms.example.org: it did not answer within 0.3 seconds.',
    );
    expect(calls.map((call) => call.kind)).toEqual(['stream']);
  } finally {
    delete process.env.OPNFORM_HTTP_TIMEOUT_MS;
  }
});

/**
 * No answer is read past its size limit (src/http/answer-size.ts): a runaway answer (a 100 MB list
 * once took +754 MB of memory and ran past the step's time) is refused with a clear error, and the
 * connection is closed as soon as the limit is passed, so the rest is never downloaded.
 */
import { createHook } from 'node:async_hooks';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Bundle, ZObject } from 'zapier-platform-core';
import * as submissions from '../../src/api/submissions';
import { ANSWER_LIMITS } from '../../src/http/answer-size';
import { opnform } from '../../src/http/client';
import { path } from '../../src/http/path';
import { MessageReply } from '../../src/schemas/common';
import { failure, run } from '../helpers/app';
import { api } from '../helpers/scopes';

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** A JSON body of `total` bytes made on demand; `made()` tells how many bytes the server produced. */
const endless = (total: number) => {
  let produced = 0;
  const stream = new Readable({
    read() {
      if (produced >= total) {
        this.push(null);
        return;
      }
      const part = produced === 0 ? `{"data":["${'x'.repeat(CHUNK - 10)}` : 'x'.repeat(CHUNK);
      produced += part.length;
      this.push(part);
    },
  });
  return { stream, made: () => produced };
};

/** A real loopback server (nock drains a reply stream whatever the client does) sending `body`. */
const serving = async (body: ReturnType<typeof endless>, headers: Record<string, string> = {}) => {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', ...headers });
    body.stream.pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    authData: { base_url: `http://127.0.0.1:${port}/api`, api_key: '9|loopbackToken0123456789' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const readForm = (z: ZObject, bundle: Bundle) =>
  opnform(z, bundle).get(path`/open/forms/${6}`, {
    need: { thing: 'form', abilities: [] },
    schema: MessageReply(),
  });

const TOO_LARGE_READ =
  "OpnForm's answer to this form request is larger than 5 MB, more than this step reads for it, so the " +
  'connector stopped reading it. Nothing was changed in OpnForm. If the OpnForm URL in your connection is ' +
  'right, the server or a proxy in front of it sent far more than OpnForm does; ask its administrator to check it.';

test('a 100 MB answer is refused at 5 MB, and the connection is closed: the rest is never downloaded', async () => {
  const body = endless(100 * MB);
  const server = await serving(body);
  try {
    const error = await failure(run(readForm, {}, { authData: server.authData }));
    expect(error).toEqual({ name: 'AppError', code: 'bad_response', status: 502, message: TOO_LARGE_READ });
  } finally {
    await server.close();
  }
  // what was produced past the limit is what the socket buffers held when it closed: far below 100 MB
  expect(body.made()).toBeLessThan(ANSWER_LIMITS.default + 8 * MB);
});

test('a Content-Length past the limit is refused before its body is read', async () => {
  const body = endless(100 * MB);
  const server = await serving(body, { 'Content-Length': String(100 * MB) });
  try {
    const error = await failure(run(readForm, {}, { authData: server.authData }));
    expect(error.message).toBe(TOO_LARGE_READ);
  } finally {
    await server.close();
  }
  expect(body.made()).toBeLessThan(8 * MB);
});

test("a write's answer over the limit says the change was sent", async () => {
  const scope = api()
    .put('/open/forms/6')
    .reply(200, `{"message":"${'x'.repeat(ANSWER_LIMITS.default)}"}`, { 'Content-Type': 'application/json' });
  const error = await failure(
    run((z, bundle) =>
      opnform(z, bundle).put(path`/open/forms/${6}`, {
        need: { thing: 'form', abilities: [] },
        body: { title: 'x' },
        schema: MessageReply(),
      }),
    ),
  );
  expect(scope.isDone()).toBe(true);
  expect(error.message).toContain(
    'so the connector stopped reading it. The change was sent and OpnForm answered: check in OpnForm whether it ' +
      'was made before retrying.',
  );
});

test('a page of submissions may be larger (20 MB): 6 MB of long answers are read', async () => {
  const long = 'y'.repeat(60_000);
  const items = Array.from({ length: 100 }, (_, i) => ({ id: 1000 - i, form_id: 6, data: { text: long } }));
  const scope = api()
    .get('/open/forms/6/submissions')
    .query({ page: '1', per_page: '100' })
    .reply(200, { data: items, meta: { current_page: 1, last_page: 1, per_page: 100, total: 100 } });
  const page = await run((z, bundle) => submissions.listPage(z, bundle, 6, 1, 100));
  expect(scope.isDone()).toBe(true);
  expect(page.data).toHaveLength(100);
});

test('a page of submissions over 20 MB is refused', async () => {
  const scope = api()
    .get('/open/forms/6/submissions')
    .query({ page: '1', per_page: '100' })
    .reply(200, `{"data":["${'x'.repeat(ANSWER_LIMITS.submissionPage)}"]}`, {
      'Content-Type': 'application/json',
    });
  const error = await failure(run((z, bundle) => submissions.listPage(z, bundle, 6, 1, 100)));
  expect(scope.isDone()).toBe(true);
  expect(error.message).toMatch(/^OpnForm's answer to this form request is larger than 20 MB, /);
});

describe('a page read as a stream (issue 33): no size limit, only what the step keeps is held', () => {
  /** 100 submissions of about 4 KB each: past the size read whole (256 KB), so read as a stream. */
  const item = (i: number) => ({ id: 1000 - i, form_id: 6, data: { text: `${i}-${'z'.repeat(4000)}` } });
  const page = (items: unknown[]) =>
    JSON.stringify({ data: items, meta: { current_page: 1, last_page: 3, per_page: 100, total: 300 } });
  const scan = (z: ZObject, bundle: Bundle) =>
    submissions.scanPage(z, bundle, 6, 1, 100, {}, (s) => (s.id % 10 === 0 ? s.id : undefined));

  test('the items reach the step before the answer ends (the server waits for the first one)', async () => {
    const text = page(Array.from({ length: 100 }, (_, i) => item(i)));
    let kept!: () => void;
    const firstKept = new Promise<void>((resolve) => {
      kept = resolve;
    });
    const server: Server = createServer(async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(text.slice(0, text.length - 1000));
      // the end is only sent once the client has handed an item to the step: a client that waited for
      // the whole answer would never get it
      await firstKept;
      res.end(text.slice(text.length - 1000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const out = await run(
        (z, bundle) =>
          submissions.scanPage(z, bundle, 6, 1, 100, {}, (s) => {
            kept();
            return s.id % 10 === 0 ? s.id : undefined;
          }),
        {},
        { authData: { base_url: `http://127.0.0.1:${port}/api`, api_key: '9|loopbackToken0123456789' } },
      );
      expect(out).toEqual({
        kept: [1000, 990, 980, 970, 960, 950, 940, 930, 920, 910],
        data: { length: 100 },
        meta: { current_page: 1, last_page: 3, per_page: 100, total: 300 },
        links: undefined,
        bytes: Buffer.byteLength(text),
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test('the read itself makes no promise per chunk: a 10 MB page against a 300 KB one', async () => {
    // under core's `domain` Node tracks every promise until a full garbage collection: an async iterator
    // over the body made several per chunk (issue 33: megabytes of old generation a page)
    const promisesFor = async (answer: number) => {
      const text = page(
        Array.from({ length: 100 }, (_, i) => ({ ...item(i), data: { text: 'z'.repeat(answer) } })),
      );
      const server: Server = createServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        for (let at = 0; at < text.length; at += CHUNK) res.write(text.slice(at, at + CHUNK));
        res.end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      let promises = 0;
      const hook = createHook({
        init: (_id, type) => {
          if (type === 'PROMISE') promises += 1;
        },
      });
      try {
        hook.enable();
        const out = (await run(
          scan,
          {},
          {
            authData: { base_url: `http://127.0.0.1:${port}/api`, api_key: '9|loopbackToken0123456789' },
          },
        )) as { data: { length: number } };
        expect(out.data.length).toBe(100);
        return promises;
      } finally {
        hook.disable();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    };
    const small = await promisesFor(3000);
    const big = await promisesFor(100_000);
    // 160 more chunks of 64 KB: the test's socket (nock's interceptor stands in for every socket) makes
    // about 700 promises of its own for them; a `for await` read of the body made 2300
    expect(big - small).toBeLessThan(1000);
  });

  test.each([
    ['a small page (read whole)', 3],
    ['a page past 256 KB (read as a stream)', 100],
  ])('%s: each item is given to the step once', async (_, count) => {
    const items = Array.from({ length: count }, (_, i) => item(i));
    api()
      .get('/open/forms/6/submissions')
      .query({ page: '1', per_page: '100' })
      .reply(200, page(items), { 'Content-Type': 'application/json' });
    const given: number[] = [];
    const out = (await run((z, bundle) =>
      submissions.scanPage(z, bundle, 6, 1, 100, {}, (s) => {
        given.push(s.id);
        return s.id;
      }),
    )) as { kept: number[] };
    expect(given).toEqual(items.map((i) => i.id));
    expect(out.kept).toEqual(given);
  });

  test('a wrong item: the same error as the page read whole', async () => {
    const items: unknown[] = Array.from({ length: 100 }, (_, i) => item(i));
    items[70] = { form_id: 6, data: [] };
    items[90] = { id: 'x', form_id: 6, data: {} };
    items[95] = { id: 5, form_id: 6, data: 'x' };
    const scope = api()
      .get('/open/forms/6/submissions')
      .query({ page: '1', per_page: '100' })
      .times(2)
      .reply(200, page(items), { 'Content-Type': 'application/json' });
    const whole = await failure(run((z, bundle) => submissions.listPage(z, bundle, 6, 1, 100)));
    const streamed = await failure(run(scan));
    expect(scope.isDone()).toBe(true);
    expect(whole.message).toMatch(
      /^OpnForm sent an unexpected answer for this form request \(data\[70\]\.id: /,
    );
    expect(whole.message).toContain('(and 1 more)');
    expect(streamed).toEqual(whole);
  });

  test('an answer that is not JSON: the same error as read whole', async () => {
    const html = `<html><body>${'<p>maintenance</p>'.repeat(20_000)}</body></html>`;
    const scope = api()
      .get('/open/forms/6/submissions')
      .query({ page: '1', per_page: '100' })
      .times(2)
      .reply(200, html, { 'Content-Type': 'text/html' });
    const whole = await failure(run((z, bundle) => submissions.listPage(z, bundle, 6, 1, 100)));
    const streamed = await failure(run(scan));
    expect(scope.isDone()).toBe(true);
    expect(whole.message).toMatch(
      /^OpnForm sent an answer that is not JSON \(text\/html\) for this form request/,
    );
    expect(streamed).toEqual(whole);
  });
});

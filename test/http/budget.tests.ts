/**
 * One 25 s budget per step (L-4), with time controlled through the budget's clock: a "slow" server is
 * one whose answer moves the clock forward. Requests get at most what is left; a write is not sent
 * when less than its reserve is left, so a step never fails after a half-sent write for lack of time.
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { type OpnformClient, opnform } from '../../src/http/client';
import { path } from '../../src/http/path';
import { MessageReply } from '../../src/schemas/common';
import { clock, READ_RESERVE_MS, STEP_BUDGET_MS, startStep, WRITE_RESERVE_MS } from '../../src/shared/budget';
import { BASE, failure, run } from '../helpers/app';
import { api } from '../helpers/scopes';

let now = 1_000_000;
const realNow = clock.now;
beforeEach(() => {
  now = 1_000_000;
  clock.now = () => now;
});
afterEach(() => {
  clock.now = realNow;
});

/** A server that takes `ms` to answer, in controlled time. */
const slow = (ms: number, body: unknown) => () => {
  now += ms;
  return [200, body] as [number, unknown];
};

const CALL = { need: { thing: 'form' as const, abilities: [] }, schema: MessageReply() };

/** Reads forms 1 and 2, then sends `last` with the same client. */
const twoReadsThen =
  (last: (client: OpnformClient) => Promise<unknown>) => async (z: ZObject, bundle: Bundle) => {
    const client = opnform(z, bundle);
    await client.get(path`/open/forms/${1}`, CALL);
    await client.get(path`/open/forms/${2}`, CALL);
    return last(client);
  };

const readThenWrite = twoReadsThen((client) =>
  client.put(path`/open/forms/${1}`, { ...CALL, body: { a: 1 } }),
);

/** The out-of-time error as the user sees it. */
const outOfTime = (message: string) => ({ name: 'AppError', code: 'out_of_time', status: 504, message });

test('a write is not sent when the reads used the budget up to less than its reserve', async () => {
  const scope = api()
    .get('/open/forms/1')
    .reply(slow(9_000, { message: 'ok' }))
    .get('/open/forms/2')
    .reply(slow(STEP_BUDGET_MS - 9_000 - WRITE_RESERVE_MS + 1, { message: 'ok' }));
  const error = await failure(run(readThenWrite));
  expect(scope.isDone()).toBe(true);
  expect(error).toEqual(
    outOfTime(
      'This step ran out of time: OpnForm answered too slowly to finish within 25 seconds (Zapier stops every ' +
        'step after 30). The change was not sent, so it was not made in OpnForm. Try again in a few minutes.',
    ),
  );
});

test('with enough time left the write is sent and the step finishes', async () => {
  const scope = api()
    .get('/open/forms/1')
    .reply(slow(5_000, { message: 'ok' }))
    .get('/open/forms/2')
    .reply(slow(5_000, { message: 'ok' }))
    .put('/open/forms/1', { a: 1 })
    .reply(slow(5_000, { message: 'saved' }));
  await expect(run(readThenWrite)).resolves.toEqual({ message: 'saved' });
  expect(scope.isDone()).toBe(true);
});

test('each request may take at most what is left of the budget', async () => {
  let timeout = 0;
  const z = {
    request: async (options: { timeout: number }) => {
      timeout = options.timeout;
      throw Object.assign(new Error('network timeout'), { type: 'request-timeout' });
    },
    errors: { Error: class extends Error {} },
  } as unknown as ZObject;
  const bundle = { authData: { base_url: BASE, api_key: '1|x' }, inputData: {} } as unknown as Bundle;
  const client = opnform(z, bundle);
  startStep(bundle);
  now += 19_000;
  await expect(
    client.get(path`/open/forms/${1}`, { need: { thing: 'form', abilities: [] }, schema: MessageReply() }),
  ).rejects.toThrow(/did not answer within 6 seconds/);
  expect(timeout).toBe(STEP_BUDGET_MS - 19_000);
});

test('a read not sent for lack of time says what was read, what was not, and that nothing changed', async () => {
  const scope = api()
    .get('/open/forms/1')
    .reply(slow(12_000, { message: 'ok' }))
    .get('/open/forms/2')
    .reply(slow(STEP_BUDGET_MS - 12_000 - READ_RESERVE_MS + 1, { message: 'ok' }));
  const threeReads = twoReadsThen((client) =>
    client.get(path`/open/forms/${3}/submissions`, { ...CALL, query: { page: 4, per_page: 100 } }),
  );
  const error = await failure(run(threeReads));
  expect(scope.isDone()).toBe(true);
  expect(error).toEqual(
    outOfTime(
      'This step ran out of time: OpnForm answered too slowly to finish within 25 seconds (Zapier stops every ' +
        'step after 30). It read 2 answers from OpnForm; its next read (GET /open/forms/3/submissions, page 4) ' +
        'was not sent, so it has no complete result to give. Nothing was changed in OpnForm. Try again in a few ' +
        'minutes; if it keeps happening, narrow what the step reads (a shorter date range, fewer submissions).',
    ),
  );
});

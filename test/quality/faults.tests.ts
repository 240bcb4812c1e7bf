/**
 * Every step case (harness/step-cases.ts) under every fault switch of the sandbox: 429 (Zapier retries after Retry-After),
 * 500, a slow answer, a non-JSON body, a dropped connection. Each ends in the expected Zapier error;
 * nothing is half-written; neither the token nor a webhook secret appears in an error or a log line.
 * Each test sends with a token of its own and aims its fault (and reads the log) at that token: a late
 * request of the test before it (aborted by the client, read by the sandbox only after that test ended)
 * can neither take the fault nor count as this test's write.
 */

import { invokeLogged } from '../../harness/invoke';
import { everyCase } from '../../harness/step-cases';
import type { FaultKind } from '../../sandbox/server';
import { useSandbox } from '../e2e/helpers';

const sandbox = useSandbox();
const WEBHOOK_SECRET = 'sandbox-secret-0123456789';

// Only the `slow` fault runs with a short timeout (0.3 s against a 1.5 s delay): with it on every case,
// a first request on a loaded machine could miss 0.3 s and fail as "unreachable" instead of its fault.
afterEach(() => {
  delete process.env.OPNFORM_HTTP_TIMEOUT_MS;
  sandbox().clearFaults();
});

const EXPECTED: Record<FaultKind, { name: string; code?: string; delay?: number; message: RegExp }> = {
  '429': {
    name: 'ThrottledError',
    delay: 17,
    message: /^OpnForm rate limit reached \(429 Too Many Requests\)/,
  },
  '500': { name: 'AppError', code: 'server_error', message: /^OpnForm had a temporary problem \(HTTP 500\)/ },
  slow: { name: 'AppError', code: 'unreachable', message: /it did not answer within 0\.3 seconds/ },
  'non-json': { name: 'AppError', code: 'bad_response', message: /that is not JSON/ },
  drop: {
    name: 'AppError',
    code: 'unreachable',
    message: /^Could not reach OpnForm at 127\.0\.0\.1:\d+: the connection failed/,
  },
};

const cases = everyCase().flatMap((c) =>
  (Object.keys(EXPECTED) as FaultKind[]).map((kind) => [c.name, kind, c] as const),
);

test.each(cases)('%s under fault %s', async (_name, kind, c) => {
  const s = sandbox();
  s.resetRequests();
  if (kind === 'slow') process.env.OPNFORM_HTTP_TIMEOUT_MS = '300';
  const { token, tokenId } = s.issueToken('admin');
  s.fault(kind, 1, { retryAfter: 17, delayMs: 1500, tokenId });
  const outcome = await invokeLogged(s, c.path, c.inputData(s.ids), {
    ...c.bundle(s.ids),
    authData: { base_url: s.baseUrl, api_key: token },
  });
  const expected = EXPECTED[kind];
  expect(outcome.error).toMatchObject({ name: expected.name });
  if (expected.code !== undefined) expect(outcome.error?.code).toBe(expected.code);
  if (expected.delay !== undefined) expect(outcome.error?.delay).toBe(expected.delay);
  expect(outcome.error?.message).toMatch(expected.message);
  // the faulted request was the first one: nothing may be written after a failed read
  if (c.writes !== undefined) {
    expect(
      s
        .requests()
        .filter((r) => r.tokenId === tokenId)
        .map((r) => `${r.method} ${r.path}`)
        .filter((line) => c.writes?.test(line)),
    ).toEqual([]);
  }
  const said = JSON.stringify(outcome);
  expect(said).not.toContain(token);
  expect(said).not.toContain(token.split('|')[1]);
  expect(said).not.toContain(WEBHOOK_SECRET);
});

test('a failed unsubscribe, retried by Zapier, leaves no hook behind', async () => {
  const s = sandbox();
  const input = { workspace_id: s.ids.workspaceId, form_id: s.ids.formId };
  const targetUrl = 'https://hooks.zapier.com/hooks/standard/1/retry-case/';
  const subscribed = await invokeLogged(s, 'triggers.new_submission.operation.performSubscribe', input, {
    targetUrl,
  });
  expect(s.hooks(s.ids.formId).filter((h) => h.hookUrl === targetUrl)).toHaveLength(1);
  const { token, tokenId } = s.issueToken('admin');
  s.fault('500', 1, { tokenId });
  const bundle = { subscribeData: subscribed.results, authData: { base_url: s.baseUrl, api_key: token } };
  const failed = await invokeLogged(s, 'triggers.new_submission.operation.performUnsubscribe', input, bundle);
  expect(failed.error?.code).toBe('server_error');
  const retried = await invokeLogged(
    s,
    'triggers.new_submission.operation.performUnsubscribe',
    input,
    bundle,
  );
  expect(retried.error).toBeUndefined();
  expect(s.hooks(s.ids.formId).filter((h) => h.hookUrl === targetUrl)).toEqual([]);
});

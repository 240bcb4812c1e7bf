/**
 * A slow server in controlled time (L-4): every request the sandbox serves "takes" 12 seconds on the
 * step budget's clock. Every step either finishes within its 25 s budget or stops with the clear
 * "ran out of time" error before a request it could not finish, and never sends a write after that.
 */

import { invokeLogged } from '../../harness/invoke';
import { caseNamed, everyCase } from '../../harness/step-cases';
import { clock, STEP_BUDGET_MS } from '../../src/shared/budget';
import { useSandbox } from '../e2e/helpers';

const sandbox = useSandbox();
const PER_REQUEST_MS = 12_000;
const realNow = clock.now;
afterEach(() => {
  clock.now = realNow;
});

test.each(everyCase().map((c) => [c.name, c] as const))(
  '%s against a server taking 12 s per answer',
  async (_name, c) => {
    const s = sandbox();
    s.resetRequests();
    clock.now = () => 5_000_000 + PER_REQUEST_MS * s.requests().length;
    const outcome = await invokeLogged(s, c.path, c.inputData(s.ids), c.bundle(s.ids));
    const sent = s.requests().map((r) => `${r.method} ${r.path}`);
    // outside Zapier there is no file storage: an export that got its file fails at the stash, after its requests
    const stashed = /^No deploy key found/.test(outcome.error?.message ?? '');
    if (outcome.error === undefined || stashed || outcome.error.code !== 'out_of_time') {
      // finished (or failed for a reason of its own, such as the sandbox's state): all within the budget,
      // and never cut off as "unreachable" by a request timeout
      expect(outcome.error?.code).not.toBe('unreachable');
      expect(sent.length * PER_REQUEST_MS).toBeLessThanOrEqual(STEP_BUDGET_MS);
      return;
    }
    expect(outcome.error).toMatchObject({ name: 'AppError', code: 'out_of_time', status: 504 });
    expect(outcome.error.message).toMatch(
      /^This step ran out of time: OpnForm answered too slowly to finish within 25 seconds \(Zapier stops every step after 30\)\. (The change was not sent, so it was not made in OpnForm\. Try again in a few minutes\.|It read \d+ answers? from OpnForm; its next read \((GET|POST) [^)]+\) was not sent, so it has no complete result to give\. Nothing was changed in OpnForm\. Try again in a few minutes; if it keeps happening, narrow what the step reads \(a shorter date range, fewer submissions\)\.)$/,
    );
    // the requests sent fit in the budget, and a write refused for time was not sent at all
    expect((sent.length - 1) * PER_REQUEST_MS).toBeLessThan(STEP_BUDGET_MS);
    if (c.writes !== undefined && /The change was not sent/.test(outcome.error.message)) {
      expect(sent.filter((line) => c.writes?.test(line))).toEqual([]);
    }
  },
);

test('Update Submission (form, current answers, write) stops before its write', async () => {
  const s = sandbox();
  s.resetRequests();
  clock.now = () => 5_000_000 + PER_REQUEST_MS * s.requests().length;
  const c = caseNamed('update_submission');
  const outcome = await invokeLogged(s, c.path, c.inputData(s.ids), c.bundle(s.ids));
  expect(outcome.error?.code).toBe('out_of_time');
  expect(outcome.error?.message).toContain('The change was not sent, so it was not made in OpnForm.');
  expect(s.requests().map((r) => r.method)).toEqual(['GET', 'GET']);
});

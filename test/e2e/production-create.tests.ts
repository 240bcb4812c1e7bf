// Create Submission against a production-mode sandbox (a queue worker, as on OpnForm Cloud or its
// Docker setup: test/recorded-production-like/submissions--public-create-queued.json). A form
// without editable submissions answers 200 with `submission_id: null` BEFORE the answer is stored;
// the worker stores it later. The step must wait for it within its time budget, or end with an
// outcome that does not invite a replay (a halt, or an output with `status: 'queued'` and no
// guessed id), never an error. Nothing here depends on wall-clock speed or waits: the worker runs
// when the connector has made a given number of list requests (not after a delay), the step's pauses
// between looks (`createClock.sleep`) return at once, and the step's budget clock
// (src/shared/budget.ts) moves forward with the connector's list requests.

import { seen } from '../../harness/seen';
import type { Sandbox } from '../../sandbox/server';
import { clock } from '../../src/shared/budget';
import { createClock } from '../../src/submissions/create/wait';
import { runOn, useSandbox } from './helpers';

const sandbox = useSandbox({ mode: 'production', worker: { auto: false } });
const CREATE = 'creates.create_submission.operation.perform';
const realNow = clock.now;
const realSleep = createClock.sleep;

beforeEach(() => {
  createClock.sleep = async () => undefined;
});
afterEach(() => {
  clock.now = realNow;
  createClock.sleep = realSleep;
});

type Outcome =
  | { kind: 'output'; value: Record<string, unknown> }
  | { kind: 'halt'; message: string }
  | { kind: 'error'; name: string; message: string; code?: string };

const outcomeOf = async (run: Promise<unknown>): Promise<Outcome> => {
  try {
    return { kind: 'output', value: (await run) as Record<string, unknown> };
  } catch (error) {
    const e = seen(error);
    return e.name === 'HaltedError' ? { kind: 'halt', message: e.message } : { kind: 'error', ...e };
  }
};

/** The empty form (no editable submissions: its answers are queued) and its question ids. */
const emptyForm = (s: Sandbox) => {
  const form = s.state.forms.find((f) => f.id === s.ids.emptyFormId);
  if (form === undefined) throw new Error('the seed has no empty form');
  const [name, email] = form.properties.map((b) => b.id);
  return { form, name: name as string, email: email as string };
};

/** List requests of the form's submissions made after the answer was posted. */
const listsAfterPost = (s: Sandbox, formId: number) => {
  const log = s.requests();
  const post = log.findIndex((r) => r.method === 'POST' && /\/answer$/.test(r.path));
  return post < 0
    ? 0
    : log.slice(post + 1).filter((r) => r.method === 'GET' && r.path === `/open/forms/${formId}/submissions`)
        .length;
};

/** Runs the worker once the connector has read the list `reads` times after its POST. */
const runWorkerAfterReads = (s: Sandbox, formId: number, reads: number) => {
  const timer = setInterval(() => {
    if (listsAfterPost(s, formId) < reads) return;
    clearInterval(timer);
    s.worker?.run().catch(() => undefined);
  }, 5);
  return () => clearInterval(timer);
};

const stored = (s: Sandbox, formId: number, name: string, value: string) =>
  s.state.submissions.filter((x) => x.form_id === formId && x.answers[name] === value);

beforeEach(async () => {
  const s = sandbox();
  await s.worker?.resume();
  await s.worker?.run();
  s.resetRequests();
});

test('the answer is stored while the step waits: the created submission with its real id, one answer sent', async () => {
  const s = sandbox();
  const { form, name, email } = emptyForm(s);
  const stop = runWorkerAfterReads(s, form.id, 2);
  try {
    const outcome = await outcomeOf(
      runOn(s, CREATE, {
        workspace_id: s.ids.workspaceId,
        form_id: form.id,
        [`answer__${name}`]: 'Queued Quinn',
        [`answer__${email}`]: 'quinn@example.org',
      }),
    );
    const rows = stored(s, form.id, name, 'Queued Quinn');
    expect(rows).toHaveLength(1);
    expect(outcome).toEqual({
      kind: 'output',
      value: expect.objectContaining({ id: rows[0]?.id, status: 'completed' }),
    });
    expect(s.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
  } finally {
    stop();
  }
});

test('the worker does not run within the budget: no error and no guessed id; the answer is stored once later', async () => {
  const s = sandbox();
  const { form, name, email } = emptyForm(s);
  s.worker?.pause();
  // the step's budget clock moves 6 s per list request after the POST: its 25 s run out after a few reads
  clock.now = () => realNow() + 6_000 * listsAfterPost(s, form.id);
  const outcome = await outcomeOf(
    runOn(s, CREATE, {
      workspace_id: s.ids.workspaceId,
      form_id: form.id,
      [`answer__${name}`]: 'Paused Pat',
      [`answer__${email}`]: 'pat@example.org',
    }),
  );
  // decided (docs/decisions.md): an output saying `queued`, with no id that could be someone else's
  expect(outcome).toEqual({
    kind: 'output',
    value: expect.objectContaining({ id: null, status: 'queued', outcome: 'queued' }),
  });
  expect(stored(s, form.id, name, 'Paused Pat')).toEqual([]);
  expect(s.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
  await s.worker?.resume();
  await s.worker?.run();
  expect(stored(s, form.id, name, 'Paused Pat')).toHaveLength(1);
});

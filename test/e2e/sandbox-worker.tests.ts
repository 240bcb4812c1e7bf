// The production mode's simulated queue worker (sandbox/worker.ts) on its own: when jobs run, in
// which order, at which time, and pausing. Time is controlled (a frozen or set `Date`); the one
// real timer here is awaited, never measured.
import { createWorker } from '../../sandbox/worker';
import { fakeDateOnly } from '../helpers/clock';

const T0 = Date.parse('2026-11-25T12:00:00Z');

afterEach(() => {
  jest.useRealTimers();
});

test('auto: a job runs when its timer fires, even if the clock has not reached its due time yet', async () => {
  fakeDateOnly(new Date(T0)); // the clock stays at T0: the timer fires "early" by the clock's account
  const worker = createWorker({ delayMs: 20 });
  try {
    await expect(worker.enqueue('store', 1, () => 'stored')).resolves.toBe('stored');
    expect(worker.pending()).toEqual([]);
  } finally {
    worker.close();
  }
});

test('runDue: only the jobs due by then, each at its due time; a job queued by a running job runs right after it', async () => {
  fakeDateOnly(new Date(T0));
  const worker = createWorker({ delayMs: 1600, auto: false });
  const ran: string[] = [];
  const clock: number[] = [];
  worker.enqueue('store', 1, () => {
    ran.push(`store 1 at ${Date.now() - T0}`);
    worker.enqueue('notify', 1, () => ran.push(`notify 1 at ${Date.now() - T0}`));
  });
  jest.setSystemTime(T0 + 1000);
  worker.enqueue('export', 2, () => ran.push(`export 2 at ${Date.now() - T0}`));
  const setClock = (ms: number) => {
    clock.push(ms - T0);
    jest.setSystemTime(ms);
  };
  expect(await worker.runDue(T0 + 2000, { setClock })).toBe(2);
  expect(ran).toEqual(['store 1 at 1600', 'notify 1 at 1600']);
  expect(worker.pending().map((j) => [j.kind, j.formId, j.dueAt - T0])).toEqual([['export', 2, 2600]]);
  expect(await worker.runDue(T0 + 5000, { setClock })).toBe(1);
  expect(ran.at(-1)).toBe('export 2 at 2600');
  expect(clock).toEqual([1600, 2600]);
});

test('paused: nothing runs, run() included; resumed (auto) the overdue jobs run at once', async () => {
  fakeDateOnly(new Date(T0));
  const worker = createWorker({ delayMs: 0 });
  try {
    worker.pause();
    const stored = worker.enqueue('store', 1, () => 'late');
    expect(await worker.run()).toBe(0);
    expect(worker.pending()).toHaveLength(1);
    expect(await worker.resume()).toBe(1);
    await expect(stored).resolves.toBe('late');
  } finally {
    worker.close();
  }
});

test('a failing job rejects its own promise and the worker goes on', async () => {
  const worker = createWorker({ auto: false });
  const failed = worker.enqueue('store', 1, () => {
    throw new Error('boom');
  });
  const next = worker.enqueue('store', 1, () => 'next');
  expect(await worker.run()).toBe(2);
  await expect(failed).rejects.toThrow('boom');
  await expect(next).resolves.toBe('next');
});

import type { Bundle } from 'zapier-platform-core';

/**
 * One time budget per step. Zapier stops a step after 30 s; every step of this connector gets 25 s
 * in all (reads, writes, polls and waits), counted from its start, so it can fail with a clear
 * message before Zapier cuts it off.
 */
export const STEP_BUDGET_MS = 25_000;

/** A write is only sent when at least this much of the budget is left (it gets all of what is left). */
export const WRITE_RESERVE_MS = 8_000;

/** A read is only sent when at least this much is left. */
export const READ_RESERVE_MS = 2_000;

/** The clock the budget reads; tests replace `now` to control time. */
export const clock = { now: (): number => Date.now() };

const started = new WeakMap<object, number>();
const answered = new WeakMap<object, number>();

/** Marks the start of a step (the app's guard calls it first thing); later calls keep the first start. */
export const startStep = (bundle: Bundle): void => {
  if (bundle !== null && typeof bundle === 'object' && !started.has(bundle)) started.set(bundle, clock.now());
};

/** Milliseconds left of the step's budget. */
export const remainingMs = (bundle: Bundle): number => {
  startStep(bundle);
  return STEP_BUDGET_MS - (clock.now() - (started.get(bundle) ?? clock.now()));
};

/** Counts a request of the step that OpnForm answered (for the out-of-time message: what was read). */
export const countAnswered = (bundle: Bundle): void => {
  if (bundle !== null && typeof bundle === 'object') answered.set(bundle, (answered.get(bundle) ?? 0) + 1);
};

/** How many requests of the step OpnForm has answered so far. */
export const answeredOf = (bundle: Bundle): number => answered.get(bundle) ?? 0;

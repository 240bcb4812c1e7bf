/**
 * Waiting for the submission a queued server stores after it answered (production-like
 * `submissions--public-create-queued`: 1.8 to 3 s after the 200 with one database worker polling
 * every 3 s; longer when the queue is busy or the worker is down). The first look follows the answer
 * at once (a server that stores inline, or one with editable submissions, shows it then), later ones
 * back off (0.5, 1, 2, then every 3 s: a worker's idle poll), all within the step's 25 s budget
 * (src/shared/budget.ts). Time is read from the budget's `clock`; tests replace `createClock.sleep`
 * and `clock.now` so nothing really waits.
 */
import type { Bundle } from 'zapier-platform-core';
import { clock, READ_RESERVE_MS, remainingMs } from '../../shared/budget';

export const createClock = {
  sleep: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Waits before the 2nd, 3rd, 4th and later looks (the last one repeats). */
export const POLL_WAITS_MS: readonly number[] = [500, 1_000, 2_000, 3_000];

/** Looks at most (a bound even if the clock stood still). */
export const MAX_LOOKS = 12;

/**
 * A read after the write starts only with this much of the budget left: the client's own minimum for
 * a read plus a second for the read itself, so no read is ever refused for time (that would be an
 * error after a write that landed).
 */
export const LOOK_RESERVE_MS = READ_RESERVE_MS + 1_000;

/** Whether one more read fits in the step's budget. */
export const canRead = (bundle: Bundle): boolean => remainingMs(bundle) >= LOOK_RESERVE_MS;

export interface Waited<T> {
  /** What a look found, `undefined` when none did. */
  found?: T;
  /** Looks made. */
  looks: number;
  /** Milliseconds from the first look to the end of the last one, on the budget's clock. */
  elapsedMs: number;
}

/**
 * Calls `look` until it finds something, the next look would not fit in the budget, or `MAX_LOOKS`
 * looks were made; waits between looks as `POLL_WAITS_MS` says.
 */
export const lookUntilFound = async <T>(
  bundle: Bundle,
  look: () => Promise<T | undefined>,
): Promise<Waited<T>> => {
  const start = clock.now();
  let looks = 0;
  while (looks < MAX_LOOKS) {
    if (looks > 0) {
      const wait = POLL_WAITS_MS[Math.min(looks, POLL_WAITS_MS.length) - 1] ?? 0;
      if (remainingMs(bundle) - wait < LOOK_RESERVE_MS) break;
      await createClock.sleep(wait);
    } else if (!canRead(bundle)) {
      break;
    }
    looks += 1;
    const found = await look();
    if (found !== undefined) return { found, looks, elapsedMs: clock.now() - start };
  }
  return { looks, elapsedMs: clock.now() - start };
};

import type { Bundle } from 'zapier-platform-core';
import { clock, READ_RESERVE_MS, remainingMs } from '../../shared/budget';

/**
 * Waiting between status reads, replaceable so tests never wait: they swap `exportClock.sleep`
 * and the step budget's `clock.now` (src/shared/budget.ts) for a fake clock.
 */
export const exportClock = {
  sleep: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The step's one time budget (src/shared/budget.ts) as the export plans its work. */
export interface Budget {
  /** Milliseconds since the export started planning. */
  elapsed(): number;
  /**
   * Whether work expected to take `ms` still ends inside the step's budget, and the HTTP layer will
   * still send a read (it keeps `READ_RESERVE_MS`): the export then stops with its own message.
   */
  fits(ms: number): boolean;
}

export const startBudget = (bundle: Bundle): Budget => {
  const startedAt = clock.now();
  return {
    elapsed: () => clock.now() - startedAt,
    fits: (ms) => Math.max(ms, READ_RESERVE_MS) <= remainingMs(bundle),
  };
};

/**
 * Time for the export steps, in one replaceable place: tests swap `exportClock.now`/`sleep` for a
 * fake clock, so nothing depends on how fast the machine runs.
 */
export const exportClock = {
  now: (): number => Date.now(),
  sleep: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Zapier stops a step after 30 s; the export plans its work inside 25 s and keeps the rest as margin. */
export const STEP_BUDGET_MS = 25_000;

export const budgetMs = () => Number(process.env.OPNFORM_EXPORT_BUDGET_MS) || STEP_BUDGET_MS;

/** A step's time: started when the step starts, read through `exportClock`. */
export interface Budget {
  elapsed(): number;
  /** Whether work expected to take `ms` still ends inside the budget. */
  fits(ms: number): boolean;
  readonly totalMs: number;
}

export const startBudget = (totalMs = budgetMs()): Budget => {
  const startedAt = exportClock.now();
  const elapsed = () => exportClock.now() - startedAt;
  return { elapsed, fits: (ms) => elapsed() + ms <= totalMs, totalMs };
};

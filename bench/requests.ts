// HTTP requests each step case sends to OpnForm, counted by the sandbox's request log, next to the
// fewest it can need (the cases beside the steps, harness/step-cases.ts: the check is theirs, `problemOf`).

import { startStashServer } from '../harness/file-storage';
import { everyCase, runCase } from '../harness/step-cases';
import { startSandbox } from '../sandbox/server';

export interface RequestRow {
  operation: string;
  requests: number;
  minimum: number;
  why: string;
  /** Why the case did not end as declared with exactly its minimum (undefined: it did). */
  problem?: string;
}

export const countRequests = async (): Promise<RequestRow[]> => {
  const sandbox = await startSandbox({ exportPollDelayMs: 200 });
  // exports stash their file: a loopback stand-in for Zapier's storage (uploads are not OpnForm requests)
  const stash = await startStashServer();
  const rows: RequestRow[] = [];
  try {
    for (const c of everyCase()) {
      const run = await runCase(sandbox, stash, c);
      rows.push({
        operation: c.name,
        requests: run.sent.length,
        minimum: c.minimum,
        why: c.why,
        problem: run.problem,
      });
    }
  } finally {
    await stash.close();
    await sandbox.close();
  }
  return rows;
};

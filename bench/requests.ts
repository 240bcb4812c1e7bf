// HTTP requests each operation sends to OpnForm, counted by the sandbox's request log, next to the
// fewest it can need (from harness/operation-cases.ts).

import { startStashServer } from '../harness/file-storage';
import { invokeLogged } from '../harness/invoke';
import { OPERATION_CASES } from '../harness/operation-cases';
import { startSandbox } from '../sandbox/server';

export interface RequestRow {
  operation: string;
  requests: number;
  minimum: number;
  why: string;
}

export const countRequests = async (): Promise<RequestRow[]> => {
  const sandbox = await startSandbox({ exportPollDelayMs: 200 });
  // exports stash their file: a loopback stand-in for Zapier's storage (uploads are not OpnForm requests)
  const stash = await startStashServer();
  const rows: RequestRow[] = [];
  try {
    for (const [operation, c] of Object.entries(OPERATION_CASES)) {
      sandbox.resetRequests();
      const input = c.inputData(sandbox.ids);
      const extra = c.bundle?.(sandbox.ids);
      const outcome = await stash.withKey(() => invokeLogged(sandbox, c.method, input, extra, stash.event));
      const failed = outcome.error !== undefined && !(c.fails?.test(outcome.error.message) ?? false);
      if (failed || (c.fails !== undefined && outcome.error === undefined))
        throw new Error(`${operation}: ${outcome.error?.message ?? 'succeeded, but must fail'}`);
      const requests = sandbox.requests().filter((r) => !r.path.startsWith('/__sandbox/'));
      rows.push({ operation, requests: requests.length, minimum: c.minimum, why: c.why });
    }
  } finally {
    await stash.close();
    await sandbox.close();
  }
  return rows;
};

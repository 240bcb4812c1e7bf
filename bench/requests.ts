// HTTP requests each operation sends to OpnForm, counted by the sandbox's request log, next to the
// fewest it can need (from test/quality/operation-cases.ts).
import { startSandbox } from '../sandbox/server';
import { invokeLogged } from '../test/quality/invoke';
import { OPERATION_CASES } from '../test/quality/operation-cases';

export interface RequestRow {
  operation: string;
  requests: number;
  minimum: number;
  why: string;
}

export const countRequests = async (): Promise<RequestRow[]> => {
  const sandbox = await startSandbox({ exportPollDelayMs: 200 });
  const rows: RequestRow[] = [];
  try {
    for (const [operation, c] of Object.entries(OPERATION_CASES)) {
      sandbox.resetRequests();
      const outcome = await invokeLogged(
        sandbox,
        c.method,
        c.inputData(sandbox.ids),
        c.bundle?.(sandbox.ids),
      );
      if (outcome.error !== undefined) throw new Error(`${operation} failed: ${outcome.error.message}`);
      rows.push({ operation, requests: sandbox.requests().length, minimum: c.minimum, why: c.why });
    }
  } finally {
    await sandbox.close();
  }
  return rows;
};

// `npm start`: starts the OpnForm sandbox in-process and runs the connector's flow through
// zapier-platform-core, printing each step. Exit 0 when every step passes, 1 on the first failure.
// The sandbox runs in production mode (a queue worker with the recorded delays: the harder case):
//   npm start -- --sync   (or DEMO_MODE=sync)     jobs run in the request, like a server without a worker
//   DEMO_FAULT=429|500|slow|non-json|drop   switch a fault on for the run
//   DEMO_FAULT_AT="pick a form (form_list)" switch it on just before that step (default: the first)
//   DEMO_FAULT_DELAY_MS=...                 delay of the `slow` fault (default: past the HTTP timeout)

import type { FaultKind, SandboxMode } from '../../sandbox/server';
import { DEFAULT_TIMEOUT_MS } from '../../src/http/client';
import { runDemo } from './flow';
import type { DemoFault } from './types';

// The connector's development setting (src/http/base-url.ts): the demo's OpnForm is the loopback sandbox.
process.env.OPNFORM_DEV_LOCAL_SERVER = '1';

const KINDS = ['429', '500', 'slow', 'non-json', 'drop'];

const faultFromEnv = (): DemoFault | undefined => {
  const kind = process.env.DEMO_FAULT?.trim();
  if (kind === undefined || kind === '') return undefined;
  if (!KINDS.includes(kind)) {
    console.error(`DEMO_FAULT must be one of ${KINDS.join(', ')} (got "${kind}").`);
    process.exit(2);
  }
  const timeout = Number(process.env.OPNFORM_HTTP_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS;
  return {
    kind: kind as FaultKind,
    at: process.env.DEMO_FAULT_AT || undefined,
    delayMs: Number(process.env.DEMO_FAULT_DELAY_MS) || timeout + 1000,
    retryAfter: 30,
  };
};

const modeFromArgs = (): SandboxMode => {
  const sync = process.argv.slice(2).includes('--sync') || process.env.DEMO_MODE?.trim() === 'sync';
  const mode = process.env.DEMO_MODE?.trim();
  if (mode !== undefined && mode !== '' && mode !== 'sync' && mode !== 'production') {
    console.error(`DEMO_MODE must be sync or production (got "${mode}").`);
    process.exit(2);
  }
  return sync ? 'sync' : 'production';
};

runDemo({ fault: faultFromEnv(), sandbox: { mode: modeFromArgs() } }).then(
  (result) => {
    if (!result.ok) {
      console.error(`\nnpm start failed at step "${result.failedStep}": ${result.error}`);
      process.exit(1);
    }
    process.exit(0);
  },
  (error: unknown) => {
    console.error('npm start could not run:', error);
    process.exit(1);
  },
);

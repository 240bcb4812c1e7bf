// What `npm start` reads from its command line and environment (main.ts), apart from the run itself so
// the demo's test checks it in-process.
import type { FaultKind, SandboxMode } from '../../sandbox/server';
import { DEFAULT_TIMEOUT_MS } from '../../src/http/client';
import type { DemoFault } from './types';

const KINDS = ['429', '500', 'slow', 'non-json', 'drop'];

export type DemoOptions =
  | { fault: DemoFault | undefined; sandbox: { mode: SandboxMode } }
  | { error: string };

const faultFrom = (env: NodeJS.ProcessEnv): DemoFault | string | undefined => {
  const kind = env.DEMO_FAULT?.trim();
  if (kind === undefined || kind === '') return undefined;
  if (!KINDS.includes(kind)) return `DEMO_FAULT must be one of ${KINDS.join(', ')} (got "${kind}").`;
  const timeout = Number(env.OPNFORM_HTTP_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS;
  return {
    kind: kind as FaultKind,
    at: env.DEMO_FAULT_AT || undefined,
    delayMs: Number(env.DEMO_FAULT_DELAY_MS) || timeout + 1000,
    retryAfter: 30,
  };
};

/** The run's fault and sandbox mode (production unless `--sync` or DEMO_MODE=sync), or what is wrong. */
export const demoOptions = (args: string[], env: NodeJS.ProcessEnv): DemoOptions => {
  const fault = faultFrom(env);
  if (typeof fault === 'string') return { error: fault };
  const mode = env.DEMO_MODE?.trim();
  if (mode !== undefined && mode !== '' && mode !== 'sync' && mode !== 'production')
    return { error: `DEMO_MODE must be sync or production (got "${mode}").` };
  return { fault, sandbox: { mode: args.includes('--sync') || mode === 'sync' ? 'sync' : 'production' } };
};

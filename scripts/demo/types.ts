/**
 * The types the `npm start` flow (flow.ts) and its step modules (steps/) share, in their own module so
 * the steps need not import the flow that imports them.
 */
import type { HookCatcher } from '../../harness/hook-catcher';
import type { FaultKind, Sandbox } from '../../sandbox/server';

export interface DemoContext {
  sandbox: Sandbox;
  /** A loopback hook catcher: subscribe `catcher.url()` and await `catcher.next()`. */
  catcher: HookCatcher;
  authData: { base_url: string; api_key: string };
  /** Runs an app method (`triggers.form_list.operation.perform`, `authentication.test`, ...) like Zapier does. */
  invoke<T = unknown>(
    method: string,
    inputData?: Record<string, unknown>,
    bundle?: Record<string, unknown>,
    /** Extra fields of the runtime event (e.g. `rpc_base` and `token` for a stand-in file storage). */
    event?: Record<string, unknown>,
  ): Promise<T>;
  /** What earlier steps picked, for later steps: `workspace_id`, `form_id`, ... */
  picked: Record<string, unknown>;
  /** Every app method invoked so far. */
  invoked: Set<string>;
}

export interface DemoStep {
  name: string;
  run(ctx: DemoContext): Promise<string>;
}

export interface DemoFault {
  kind: FaultKind;
  /** Name of the step before which the fault is switched on (default: the first step). */
  at?: string;
  count?: number;
  delayMs?: number;
  retryAfter?: number;
}

export interface DemoResult {
  ok: boolean;
  completed: string[];
  failedStep?: string;
  error?: string;
  /** Every app method the flow invoked. */
  invoked: string[];
}

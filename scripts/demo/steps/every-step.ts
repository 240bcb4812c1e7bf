/**
 * The flow's last step: every visible step of the app that the narrative above did not run, each from
 * its one valid call (harness/operation-cases.ts), so that `npm start` runs every step a Zap editor
 * offers (issue 19: each visible step succeeds against the sandbox, in production mode by default).
 */
import { OPERATION_CASES } from '../../../harness/operation-cases';
import App from '../../../index';
import type { DemoStep } from '../types';

interface Step {
  key: string;
  display?: { hidden?: boolean };
}

/** The `perform` method of every step a Zap editor shows (hidden dropdowns and searches left out). */
export const visibleMethods = (): string[] =>
  (['triggers', 'creates', 'searches'] as const).flatMap((kind) =>
    Object.values((App[kind] ?? {}) as Record<string, Step>)
      .filter((step) => step.display?.hidden !== true)
      .map((step) => `${kind}.${step.key}.operation.perform`),
  );

export const EVERY_OTHER_STEP: DemoStep = {
  name: 'every other visible step, from its operation case',
  run: async (ctx) => {
    const ran: string[] = [];
    for (const method of visibleMethods().filter((m) => !ctx.invoked.has(m))) {
      const key = method.split('.')[1] as string;
      const c = OPERATION_CASES[key];
      if (c === undefined || c.method !== method) throw new Error(`${key} has no operation case to run`);
      try {
        await ctx.invoke(c.method, c.inputData(ctx.sandbox.ids), c.bundle?.(ctx.sandbox.ids) ?? {});
      } catch (error) {
        throw new Error(`${key}: ${(error as Error).message}`);
      }
      ran.push(key);
    }
    return ran.length === 0 ? 'none left: the flow ran every visible step' : `ran ${ran.join(', ')}`;
  },
};

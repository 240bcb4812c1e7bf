/**
 * The flow's last step: every visible step of the app that the narrative above did not run, each from
 * its case (declared beside the step, harness/step-cases.ts), so that `npm start` runs every step a Zap editor
 * offers (issue 19: each visible step succeeds against the sandbox, in production mode by default).
 */
import { appSteps, everyCase } from '../../../harness/step-cases';
import type { DemoStep } from '../types';

/** The `perform` method of every step a Zap editor shows (hidden dropdowns and searches left out). */
export const visibleMethods = (): string[] =>
  appSteps()
    .filter((step) => step.kind !== 'authentication' && !step.hidden)
    .map((step) => `${step.id}.operation.perform`);

export const EVERY_OTHER_STEP: DemoStep = {
  name: 'every other visible step, from its step case',
  run: async (ctx) => {
    const ran: string[] = [];
    for (const method of visibleMethods().filter((m) => !ctx.invoked.has(m))) {
      const key = method.split('.')[1] as string;
      const c = everyCase().find((one) => one.path === method);
      if (c === undefined) throw new Error(`${key} has no step case to run`);
      try {
        await ctx.invoke(c.path, c.inputData(ctx.sandbox.ids), c.bundle(ctx.sandbox.ids) ?? {});
      } catch (error) {
        throw new Error(`${key}: ${(error as Error).message}`);
      }
      ran.push(key);
    }
    return ran.length === 0 ? 'none left: the flow ran every visible step' : `ran ${ran.join(', ')}`;
  },
};

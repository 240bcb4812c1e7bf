/**
 * The `npm start` flow: the connector's operations, run one after another through the real
 * zapier-platform-core handler (the same entry point Zapier's runtime calls) against the sandbox.
 * Each issue appends its steps to DEMO_STEPS; a step returns one readable line, or throws.
 */
import { startHookCatcher } from '../../harness/hook-catcher';
import { appHandler } from '../../harness/invoke';
import App from '../../index';
import { type SandboxOptions, startSandbox } from '../../sandbox/server';
import { CREATE_SUBMISSION_STEPS } from './steps/create-submission';
import { DELETE_REPLAY_STEPS } from './steps/delete-replay';
import { EVERY_OTHER_STEP } from './steps/every-step';
import { FORM_DEMO_STEPS } from './steps/forms';
import { INVITE_STEPS } from './steps/invite';
import { NEW_SUBMISSION_STEPS } from './steps/new-submission';
import { SUBMISSION_DEMO_STEPS } from './steps/submissions';
import { TEAM_STEPS } from './steps/team';
import { WEBHOOK_DEMO_STEPS } from './steps/webhooks';
import type { DemoContext, DemoFault, DemoResult, DemoStep } from './types';

interface Named {
  id: number;
  name: string;
}

/** Renders a connection label the way the Zapier CLI does (`{{key}}` from the auth test result). */
const renderLabel = (template: string, values: Record<string, unknown>) =>
  template.replace(/{{\s*([\w.]+)\s*}}/g, (_, key: string) => String(values[key] ?? ''));

export const DEMO_STEPS: DemoStep[] = [
  {
    name: 'connect: auth test',
    run: async (ctx) => {
      const me = await ctx.invoke<{ name: string; email: string }>('authentication.test');
      ctx.picked.me = me;
      return `token accepted for ${me.name} <${me.email}>`;
    },
  },
  {
    name: 'connect: connection label',
    run: async (ctx) => {
      const me = await ctx.invoke<Record<string, unknown>>('authentication.test');
      return `label "${renderLabel(App.authentication?.connectionLabel as string, me)}"`;
    },
  },
  {
    name: 'pick a workspace (workspace_list)',
    run: async (ctx) => {
      const workspaces = await ctx.invoke<Named[]>('triggers.workspace_list.operation.perform');
      const chosen = workspaces.find((w) => w.id === ctx.sandbox.ids.workspaceId);
      if (chosen === undefined)
        throw new Error(`workspace ${ctx.sandbox.ids.workspaceId} is not in the list`);
      ctx.picked.workspace_id = chosen.id;
      return `${workspaces.length} workspaces (${workspaces.map((w) => w.name).join(', ')}); picked "${chosen.name}"`;
    },
  },
  {
    name: 'pick a form (form_list)',
    run: async (ctx) => {
      const forms = await ctx.invoke<Named[]>('triggers.form_list.operation.perform', {
        workspace_id: ctx.picked.workspace_id,
      });
      const chosen = forms.find((f) => f.id === ctx.sandbox.ids.formId);
      if (chosen === undefined) throw new Error(`form ${ctx.sandbox.ids.formId} is not in the list`);
      ctx.picked.form_id = chosen.id;
      return `${forms.length} forms; picked "${chosen.name}"`;
    },
  },
  // subscribe, a delivery, the trigger output; the unsubscribe closes the flow (as turning the Zap off would)
  ...NEW_SUBMISSION_STEPS.filter((step) => !step.name.endsWith('unsubscribe')),
  ...SUBMISSION_DEMO_STEPS,
  ...CREATE_SUBMISSION_STEPS,
  ...TEAM_STEPS,
  ...INVITE_STEPS,
  ...WEBHOOK_DEMO_STEPS,
  ...FORM_DEMO_STEPS,
  ...NEW_SUBMISSION_STEPS.filter((step) => step.name.endsWith('unsubscribe')),
  // a Transfer page, then delete the submission "new submission: a delivery" created (after the
  // unsubscribe: nothing later reads it)
  ...DELETE_REPLAY_STEPS,
  EVERY_OTHER_STEP,
];

/** The user-facing part of an error thrown by the app (z.errors.Error carries JSON in `message`). */
export const readableError = (error: unknown): string => {
  const e = error instanceof Error ? error : new Error(String(error));
  const text = e.message.split('\nWhat happened:')[0] ?? e.message;
  try {
    const parsed = JSON.parse(text) as { message?: string; code?: string; status?: number };
    if (typeof parsed.message === 'string') {
      return `${e.name}${parsed.code ? ` [${parsed.code}]` : ''}: ${parsed.message}`;
    }
  } catch {
    // not a JSON message
  }
  return `${e.name}: ${text}`;
};

export const runDemo = async (
  options: {
    steps?: DemoStep[];
    print?: (line: string) => void;
    fault?: DemoFault;
    sandbox?: SandboxOptions;
  } = {},
): Promise<DemoResult> => {
  const steps = options.steps ?? DEMO_STEPS;
  const print = options.print ?? ((line: string) => console.log(line));
  // production mode unless told otherwise: the harder case (a queue worker with the recorded delays)
  const sandbox = await startSandbox({ exportPollDelayMs: 500, mode: 'production', ...options.sandbox });
  print(
    sandbox.worker === undefined
      ? 'Mode: sync (jobs run in the request, like a server without a queue worker)'
      : `Mode: production (a queue worker stores answers and sends deliveries ${sandbox.worker.delayMs} ms later)`,
  );
  const catcher = await startHookCatcher();
  const authData = { base_url: sandbox.baseUrl, api_key: sandbox.tokens.admin };
  const ctx: DemoContext = {
    sandbox,
    catcher,
    authData,
    picked: {},
    invoked: new Set<string>(),
    invoke: async <T>(
      method: string,
      inputData: Record<string, unknown> = {},
      bundle: Record<string, unknown> = {},
      event: Record<string, unknown> = {},
    ) => {
      ctx.invoked.add(method);
      const reply = await appHandler({
        ...event,
        command: 'execute',
        method,
        bundle: { authData, inputData, ...bundle },
        // as `zapier-platform invoke` calls it: output checks throw, no memory log lines
        calledFromCli: true,
        calledFromCliInvoke: true,
        customLogger: () => undefined,
      });
      return reply.results as T;
    },
  };
  const completed: string[] = [];
  print(`OpnForm sandbox at ${sandbox.baseUrl} (signed in as the workspace admin)`);
  try {
    for (const [index, step] of steps.entries()) {
      const fault = options.fault;
      if (fault !== undefined && (fault.at ?? steps[0]?.name) === step.name) {
        sandbox.fault(fault.kind, fault.count ?? 1000, {
          delayMs: fault.delayMs,
          retryAfter: fault.retryAfter,
        });
        print(`   (fault switch on: the next requests answer "${fault.kind}")`);
      }
      const label = `[${index + 1}/${steps.length}] ${step.name}`;
      try {
        const line = await step.run(ctx);
        completed.push(step.name);
        print(`${label}: ok: ${line}`);
      } catch (error) {
        const message = readableError(error);
        print(`${label}: FAILED`);
        print(`   ${message}`);
        return { ok: false, completed, failedStep: step.name, error: message, invoked: [...ctx.invoked] };
      }
    }
    print(`All ${steps.length} steps passed.`);
    return { ok: true, completed, invoked: [...ctx.invoked] };
  } finally {
    await catcher.close();
    await sandbox.close();
  }
};

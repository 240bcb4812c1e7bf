// `npm start`: the demo flow passes against the sandbox, and a fault makes it fail naming the step.
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { DEMO_STEPS, runDemo } from '../../scripts/demo/flow';
import { demoOptions } from '../../scripts/demo/options';
import { visibleMethods } from '../../scripts/demo/steps/every-step';

const root = resolve(__dirname, '..', '..');

const start = (env: Record<string, string>) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      join(root, 'node_modules', '.bin', 'tsx'),
      ['scripts/demo/main.ts'],
      { cwd: root, env: { ...process.env, OPNFORM_HTTP_TIMEOUT_MS: '', ...env }, timeout: 170_000 },
      (error, stdout, stderr) => done({ code: error === null ? 0 : Number(error.code ?? 1), stdout, stderr }),
    );
  });

describe('demo flow (in-process)', () => {
  // production mode with a short worker delay (the child process below runs the real delays)
  it.each([
    [
      'production',
      { mode: 'production', worker: { delayMs: 200 } },
      'Mode: production (a queue worker stores answers and sends deliveries 200 ms later)',
    ],
    ['sync', { mode: 'sync' }, 'Mode: sync (jobs run in the request, like a server without a queue worker)'],
  ] as const)(
    'runs every step and reports success (%s mode)',
    async (_mode, sandbox, modeLine) => {
      const lines: string[] = [];
      const result = await runDemo({ print: (line) => lines.push(line), sandbox });
      expect(result).toEqual({
        ok: true,
        completed: DEMO_STEPS.map((s) => s.name),
        invoked: expect.any(Array),
      });
      // every step a Zap editor offers ran successfully (a reviewer must be able to run each)
      expect(visibleMethods().filter((m) => !result.invoked.includes(m))).toEqual([]);
      expect(visibleMethods().length).toBeGreaterThan(20);
      expect(lines).toContain(modeLine);
      const n = DEMO_STEPS.length;
      expect(lines).toContain(
        `[1/${n}] connect: auth test: ok: token accepted for Ada Lovelace <ada@example.org>`,
      );
      expect(lines).toContain(
        `[2/${n}] connect: connection label: ok: label "Ada Lovelace (ada@example.org)"`,
      );
      expect(lines.at(-1)).toBe(`All ${DEMO_STEPS.length} steps passed.`);
      // timeouts here guard against a hang, not speed: a few seconds on a quiet machine, far more under load
    },
    120_000,
  );

  it('stops at the first failing step and names it', async () => {
    const lines: string[] = [];
    const result = await runDemo({
      print: (line) => lines.push(line),
      fault: { kind: '500', at: 'pick a workspace (workspace_list)' },
    });
    expect(result).toEqual({
      ok: false,
      completed: ['connect: auth test', 'connect: connection label'],
      invoked: ['authentication.test', 'triggers.workspace_list.operation.perform'],
      failedStep: 'pick a workspace (workspace_list)',
      error:
        'AppError [server_error]: OpnForm had a temporary problem (HTTP 500). Try again in a few minutes; ' +
        'if it keeps happening, check the status of your OpnForm server.',
    });
    expect(lines).toContain(`[3/${DEMO_STEPS.length}] pick a workspace (workspace_list): FAILED`);
  });
});

describe("npm start's options (scripts/demo/options.ts)", () => {
  it('production mode by default; --sync or DEMO_MODE=sync runs the sandbox without a worker', () => {
    expect(demoOptions([], {})).toEqual({ fault: undefined, sandbox: { mode: 'production' } });
    expect(demoOptions([], { DEMO_MODE: ' production ' })).toEqual({
      fault: undefined,
      sandbox: { mode: 'production' },
    });
    expect(demoOptions(['--sync'], { DEMO_MODE: '' })).toEqual({
      fault: undefined,
      sandbox: { mode: 'sync' },
    });
    expect(demoOptions([], { DEMO_MODE: 'sync' })).toEqual({ fault: undefined, sandbox: { mode: 'sync' } });
  });

  it('DEMO_FAULT, DEMO_FAULT_AT and DEMO_FAULT_DELAY_MS make the fault (slow: past the HTTP timeout by default)', () => {
    expect(demoOptions(['--sync'], { DEMO_FAULT: 'drop', DEMO_FAULT_AT: 'pick a form (form_list)' })).toEqual(
      {
        fault: { kind: 'drop', at: 'pick a form (form_list)', delayMs: 21_000, retryAfter: 30 },
        sandbox: { mode: 'sync' },
      },
    );
    expect(demoOptions([], { DEMO_FAULT: 'slow', OPNFORM_HTTP_TIMEOUT_MS: '500' })).toMatchObject({
      fault: { kind: 'slow', at: undefined, delayMs: 1500 },
    });
    expect(demoOptions([], { DEMO_FAULT: '429', DEMO_FAULT_DELAY_MS: '40' })).toMatchObject({
      fault: { kind: '429', delayMs: 40 },
    });
  });

  it('an unknown DEMO_FAULT or DEMO_MODE is an error saying what is allowed', () => {
    expect(demoOptions([], { DEMO_FAULT: 'boom' })).toEqual({
      error: 'DEMO_FAULT must be one of 429, 500, slow, non-json, drop (got "boom").',
    });
    expect(demoOptions([], { DEMO_MODE: 'fast' })).toEqual({
      error: 'DEMO_MODE must be sync or production (got "fast").',
    });
  });
});

// One child process (the full flow runs in-process above): the script's own wiring, the default mode
// with the real worker delays, a fault from the environment and the exit code.
describe('npm start (scripts/demo/main.ts in a child process)', () => {
  it('runs in production mode by default (the real worker delays); exits 1 naming the step when DEMO_FAULT is set', async () => {
    const run = await start({ DEMO_MODE: '', DEMO_FAULT: 'drop', DEMO_FAULT_AT: 'pick a form (form_list)' });
    expect(run.stdout).toContain(
      'Mode: production (a queue worker stores answers and sends deliveries 3000 ms later)',
    );
    expect(run.stdout).toContain(`[3/${DEMO_STEPS.length}] pick a workspace (workspace_list): ok`);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /npm start failed at step "pick a form \(form_list\)": AppError \[unreachable\]: Could not reach OpnForm/,
    );
  }, 180_000);
});

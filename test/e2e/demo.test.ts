// `npm start`: the demo flow passes against the sandbox, and a fault makes it fail naming the step.
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { DEMO_STEPS, runDemo } from '../../scripts/demo/flow';
import { visibleMethods } from '../../scripts/demo/steps/every-step';

const root = resolve(__dirname, '..', '..');

const start = (env: Record<string, string>, args: string[] = []) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      join(root, 'node_modules', '.bin', 'tsx'),
      ['scripts/demo/main.ts', ...args],
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

describe('npm start (scripts/demo/main.ts in a child process)', () => {
  it('exits 0 when every step passes, in production mode by default (the real worker delays)', async () => {
    const run = await start({ DEMO_MODE: '' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'Mode: production (a queue worker stores answers and sends deliveries 3000 ms later)',
    );
    expect(run.stdout).toContain(`All ${DEMO_STEPS.length} steps passed.`);
  }, 180_000);

  it('--sync runs the sandbox without a worker; exits 1 naming the step when DEMO_FAULT is set', async () => {
    const run = await start({ DEMO_MODE: '', DEMO_FAULT: 'drop', DEMO_FAULT_AT: 'pick a form (form_list)' }, [
      '--sync',
    ]);
    expect(run.stdout).toContain(
      'Mode: sync (jobs run in the request, like a server without a queue worker)',
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /npm start failed at step "pick a form \(form_list\)": AppError \[unreachable\]: Could not reach OpnForm/,
    );
  }, 180_000);
});

// The scale benchmark (issue 33), `npm run bench -- --scale [--quick] [--step NAME] [--size NAME]`: the
// sandbox seeded at growing sizes (sandbox/scale-seed.ts: answers made on demand, so seeding takes about
// a second at any size) and served over https with a certificate made at start (sandbox/tls.ts), as
// OpnForm is reached in production. Each step of harness/scale-steps.ts runs at each size in its own
// process (build/scale/child.js: the app bundled as `npm run build:app` bundles it, behind core's
// handler), which trusts the certificate through NODE_EXTRA_CA_CERTS and reaches the loopback sandbox
// under the connector's development setting. Per run: OpnForm requests and the answers' bytes (the
// sandbox's count), the process's peak RSS, the output's size, the time; per step, the growth law of
// each figure over the sizes (harness/growth.ts). The sandbox answers like a self-hosted server on sqlite
// (no `search` pre-filter, so a search reads its whole window) with OpnForm's real rate limits.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { startStashServer } from '../harness/file-storage';
import { type MemoryCgroup, memoryCgroup } from '../harness/memory-cgroup';
import { SCALE_STEPS, type ScaleStep } from '../harness/scale-steps';
import { type ScaleResult, type ScaleRow, SIZES } from '../harness/scale-table';
import { type ScaleSize, scaleSeed } from '../sandbox/scale-seed';
import { REAL_RATE_LIMITS, startSandbox } from '../sandbox/server';
import { selfSignedTls } from '../sandbox/tls';
import { type ChildRun, MARK, type ScaleJob } from './scale-child';

const ROOT = join(__dirname, '..');
const CHILD = join(ROOT, 'build', 'scale', 'child.js');

/** A step process still running after this long is stopped (and reported so). */
const CHILD_LIMIT_MS = 180_000;

/** Bundles the step process: the app (development build, as `npm run build:app`) and bench/scale-child.ts. */
const buildChild = () =>
  build({
    entryPoints: [join(__dirname, 'scale-child.ts')],
    outfile: CHILD,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    external: ['zapier-platform-core', 'content-disposition', 'form-data'],
    logLevel: 'warning',
  });

/** Runs one job in a fresh process; what else it printed goes to `log`. */
const runChild = (
  job: ScaleJob,
  env: Record<string, string>,
  log: (text: string) => void,
  cgroup?: MemoryCgroup,
) =>
  new Promise<ChildRun>((resolve, reject) => {
    // SCALE_NODE_ARGS: flags for the step processes, e.g. `--max-semi-space-size=1` (V8's young generation in
    // a 256 MB runtime; Node sizes it from the machine's memory: 16 MB semi-spaces from 4 GB up)
    const flags = (process.env.SCALE_NODE_ARGS ?? '').split(' ').filter((flag) => flag !== '');
    const args = [...flags, CHILD, JSON.stringify(job)];
    const [command, argv] = cgroup?.wrap(process.execPath, args) ?? [process.execPath, args];
    const child = spawn(command, argv, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let found: ChildRun | undefined;
    const lines: string[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith(MARK)) found = JSON.parse(line.slice(MARK.length)) as ChildRun;
      else if (line !== '') lines.push(line);
    });
    child.stderr.on('data', (chunk) => lines.push(String(chunk)));
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_LIMIT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      log([`-- ${job.method}`, ...lines].join('\n'));
      if (found !== undefined) return resolve(found);
      const why =
        signal === 'SIGKILL' ? `stopped after ${CHILD_LIMIT_MS / 1000} s` : `exit ${code} ${signal ?? ''}`;
      if (job.method === 'idle') return reject(new Error(`the idle step process failed (${why})`));
      resolve({
        ms: CHILD_LIMIT_MS,
        peak: 0,
        outputBytes: 0,
        error: `process ended without figures (${why})`,
      });
    });
  });

export interface ScaleOptions {
  sizes: string[];
  /** Step names (default: every step). */
  steps?: string[];
  log?: (text: string) => void;
  /** Called after each run (progress). */
  progress?: (row: ScaleRow) => void;
  /** Runs each step process in a memory cgroup of this many MB (harness/memory-cgroup.ts). */
  memoryMb?: number;
}

export const runScale = async (options: ScaleOptions): Promise<ScaleResult> => {
  const log = options.log ?? (() => {});
  const unknownSize = options.sizes.find((s) => SIZES[s] === undefined);
  if (unknownSize !== undefined)
    throw new Error(`No size ${unknownSize}: the sizes are ${Object.keys(SIZES).join(', ')}.`);
  const steps: ScaleStep[] =
    options.steps === undefined ? SCALE_STEPS : SCALE_STEPS.filter((s) => options.steps?.includes(s.name));
  const unknownStep = options.steps?.find((name) => !SCALE_STEPS.some((s) => s.name === name));
  if (unknownStep !== undefined)
    throw new Error(`No step ${unknownStep}: the steps are ${SCALE_STEPS.map((s) => s.name).join(', ')}.`);
  await buildChild();
  const cgroup = options.memoryMb === undefined ? undefined : memoryCgroup(options.memoryMb);
  const tls = selfSignedTls();
  const stash = await startStashServer();
  const env = {
    NODE_EXTRA_CA_CERTS: tls.certFile,
    OPNFORM_DEV_LOCAL_SERVER: '1',
    // core's RPC client sends it to the stand-in storage (harness/file-storage.ts)
    ZAPIER_DEPLOY_KEY: 'demo-storage',
  };
  const rows: ScaleRow[] = [];
  const seedMs: Record<string, number> = {};
  try {
    const idle = await runChild({ method: 'idle', bundle: {} }, env, log, cgroup);
    for (const sizeName of options.sizes) {
      const size = SIZES[sizeName] as ScaleSize;
      const seeding = performance.now();
      const initial = scaleSeed(size);
      seedMs[sizeName] = Math.round(performance.now() - seeding);
      const sandbox = await startSandbox({
        initial,
        tls,
        sqliteSearch: true,
        rateLimits: REAL_RATE_LIMITS,
        exportPollDelayMs: 200,
      });
      try {
        for (const step of steps) {
          sandbox.clearCache();
          const requestsBefore = sandbox.requests().length;
          const bytesBefore = sandbox.servedBytes();
          const run = await runChild(
            {
              method: step.method,
              bundle: {
                authData: { base_url: sandbox.baseUrl, api_key: sandbox.tokens.admin },
                inputData: step.input(initial.ids),
                ...(step.meta === undefined ? {} : { meta: step.meta }),
              },
              rpcBase: stash.event.rpc_base,
            },
            env,
            log,
            cgroup,
          );
          const sent = sandbox.requests().slice(requestsBefore);
          const row: ScaleRow = {
            size: sizeName,
            step: step.name,
            requests: sent.length,
            throttled: sent.filter((r) => r.status === 429).length,
            bytesRead: sandbox.servedBytes() - bytesBefore,
            peak: run.peak,
            outputBytes: run.outputBytes,
            ms: Math.round(run.ms),
            ...(run.items === undefined ? {} : { items: run.items }),
            ...(run.error === undefined ? {} : { error: run.error }),
          };
          rows.push(row);
          options.progress?.(row);
        }
      } finally {
        await sandbox.close();
      }
    }
    return { idlePeak: idle.peak, rows, seedMs };
  } finally {
    cgroup?.remove();
    await stash.close();
    rmSync(tls.dir, { recursive: true, force: true });
  }
};

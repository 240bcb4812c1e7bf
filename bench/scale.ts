// The scale benchmark (issue 33), `npm run bench -- --scale [--quick] [--step NAME] [--size NAME]`: the
// sandbox seeded at growing sizes (sandbox/scale-seed.ts: answers made on demand, so seeding takes about
// a second at any size) and served over https with a certificate made at start (sandbox/tls.ts), as
// OpnForm is reached in production. Each step of bench/scale-steps.ts runs at each size in its own
// process (build/scale/child.js: the app bundled as `npm run build:app` bundles it, behind core's
// handler), which trusts the certificate through NODE_EXTRA_CA_CERTS and reaches the loopback sandbox
// under the connector's development setting. Per run: OpnForm requests and the answers' bytes (the
// sandbox's count), the process's peak RSS, the output's size, the time; per step, the growth law of
// each figure over the sizes (bench/growth.ts). The sandbox answers like a self-hosted server on sqlite
// (no `search` pre-filter, so a search reads its whole window) with OpnForm's real rate limits.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { startStashServer } from '../harness/file-storage';
import { type ScaleSize, scaleSeed } from '../sandbox/scale-seed';
import { REAL_RATE_LIMITS, startSandbox } from '../sandbox/server';
import { selfSignedTls } from '../sandbox/tls';
import { growthExponent, shownExponent } from './growth';
import { type ChildRun, MARK, type ScaleJob } from './scale-child';
import { dimensionOf, SCALE_STEPS, type ScaleStep } from './scale-steps';

const ROOT = join(__dirname, '..');
const CHILD = join(ROOT, 'build', 'scale', 'child.js');

/** The sizes, smallest first (the issue's range: forms 10 → 5,000, ..., members 10 → 500). */
export const SIZES: Record<string, ScaleSize> = {
  xs: { forms: 10, questions: 10, submissions: 100, events: 1_000, members: 10 },
  s: { forms: 100, questions: 50, submissions: 1_000, events: 5_000, members: 50 },
  m: { forms: 1_000, questions: 200, submissions: 10_000, events: 20_000, members: 200 },
  big: { forms: 5_000, questions: 500, submissions: 100_000, events: 100_000, members: 500 },
};
export const QUICK_SIZES = ['xs', 's'];
export const FULL_SIZES = ['xs', 's', 'm', 'big'];
/** A step process still running after this long is stopped (and reported so). */
const CHILD_LIMIT_MS = 180_000;

export interface ScaleRow {
  size: string;
  step: string;
  requests: number;
  /** Requests answered 429 (OpnForm's rate limit). */
  throttled: number;
  bytesRead: number;
  peak: number;
  outputBytes: number;
  ms: number;
  items?: number;
  error?: string;
}

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
const runChild = (job: ScaleJob, env: Record<string, string>, log: (text: string) => void) =>
  new Promise<ChildRun>((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, JSON.stringify(job)], {
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
}

export interface ScaleResult {
  /** Peak RSS of a step process that loads the app and calls nothing. */
  idlePeak: number;
  rows: ScaleRow[];
  /** Per size, how long seeding took (ms). */
  seedMs: Record<string, number>;
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
    const idle = await runChild({ method: 'idle', bundle: {} }, env, log);
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
    await stash.close();
    rmSync(tls.dir, { recursive: true, force: true });
  }
};

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(bytes < 10 * 2 ** 20 ? 2 : 0);
const kb = (bytes: number) =>
  bytes >= 2 ** 20 ? `${mb(bytes)} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${bytes} B`;

/** The figures' growth laws per step: requests, bytes read, peak over idle, output, time. */
export const growthOf = (result: ScaleResult, stepName: string) => {
  const step = SCALE_STEPS.find((s) => s.name === stepName);
  const rows = result.rows.filter((r) => r.step === stepName);
  const law = (y: (r: ScaleRow) => number) =>
    shownExponent(
      step === undefined
        ? undefined
        : growthExponent(
            rows.map((r) => ({ x: dimensionOf(SIZES[r.size] as ScaleSize, step.grows), y: y(r) })),
          ),
    );
  return {
    grows: step?.grows ?? '',
    requests: law((r) => r.requests),
    bytes: law((r) => r.bytesRead),
    // over the idle process, at least 1 MB (the noise of a process's start)
    memory: law((r) => Math.max(2 ** 20, r.peak - result.idlePeak)),
    output: law((r) => r.outputBytes),
    time: law((r) => r.ms),
  };
};

/** The results as a Markdown table (one row per step and size) and the growth laws (one per step). */
export const scaleTables = (result: ScaleResult): string => {
  const runs = [
    '| step | size | requests (429) | bytes read | peak RSS (MB) | output | time (s) | items / error |',
    '|---|---|---|---|---|---|---|---|',
    ...result.rows.map(
      (r) =>
        `| ${r.step} | ${r.size} | ${r.requests}${r.throttled > 0 ? ` (${r.throttled})` : ''} | ${kb(r.bytesRead)} | ` +
        `${r.peak === 0 ? '-' : mb(r.peak)} | ${kb(r.outputBytes)} | ${(r.ms / 1000).toFixed(1)} | ` +
        `${r.error === undefined ? (r.items ?? '') : r.error.replace(/\|/g, '/').slice(0, 160)} |`,
    ),
  ];
  const names = [...new Set(result.rows.map((r) => r.step))];
  const sizes = [...new Set(result.rows.map((r) => r.size))];
  const laws =
    sizes.length < 2
      ? []
      : [
          '',
          `Growth law (exponent b of a log-log fit, y ≈ a·x^b, over ${sizes.join(', ')}; 0 constant, 1 linear in x):`,
          '',
          '| step | x | requests | bytes read | peak over idle | output | time |',
          '|---|---|---|---|---|---|---|',
          ...names.map((name) => {
            const g = growthOf(result, name);
            return `| ${name} | ${g.grows} | ${g.requests} | ${g.bytes} | ${g.memory} | ${g.output} | ${g.time} |`;
          }),
        ];
  return [...runs, ...laws].join('\n');
};

export const sizeLine = (names: string[]) =>
  names
    .map((name) => {
      const s = SIZES[name] as ScaleSize;
      return (
        `${name}: ${s.forms} forms, ${s.questions} questions, ${s.submissions} submissions, ` +
        `${s.events} delivery events (10 integrations), ${s.members} members`
      );
    })
    .join('; ');

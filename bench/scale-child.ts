// One step run of the scale benchmark in its own process (bench/scale.ts bundles this file with the app
// into build/scale/child.js and starts it once per step and size): the app behind core's handler, as
// Zapier's runtime calls it, then one line with the figures. The process's peak RSS (getrusage's
// maxRSS) is read as soon as the step returns, before its output is measured.
//   node build/scale/child.js '<job as JSON>'    job.method 'idle': the app loaded, nothing called
import * as core from 'zapier-platform-core';
import App from '../index';

// `createAppHandler` (the runtime's entry point) is exported by core but missing from its types
const { createAppHandler } = core as unknown as {
  createAppHandler: (app: unknown) => (event: object) => Promise<{ results: unknown }>;
};

export interface ScaleJob {
  method: string;
  bundle: Record<string, unknown>;
  /** Core's RPC endpoint (the loopback stand-in for Zapier's file storage: z.stashFile). */
  rpcBase?: string;
}

export interface ChildRun {
  ms: number;
  /** Peak RSS of the process, bytes. */
  peak: number;
  /** The output as JSON, bytes (0 on an error). */
  outputBytes: number;
  /** Items returned (a trigger's or search's list). */
  items?: number;
  /** The error's first line, as the user would read it. */
  error?: string;
}

export const MARK = 'SCALE_RUN=';

const run = async (job: ScaleJob): Promise<ChildRun> => {
  if (job.method === 'idle') return { ms: 0, peak: process.resourceUsage().maxRSS * 1024, outputBytes: 0 };
  const handler = createAppHandler(App);
  const started = performance.now();
  let results: unknown;
  let error: string | undefined;
  try {
    // calledFromCli: core's memory log line stays off, as it is for `zapier-platform invoke`
    const reply = await handler({
      command: 'execute',
      method: job.method,
      bundle: job.bundle,
      calledFromCli: true,
      customLogger: () => {},
      ...(job.rpcBase === undefined ? {} : { rpc_base: job.rpcBase }),
    });
    results = reply.results;
  } catch (caught) {
    error = String((caught as Error)?.message ?? caught)
      .split('\n')[0]
      ?.slice(0, 240);
  }
  const ms = performance.now() - started;
  const peak = process.resourceUsage().maxRSS * 1024;
  const text = error === undefined ? JSON.stringify(results ?? null) : '';
  return {
    ms,
    peak,
    outputBytes: Buffer.byteLength(text),
    ...(Array.isArray(results) ? { items: results.length } : {}),
    ...(error === undefined ? {} : { error }),
  };
};

if (require.main === module)
  run(JSON.parse(process.argv[2] ?? '{}') as ScaleJob).then(
    (figures) => {
      process.stdout.write(`\n${MARK}${JSON.stringify(figures)}\n`);
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );

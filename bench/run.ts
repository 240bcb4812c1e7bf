// `npm run bench` (full) or `npm run bench -- --quick` (CI): every figure against a baseline measured
// in the same run or a fixed target, printed as one table with its target and pass/over (printed, never
// asserted on timing), and written to bench/results.json. What core and the connector print while the
// figures are measured (request logs, quiet-call lines) goes to build/bench.log, not between the rows.
// `npm run bench -- --scale [--quick]` is the scale benchmark instead (bench/scale-main.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { benchShape } from '../harness/shape-bench';
import { buildZips, coldStart, zipBytes, zipDefinition } from './coldstart';
import { exportPeaks } from './export';
import { countRequests } from './requests';
import { scaleMain } from './scale-main';

// The connector's development setting (src/http/base-url.ts): the benchmark's OpnForm is the loopback sandbox.
process.env.OPNFORM_DEV_LOCAL_SERVER = '1';

const quick = process.argv.includes('--quick');
const LOG = join(__dirname, '..', 'build', 'bench.log');
const logged: string[] = [];
const writeLog = () => {
  mkdirSync(join(LOG, '..'), { recursive: true });
  writeFileSync(LOG, `${logged.join('\n')}\n`);
};

/** Runs `measure` with the console writing to the log instead of the terminal. */
const quietly = async <T>(what: string, measure: () => T | Promise<T>): Promise<T> => {
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const;
  const saved = methods.map((name) => console[name]);
  logged.push(`== ${what}`);
  for (const name of methods) console[name] = (...args: unknown[]) => logged.push(format(...args));
  try {
    return await measure();
  } finally {
    methods.forEach((name, i) => {
      console[name] = saved[i] as (typeof console)[typeof name];
    });
  }
};

interface Row {
  figure: string;
  value: string;
  against: string;
  ratio: number | null;
  target: string;
  result: 'pass' | 'over' | '';
}
const rows: Row[] = [];
const add = (row: Omit<Row, 'result'>, within?: boolean) =>
  rows.push({ ...row, result: within === undefined ? '' : within ? 'pass' : 'over' });
const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const ratio = (value: number, baseline: number) =>
  baseline === 0 ? null : Number((value / baseline).toFixed(3));

/** The rows as a plain text table (fixed columns; long figure names wrap nothing). */
const table = (all: Row[]): string => {
  const head: Record<keyof Row, string> = {
    figure: 'figure',
    value: 'value',
    against: 'against',
    ratio: 'ratio',
    target: 'target',
    result: 'result',
  };
  const cells = (row: Row | typeof head) => [
    row.figure,
    row.value,
    row.against,
    row.ratio === null ? '' : String(row.ratio),
    row.target,
    row.result,
  ];
  const lines = [cells(head), ...all.map(cells)];
  const widths = lines[0]?.map((_, i) => Math.max(...lines.map((cols) => (cols[i] ?? '').length))) ?? [];
  const text = (cols: string[]) =>
    cols
      .map((col, i) => col.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    text(lines[0] ?? []),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...lines.slice(1).map(text),
  ].join('\n');
};

const main = async () => {
  const started = performance.now();
  const load = loadavg().map((l) => l.toFixed(2));
  const runs = quick ? 5 : 15;

  const zips = await quietly('building the three zips', buildZips);
  const cold = await quietly('cold starts', () => coldStart(zips, runs, (text) => logged.push(text)));
  const { app, same, bare } = cold.median;
  add(
    {
      figure: `cold start CPU (whole process at \`definition\`, median of ${runs}) vs same-definition app`,
      value: ms(app.cpu),
      against: ms(same.cpu),
      ratio: ratio(app.cpu, same.cpu),
      target: '<= 1.08',
    },
    app.cpu / same.cpu <= 1.08,
  );
  add(
    {
      figure: 'cold start CPU vs bare one-trigger app',
      value: ms(app.cpu),
      against: ms(bare.cpu),
      ratio: ratio(app.cpu, bare.cpu),
      target: '<= 1.12',
    },
    app.cpu / bare.cpu <= 1.12,
  );
  add({
    figure: 'cold start wall (wrapper require to `definition` answer) vs bare app',
    value: ms(app.wall),
    against: ms(bare.wall),
    ratio: ratio(app.wall, bare.wall),
    target: '',
  });
  add(
    {
      figure: `app's own require after core (wall; CPU ${ms(app.ownCpu)}) vs same-definition app`,
      value: ms(app.ownWall),
      against: ms(same.ownWall),
      ratio: ratio(app.ownWall, same.ownWall),
      target: '<= 10 ms (quiet machine)',
    },
    app.ownWall <= 10,
  );
  add(
    {
      figure: 'zod schemas built while the app loads',
      value: cold.zodHookPresent ? String(cold.zodAtLoad) : 'not counted (no zod hook in the bundle)',
      against: '',
      ratio: null,
      target: '0',
    },
    cold.zodHookPresent ? cold.zodAtLoad === 0 : undefined,
  );

  const definition = zipDefinition(zips.app);
  const steps = ['triggers', 'creates', 'searches'].reduce(
    (sum, kind) => sum + Object.keys(definition[kind] ?? {}).length,
    0,
  );
  const definitionBytes = Buffer.byteLength(JSON.stringify(definition));
  add(
    {
      figure: `definition per step (minified JSON ${kb(definitionBytes)} / ${steps} steps)`,
      value: `${Math.round(definitionBytes / steps)} B`,
      against: '',
      ratio: null,
      target: '<= 1536 B',
    },
    definitionBytes / steps <= 1536,
  );
  const over = zipBytes(zips.app) - zipBytes(zips.bare);
  add(
    {
      figure: `zip per step over the bare app (${kb(zipBytes(zips.app))} vs ${kb(zipBytes(zips.bare))})`,
      value: `${Math.round(over / steps)} B`,
      against: '',
      ratio: ratio(zipBytes(zips.app), zipBytes(zips.bare)),
      target: '<= 3072 B',
    },
    over / steps <= 3072,
  );

  const shape = await quietly('shaping', () => benchShape(quick ? 7 : 21, 300));
  add({
    figure: 'shaping a 300-answer delivery (median) vs JSON.parse of the same body',
    value: `${shape.shapeMs.toFixed(2)} ms`,
    against: `${shape.parseMs.toFixed(2)} ms`,
    ratio: ratio(shape.shapeMs, shape.parseMs),
    target: '',
  });

  const size = quick ? 50 : 100;
  const exported = await quietly('export memory', () =>
    exportPeaks(size, (text) => logged.push(...text.split('\n'))),
  );
  add(
    {
      figure: `export peak RSS, fresh process each: ${mb(exported.large.file_bytes)} CSV vs ${mb(exported.small.file_bytes)} (5000 submissions, streamed to storage)`,
      value: mb(exported.large.peak_rss_bytes),
      against: mb(exported.small.peak_rss_bytes),
      ratio: exported.peak_growth,
      target: `<= 1.1 (file ${exported.size_growth}x)`,
    },
    exported.peak_growth <= 1.1,
  );

  const requests = await quietly('requests per operation', countRequests);
  const wrong = requests.filter((row) => row.problem !== undefined);

  writeLog();
  console.log(
    `npm run bench${quick ? ' -- --quick' : ''}: ${new Date().toISOString()}, load average ${load.join(' ')} ` +
      `(1, 5, 15 min) at the start, Node ${process.version}`,
  );
  console.log(table(rows));
  console.log('\nHTTP requests per operation (sandbox request log) and the fewest each needs:');
  console.table(requests, ['operation', 'requests', 'minimum']);
  const out = join(__dirname, 'results.json');
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), quick, loadavg: load, rows, cold, exported, requests }, null, 2)}\n`,
  );
  console.log(
    `written ${out}; console output while measuring: ${LOG} (${logged.length} lines); ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  if (wrong.length > 0)
    throw new Error(
      `cases that did not end as declared with their minimum:\n${wrong.map((r) => r.problem).join('\n')}`,
    );
};

(process.argv.includes('--scale') ? scaleMain(process.argv) : main()).catch((error) => {
  writeLog();
  console.error(error);
  process.exit(1);
});

// `npm run bench -- --scale`: every step of harness/scale-steps.ts at every size (bench/scale.ts);
//   --quick               the small sizes only (xs, s: what .ci/run runs, about a minute)
//   --size big            one size (repeat or comma-separate for several: --size s,m); xl, the issue's
//                         "done when" account (1,000,000 delivery events), runs only when named
//   --step find_submission  one step (repeat or comma-separate for several)
//   --memory 256          each step process in a 256 MB memory cgroup, as Zapier's runtime runs a step
//                         (Node then sizes V8's heap for 256 MB; root and a writable cgroup needed)
// Prints the table and the growth laws (Markdown, as docs/quality.md "Scale" holds them), each run's line
// as it ends, and writes bench/results-scale.json; what the step processes print goes to
// build/bench-scale.log.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { FULL_SIZES, QUICK_SIZES, type ScaleRow, scaleTables, sizeLine } from '../harness/scale-table';
import { runScale } from './scale';

const ROOT = join(__dirname, '..');

/** The values of `--flag a --flag b,c`. */
const listed = (argv: string[], flag: string): string[] | undefined => {
  const values = argv.flatMap((arg, i) => (arg === flag ? (argv[i + 1] ?? '').split(',') : []));
  return values.length === 0 ? undefined : values.filter((v) => v !== '');
};

const commit = () => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
};

export const scaleMain = async (argv: string[]) => {
  const started = performance.now();
  const sizes = listed(argv, '--size') ?? (argv.includes('--quick') ? QUICK_SIZES : FULL_SIZES);
  const steps = listed(argv, '--step');
  const memory = listed(argv, '--memory')?.[0];
  const memoryMb = memory === undefined ? undefined : Number(memory);
  const load = loadavg().map((l) => l.toFixed(2));
  const logged: string[] = [];
  const line = (r: ScaleRow) =>
    console.log(
      `${r.size.padEnd(3)} ${r.step.padEnd(28)} ${String(r.requests).padStart(5)} req ` +
        `${(r.bytesRead / 2 ** 20).toFixed(2).padStart(8)} MB read ${(r.peak / 2 ** 20).toFixed(0).padStart(5)} MB peak ` +
        `${(r.ms / 1000).toFixed(1).padStart(6)} s${r.error === undefined ? '' : `  ${r.error.slice(0, 90)}`}`,
    );
  console.log(`scale benchmark: ${sizeLine(sizes)}`);
  const result = await runScale({ sizes, steps, memoryMb, log: (text) => logged.push(text), progress: line });
  const header =
    `npm run bench -- --scale${argv.includes('--quick') ? ' --quick' : ''}${memory === undefined ? '' : ` --memory ${memory} (each step process in a ${memory} MB memory cgroup)`}: ${new Date().toISOString()}, ` +
    `commit ${commit()}, load average ${load.join(' ')} (1, 5, 15 min) at the start, Node ${process.version}; ` +
    `idle step process peak ${(result.idlePeak / 2 ** 20).toFixed(0)} MB; seeding ${Object.entries(
      result.seedMs,
    )
      .map(([size, ms]) => `${size} ${ms} ms`)
      .join(', ')}; ${((performance.now() - started) / 1000).toFixed(0)} s in all`;
  console.log(`\n${header}\n\n${scaleTables(result)}`);
  mkdirSync(join(ROOT, 'build'), { recursive: true });
  writeFileSync(join(ROOT, 'build', 'bench-scale.log'), `${logged.join('\n')}\n`);
  writeFileSync(
    join(__dirname, 'results-scale.json'),
    `${JSON.stringify({ date: new Date().toISOString(), commit: commit(), loadavg: load, sizes, ...result }, null, 2)}\n`,
  );
};

// The scale benchmark's sizes, its rows and how they are shown (bench/scale.ts runs them; the test of
// the benchmark's parts, test/bench/scale.tests.ts, reads them here): a Markdown table of the runs and
// the growth law of each figure per step (harness/growth.ts) against the step's own dimension.
import type { ScaleSize } from '../sandbox/scale-seed';
import { growthExponent, shownExponent } from './growth';
import { dimensionOf, SCALE_STEPS } from './scale-steps';

/** The sizes, smallest first (the issue's range: forms 10 → 5,000, ..., members 10 → 500). */
export const SIZES: Record<string, ScaleSize> = {
  xs: { forms: 10, questions: 10, submissions: 100, events: 1_000, members: 10 },
  s: { forms: 100, questions: 50, submissions: 1_000, events: 5_000, members: 50 },
  m: { forms: 1_000, questions: 200, submissions: 10_000, events: 20_000, members: 200 },
  big: { forms: 5_000, questions: 500, submissions: 100_000, events: 100_000, members: 500 },
  /** The issue's "done when" account: 10 integrations × 100,000 delivery events (`--size xl` only). */
  xl: { forms: 5_000, questions: 500, submissions: 100_000, events: 1_000_000, members: 500 },
};
export const QUICK_SIZES = ['xs', 's'];
export const FULL_SIZES = ['xs', 's', 'm', 'big'];
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

export interface ScaleResult {
  /** Peak RSS of a step process that loads the app and calls nothing. */
  idlePeak: number;
  rows: ScaleRow[];
  /** Per size, how long seeding took (ms). */
  seedMs: Record<string, number>;
}

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

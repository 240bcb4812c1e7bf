// Peak memory of the steps that read big answers (issue 33 item 1), each step in a fresh child process
// through core's handler (the app from index.ts), against the sandbox in this process seeded wide: a form
// of `questions` text questions whose `submissions` answers are `answerChars` characters each, and
// `integrations` webhooks on it whose delivery logs hold `events` events each (one in ten failed). The
// child reports its peak RSS (getrusage's maxRSS: loading the app and everything else included), its
// time, the requests the sandbox answered and what the step returned.
//   npx tsx bench/memory-big.ts                              the sizes of issue 33's table
//   npx tsx bench/memory-big.ts --submissions 5100 --newest 5000 --events 100000   the big account's
//     reads (a step reads at most 50 pages: more submissions add to the sandbox, not to the step)
// `memoryPeaks(size)` is what `npm run bench` can call (one row per step).
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { formRecord, isoOf, stableUuid, submissionRecord } from '../sandbox/seeds/builders';
import { type Sandbox, startSandbox } from '../sandbox/server';
import type { Block } from '../sandbox/state';

const ROOT = resolve(__dirname, '..');
const MARK = 'MEMORY_RUN=';
const FORM_ID = 900;
const WORKSPACE_ID = 11;
/** Every answer starts with this word: OpnForm's `search` pre-filter keeps every submission, no answer equals it. */
const WORD = 'answer';

export interface WideSize {
  questions: number;
  submissions: number;
  answerChars: number;
  integrations: number;
  events: number;
  /** Export Submissions' Newest Submissions (default 3000). */
  newest?: number;
}

export const ISSUE_SIZE: WideSize = {
  questions: 500,
  submissions: 3100,
  answerChars: 100,
  integrations: 10,
  events: 40_000,
};

/** Adds the wide form, its submissions, integrations and delivery logs to a started sandbox. */
export const seedWide = (sandbox: Sandbox, size: WideSize) => {
  const { state } = sandbox;
  const at = isoOf(Date.UTC(2026, 10, 1));
  const blocks: Block[] = Array.from({ length: size.questions }, (_, q) => ({
    id: stableUuid(`wide-q-${q}`),
    type: 'text',
    name: `Question ${q + 1}`,
  }));
  state.forms.push(
    formRecord(
      { id: FORM_ID, workspace_id: WORKSPACE_ID, creator_id: 1, slug: 'wide-form', title: 'Wide Form' },
      blocks,
      { created_at: at, updated_at: at },
    ),
  );
  const pad = 'x'.repeat(Math.max(0, size.answerChars - WORD.length - 12));
  const start = Date.UTC(2026, 10, 2);
  let firstId = 0;
  for (let n = 0; n < size.submissions; n += 1) {
    const id = 1_000_000 + n;
    firstId ||= id;
    const answers: Record<string, unknown> = {};
    for (const [q, block] of blocks.entries())
      answers[block.id] = `${WORD}-${n}-${q}-${pad}`.slice(0, size.answerChars);
    state.submissions.push(
      submissionRecord(
        { id, uuid: stableUuid(`wide-s-${n}`), form_id: FORM_ID, answers },
        isoOf(start + n * 60_000),
      ),
    );
  }
  state.integrationEvents ??= [];
  const integrationIds: number[] = [];
  for (let i = 0; i < size.integrations; i += 1) {
    const id = 9000 + i;
    integrationIds.push(id);
    state.integrations.push({
      id,
      form_id: FORM_ID,
      integration_id: 'webhook',
      status: 'active',
      data: { webhook_url: `https://dead-${i}.example.net/hooks/${i}` },
      created_at: at,
      updated_at: at,
    });
    for (let e = 0; e < size.events; e += 1) {
      const failed = e % 10 === 0;
      state.integrationEvents.push({
        id: state.integrationEvents.length + 1,
        integration_id: id,
        status: failed ? 'error' : 'success',
        data: failed ? { message: `cURL error 7: Failed to connect to dead-${i}.example.net port 443` } : {},
        // five events a minute
        created_at: isoOf(start + Math.floor(e / 5) * 60_000),
      });
    }
  }
  // the submission 2,950th from the newest: on page 30 of 100
  const deep = Math.max(0, size.submissions - 2950);
  return { formId: FORM_ID, field: blocks[0]?.id ?? '', deepUuid: stableUuid(`wide-s-${deep}`), firstId };
};

export interface StepRun {
  step: string;
  /** What it returned (items, rows) or the error's first words. */
  outcome: string;
  requests: number;
  peak_rss_mb: number;
  seconds: number;
  /** The child's own CPU time (user + system): the connector's work, whatever the sandbox's load. */
  cpu_seconds: number;
}

interface ChildJob {
  method: string;
  inputData: Record<string, unknown>;
  authData: Record<string, unknown>;
  stash: boolean;
}

/**
 * The child: the built app (as Zapier runs it, no TypeScript loader) through core's handler, then its
 * peak RSS. For the export, z.stashFile consumes the file's stream as Zapier's uploader does.
 */
const CHILD_JS = `
process.env.OPNFORM_DEV_LOCAL_SERVER = '1';
const [bundlePath, jobText, mark] = process.argv.slice(1);
const job = JSON.parse(jobText);
const core = require('zapier-platform-core');
const App = require(bundlePath);
const stash = async (input, _length, filename) => { for await (const _ of input) {} return 'https://stash.example.org/' + filename; };
const app = !job.stash ? App : { ...App, creates: { ...App.creates, export_submissions: { ...App.creates.export_submissions,
  operation: { ...App.creates.export_submissions.operation,
    perform: (z, bundle) => App.creates.export_submissions.operation.perform(Object.assign(Object.create(z), { stashFile: stash }), bundle) } } } };
const started = performance.now();
core.createAppHandler(app)({ command: 'execute', method: job.method, bundle: { authData: job.authData, inputData: job.inputData },
  calledFromCli: true, customLogger: () => {} }).then(
  (out) => Array.isArray(out.results) ? out.results.length + ' items' : 'rows ' + out.results.rows,
  (error) => 'error: ' + String(error.message).slice(0, 160),
).then((outcome) => {
  const seconds = (performance.now() - started) / 1000;
  const usage = process.resourceUsage();
  process.stdout.write('\\n' + mark + JSON.stringify({ outcome, seconds, cpu: (usage.userCPUTime + usage.systemCPUTime) / 1e6, peak: usage.maxRSS / 1024 }) + '\\n');
  process.exit(0);
});
`;

/** The app bundled as `zapier-platform invoke` runs it (scripts/bundle.mjs), for the children. */
const buildApp = (): string => {
  const outfile = join(ROOT, 'build', 'memory-big', 'index.js');
  const built = spawnSync(process.execPath, ['scripts/bundle.mjs', '--outfile', outfile], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`bundle failed: ${built.stderr}`);
  return outfile;
};

/** One step in a fresh process (the sandbox in this process answers it). */
const inChild = (bundlePath: string, job: ChildJob) =>
  new Promise<{ stdout: string; stderr: string; code: number | null }>((done) => {
    const proc = spawn(process.execPath, ['-e', CHILD_JS, bundlePath, JSON.stringify(job), MARK], {
      cwd: ROOT,
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d) => {
      stdout += d;
    });
    proc.stderr.on('data', (d) => {
      stderr += d;
    });
    proc.on('close', (code) => done({ stdout, stderr, code }));
  });

const STEPS = (ids: ReturnType<typeof seedWide>, newest: number) => [
  {
    step: 'Find Submission (window 3000)',
    method: 'searches.find_submission.operation.perform',
    inputData: {
      workspace_id: WORKSPACE_ID,
      form_id: ids.formId,
      search_field: ids.field,
      search: WORD,
      search_window: 3000,
    },
  },
  {
    step: 'Find Submission by ID (page 30)',
    method: 'searches.find_submission_by_id.operation.perform',
    inputData: { workspace_id: WORKSPACE_ID, form_id: ids.formId, submission_id: ids.deepUuid },
  },
  {
    step: `Export Submissions (newest ${newest})`,
    method: 'creates.export_submissions.operation.perform',
    inputData: { workspace_id: WORKSPACE_ID, form_id: ids.formId, newest },
    stash: true,
  },
  {
    step: 'New Failed Webhook Delivery',
    method: 'triggers.new_webhook_delivery_failure.operation.perform',
    inputData: { workspace_id: WORKSPACE_ID, form_id: ids.formId },
  },
];

/** Every step above in its own child process against one sandbox seeded at `size`. */
export const memoryPeaks = async (size: WideSize = ISSUE_SIZE, log: (text: string) => void = () => {}) => {
  const bundlePath = buildApp();
  const sandbox = await startSandbox({ submissions: 20, largeFormSubmissions: 20 });
  try {
    const ids = seedWide(sandbox, size);
    const runs: StepRun[] = [];
    const only = process.env.MEMORY_ONLY;
    for (const { step, method, inputData, stash } of STEPS(ids, size.newest ?? 3000)) {
      if (only !== undefined && !step.startsWith(only)) continue;
      sandbox.resetRequests();
      sandbox.clearCache();
      const job: ChildJob = {
        method,
        inputData,
        authData: { base_url: sandbox.baseUrl, api_key: sandbox.tokens.admin },
        stash: stash === true,
      };
      const child = await inChild(bundlePath, job);
      const line = child.stdout.split('\n').find((l) => l.startsWith(MARK));
      log(`-- ${step}\n${child.stderr.slice(-2000)}`);
      if (line === undefined) throw new Error(`${step}: the child printed no result (exit ${child.code})`);
      const r = JSON.parse(line.slice(MARK.length)) as {
        outcome: string;
        seconds: number;
        cpu: number;
        peak: number;
      };
      runs.push({
        step,
        outcome: r.outcome,
        requests: sandbox.requests().length,
        peak_rss_mb: Math.round(r.peak),
        seconds: Number(r.seconds.toFixed(1)),
        cpu_seconds: Number(r.cpu.toFixed(1)),
      });
    }
    return runs;
  } finally {
    await sandbox.close();
  }
};

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};

if (require.main === module) {
  const size: WideSize = {
    ...ISSUE_SIZE,
    submissions: Number(arg('--submissions') ?? ISSUE_SIZE.submissions),
    events: Number(arg('--events') ?? ISSUE_SIZE.events),
    newest: Number(arg('--newest') ?? 3000),
  };
  memoryPeaks(size, (text) => process.stderr.write(`${text}\n`)).then(
    (runs) => {
      console.log(JSON.stringify({ size, runs }, null, 2));
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

// Export memory: the real Export Submissions step on 5000 submissions (their ids listed in 50 pages of
// 100, exported in 5 requests of 1000 ids by a loopback OpnForm, the 5 CSVs joined into one file handed
// to a z.stashFile stand-in that consumes the stream like Zapier's uploader), once per fresh process at
// two file sizes, S and 3S. Each process reports its peak RSS (the kernel's high-water mark): a step that
// held the file would grow its peak with the file; a streamed export peaks about the same at both sizes.
//   npx tsx bench/export.ts               both sizes (64 and 192 MB), as JSON
//   npx tsx bench/export.ts --size 50     one export in this process (what exportPeaks() runs per size)
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Bundle, ZObject } from 'zapier-platform-core';
import * as core from 'zapier-platform-core';
import { type StashCall, withStash } from '../harness/stash-stub';
import App from '../index';

// `createAppHandler` (the runtime's entry point) is exported by core but missing from its types
const { createAppHandler } = core as unknown as {
  createAppHandler: (app: unknown) => (event: object) => Promise<{ results: unknown }>;
};

const ROOT = resolve(__dirname, '..');
/** The export form: 5000 submissions (the most one step exports), listed by id and exported in 5 requests. */
const FORM_ID = 43;
const ROWS = 5000;
/** The requests the export needs: the form, 50 list pages of 100 ids, 5 exports of 1000 ids. */
const REQUESTS = 1 + ROWS / 100 + ROWS / 1000;
const TOKEN = '1|benchToken0123456789abcdefghijklmnopqrstuvwxyzABCD';
const FORM = {
  id: FORM_ID,
  slug: 'bench-big',
  title: 'Bench Form',
  submissions_count: ROWS,
  properties: [
    { id: 'f-name', type: 'text', name: 'Name', required: true },
    { id: 'f-email', type: 'email', name: 'Email', required: true },
    { id: 'f-plan', type: 'select', name: 'Plan', select: { options: [{ name: 'Basic' }, { name: 'Pro' }] } },
    { id: 'f-notes', type: 'text', name: 'Notes' },
  ],
};
// The loopback OpnForm runs in a child process, so its own buffers do not count in the step's memory.
const SERVER_JS = `
const http = require('node:http');
const [csvBytes, token, form, rows] = [Number(process.argv[1]), process.argv[2], JSON.parse(process.argv[3]), Number(process.argv[4])];
const item = (id) => ({ id, form_id: form.id, completion_time: 30, data: { 'f-name': 'Person ' + id,
  'f-email': 'p' + id + '@example.org', 'f-plan': 'Basic', 'f-notes': 'multi\\nline', status: 'completed',
  created_at: '2026-11-20 14:03:11', id } });
const row = (i, pad) => 'enc' + i + ',"Person ' + i + '",p' + i + '@example.org,Basic,"line one\\nline two, ""quoted"" '
  + pad + '",2026-11-20 14:03:11\\n';
const say = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
const json = (res, body) => { res.setHeader('Content-Type', 'application/json'); res.end(JSON.stringify(body)); };
const server = http.createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  const url = new URL(req.url, 'http://x');
  say({ request: req.method + ' ' + url.pathname });
  if (req.headers.authorization !== 'Bearer ' + token) { res.statusCode = 401; return json(res, { message: 'Unauthenticated.' }); }
  const p = url.pathname.replace(/^\\/api/, '');
  if (req.method === 'GET' && p === '/open/forms/' + form.id) return json(res, form);
  if (req.method === 'GET' && p === '/open/forms/' + form.id + '/submissions') {
    // newest first: ids rows..1, per_page per page (the connector builds every page URL itself)
    const page = Number(url.searchParams.get('page')), per = Number(url.searchParams.get('per_page'));
    const items = [];
    for (let id = rows - (page - 1) * per; id > Math.max(0, rows - page * per); id -= 1) items.push(item(id));
    return json(res, { data: items, links: { next: null }, meta: { current_page: page, last_page: Math.ceil(rows / per), per_page: per, total: rows } });
  }
  if (req.method === 'POST' && p === '/open/forms/' + form.id + '/submissions/export') {
    const ids = JSON.parse(body || '{}').submissionIds;
    if (!(Array.isArray(ids) && ids.length > 0 && ids.length <= 1000)) { res.statusCode = 422; return json(res, { message: 'bench: ids expected' }); }
    res.setHeader('Content-Type', 'text/csv; charset=UTF-8');
    res.setHeader('Content-Disposition', 'attachment; filename=bench-form-submission-data.csv');
    let sent = 0, done = 0;
    const header = '\\uFEFFid,Name,Email,Plan,Notes,Created At\\n';
    res.write(header); sent += Buffer.byteLength(header);
    const pad = 'n'.repeat(Math.ceil(csvBytes / rows));
    while (done < ids.length) {
      let chunk = '';
      for (let i = 0; i < 20 && done < ids.length; i += 1) { chunk += row(ids[done], pad); done += 1; }
      sent += Buffer.byteLength(chunk);
      if (!res.write(chunk)) await new Promise((ok) => res.once('drain', ok));
    }
    res.end();
    return say({ csv: { sent, rows: done } });
  }
  res.statusCode = 404; json(res, { message: '' });
});
server.listen(0, '127.0.0.1', () => say({ port: server.address().port }));
`;

interface Loopback {
  base: string;
  requests: number;
  csv: { sent: number; rows: number };
  close: () => void;
}

const startLoopback = async (csvBytes: number): Promise<Loopback> => {
  const child = spawn(
    process.execPath,
    ['-e', SERVER_JS, String(csvBytes), TOKEN, JSON.stringify(FORM), String(ROWS)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const state: Loopback = { base: '', requests: 0, csv: { sent: 0, rows: 0 }, close: () => child.kill() };
  const lines = createInterface({ input: child.stdout });
  await new Promise<void>((ok, fail) => {
    child.once('exit', (code) => fail(new Error(`loopback server exited (${code})`)));
    lines.on('line', (line) => {
      const message = JSON.parse(line) as { port?: number; request?: string; csv?: Loopback['csv'] };
      if (message.port !== undefined) {
        state.base = `http://127.0.0.1:${message.port}/api`;
        ok();
      }
      if (message.request !== undefined) state.requests += 1;
      if (message.csv !== undefined)
        state.csv = { sent: state.csv.sent + message.csv.sent, rows: state.csv.rows + message.csv.rows };
    });
  });
  return state;
};

export interface ExportRun {
  /** The file's size as served. */
  file_bytes: number;
  rows_served: number;
  rows_counted: number | null;
  requests: number;
  stash_received: string;
  /** RSS once the app is loaded, before the export. */
  rss_before_bytes: number;
  /** The process's peak RSS (getrusage's maxRSS): loading, the export and everything else. */
  peak_rss_bytes: number;
  seconds: number;
}

type Perform = (z: ZObject, bundle: Bundle) => Promise<unknown>;

/** One export of a file of about `csvMb` MB through core's handler, in this process. */
export const exportOnce = async (csvMb: number): Promise<ExportRun> => {
  // the connector's development setting (src/http/base-url.ts): the OpnForm here is a loopback server
  process.env.OPNFORM_DEV_LOCAL_SERVER = '1';
  const server = await startLoopback(csvMb * 1024 * 1024);
  const stashed: StashCall[] = [];
  const step = App.creates.export_submissions;
  const app = {
    ...App,
    creates: {
      ...App.creates,
      export_submissions: {
        ...step,
        operation: { ...step.operation, perform: withStash(step.operation.perform as Perform, stashed) },
      },
    },
  };
  try {
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    // calledFromCli: core's memory log line stays off, as it is for `zapier-platform invoke`
    const out = (await createAppHandler(app)({
      command: 'execute',
      method: 'creates.export_submissions.operation.perform',
      bundle: {
        authData: { base_url: server.base, api_key: TOKEN },
        inputData: { workspace_id: 7, form_id: FORM_ID },
      },
      calledFromCli: true,
      customLogger: () => {},
    })) as { results: { rows: number | null } };
    const seconds = (performance.now() - started) / 1000;
    // the server's own log lines may trail its last answer
    for (let i = 0; i < 200 && (server.requests < REQUESTS || server.csv.rows < ROWS); i += 1)
      await new Promise((ok) => setTimeout(ok, 10));
    return {
      file_bytes: server.csv.sent,
      rows_served: server.csv.rows,
      rows_counted: out.results.rows,
      requests: server.requests,
      stash_received: `${stashed.at(-1)?.kind ?? 'none'} of ${stashed.at(-1)?.bytes ?? 0} bytes`,
      rss_before_bytes: rssBefore,
      peak_rss_bytes: process.resourceUsage().maxRSS * 1024,
      seconds: Number(seconds.toFixed(2)),
    };
  } finally {
    server.close();
  }
};

const MARK = 'EXPORT_RUN=';

/** One export in a fresh process; what else that process printed goes to `log`. */
const exportInChild = (csvMb: number, log: (text: string) => void): ExportRun => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', __filename, '--size', String(csvMb)], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = `${run.stdout}`.split('\n');
  const result = lines.find((line) => line.startsWith(MARK));
  log(
    [`-- export of ${csvMb} MB (child process)`, ...lines.filter((l) => l !== result), run.stderr].join('\n'),
  );
  if (run.status !== 0 || result === undefined)
    throw new Error(`export of ${csvMb} MB failed (exit ${run.status}): ${`${run.stderr}`.slice(-500)}`);
  const parsed = JSON.parse(result.slice(MARK.length)) as ExportRun;
  if (
    parsed.rows_counted !== parsed.rows_served ||
    parsed.rows_served !== ROWS ||
    parsed.requests !== REQUESTS
  )
    throw new Error(
      `export of ${csvMb} MB: ${parsed.rows_counted} rows counted of ${parsed.rows_served} served ` +
        `(${ROWS} expected), ${parsed.requests} requests (${REQUESTS} expected)`,
    );
  return parsed;
};

export interface ExportPeaks {
  small: ExportRun;
  large: ExportRun;
  /** large / small file size (about 3). */
  size_growth: number;
  /** large / small peak RSS: about 1 when streamed. */
  peak_growth: number;
}

/** The export at `smallMb` and three times that, each in its own process, small first. */
export const exportPeaks = (smallMb: number, log: (text: string) => void = () => {}): ExportPeaks => {
  const small = exportInChild(smallMb, log);
  const large = exportInChild(smallMb * 3, log);
  return {
    small,
    large,
    size_growth: Number((large.file_bytes / small.file_bytes).toFixed(2)),
    peak_growth: Number((large.peak_rss_bytes / small.peak_rss_bytes).toFixed(3)),
  };
};

if (require.main === module) {
  const at = process.argv.indexOf('--size');
  if (at >= 0)
    exportOnce(Number(process.argv[at + 1])).then(
      (run) => {
        process.stdout.write(`\n${MARK}${JSON.stringify(run)}\n`);
        process.exit(0);
      },
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  else
    console.log(
      JSON.stringify(
        exportPeaks(64, (text) => process.stderr.write(`${text}\n`)),
        null,
        2,
      ),
    );
}

// Submission steps benchmark: peak memory of exporting a CSV of at least 50 MB through the real
// export step's chunked path (5000 submissions: their ids listed in 50 pages of 100, exported in 5
// requests of 1000 ids by a loopback server, the 5 CSVs joined into one file in a stand-in for
// z.stashFile that consumes the stream like Zapier's uploader) against the file's size, and the
// HTTP requests each step sends.
// `npx tsx bench/export.ts` prints the figures; `benchSubmissions()` returns them for `npm run bench`.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { type Bundle, createAppTester, type ZObject } from 'zapier-platform-core';
import { type StashCall, withStash } from '../harness/stash-stub';
import App from '../index';

const FORM_ID = 42;
/** The export form: 5000 submissions (the most one step exports), listed by id and exported in 5 requests. */
const BIG_FORM_ID = 43;
const BIG_ROWS = 5000;
const TOKEN = '1|benchToken0123456789abcdefghijklmnopqrstuvwxyzABCD';
const FORM = {
  id: FORM_ID,
  slug: 'bench-form',
  title: 'Bench Form',
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
const [csvBytes, token, form, formId, bigId, bigRows] = [Number(process.argv[1]), process.argv[2], JSON.parse(process.argv[3]), Number(process.argv[4]), Number(process.argv[5]), Number(process.argv[6])];
const item = (id) => ({ id, form_id: formId, completion_time: 30, data: { 'f-name': 'Person ' + id,
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
  if (req.method === 'GET' && p === '/open/forms/' + formId) return json(res, form);
  if (req.method === 'GET' && p === '/open/forms/' + formId + '/submissions') {
    const items = url.searchParams.get('page') === '1' ? [item(513), item(512), item(511)] : [];
    return json(res, { data: items, links: { next: null }, meta: { current_page: 1, last_page: 1, per_page: 100 } });
  }
  if (req.method === 'PUT' && p === '/open/forms/' + formId + '/submissions/512')
    return json(res, { type: 'success', message: 'Record successfully updated.', data: item(512) });
  if (req.method === 'GET' && p === '/open/forms/' + bigId) return json(res, { ...form, id: bigId, slug: 'bench-big', submissions_count: bigRows });
  if (req.method === 'GET' && p === '/open/forms/' + bigId + '/submissions') {
    // newest first: ids bigRows..1, 100 per page (the connector builds every page URL itself)
    const page = Number(url.searchParams.get('page')), per = Number(url.searchParams.get('per_page'));
    const items = [];
    for (let id = bigRows - (page - 1) * per; id > Math.max(0, bigRows - page * per); id -= 1) items.push(item(id));
    return json(res, { data: items, links: { next: null }, meta: { current_page: page, last_page: Math.ceil(bigRows / per), per_page: per, total: bigRows } });
  }
  if (req.method === 'POST' && (p === '/open/forms/' + formId + '/submissions/export' || p === '/open/forms/' + bigId + '/submissions/export')) {
    const ids = JSON.parse(body || '{}').submissionIds;
    if (p.includes('/' + bigId + '/') && !(Array.isArray(ids) && ids.length > 0 && ids.length <= 1000)) { res.statusCode = 422; return json(res, { message: 'bench: ids expected' }); }
    res.setHeader('Content-Type', 'text/csv; charset=UTF-8');
    res.setHeader('Content-Disposition', 'attachment; filename=bench-form-submission-data.csv');
    let sent = 0, rows = 0;
    const header = '\\uFEFFid,Name,Email,Plan,Notes,Created At\\n';
    res.write(header); sent += Buffer.byteLength(header);
    const pad = Array.isArray(ids) ? 'n'.repeat(Math.ceil(csvBytes / bigRows)) : 'n'.repeat(180);
    const more = () => (Array.isArray(ids) ? rows < ids.length : sent < csvBytes);
    while (more()) {
      let chunk = '';
      for (let i = 0; i < 20 && more(); i += 1) { chunk += row(Array.isArray(ids) ? ids[rows] : rows + 1, pad); rows += 1; }
      sent += Buffer.byteLength(chunk);
      if (!res.write(chunk)) await new Promise((ok) => res.once('drain', ok));
    }
    res.end();
    return say({ csv: { sent, rows } });
  }
  res.statusCode = 404; json(res, { message: '' });
});
server.listen(0, '127.0.0.1', () => say({ port: server.address().port }));
`;

interface Loopback {
  base: string;
  requests: string[];
  csv: { sent: number; rows: number };
  close: () => Promise<void>;
}

const startLoopback = async (csvBytes: number): Promise<Loopback> => {
  const child = spawn(
    process.execPath,
    [
      '-e',
      SERVER_JS,
      String(csvBytes),
      TOKEN,
      JSON.stringify(FORM),
      String(FORM_ID),
      String(BIG_FORM_ID),
      String(BIG_ROWS),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const state: Loopback = {
    base: '',
    requests: [],
    csv: { sent: 0, rows: 0 },
    close: async () => {
      child.kill();
    },
  };
  const lines = createInterface({ input: child.stdout });
  await new Promise<void>((ok, fail) => {
    child.once('exit', (code) => fail(new Error(`loopback server exited (${code})`)));
    lines.on('line', (line) => {
      const message = JSON.parse(line) as { port?: number; request?: string; csv?: Loopback['csv'] };
      if (message.port !== undefined) {
        state.base = `http://127.0.0.1:${message.port}/api`;
        ok();
      }
      if (message.request !== undefined) state.requests.push(message.request);
      if (message.csv !== undefined)
        state.csv = { sent: state.csv.sent + message.csv.sent, rows: state.csv.rows + message.csv.rows };
    });
  });
  return state;
};

/** Waits until the server has reported what it sent (its log line may trail the response). */
const settled = async (server: Loopback, expected: number) => {
  for (let i = 0; i < 100 && server.requests.length < expected; i += 1)
    await new Promise((ok) => setTimeout(ok, 10));
};

type Perform = (z: ZObject, bundle: Bundle) => Promise<unknown>;
/** The steps measured, reached through the typed app definition (a renamed step fails to compile). */
const steps = {
  update: App.creates.update_submission.operation.perform as Perform,
  find: App.searches.find_submission.operation.perform as Perform,
  export: App.creates.export_submissions.operation.perform as Perform,
};

export interface SubmissionBench {
  export: {
    file_bytes: number;
    rows_served: number;
    rows_counted: number | null;
    stash_received: string;
    /** Process RSS at its peak during the export (absolute). */
    peak_rss_bytes: number;
    peak_rss_delta_bytes: number;
    peak_heap_delta_bytes: number;
    /** peak RSS growth / file size: far below 1 means the file was never held whole. */
    rss_ratio: number;
    heap_ratio: number;
    seconds: number;
  };
  requests: Record<string, { count: number; sent: string[] }>;
}

export const benchSubmissions = async (options: { csvMb?: number } = {}): Promise<SubmissionBench> => {
  const csvBytes = Math.max(50, options.csvMb ?? 64) * 1024 * 1024;
  const server = await startLoopback(csvBytes);
  const tester = createAppTester(App);
  const bundle = (inputData: Record<string, unknown>) =>
    ({ authData: { base_url: server.base, api_key: TOKEN }, inputData }) as never;
  const base = { workspace_id: 7, form_id: FORM_ID };
  try {
    const requests: SubmissionBench['requests'] = {};
    const count = async (name: string, expected: number, run: () => Promise<unknown>) => {
      server.requests = [];
      await run();
      await settled(server, expected);
      requests[name] = { count: server.requests.length, sent: [...server.requests] };
    };
    await count('update_submission (current answers on page 1)', 3, () =>
      tester(steps.update as never, bundle({ ...base, submission_id: 512, 'answer__f-plan': 'Pro' })),
    );
    await count('find_submission (match on page 1)', 2, () =>
      tester(steps.find as never, bundle({ ...base, search: 'Person 512' })),
    );

    // z.stashFile consumes the stream chunk by chunk (Zapier's writes it to a temp file)
    const stashed: StashCall[] = [];
    const exportStep = withStash(steps.export, stashed);
    // Warm-up: the first export in a process grows V8's heap and Node's socket and buffer pools to
    // their working size (about 50 MB here, the same for a 50 MB and a 130 MB file). The figure is
    // what streaming the file adds on top, which is what would grow with the file if it were held.
    server.requests = [];
    await tester(exportStep as never, bundle({ workspace_id: 7, form_id: BIG_FORM_ID }));
    await settled(server, 1 + BIG_ROWS / 100 + BIG_ROWS / 1000);
    for (let i = 0; i < 100 && server.csv.rows < BIG_ROWS; i += 1)
      await new Promise((ok) => setTimeout(ok, 10));
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 5);
    const started = performance.now();
    server.requests = [];
    server.csv = { sent: 0, rows: 0 };
    const out = (await tester(exportStep as never, bundle({ workspace_id: 7, form_id: BIG_FORM_ID }))) as {
      rows: number | null;
    };
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const expected = 1 + BIG_ROWS / 100 + BIG_ROWS / 1000;
    await settled(server, expected);
    for (let i = 0; i < 100 && server.csv.rows < BIG_ROWS; i += 1)
      await new Promise((ok) => setTimeout(ok, 10));
    requests[`export_submissions (${BIG_ROWS} submissions by id)`] = {
      count: server.requests.length,
      sent: [...server.requests],
    };
    const rssDelta = peakRss - before.rss;
    const heapDelta = peakHeap - before.heapUsed;
    return {
      export: {
        file_bytes: server.csv.sent,
        rows_served: server.csv.rows,
        rows_counted: out.rows,
        stash_received: `${stashed.at(-1)?.kind ?? 'none'} of ${stashed.at(-1)?.bytes ?? 0} bytes`,
        peak_rss_bytes: peakRss,
        peak_rss_delta_bytes: rssDelta,
        peak_heap_delta_bytes: heapDelta,
        rss_ratio: Number((rssDelta / server.csv.sent).toFixed(3)),
        heap_ratio: Number((heapDelta / server.csv.sent).toFixed(3)),
        seconds: Number(seconds.toFixed(2)),
      },
      requests,
    };
  } finally {
    await server.close();
  }
};

/**
 * The same export at two sizes: if the step held the file, its peak would grow with the file; streamed,
 * the peak stays about the same (`peak_growth` near 1 while `size_growth` is 3).
 */
export const benchExportScaling = async (smallMb = 64, largeMb = 192) => {
  const small = await benchSubmissions({ csvMb: smallMb });
  const large = await benchSubmissions({ csvMb: largeMb });
  return {
    small: small.export,
    large: large.export,
    size_growth: Number((large.export.file_bytes / small.export.file_bytes).toFixed(2)),
    // absolute peaks: the second run starts with the first run's memory already mapped
    peak_growth: Number((large.export.peak_rss_bytes / small.export.peak_rss_bytes).toFixed(2)),
    requests: small.requests,
  };
};

if (require.main === module) {
  benchExportScaling()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}

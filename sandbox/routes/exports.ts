/**
 * The export routes' rules, as a real OpnForm server applies them (recordings `exports--*`):
 * which columns are accepted and how the 422s read, `submissionIds` (sync up to 1000 ids, async
 * above, an id of another form refused), and the CSV itself: a UTF-8 BOM, every cell quoted,
 * `id` (the hashed id), the chosen questions in form order, the attribution columns in the order
 * asked, `created_at` (`Y-m-d H:i`), then `status` (`Completed` / `In Progress`) whenever the form
 * has partial submissions on, newest first.
 */
import { encodedId, type FileLink, inputBlocks, isEmptyAnswer, matrixText } from '../format';
import type { RouteKit } from '../kit';
import { ATTRIBUTION_KEYS } from '../opnform-constants';
import { fail, Reply, UNAUTHORIZED } from '../reply';
import { asRecord, isoMicro, param as p, type RouteCtx } from '../route-context';
import { stableUuid } from '../seed';
import { FILE_LINK_DELIVERY_MS } from '../signing';
import type { Block, ExportJob, Form, Submission } from '../state';

export const EXPORT_SYNC_LIMIT = 1000;

export const exportFileName = (f: Pick<Form, 'slug'>) => `${f.slug}-submission-data.csv`;

/** The async answer, word for word. */
export const asyncExportAnswer = (jobId: string) => ({
  type: 'success',
  message: 'Export started. Large export will be processed in the background.',
  job_id: jobId,
  is_async: true,
});

export interface ExportRequest {
  columns: Record<string, boolean>;
  /** The ids asked for; null for "all" (absent or an empty list). */
  ids: number[] | null;
}

/** Questions an export can name: the form's, then those removed from it (still valid columns). */
const exportBlocks = (f: Form) => [
  ...inputBlocks(f),
  ...inputBlocks({ ...f, properties: f.removed_properties ?? [] }),
];

/**
 * Checks an export body like the real server: `columns` required, keys known (unknown ones listed
 * in one message), values booleans; `submissionIds` integers of this form. Returns the errors, or
 * the request.
 */
export const checkExportRequest = (
  f: Form,
  body: Record<string, unknown>,
  attributionKeys: readonly string[],
  formSubmissionIds: ReadonlySet<number>,
): { errors: Record<string, string[]> } | { request: ExportRequest } => {
  const errors: Record<string, string[]> = {};
  const columns = asRecord(body.columns);
  const known = new Set([
    ...exportBlocks(f).map((b) => b.id),
    'created_at',
    'status',
    ...attributionKeys.map((k) => `meta.attribution.${k}`),
  ]);
  if (columns === undefined || Object.keys(columns).length === 0)
    errors.columns = ['The columns field is required.'];
  const unknown = Object.keys(columns ?? {}).filter((key) => !known.has(key));
  if (unknown.length > 0) errors.columns = [`The columns contain invalid values: ${unknown.join(', ')}`];
  for (const [key, value] of Object.entries(columns ?? {})) {
    if (typeof value !== 'boolean')
      errors[`columns.${key}`] = [`The columns.${key} field must be true or false.`];
  }
  let ids: number[] | null = null;
  const given = body.submissionIds;
  if (given !== undefined && given !== null) {
    if (!Array.isArray(given)) errors.submissionIds = ['The submission ids field must be an array.'];
    else {
      given.forEach((id, i) => {
        if (!Number.isInteger(id))
          errors[`submissionIds.${i}`] = [`The submissionIds.${i} field must be an integer.`];
        else if (!formSubmissionIds.has(id as number))
          errors[`submissionIds.${i}`] = [`The selected submissionIds.${i} is invalid.`];
      });
      if (given.length > 0) ids = given as number[];
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { request: { columns: columns as Record<string, boolean>, ids } };
};

const pad = (n: number) => String(n).padStart(2, '0');
const ymdHi = (isoText: string) => {
  const d = new Date(isoText);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
  );
};
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * A CSV cell as the real server writes it (exports--sync-csv #8): stored values as they are (dates
 * too, a date range joined by a comma), multi-select joined by a comma, a checkbox `TRUE`/`FALSE`, a
 * phone without its leading `+`, a matrix `row: col | row: col`, files and signatures as signed links.
 */
export const exportCell = (block: Block, value: unknown, link: FileLink): string => {
  if (isEmptyAnswer(value)) return '';
  switch (block.type) {
    case 'checkbox':
      return value === true || value === 1 || value === '1' ? 'TRUE' : 'FALSE';
    case 'phone_number':
      return String(value).replace(/^\+/, '');
    case 'matrix':
      return matrixText(value, ' | ');
    case 'files':
    case 'signature':
      return (Array.isArray(value) ? value : [value]).map((name) => link(String(name))).join(', ');
    default:
      return Array.isArray(value) ? value.map(String).join(',') : String(value);
  }
};

/**
 * The CSV of an export: `rows` are the form's submissions in the order its submission list gives
 * them (newest first; the recordings show the export in the list's order, ties included), already
 * filtered by id.
 */
export const exportCsv = (
  f: Form,
  columns: Record<string, boolean>,
  rows: readonly Submission[],
  attributionKeys: readonly string[],
  link: FileLink,
): string => {
  const chosen = new Set(
    Object.entries(columns)
      .filter(([, v]) => v)
      .map(([k]) => k),
  );
  const cols: Array<{ header: string; cell: (s: Submission) => string }> = [
    { header: 'id', cell: (s) => encodedId(s) },
  ];
  for (const block of exportBlocks(f)) {
    if (chosen.has(block.id))
      cols.push({ header: block.name, cell: (s) => exportCell(block, s.answers[block.id], link) });
  }
  for (const key of Object.keys(columns)) {
    const attribution = /^meta\.attribution\.(.+)$/.exec(key)?.[1];
    if (attribution !== undefined && chosen.has(key) && attributionKeys.includes(attribution))
      cols.push({ header: attribution, cell: (s) => s.attribution?.[attribution] ?? '' });
  }
  if (chosen.has('created_at')) cols.push({ header: 'created_at', cell: (s) => ymdHi(s.created_at) });
  if (chosen.has('status') || f.enable_partial_submissions)
    cols.push({ header: 'status', cell: (s) => (s.status === 'partial' ? 'In Progress' : 'Completed') });
  const lines = [cols.map((c) => quoted(c.header)).join(',')];
  for (const s of rows) lines.push(cols.map((c) => quoted(c.cell(s))).join(','));
  return `\uFEFF${lines.join('\n')}\n`;
};

const EXPORT_JOB_LIFETIME_MS = 2 * 3_600_000;
/** Rows a worker writes per second (the recorded worker wrote 20000 in about 5.7 s), in chunks of 500. */
export const EXPORT_ROWS_PER_SECOND = 3500;
const EXPORT_CHUNK = 500;
const csvReply = (f: Form, csv: string, fileName = exportFileName(f), quoted = false) =>
  new Reply(200, csv, {
    'Content-Type': 'text/csv; charset=UTF-8',
    'Content-Disposition': `attachment; filename=${quoted ? `"${fileName}"` : fileName}`,
  });
/** `Y-m-d-H-i-s` (UTC) of a moment: the async export's file name ends with its completion time. */
const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace(/[T:]/g, '-');
/** The async export's file (exports--async-queued #7): `<slug>-submissions-<Y-m-d-H-i-s>.csv`. */
const asyncFileName = (f: Form, readyAt: number) => `${f.slug}-submissions-${stamp(readyAt)}.csv`;
const ASYNC_FILE_PATH = '/local/temp/exports/temp/';

/**
 * The export routes (the connector's src/api/exports.ts): the export POST (CSV at once up to the
 * threshold, else a job), the job status and the signed download of a finished job's file. A job is
 * `queued` until it starts, then `processing` (rows in chunks of 500, progress up to 90), then
 * `completed` (exports--async-queued.json). In production mode the worker starts it
 * (sandbox/worker.ts); in sync mode it starts after a quarter of `exportPollDelayMs`.
 */
export const exportRoutes = (kit: RouteKit) => {
  const { state, route, formOr404, need, options } = kit;
  const exportDelay = options.exportPollDelayMs ?? 3000;
  const asyncThreshold = options.exportAsyncThreshold ?? EXPORT_SYNC_LIMIT;
  const exportFileTtl = options.exportFileTtlMs ?? 24 * 3_600_000;
  const csvOf = (f: Form, columns: Record<string, boolean>, ids: number[] | null) =>
    exportCsv(
      f,
      columns,
      kit.submissionsOf(f.id).filter((s) => ids === null || ids.includes(s.id)),
      ATTRIBUTION_KEYS,
      kit.signer.formFileLink(f.id, FILE_LINK_DELIVERY_MS),
    );
  const exportStatus = (job: { id: string; form_id: number }, ctx: RouteCtx) => {
    // keyed by job id only: the form in the path serves the view policy (exports--async-queued #32)
    const j = state.exports.find((x) => x.id === job.id);
    const now = Date.now();
    if (j === undefined || now > j.createdAt + EXPORT_JOB_LIFETIME_MS || now > j.expiresAt) {
      throw fail(404, { type: 'error', message: 'Export job not found or has expired.' });
    }
    if (j.user_id !== ctx.token.userId) throw UNAUTHORIZED();
    const f = kit.formById(j.form_id);
    const times = (updated: number) => ({ created_at: isoMicro(j.createdAt), updated_at: isoMicro(updated) });
    const pending = { file_url: null, error_message: null, expires_at: null };
    if (j.startedAt === null || now < j.startedAt)
      return {
        job_id: j.id,
        status: 'queued',
        progress: 0,
        processed_submissions: null,
        total_submissions: null,
        ...pending,
        ...times(j.createdAt),
      };
    if (now < j.readyAt) {
      const share = (now - j.startedAt) / Math.max(1, j.readyAt - j.startedAt);
      const processed = Math.min(j.total - 1, Math.floor((j.total * share) / EXPORT_CHUNK) * EXPORT_CHUNK);
      return {
        job_id: j.id,
        status: 'processing',
        progress: Math.floor((90 * processed) / j.total),
        processed_submissions: processed,
        total_submissions: j.total,
        ...pending,
        ...times(now),
      };
    }
    const path = `${ASYNC_FILE_PATH}${asyncFileName(f, j.readyAt)}`;
    return {
      job_id: j.id,
      status: 'completed',
      progress: 100,
      processed_submissions: j.total,
      total_submissions: j.total,
      file_url: `${kit.origin()}/api${kit.signer.signedQuery(path, j.expiresAt)}`,
      error_message: null,
      expires_at: isoMicro(j.expiresAt),
      ...times(j.readyAt),
    };
  };

  route('POST', '/open/forms/:form/submissions/export', 'export', (ctx) => {
    const f = formOr404(p(ctx, 0));
    need(ctx, 'forms-read', 'manage-integrations');
    kit.memberOf(ctx, kit.workspaceOfForm(f));
    const all = kit.submissionsOf(f.id);
    const checked = checkExportRequest(
      f,
      asRecord(ctx.body) ?? {},
      ATTRIBUTION_KEYS,
      new Set(all.map((s) => s.id)),
    );
    if ('errors' in checked) throw kit.invalid(checked.errors);
    const { columns, ids } = checked.request;
    // the real server decides by the number of ids asked for, else by the form's size
    const total = ids === null ? all.length : ids.length;
    if (total <= asyncThreshold) {
      return csvReply(f, csvOf(f, columns, ids));
    }
    const now = Date.now();
    const job: ExportJob = {
      id: stableUuid(`export:${f.id}:${now}:${state.exports.length}`),
      form_id: f.id,
      user_id: ctx.token.userId,
      columns,
      submissionIds: ids,
      total,
      createdAt: now,
      startedAt: now + exportDelay / 4,
      readyAt: now + exportDelay,
      expiresAt: now + exportDelay + exportFileTtl,
    };
    if (kit.worker !== undefined) {
      // production: queued until the worker takes it, then written at the recorded pace
      Object.assign(job, {
        startedAt: null,
        readyAt: Number.POSITIVE_INFINITY,
        expiresAt: Number.POSITIVE_INFINITY,
      });
      kit.worker
        .enqueue('export', f.id, () => {
          const start = Date.now();
          job.startedAt = start;
          job.readyAt = start + Math.ceil((1000 * total) / EXPORT_ROWS_PER_SECOND);
          job.expiresAt = job.readyAt + exportFileTtl;
        })
        .catch(() => undefined);
    }
    state.exports.push(job);
    return asyncExportAnswer(job.id);
  });
  // A real server has no route at the spec's status path (the unknown-route 404 answers), and its own
  // path (`export/status/{job}`) is not open to tokens (404 with an empty message, before any rate
  // limit: see sandbox/router.ts); a browser session reads it. With `exportStatusForTokens` the sandbox plays
  // a spec-like server that serves the spec's path to tokens.
  const exportStatusRoute = (ctx: RouteCtx) => {
    const f = formOr404(p(ctx, 0));
    need(ctx, 'forms-read');
    kit.memberOf(ctx, kit.workspaceOfForm(f));
    return exportStatus({ id: p(ctx, 1), form_id: f.id }, ctx);
  };
  if (options.exportStatusForTokens ?? false)
    route('GET', '/open/forms/:form/submissions/export/:job/status', 'exportStatus', exportStatusRoute);
  route('GET', '/open/forms/:form/submissions/export/status/:job', 'exportStatus', exportStatusRoute);
  // the finished job's file: a signed link, no token, counted like the public routes (as recorded)
  kit.router.public('GET', /^\/local\/temp\/exports\/temp\/([^/]+\.csv)$/, 'open', (ctx) => {
    const name = p(ctx, 0);
    const now = Date.now();
    const job = state.exports.find(
      (j) => now >= j.readyAt && asyncFileName(kit.formById(j.form_id), j.readyAt) === name,
    );
    if (!kit.signer.checkSigned(ctx.path, ctx.query) || job === undefined)
      return fail(403, { message: 'Invalid signature.' });
    const f = kit.formById(job.form_id);
    return csvReply(f, csvOf(f, job.columns, job.submissionIds), name, true);
  });
};

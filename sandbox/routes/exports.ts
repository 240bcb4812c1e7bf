/**
 * The export routes' rules, as a real OpnForm server applies them (recordings `exports--*`):
 * which columns are accepted and how the 422s read, `submissionIds` (sync up to 1000 ids, async
 * above, an id of another form refused), and the CSV itself: a UTF-8 BOM, every cell quoted,
 * `id` (the hashed id), the chosen questions in form order, the attribution columns in the order
 * asked, `created_at` (`Y-m-d H:i`), then `status` (`Completed` / `In Progress`) whenever the form
 * has partial submissions on, newest first.
 */
import { encodedId, type FileLink, inputBlocks, isEmptyAnswer } from '../format';
import type { Block, Form, Submission } from '../state';

export const EXPORT_SYNC_LIMIT = 1000;

export const exportFileName = (f: Pick<Form, 'slug'>) => `${f.slug}-submission-data.csv`;

/** The async answer, word for word. */
export const asyncExportAnswer = (jobId: string) => ({
  type: 'success',
  message: 'Export started. Large export will be processed in the background.',
  job_id: jobId,
  is_async: true,
});

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

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
      return Object.entries(value as Record<string, unknown>)
        .map(([row, col]) => `${row}: ${String(col)}`)
        .join(' | ');
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

/**
 * Laravel's pagination link window (`meta.links` between "Previous" and "Next"): every page up to 13
 * pages; else the first 10 (near the start), the last 10 (near the end) or 3 around the current one,
 * with the first two and the last two pages and "..." between (exports--async-and-status #0).
 */
export const pageWindow = (page: number, last: number): Array<number | '...'> => {
  const range = (from: number, to: number) =>
    Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  const side = 3;
  const window = side * 2;
  if (last < window + 8) return range(1, last);
  if (page <= window) return [...range(1, window + side + 1), '...', last - 1, last];
  if (page > last - window) return [1, 2, '...', ...range(last - (window + side), last)];
  return [1, 2, '...', ...range(page - side, page + side), '...', last - 1, last];
};

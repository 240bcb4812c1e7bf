import type { PlainOutputField } from 'zapier-platform-core';
import type { ExportJobStatus } from '../../schemas/exports';
import type { Form } from '../../schemas/forms';
import type { StashedCsv } from './csv-stash';

/**
 * The one output shape of Export Submissions and Find Export. Export Submissions always has a file
 * (it fails otherwise); Find Export, on a server that shows export jobs to tokens, may report a job
 * that is still running (`file` null).
 */
export type ExportOutput = {
  /** The job id, or the file name of a synchronous export. */
  id: string;
  form_id: number;
  /** `sync`: the CSV came straight from the export request(s); `async`: from a background job. */
  mode: 'sync' | 'async';
  status: string;
  job_id: string | null;
  file: string | null;
  file_name: string | null;
  /** Data rows in the file (records after the one header row). */
  rows: number | null;
  columns: string[];
  header: string[];
  progress: number | null;
  expires_at: string | null;
  message: string;
  /** Submissions written to the file so far (a job's count, or the file's rows). */
  processed_submissions: number | null;
  /** Submissions the export covers (the selection, or the job's total). */
  total_submissions: number | null;
  error_message: string | null;
  /** Export requests whose CSVs were joined into the file (at most 1000 submissions each). */
  chunks: number | null;
};

export const EXPORT_SAMPLE: ExportOutput = {
  id: 'contact-us-submission-data.csv',
  form_id: 42,
  mode: 'sync',
  status: 'completed',
  job_id: null,
  file: 'https://zapier-dev-files.s3.amazonaws.com/cli-platform/contact-us-submission-data.csv',
  file_name: 'contact-us-submission-data.csv',
  rows: 128,
  // only columns every form has: a question's column is one form's field id (issue 13, point 8)
  columns: ['created_at', 'status'],
  header: ['id', 'created_at', 'status'],
  progress: 100,
  expires_at: null,
  message: 'Exported 128 rows to contact-us-submission-data.csv.',
  processed_submissions: 128,
  total_submissions: 128,
  error_message: null,
  chunks: 1,
};

/**
 * Only the fields the samples do not say themselves (Zapier labels the other keys from the sample):
 * labels with more than the key, non-JSON types (file, datetime), integers the Find Export sample has
 * as null, and the item type of the lists its samples hold empty.
 */
export const EXPORT_OUTPUT_FIELDS: PlainOutputField[] = [
  { key: 'id', label: 'Export ID' },
  { key: 'form_id', label: 'Form ID', type: 'integer' },
  { key: 'mode', label: 'Mode' },
  { key: 'job_id', label: 'Job ID' },
  { key: 'file', label: 'File', type: 'file' },
  { key: 'rows', label: 'Rows', type: 'integer' },
  { key: 'columns[]', label: 'Columns' },
  { key: 'header[]', label: 'Column Names' },
  { key: 'progress', label: 'Progress Percent', type: 'integer' },
  { key: 'expires_at', label: 'Expires At', type: 'datetime' },
  { key: 'chunks', label: 'Export Requests', type: 'integer' },
];

/** A finished export's file, in the one output shape (`extra`: what the way it was made adds). */
export const fileExportOutput = (
  form: Pick<Form, 'id'>,
  columns: string[],
  file: StashedCsv & { name: string },
  extra: Partial<ExportOutput> & Pick<ExportOutput, 'id' | 'mode'>,
): ExportOutput => ({
  form_id: form.id,
  status: 'completed',
  job_id: null,
  file: file.file,
  file_name: file.name,
  rows: file.rows,
  columns,
  header: file.header,
  progress: 100,
  expires_at: null,
  message: `Exported ${file.rows ?? 'an unknown number of'} rows to ${file.name}.`,
  processed_submissions: file.rows,
  total_submissions: file.rows,
  error_message: null,
  chunks: 1,
  ...extra,
});

/** An export job's status (Find Export), in the one output shape; `file` when the job is done. */
export const jobExportOutput = (
  formId: number,
  jobId: string,
  status: ExportJobStatus,
  file: string | null,
): ExportOutput => {
  const failed = status.status === 'failed';
  return {
    id: jobId,
    form_id: status.form_id ?? formId,
    mode: 'async',
    status: status.status,
    job_id: jobId,
    file,
    file_name: null,
    rows: null,
    columns: [],
    header: [],
    progress: status.progress ?? null,
    expires_at: status.expires_at ?? null,
    message:
      file !== null
        ? `Export job ${jobId} is completed; its file is ready.`
        : failed
          ? `Export job ${jobId} failed: ${status.error_message ?? 'the export failed'}.`
          : `Export job ${jobId} is ${status.status} (${status.progress ?? 0}% done); its file is not ready yet.`,
    processed_submissions: status.processed_submissions ?? null,
    total_submissions: status.total_submissions ?? null,
    error_message: failed ? (status.error_message ?? 'The export failed.') : null,
    chunks: null,
  };
};

/** Find Export's sample: Export Submissions' one with what a background job's answer differs in. */
export const FIND_EXPORT_SAMPLE: ExportOutput = {
  ...EXPORT_SAMPLE,
  id: '9b2f0c1e-4a7d-4c55-8e0b-2f1d3c4b5a69',
  job_id: '9b2f0c1e-4a7d-4c55-8e0b-2f1d3c4b5a69',
  mode: 'async',
  file_name: null,
  rows: null,
  columns: [],
  header: [],
  expires_at: '2026-11-22T10:00:00+00:00',
  message: 'Export job 9b2f0c1e-4a7d-4c55-8e0b-2f1d3c4b5a69 is completed; its file is ready.',
  processed_submissions: 2500,
  total_submissions: 2500,
  chunks: null,
};

/** Said wherever a job's status cannot be read with a token (every current OpnForm server). */
export const STATUS_NOT_READABLE =
  'this OpnForm server does not let access tokens read export jobs (both status paths answer 404 ' +
  'without a reason, whether the job exists or not)';

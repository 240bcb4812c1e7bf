import type { PlainOutputField } from 'zapier-platform-core';

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

export const EXPORT_OUTPUT_FIELDS: PlainOutputField[] = [
  { key: 'id', label: 'Export ID (the job, or the file name when there is no job)', type: 'string' },
  { key: 'form_id', label: 'Form ID', type: 'integer' },
  { key: 'mode', label: 'Mode (sync or async)', type: 'string' },
  { key: 'status', label: 'Status', type: 'string' },
  { key: 'job_id', label: 'Job ID (background exports only)', type: 'string' },
  { key: 'file', label: 'File', type: 'file' },
  { key: 'file_name', label: 'File Name', type: 'string' },
  { key: 'rows', label: 'Rows', type: 'integer' },
  { key: 'columns[]', label: 'Columns', type: 'string' },
  { key: 'header[]', label: 'Column Names', type: 'string' },
  { key: 'progress', label: 'Progress (%)', type: 'integer' },
  { key: 'expires_at', label: 'Expires At', type: 'datetime' },
  { key: 'message', label: 'Message', type: 'string' },
  { key: 'processed_submissions', label: 'Processed Submissions', type: 'integer' },
  { key: 'total_submissions', label: 'Total Submissions', type: 'integer' },
  { key: 'error_message', label: 'Error Message', type: 'string' },
  { key: 'chunks', label: 'Export Requests (Chunks)', type: 'integer' },
];

/** Said wherever a job's status cannot be read with a token (every current OpnForm server). */
export const STATUS_NOT_READABLE =
  'this OpnForm server does not let access tokens read export jobs (both status paths answer 404 ' +
  'without a reason, whether the job exists or not)';

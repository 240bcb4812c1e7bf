import type { PlainOutputField } from 'zapier-platform-core';

export const FIND_EXPORT_HINT =
  'Add a Find Export step with this job id later (for example after a Delay) to get the file; ' +
  'export files expire (real servers keep jobs about 2 hours).';

export type ExportOutput = {
  /** The job id, or the file name of a direct (synchronous) export. */
  id: string;
  form_id: number;
  mode: 'sync' | 'async';
  status: string;
  job_id: string | null;
  file: string | null;
  file_name: string | null;
  rows: number | null;
  columns: string[];
  header: string[];
  progress: number | null;
  expires_at: string | null;
  message: string;
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
  columns: ['3c1f7a52-6d0e-4b8a-9a57-1f2e3d4c5b6a', 'created_at'],
  header: ['id', 'Email', 'Created At'],
  progress: 100,
  expires_at: null,
  message: 'Exported 128 rows to contact-us-submission-data.csv.',
};

export const EXPORT_OUTPUT_FIELDS: PlainOutputField[] = [
  { key: 'id', label: 'Export ID (Job ID or File Name)', type: 'string' },
  { key: 'form_id', label: 'Form ID', type: 'integer' },
  { key: 'mode', label: 'Mode (sync or async)', type: 'string' },
  { key: 'status', label: 'Status', type: 'string' },
  { key: 'job_id', label: 'Job ID', type: 'string' },
  { key: 'file', label: 'File', type: 'file' },
  { key: 'file_name', label: 'File Name', type: 'string' },
  { key: 'rows', label: 'Rows', type: 'integer' },
  { key: 'columns[]', label: 'Columns', type: 'string' },
  { key: 'header[]', label: 'Column Names', type: 'string' },
  { key: 'progress', label: 'Progress (%)', type: 'integer' },
  { key: 'expires_at', label: 'Expires At', type: 'datetime' },
  { key: 'message', label: 'Message', type: 'string' },
];

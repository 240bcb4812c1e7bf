import { type Bundle, defineInputFields, defineSearch, type ZObject } from 'zapier-platform-core';
import { FormId, inputObject, WorkspaceId } from '../../schemas/inputs';
import { parseInput } from '../../schemas/parse';
import { JobId } from '../../schemas/submissions';
import { FIELD_LABELS, formField, workspaceField } from '../../shared/fields';
import { exportFileHydrator } from './file-hydrator';
import { readExportStatus } from './job';

const Input = inputObject({ workspace_id: WorkspaceId, form_id: FormId, job_id: JobId });

const inputFields = defineInputFields([
  workspaceField,
  formField,
  {
    key: 'job_id',
    label: 'Export Job',
    type: 'string',
    required: true,
    helpText: 'The job id an Export Submissions step returned for a large form (its Job ID output).',
  },
]);

export type FoundExport = {
  id: string;
  job_id: string;
  form_id: number;
  status: string;
  progress: number | null;
  processed_submissions: number | null;
  total_submissions: number | null;
  file: string | null;
  expires_at: string | null;
  error_message: string | null;
};

/**
 * The status of an export job; when completed, its file (stashed when a later step uses it) and
 * `expires_at`; when failed, the error. An unknown or expired job (404 on every status path): `[]`.
 */
const perform = async (z: ZObject, bundle: Bundle): Promise<FoundExport[]> => {
  const { form_id, job_id } = parseInput(z, Input, bundle.inputData, FIELD_LABELS);
  const { status } = await readExportStatus(z, bundle, form_id, job_id);
  if (status === undefined) return [];
  const completed = status.status === 'completed' && Boolean(status.file_url);
  return [
    {
      id: job_id,
      job_id,
      form_id: status.form_id ?? form_id,
      status: status.status,
      progress: status.progress ?? null,
      processed_submissions: status.processed_submissions ?? null,
      total_submissions: status.total_submissions ?? null,
      file: completed ? z.dehydrateFile(exportFileHydrator, { form_id, job_id }) : null,
      expires_at: status.expires_at ?? null,
      error_message: status.status === 'failed' ? (status.error_message ?? 'The export failed.') : null,
    },
  ];
};

const sample: FoundExport = {
  id: '9b2f0c1e-4a7d-4c55-8e0b-2f1d3c4b5a69',
  job_id: '9b2f0c1e-4a7d-4c55-8e0b-2f1d3c4b5a69',
  form_id: 42,
  status: 'completed',
  progress: 100,
  processed_submissions: 2500,
  total_submissions: 2500,
  file: 'https://zapier-dev-files.s3.amazonaws.com/cli-platform/contact-us-submission-data.csv',
  expires_at: '2026-11-22T10:00:00+00:00',
  error_message: null,
};

export const findExport = defineSearch({
  key: 'find_export',
  noun: 'Export',
  display: {
    label: 'Find Export',
    description: 'Finds an export job by its id and gets its file once it is ready.',
  },
  operation: {
    inputFields,
    perform,
    sample,
    outputFields: [
      { key: 'id', label: 'Job ID', type: 'string' },
      { key: 'job_id', label: 'Job ID', type: 'string' },
      { key: 'form_id', label: 'Form ID', type: 'integer' },
      { key: 'status', label: 'Status', type: 'string' },
      { key: 'progress', label: 'Progress (%)', type: 'integer' },
      { key: 'processed_submissions', label: 'Processed Submissions', type: 'integer' },
      { key: 'total_submissions', label: 'Total Submissions', type: 'integer' },
      { key: 'file', label: 'File', type: 'file' },
      { key: 'expires_at', label: 'Expires At', type: 'datetime' },
      { key: 'error_message', label: 'Error Message', type: 'string' },
    ],
  },
});

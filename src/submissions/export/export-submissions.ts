import { type Bundle, defineCreate, defineInputFields, type ZObject } from 'zapier-platform-core';
import { fetchForm } from '../../forms/blocks';
import { opnform } from '../../http/client';
import { path } from '../../http/path';
import { FormId, inputObject, WorkspaceId } from '../../schemas/inputs';
import { describeShapeError, parseInput } from '../../schemas/parse';
import { AsyncExport, type Form } from '../../schemas/resources';
import { OptionalTextList } from '../../schemas/submissions';
import { FIELD_LABELS, formField, workspaceField } from '../../shared/fields';
import { columnChoices, resolveColumns } from './columns';
import { dispositionFilename, safeCsvName, stashCsv } from './csv-stash';
import { stashExportFile } from './deliver';
import { pollExport } from './job';
import { EXPORT_OUTPUT_FIELDS, EXPORT_SAMPLE, type ExportOutput, FIND_EXPORT_HINT } from './output';

const Input = inputObject({ workspace_id: WorkspaceId, form_id: FormId, columns: OptionalTextList });

/** The columns dropdown: this form's questions, the system columns and the attribution columns. */
const columnsField = async (z: ZObject, bundle: Bundle) => {
  const base = {
    key: 'columns',
    label: 'Columns',
    type: 'string' as const,
    list: true,
    required: false,
    helpText:
      'The columns of the CSV file. Leave empty for every question and the submission date (created_at). ' +
      'You can also map question ids or names, `created_at`, `status` or `meta.attribution.<key>`.',
  };
  const formId = FormId.safeParse(bundle.inputData?.form_id);
  if (!formId.success) return [base];
  return [{ ...base, choices: columnChoices(await fetchForm(z, bundle, formId.data)) }];
};

const inputFields = defineInputFields([workspaceField, formField, columnsField]);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const fallbackName = (form: Pick<Form, 'id' | 'slug'>) => `${form.slug || `form-${form.id}`}-submissions.csv`;

/**
 * Starts the export. A small form answers with the CSV itself: it is streamed to Zapier's storage
 * (rows counted on the way). A large form answers with a job id: the job is polled within the step's
 * budget and its file stashed if it finishes in time; otherwise the job is handed to Find Export.
 */
const perform = async (z: ZObject, bundle: Bundle): Promise<ExportOutput> => {
  const startedAt = Date.now();
  const input = parseInput(z, Input, bundle.inputData, { ...FIELD_LABELS, columns: 'Columns' });
  const form = await fetchForm(z, bundle, input.form_id);
  const columns = resolveColumns(z, form, input.columns);
  const response = await opnform(z, bundle).raw(
    'POST',
    path`/open/forms/${input.form_id}/submissions/export`,
    {
      thing: 'form',
      abilities: ['forms-read'],
      body: { columns: Object.fromEntries(columns.map((key) => [key, true])) },
    },
  );
  if (response.status >= 300) {
    response.body?.resume?.();
    throw new z.errors.Error(
      `OpnForm answered the export with a redirect (${response.status}) instead of a file. Check the OpnForm URL in ` +
        'your connection: it must be the API address (self-hosted servers usually serve it under /api).',
      'bad_response',
      response.status,
    );
  }
  const base = { form_id: form.id, columns };
  const type = response.headers.get('content-type') ?? '';
  if (!/json/i.test(type)) {
    const name = safeCsvName(
      dispositionFilename(response.headers.get('content-disposition')),
      fallbackName(form),
    );
    const csv = await stashCsv(z, response.body, name);
    return {
      ...base,
      id: name,
      mode: 'sync',
      status: 'completed',
      job_id: null,
      file: csv.file,
      file_name: name,
      rows: csv.rows,
      header: csv.header,
      progress: 100,
      expires_at: null,
      message: `Exported ${csv.rows ?? 'an unknown number of'} rows to ${name}.`,
    };
  }
  const parsed = AsyncExport.safeParse(parseJson(await response.text()));
  if (!parsed.success)
    throw new z.errors.Error(describeShapeError('export', parsed.error), 'bad_response', 502);
  const jobId = parsed.data.job_id;
  const poll = await pollExport(z, bundle, form.id, jobId, startedAt);
  const status = poll.status;
  const pending = {
    ...base,
    id: jobId,
    mode: 'async' as const,
    job_id: jobId,
    file: null,
    file_name: null,
    rows: null,
    header: [],
    expires_at: status?.expires_at ?? null,
  };
  if (status === undefined) {
    return {
      ...pending,
      status: 'unknown',
      progress: null,
      message: poll.seen
        ? `Export job ${jobId} was not found or has expired (404). Start a new export.`
        : `OpnForm started export job ${jobId}, but its status could not be read (404: this server may not let ` +
          `access tokens read export status, or the job has already expired). ${FIND_EXPORT_HINT}`,
    };
  }
  if (status.status === 'failed') {
    throw new z.errors.Error(
      `OpnForm could not export the submissions (job ${jobId}): ${status.error_message || 'the export failed'}.`,
      'server_error',
      502,
    );
  }
  if (status.status === 'completed' && status.file_url) {
    const file = await stashExportFile(z, status.file_url, fallbackName(form));
    return {
      ...pending,
      status: 'completed',
      file: file.file,
      file_name: file.name,
      rows: file.rows,
      header: file.header,
      progress: 100,
      message: `Exported ${file.rows ?? 'an unknown number of'} rows to ${file.name}.`,
    };
  }
  return {
    ...pending,
    status: status.status,
    progress: status.progress ?? null,
    message:
      `The export is still running (${status.status}, ${status.progress ?? 0}% done) after the time a Zapier step ` +
      `may wait. ${FIND_EXPORT_HINT}`,
  };
};

export const exportSubmissions = defineCreate({
  key: 'export_submissions',
  noun: 'Export',
  display: { label: 'Export Submissions', description: "Exports a form's submissions to a CSV file." },
  operation: { inputFields, perform, sample: EXPORT_SAMPLE, outputFields: EXPORT_OUTPUT_FIELDS },
});

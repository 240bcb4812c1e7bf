import { type Bundle, defineCreate, defineInputFields, type ZObject } from 'zapier-platform-core';
import * as exportJobs from '../../api/exports';
import * as forms from '../../api/forms';
import { halt, notFound, userError } from '../../errors';
import { refuseReversedRange, SUBMITTED_RANGE_FIELDS, submittedRange } from '../../inputs/dates';
import { formField, workspaceField } from '../../inputs/fields';
import {
  FormId,
  inputObject,
  OptionalChoice,
  OptionalCount,
  OptionalTextList,
  WorkspaceId,
} from '../../inputs/values';
import type { Form } from '../../schemas/forms';
import { parseInput } from '../../schemas/parse';
import { STEP_BUDGET_MS } from '../../shared/budget';
import { throttleFor } from '../../shared/limits';
import { exportChunks, firstMsPerId, OutOfTime } from './chunks';
import { columnChoices, resolveColumns } from './columns';
import { dispositionFilename, safeCsvName, stashCsv } from './csv-stash';
import { stashExportFile } from './deliver';
import { pollExport } from './job';
import { selectionError, tooLarge, WHY_LIMIT } from './messages';
import {
  EXPORT_OUTPUT_FIELDS,
  EXPORT_SAMPLE,
  type ExportOutput,
  fileExportOutput,
  STATUS_NOT_READABLE,
} from './output';
import {
  describeSelection,
  isFiltered,
  listSelectedIds,
  MAX_PER_STEP,
  type Selection,
  SelectionTooLarge,
  SYNC_LIMIT,
} from './selection';
import { type Budget, startBudget } from './time';

/** The columns input as the step declares it; its dropdown (below) lists this form's columns. */
const COLUMNS_FIELD = {
  key: 'columns',
  label: 'Columns',
  type: 'string' as const,
  list: true,
  required: false,
  helpText:
    'The columns of the CSV file. Leave empty for every question and the submission date (created_at). ' +
    'You can also map question ids or names, `created_at`, `status` or `meta.attribution.<key>`.',
};

/** The columns dropdown: this form's questions, the system columns and the attribution columns. */
const columnsField = async (z: ZObject, bundle: Bundle) => {
  const formId = FormId().safeParse(bundle.inputData?.form_id);
  if (!formId.success) return [COLUMNS_FIELD];
  return [{ ...COLUMNS_FIELD, choices: columnChoices(await forms.read(z, bundle, formId.data)) }];
};

const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  form_id: FormId(),
  columns: OptionalTextList(),
  status: OptionalChoice(['all', 'completed', 'partial']),
  newest: OptionalCount(MAX_PER_STEP),
  ...submittedRange(),
}));

const inputFields = defineInputFields([
  { ...workspaceField, altersDynamicFields: true },
  { ...formField, altersDynamicFields: true },
  columnsField,
  {
    key: 'status',
    label: 'Submission Status',
    required: false,
    choices: [
      { value: 'all', label: 'All', sample: 'all' },
      { value: 'completed', label: 'Completed Only', sample: 'completed' },
      { value: 'partial', label: 'Partial Only', sample: 'partial' },
    ],
    helpText: 'Which submissions to export. Empty means all.',
  },
  {
    key: 'newest',
    label: 'Newest Submissions',
    type: 'integer',
    required: false,
    helpText:
      `Only the newest N that match (1 to ${MAX_PER_STEP}). Empty exports every match; with more than ` +
      `${MAX_PER_STEP} the step fails and exports nothing.`,
  },
  ...SUBMITTED_RANGE_FIELDS,
]);

const fallbackName = (form: Pick<Form, 'id' | 'slug'>) => `${form.slug || `form-${form.id}`}-submissions.csv`;

/** A job id no server has: asking for its status shows whether the server lets tokens read jobs at all. */
const PROBE_JOB = '00000000-0000-4000-8000-000000000000';

/**
 * Exports the chosen submissions to ONE CSV file in Zapier's storage, or fails saying what to
 * narrow; it never succeeds without a file.
 * - The whole form, at most 1000 submissions: one export request, its CSV streamed to storage.
 * - Anything else up to 5000 submissions: their ids are listed (100 per page) and exported in
 *   requests of at most 1000 ids, streamed one after the other into one file with one header row.
 * - The whole form above 5000: only as OpnForm's background job, and only where the server lets
 *   the token read the job's status (a spec-like server); real OpnForm servers do not, so the step
 *   fails before starting a job, saying what to narrow.
 */
/**
 * How many submissions one step can list and export (in hundreds, at least 100), from what listing took
 * and what exporting one is expected to take: what to ask for when not even the first request fits.
 */
const perStep = (listed: { items: number; ms: number }, msPerId: number): number => {
  const listMs = listed.items === 0 ? 0 : listed.ms / listed.items;
  return Math.max(100, Math.floor(STEP_BUDGET_MS / (listMs + msPerId) / 100) * 100);
};

const perform = async (z: ZObject, bundle: Bundle): Promise<ExportOutput> => {
  const budget = startBudget(bundle);
  const input = parseInput(z, Input(), bundle.inputData, [...inputFields, COLUMNS_FIELD]);
  const selection: Selection = {
    status: input.status ?? 'all',
    newest: input.newest,
    since: input.submitted_since,
    until: input.submitted_until,
  };
  refuseReversedRange(z, selection.since, selection.until, 'Nothing was exported.');
  const form = await forms.read(z, bundle, input.form_id);
  const columns = resolveColumns(z, form, input.columns);

  const byIds = async (): Promise<ExportOutput> => {
    let listed: Awaited<ReturnType<typeof listSelectedIds>>;
    try {
      listed = await listSelectedIds(z, bundle, form.id, selection, budget);
    } catch (error) {
      if (error instanceof SelectionTooLarge) throw selectionError(z, error, selection);
      throw error;
    }
    if (listed.ids.length === 0) {
      throw halt(
        z,
        `No submission of form ${form.id} matches the selection (${describeSelection(selection)}); there is nothing to export.`,
      );
    }
    try {
      const firstMs = firstMsPerId(listed.listed);
      const file = await exportChunks(
        z,
        bundle,
        form.id,
        columns,
        listed.ids,
        fallbackName(form),
        budget,
        firstMs,
      );
      return fileExportOutput(form, columns, file, {
        id: file.name,
        mode: 'sync',
        total_submissions: listed.ids.length,
        chunks: file.chunks,
      });
    } catch (error) {
      if (!(error instanceof OutOfTime)) throw error;
      throw tooLarge(
        z,
        `Exporting ${listed.ids.length} submissions took too long for one Zapier step: ${error.done} were exported ` +
          `when the next request of up to ${SYNC_LIMIT} could no longer finish in time, so no file was saved. ` +
          `Export about ${error.done > 0 ? error.done : perStep(listed.listed, error.msPerId)} per step.`,
      );
    }
  };

  const fromJob = async (jobId: string, budgetLeft: Budget): Promise<ExportOutput | undefined> => {
    const poll = await pollExport(z, bundle, form.id, jobId, budgetLeft);
    if (poll.kind !== 'status') {
      if (poll.kind === 'unreadable') return undefined;
      throw notFound(
        z,
        `OpnForm's export job ${jobId} was not found or has expired before its file could be fetched. Run the step again.`,
      );
    }
    const { status } = poll;
    if (status.status === 'failed') {
      throw userError(
        z,
        `OpnForm could not export the submissions (job ${jobId}): ${status.error_message || 'the export failed'}.`,
        'server_error',
        502,
      );
    }
    if (status.status === 'completed' && status.file_url) {
      const file = await stashExportFile(z, status.file_url, fallbackName(form));
      return fileExportOutput(form, columns, file, {
        id: jobId,
        mode: 'async',
        job_id: jobId,
        expires_at: status.expires_at ?? null,
        processed_submissions: status.processed_submissions ?? file.rows,
        total_submissions: status.total_submissions ?? file.rows,
      });
    }
    throw userError(
      z,
      `OpnForm's export job ${jobId} is still ${status.status} (${status.progress ?? 0}% done) after the time one ` +
        `Zapier step may take, so no file was saved. Export at most ${MAX_PER_STEP} submissions per step ` +
        '(Newest Submissions, a date range or a status): those are exported within the step.',
      'still_running',
      504,
    );
  };

  if (isFiltered(selection)) return byIds();
  const count = typeof form.submissions_count === 'number' ? form.submissions_count : undefined;
  if (count !== undefined && count > SYNC_LIMIT && count <= MAX_PER_STEP) return byIds();
  if (count !== undefined && count > MAX_PER_STEP) {
    // only a background job can export this much; ask first whether this server shows jobs to tokens
    const probe = await exportJobs.readStatus(z, bundle, form.id, PROBE_JOB, 0);
    if (probe.kind === 'unreadable')
      throw tooLarge(
        z,
        `This form has ${count} submissions. OpnForm exports more than ${SYNC_LIMIT} at once only as a ` +
          `background job, and ${STATUS_NOT_READABLE}, so its file could never reach Zapier. ${WHY_LIMIT}`,
      );
  }
  const answer = await exportJobs.request(z, bundle, form.id, columns);
  if (answer.kind === 'file') {
    const name = safeCsvName(dispositionFilename(answer.disposition), fallbackName(form));
    const csv = await stashCsv(z, answer.body, name);
    return fileExportOutput(form, columns, { ...csv, name }, { id: name, mode: 'sync' });
  }
  const viaJob = await fromJob(await answer.jobId(), budget);
  if (viaJob !== undefined) return viaJob;
  // the server went async (more submissions than the form's count said) and hides the job: by ids
  return byIds();
};

export const exportSubmissions = defineCreate({
  key: 'export_submissions',
  noun: 'Export',
  display: {
    label: 'Export Submissions',
    description: `Exports a form's submissions to a CSV file and returns the file; refuses more than ${MAX_PER_STEP} (filter them).`,
  },
  operation: {
    inputFields,
    perform,
    sample: EXPORT_SAMPLE,
    outputFields: EXPORT_OUTPUT_FIELDS,
    throttle: throttleFor(1, 'export'), // one export POST a run (up to 1000 submissions): binds before /open
  },
});

export const cases: import('../../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', form_id: '$formId' },
    minimum: 2,
    why: 'the form (default columns) + one export (at most 1000 submissions: CSV streamed to storage)',
    review: {
      on: 'both: at most 1000 at once, up to 5000 by id',
      evidence: ['exports--sync-csv#0', 'exports--async-and-status#7'],
    },
  },
  {
    name: 'large form, 1200',
    input: { workspace_id: '$workspaceId', form_id: '$largeFormId' },
    minimum: 15,
    why: 'the form + 12 list pages of 100 (the ids) + 2 exports of at most 1000 ids, joined into one file',
  },
];

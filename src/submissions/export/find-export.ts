import { type Bundle, defineInputFields, defineSearch, type ZObject } from 'zapier-platform-core';
import * as exportJobs from '../../api/exports';
import { userError } from '../../errors';
import { formField, workspaceField } from '../../inputs/fields';
import { FormId, inputObject, JobId, WorkspaceId } from '../../inputs/values';
import { parseInput } from '../../schemas/parse';
import { throttleFor } from '../../shared/limits';
import { exportFileHydrator } from './file-hydrator';
import {
  EXPORT_OUTPUT_FIELDS,
  type ExportOutput,
  FIND_EXPORT_SAMPLE,
  jobExportOutput,
  STATUS_NOT_READABLE,
} from './output';

const Input = inputObject(() => ({ workspace_id: WorkspaceId(), form_id: FormId(), job_id: JobId() }));

const inputFields = defineInputFields([
  workspaceField,
  formField,
  {
    key: 'job_id',
    label: 'Export Job',
    required: true,
    helpText:
      "An Export Submissions step's Job ID. Current OpnForm servers do not show export jobs to tokens: " +
      'this step then fails saying so.',
  },
]);

/**
 * The status of an export job in Export Submissions' output shape; when completed, its file
 * (stashed when a later step uses it). `[]` only when the server says the job does not exist or has
 * expired. A server that shows no export job to tokens (every current OpnForm server: 404 without
 * a reason on both paths, for an existing job too) cannot answer the question: the step fails and
 * says so, rather than answer `[]` as if the job did not exist.
 */
const perform = async (z: ZObject, bundle: Bundle): Promise<ExportOutput[]> => {
  const { form_id, job_id } = parseInput(z, Input(), bundle.inputData, inputFields);
  const read = await exportJobs.readStatus(z, bundle, form_id, job_id);
  if (read.kind === 'missing') return [];
  if (read.kind === 'unreadable') {
    throw userError(
      z,
      `Find Export cannot look up export job ${job_id}: ${STATUS_NOT_READABLE}, so a finished job and an unknown ` +
        'one look the same. Use the File output of Export Submissions instead: it exports up to 5000 submissions ' +
        'per step without a background job.',
      'export_status_unreadable',
      404,
    );
  }
  const { status } = read;
  const done = status.status === 'completed' && Boolean(status.file_url);
  const file = done ? z.dehydrateFile(exportFileHydrator, { form_id, job_id }) : null;
  return [jobExportOutput(form_id, job_id, status, file)];
};

/**
 * Hidden (issue 19, point 4): Zapier's review needs a successful live run of every visible step, and
 * no current OpnForm server lets a token read an export job (recorded `exports--async-and-status` #2-#4,
 * production-like `exports--async-queued` #3-#4, #9-#10, #15-#16, #30-#31). The key and everything
 * else stay, so the step can be shown again once a server allows it (docs/decisions.md).
 */
export const findExport = defineSearch({
  key: 'find_export',
  noun: 'Export',
  display: {
    hidden: true,
    label: 'Find Export',
    description:
      'Finds an export job by its ID. Returns its progress, and its file once ready (current OpnForm servers refuse this).',
  },
  operation: {
    inputFields,
    perform,
    sample: FIND_EXPORT_SAMPLE,
    outputFields: EXPORT_OUTPUT_FIELDS,
    throttle: throttleFor(2), // the spec's status path, then the real server's
  },
});

export const cases: import('../../shared/step-case').StepCase[] = [
  {
    input: {
      workspace_id: '$workspaceId',
      form_id: '$formId',
      job_id: '00000000-0000-4000-a000-000000000000',
    },
    minimum: 2,
    why: "the spec's status path, then the real server's; both hide jobs from tokens, so the step says so",
    nothing: {
      workspace_id: '$workspaceId',
      form_id: '$formId',
      job_id: '00000000-0000-4000-a000-000000000000',
    },
    fails: /^Find Export cannot look up export job /,
  },
];

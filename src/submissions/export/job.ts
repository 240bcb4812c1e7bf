import type { Bundle, ZObject } from 'zapier-platform-core';
import { opnform } from '../../http/client';
import { type ApiPath, path } from '../../http/path';
import { ExportJobStatus } from '../../schemas/resources';

/**
 * Where an export job's status lives. The spec writes `.../export/{job_id}/status`; real servers
 * serve `.../export/status/{jobId}` (and may refuse it to tokens with 404). Both are tried, the
 * spec's first; the one that answers is used for the rest of the step. Only when both answer 404
 * is the job reported as not found or expired.
 */
const STATUS_PATHS: ReadonlyArray<(formId: number, jobId: string) => ApiPath> = [
  (formId, jobId) => path`/open/forms/${formId}/submissions/export/${jobId}/status`,
  (formId, jobId) => path`/open/forms/${formId}/submissions/export/status/${jobId}`,
];

export interface StatusRead {
  /** The job status, or undefined when every status path answered 404 (not found or expired). */
  status: ExportJobStatus | undefined;
  /** Index of the status path that answered, to try first next time. */
  via: number | undefined;
  /** Requests sent. */
  requests: number;
}

export const readExportStatus = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  jobId: string,
  preferred?: number,
): Promise<StatusRead> => {
  const order = preferred === undefined ? [0, 1] : [preferred, 1 - preferred];
  let requests = 0;
  for (const index of order) {
    const statusPath = STATUS_PATHS[index];
    if (statusPath === undefined) continue;
    requests += 1;
    const reply = await opnform(z, bundle).allowing('GET', statusPath(formId, jobId), {
      thing: 'export job',
      abilities: ['forms-read'],
      schema: ExportJobStatus,
      allow: [404],
    });
    if (reply.data !== undefined) return { status: reply.data, via: index, requests };
  }
  return { status: undefined, via: undefined, requests };
};

export const isFinished = (status: ExportJobStatus) =>
  status.status === 'completed' || status.status === 'failed';

/** Poll every 2 to 5 s (default 3 s), within ~20 s of the step's start (Zapier allows 30 s). */
export const DEFAULT_POLL_MS = 3_000;
export const DEFAULT_BUDGET_MS = 20_000;

export const pollTiming = () => ({
  intervalMs: Number(process.env.OPNFORM_EXPORT_POLL_MS) || DEFAULT_POLL_MS,
  budgetMs: Number(process.env.OPNFORM_EXPORT_BUDGET_MS) || DEFAULT_BUDGET_MS,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PollResult {
  /** The last status read; undefined when the status could not be found at all. */
  status: ExportJobStatus | undefined;
  /** Whether a status was ever read in this step (a later 404 then means the job expired). */
  seen: boolean;
  polls: number;
}

/**
 * Reads the status until the job is completed or failed, or until the next poll would end past the
 * budget (counted from `startedAt`, the step's start). Stops at once on 404.
 */
export const pollExport = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  jobId: string,
  startedAt: number,
  timing = pollTiming(),
): Promise<PollResult> => {
  let via: number | undefined;
  let last: ExportJobStatus | undefined;
  let polls = 0;
  for (;;) {
    const read = await readExportStatus(z, bundle, formId, jobId, via);
    polls += 1;
    if (read.status === undefined) return { status: undefined, seen: last !== undefined, polls };
    via = read.via;
    last = read.status;
    if (isFinished(last)) return { status: last, seen: true, polls };
    if (Date.now() - startedAt + timing.intervalMs > timing.budgetMs)
      return { status: last, seen: true, polls };
    await sleep(timing.intervalMs);
  }
};

import type { Bundle, ZObject } from 'zapier-platform-core';
import * as exportJobs from '../../api/exports';
import type { ExportJobStatus } from '../../schemas/exports';
import { READ_RESERVE_MS } from '../../shared/budget';
import { type Budget, exportClock } from './time';

export const isFinished = (status: ExportJobStatus) =>
  status.status === 'completed' || status.status === 'failed';

/** The spec recommends polling every 2 to 5 s. */
export const DEFAULT_POLL_MS = 3_000;
export const pollIntervalMs = () => Number(process.env.OPNFORM_EXPORT_POLL_MS) || DEFAULT_POLL_MS;

export type PollResult =
  | { kind: 'status'; status: ExportJobStatus; polls: number }
  | { kind: 'missing' | 'unreadable'; polls: number; seen: boolean };

/**
 * Reads the status until the job is completed or failed, or until the next read would end past the
 * step's budget. Stops at once when the status cannot be read.
 */
export const pollExport = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  jobId: string,
  budget: Budget,
  intervalMs = pollIntervalMs(),
): Promise<PollResult> => {
  let via: number | undefined;
  let last: ExportJobStatus | undefined;
  let polls = 0;
  for (;;) {
    const read = await exportJobs.readStatus(z, bundle, formId, jobId, via);
    polls += 1;
    if (read.kind !== 'status') return { kind: read.kind, polls, seen: last !== undefined };
    via = read.via;
    last = read.status;
    if (isFinished(last) || !budget.fits(intervalMs + READ_RESERVE_MS))
      return { kind: 'status', status: last, polls };
    await exportClock.sleep(intervalMs);
  }
};

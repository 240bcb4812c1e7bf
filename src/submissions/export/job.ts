import type { Bundle, ZObject } from 'zapier-platform-core';
import { opnform } from '../../http/client';
import { type ApiPath, path } from '../../http/path';
import { READ_RESERVE_MS } from '../../http/step-budget';
import { ExportJobStatus } from '../../schemas/resources';
import { type Budget, exportClock } from './time';

/**
 * Where an export job's status lives. The spec writes `.../export/{job_id}/status`; real servers
 * serve `.../export/status/{jobId}` but not to access tokens. Both are tried, the spec's first; the
 * one that answers is used for the rest of the step.
 */
const STATUS_PATHS: ReadonlyArray<(formId: number, jobId: string) => ApiPath> = [
  (formId, jobId) => path`/open/forms/${formId}/submissions/export/${jobId}/status`,
  (formId, jobId) => path`/open/forms/${formId}/submissions/export/status/${jobId}`,
];

/** What a server that can show export jobs says about an unknown or expired one (spec and real server). */
const JOB_MISSING = /^export job not found or has expired\.?$/i;

/**
 * A status read: the job's status; `missing` when a status path exists and says the job is unknown
 * or expired; `unreadable` when no path shows jobs to this token (a real OpnForm server: the spec's
 * path has no route, the real one answers 404 with an empty message, whether the job exists or not).
 */
export type StatusRead =
  | { kind: 'status'; status: ExportJobStatus; via: number; requests: number }
  | { kind: 'missing'; requests: number }
  | { kind: 'unreadable'; requests: number };

export const readExportStatus = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  jobId: string,
  preferred?: number,
): Promise<StatusRead> => {
  const order = preferred === undefined ? [0, 1] : [preferred];
  let requests = 0;
  let missing = false;
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
    if (reply.data !== undefined) return { kind: 'status', status: reply.data, via: index, requests };
    if (JOB_MISSING.test(reply.message ?? '')) missing = true;
  }
  return missing ? { kind: 'missing', requests } : { kind: 'unreadable', requests };
};

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
    const read = await readExportStatus(z, bundle, formId, jobId, via);
    polls += 1;
    if (read.kind !== 'status') return { kind: read.kind, polls, seen: last !== undefined };
    via = read.via;
    last = read.status;
    if (isFinished(last) || !budget.fits(intervalMs + READ_RESERVE_MS))
      return { kind: 'status', status: last, polls };
    await exportClock.sleep(intervalMs);
  }
};

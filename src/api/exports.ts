/**
 * OpnForm's export endpoints, each written once: path, thing, abilities, answer schema and what its
 * special statuses mean. Domain modules (src/submissions/export) never see a status code.
 */
import type { Bundle, RawHttpResponse, ZObject } from 'zapier-platform-core';
import { badResponse } from '../errors';
import { Absent, opnform } from '../http/client';
import { downloadFile } from '../http/download';
import { parseJson } from '../http/failures';
import { type ApiPath, path } from '../http/path';
import { AsyncExport, ExportJobStatus } from '../schemas/exports';
import { describeShapeError } from '../schemas/parse';

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

export const readStatus = async (
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
    const reply = await opnform(z, bundle).get(statusPath(formId, jobId), {
      need: { thing: 'export job', abilities: ['forms-read'] },
      schema: ExportJobStatus(),
      statuses: { absent: [404] },
    });
    if (!(reply instanceof Absent)) return { kind: 'status', status: reply, via: index, requests };
    if (JOB_MISSING.test(reply.message ?? '')) missing = true;
  }
  return missing ? { kind: 'missing', requests } : { kind: 'unreadable', requests };
};

/** The answer of an export request: a CSV file, or (JSON) a background job. */
export type ExportAnswer =
  | { kind: 'file'; body: RawHttpResponse['body']; disposition: string | null }
  | {
      kind: 'job';
      /** Drops the answer unread. */
      discard: () => void;
      /** The job's id (the answer must have the async export's shape). */
      jobId: () => Promise<string>;
    };

/**
 * `POST /open/forms/{id}/submissions/export`: the columns, and the submission ids when given. A
 * redirect instead of an export means the connection's URL is not the API (usually a missing /api).
 */
export const request = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  columns: readonly string[],
  submissionIds?: readonly number[],
): Promise<ExportAnswer> => {
  const response = await opnform(z, bundle).raw('POST', path`/open/forms/${formId}/submissions/export`, {
    need: { thing: 'form', abilities: ['forms-read'] },
    body: {
      columns: Object.fromEntries(columns.map((key) => [key, true])),
      ...(submissionIds === undefined ? {} : { submissionIds }),
    },
  });
  if (response.status >= 300) {
    response.body?.resume?.();
    throw badResponse(
      z,
      `OpnForm answered the export with a redirect (${response.status}) instead of a file. Check the OpnForm URL in ` +
        'your connection: it must be the API address (self-hosted servers usually serve it under /api).',
      response.status,
    );
  }
  if (!/json/i.test(response.headers.get('content-type') ?? '')) {
    return { kind: 'file', body: response.body, disposition: response.headers.get('content-disposition') };
  }
  return {
    kind: 'job',
    discard: () => response.body?.resume?.(),
    jobId: async () => {
      const parsed = AsyncExport().safeParse(parseJson(await response.text()));
      if (!parsed.success) throw badResponse(z, describeShapeError('export', parsed.error));
      return parsed.data.job_id;
    },
  };
};

/**
 * Downloads a finished export's link: a bearer link OpnForm issued (no token is sent; only its own
 * origin, https and a public host: src/http/download.ts), streamed, never buffered.
 */
export const download = (z: ZObject, fileUrl: string): Promise<RawHttpResponse> => downloadFile(z, fileUrl);

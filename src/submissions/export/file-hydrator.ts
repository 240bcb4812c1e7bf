import type { Bundle, ZObject } from 'zapier-platform-core';
import * as exportJobs from '../../api/exports';
import { notFound } from '../../errors';
import { FormId, inputObject, JobId } from '../../inputs/values';
import { parseInput } from '../../schemas/parse';
import { stashExportFile } from './deliver';

const Input = inputObject(() => ({ form_id: FormId(), job_id: JobId() }));

/**
 * Hydrates the file of a finished export when a later step needs it (searches cannot stash files
 * themselves). Only the form id and job id travel in the output; the file's bearer link is read
 * again here, downloaded without the token, and streamed to Zapier's storage.
 */
export const exportFileHydrator = async (z: ZObject, bundle: Bundle) => {
  const { form_id, job_id } = parseInput(z, Input(), bundle.inputData);
  const read = await exportJobs.readStatus(z, bundle, form_id, job_id);
  const fileUrl =
    read.kind === 'status' && read.status.status === 'completed' ? read.status.file_url : undefined;
  if (!fileUrl) {
    throw notFound(
      z,
      `The file of export job ${job_id} is no longer available (the job was not found, has expired, has no file, ` +
        'or the server no longer shows it to access tokens). Start a new export.',
    );
  }
  return (await stashExportFile(z, fileUrl, `export-${job_id}.csv`)).file;
};

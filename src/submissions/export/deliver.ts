import type { ZObject } from 'zapier-platform-core';
import * as exportJobs from '../../api/exports';
import { dispositionFilename, type StashedCsv, safeCsvName, stashCsv } from './csv-stash';

/** The file name of a download: `Content-Disposition`, else the link's last path segment, else the fallback. */
const nameFromLink = (url: string): string | undefined => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || undefined;
  } catch {
    return undefined;
  }
};

/** Downloads a finished export's bearer link (no token) and streams it to Zapier's storage, counting rows. */
export const stashExportFile = async (
  z: ZObject,
  fileUrl: string,
  fallbackName: string,
): Promise<StashedCsv & { name: string }> => {
  const response = await exportJobs.download(z, fileUrl);
  const name = safeCsvName(
    dispositionFilename(response.headers.get('content-disposition')) ?? nameFromLink(fileUrl),
    fallbackName,
  );
  return { ...(await stashCsv(z, response.body, name)), name };
};

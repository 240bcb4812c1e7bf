/** OpnForm's answers about submission exports (src/api/exports.ts). Built on first use (`lazy`). */
import * as z from 'zod/mini';
import { optBool, optNum, optStr, str } from './common';
import { lazy, type Out } from './lazy';

/** An export job's status. */
export const ExportJobStatus = lazy(() =>
  z.looseObject({
    status: str(),
    progress: optNum(),
    form_id: optNum(),
    user_id: optNum(),
    job_id: optStr(),
    processed_submissions: optNum(),
    total_submissions: optNum(),
    file_url: optStr(),
    expires_at: optStr(),
    error_message: optStr(),
    created_at: optStr(),
    updated_at: optStr(),
  }),
);
export type ExportJobStatus = Out<typeof ExportJobStatus>;

/** The async answer of the export endpoint. */
export const AsyncExport = lazy(() =>
  z.looseObject({ job_id: str(), is_async: optBool(), message: optStr() }),
);

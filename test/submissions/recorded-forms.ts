/** Recorded form reads as nock answers, shared by the submission steps' recorded tests. */
import { api } from '../helpers/recorded';

/**
 * A recorded form read as PostgreSQL (production, OpnForm Cloud) sends it: the recording server ran
 * sqlite, whose 0/1 booleans are a listed local artefact (README, artefact 1). `flags` override settings.
 */
export const postgres = (form: unknown, flags: Record<string, unknown> = {}) => {
  const out = { ...(form as Record<string, unknown>) };
  for (const key of ['editable_submissions', 'enable_partial_submissions', 'is_closed', 'use_captcha']) {
    if (out[key] === 0 || out[key] === 1) out[key] = out[key] === 1;
  }
  return { ...out, ...flags };
};

/** `GET /open/forms/{id}` answered with a recorded form (settings in `flags` changed). */
export const formScope = (id: number, body: unknown, flags: Record<string, unknown> = {}) =>
  api().get(`/open/forms/${id}`).reply(200, postgres(body, flags));

// Update Submission's test fixtures: the request it reads and writes, on the sample form (../sample-form.ts).
import { api } from '../../helpers/scopes';
import { ANSWERS, FORM, FORM_ID, item, shaped } from '../sample-form';

export const LIST = `/open/forms/${FORM_ID}/submissions`;
export const input = (extra: Record<string, unknown>) => ({
  workspace_id: '7',
  form_id: String(FORM_ID),
  submission_id: '512',
  ...extra,
});

export const formScope = () => api().get(`/open/forms/${FORM_ID}`).reply(200, FORM);
export const REAL_REPLY = (data: Record<string, unknown>) => ({
  type: 'success',
  message: 'Record successfully updated.',
  data: item(512, data),
});

export const OUTPUT = (answers: Record<string, unknown>) => ({
  ...shaped(512, answers),
  dropped_answers: [],
});

/** The current answers as the PUT sends them back: files as their stored file names (OpnForm takes nothing else). */
export const SENT = { ...ANSWERS, 'f-cv': ['cv.pdf'] };

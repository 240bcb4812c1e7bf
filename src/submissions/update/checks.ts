/**
 * What Update Submission checks before it writes, from what a real OpnForm server does on
 * `PUT /open/forms/{id}/submissions/{sid}` (recorded in `submissions--*.json`):
 * - a form with a captcha refuses every API update (422 on the captcha answer);
 * - a partial submission becomes a completed one and fires every integration;
 * - answers to questions no longer on the form are dropped for good;
 * - file answers are taken only as stored file-name strings, a signature only as one string.
 */
import type { ZObject } from 'zapier-platform-core';
import { currentAnswers, submissionStatus } from '../../answers/answers';
import { answerableBlocks, labelledBlocks } from '../../answers/blocks';
import { type ErrorCode, userError } from '../../errors';
import { flagOn } from '../../schemas/boolean';
import type { Form, FormBlock } from '../../schemas/forms';
import type { Submission } from '../../schemas/submissions';

const refuse = (z: ZObject, message: string, code: ErrorCode): never => {
  throw userError(z, message, code, 400);
};

/** OpnForm demands a captcha answer on every update of a captcha form, which an API client cannot give. */
export const refuseCaptchaForm = (z: ZObject, form: Form): void => {
  if (!flagOn((form as Record<string, unknown>).use_captcha)) return;
  refuse(
    z,
    `Form "${form.title}" requires a captcha, which OpnForm demands on API updates too, so no submission of ` +
      'this form can be updated through Zapier. Nothing was changed. To update it, turn the captcha off in the ' +
      "form's settings (Security & Privacy > Protect your form with a Captcha), run the step, then turn it back on.",
    'captcha_form',
  );
};

/** Updating a partial submission completes it: refused unless the user asked for exactly that. */
export const refusePartial = (z: ZObject, current: Submission, completePartial: boolean): void => {
  if (completePartial || submissionStatus(current) !== 'partial') return;
  refuse(
    z,
    `Submission ${current.id} is a partial submission (not finished by the person filling in the form). OpnForm ` +
      'turns a partial submission into a completed one when it is updated, and that runs every integration of ' +
      'the form (New Submission Zaps included). Nothing was changed. To do that on purpose, set "Complete a ' +
      'Partial Submission" (complete_partial) to yes and give every required answer.',
    'partial_submission',
  );
};

/** Required (visible) questions still without an answer in the body: completing would fail on them. */
export const refuseIncompleteCompletion = (
  z: ZObject,
  form: Form,
  current: Submission,
  body: Record<string, unknown>,
): void => {
  if (submissionStatus(current) !== 'partial') return;
  const missing = labelledBlocks(form)
    .filter(({ block }) => block.required === true && block.hidden !== true)
    .filter(({ block }) => isBlank(body[block.id]))
    .map(({ block, label }) => `"${label}" (answer__${block.id})`);
  if (missing.length === 0) return;
  refuse(
    z,
    `Submission ${current.id} is partial and completing it needs every required answer; missing: ` +
      `${missing.join(', ')}. Nothing was changed. Fill in these answers in this step.`,
    'invalid_input',
  );
};

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** One stored answer to a question that is no longer on the form. */
export interface DroppedAnswer {
  /** The question's field id. */
  id: string;
  /** Its name when the form still knows it (`removed_properties`), else "Removed question <id>". */
  name: string;
  /** The answer as it was stored: text as is, anything else as JSON. */
  value: string;
}

const removedNames = (form: Form): Map<string, string> => {
  const removed = (form as Record<string, unknown>).removed_properties;
  const names = new Map<string, string>();
  if (!Array.isArray(removed)) return names;
  for (const entry of removed) {
    const record = entry as { id?: unknown; name?: unknown } | null;
    if (typeof record?.id === 'string' && typeof record.name === 'string' && record.name.trim() !== '')
      names.set(record.id, record.name.trim());
  }
  return names;
};

/** The stored answers whose question is no longer on the form (OpnForm drops them on any update). */
export const removedAnswers = (form: Form, current: Submission): DroppedAnswer[] => {
  const onForm = new Set(answerableBlocks(form).map((block) => block.id));
  const names = removedNames(form);
  return Object.entries(currentAnswers(current))
    .filter(([id, value]) => !onForm.has(id) && !isBlank(value))
    .map(([id, value]) => ({
      id,
      name: names.get(id) ?? `Removed question ${id}`,
      value: typeof value === 'string' ? value : JSON.stringify(value),
    }));
};

/** Refuses before any write when answers would be dropped, unless the user said to drop them. */
export const refuseDroppingAnswers = (
  z: ZObject,
  current: Submission,
  dropped: readonly DroppedAnswer[],
  dropRemoved: boolean,
): void => {
  if (dropRemoved || dropped.length === 0) return;
  const listed = dropped.map((answer) => `"${answer.name}"`).join(', ');
  refuse(
    z,
    `Submission ${current.id} holds answers to questions no longer on the form (${listed}). OpnForm deletes ` +
      'those answers for good on any update. Nothing was changed. To update anyway, set "Drop Answers to ' +
      'Removed Questions" (drop_removed_answers) to yes: the step then lists the dropped answers in its output ' +
      '(Dropped Answers), so they stay in the Zap history.',
    'removed_questions',
  );
};

const FILE_ROUTE_NAME = /\/submissions\/file\/([A-Za-z0-9_-]+)(?:\?|$)/;

/** The stored file name of a listed file answer item (`{file_url, file_name}`, or a name already). */
const storedFileName = (item: unknown): string | undefined => {
  if (typeof item === 'string') return item.trim() === '' ? undefined : item;
  if (item === null || typeof item !== 'object') return undefined;
  const record = item as { file_name?: unknown; file_url?: unknown };
  if (typeof record.file_name === 'string' && record.file_name !== '') return record.file_name;
  // the file route's last segment is the stored name, base64url-encoded
  const match = typeof record.file_url === 'string' ? FILE_ROUTE_NAME.exec(record.file_url) : null;
  return match?.[1] === undefined ? undefined : Buffer.from(match[1], 'base64url').toString('utf8');
};

/**
 * A current answer in the form OpnForm takes it back: files as their stored file-name strings (the
 * listed `{file_url, file_name}` objects make the server fail with 500), a signature as one string
 * (a list or object is 422; its link would clear it silently). Other answers unchanged.
 */
export const writableAnswer = (block: FormBlock | undefined, value: unknown): unknown => {
  if (block?.type === 'files') {
    const items = Array.isArray(value) ? value : [value];
    return items.map(storedFileName).filter((name): name is string => name !== undefined);
  }
  if (block?.type === 'signature') {
    const items = Array.isArray(value) ? value : [value];
    return items.map(storedFileName).find((name) => name !== undefined) ?? null;
  }
  return value;
};

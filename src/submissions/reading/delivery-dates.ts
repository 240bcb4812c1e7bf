/**
 * What New Submission needs of the form to read a delivery like the API does: the date questions'
 * `date_format` (a delivered `05/11/2026` is 5 November or 11 May), read once and cached, and the
 * reverse, an `/open` list item turned into the delivery OpnForm would have sent (the editor's sample).
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { answerableBlocks, blockName } from '../../answers/blocks';
import * as account from '../../api/account';
import * as forms from '../../api/forms';
import { FormId } from '../../inputs/values';
import type { Form } from '../../schemas/forms';
import type { Submission } from '../../schemas/submissions';
import type { DeliveryPayload } from '../../schemas/zapier';
import { type DateQuestions, dateQuestions, isAmbiguousDate } from '../../shared/dates';

/** How long a form's date questions are remembered: a busy form costs at most one form read per 5 minutes. */
export const DATE_QUESTIONS_TTL_SECONDS = 5 * 60;

/**
 * The cache key of a form's date questions: `opnform:date-questions:v1:` + sha256 of the API base URL
 * and the form id (the same form of the same server has the same questions, whoever reads it).
 */
export const dateQuestionsKey = (z: ZObject, bundle: Bundle, formId: number) =>
  `opnform:date-questions:v1:${z.hash('sha256', `${account.baseUrl(z, bundle)}|${formId}`)}`;

const cachedDateQuestions = async (z: ZObject, key: string): Promise<DateQuestions | null> => {
  try {
    const stored = await z.cache.get(key);
    return stored !== null && typeof stored === 'object' ? (stored as DateQuestions) : null;
  } catch (error) {
    z.console.log(`Could not read the form's date formats from Zapier's cache: ${(error as Error).message}`);
    return null;
  }
};

/** Whether a delivery holds a date whose day and month cannot be told apart without the form. */
const needsDateFormats = (payload: DeliveryPayload): boolean =>
  Object.values(payload.data ?? {}).some((entry) => {
    const answer = entry as { type?: unknown; value?: unknown } | null;
    return (
      answer !== null && typeof answer === 'object' && answer.type === 'date' && isAmbiguousDate(answer.value)
    );
  });

/**
 * The form's date questions when the delivery needs them (a date with day and month both 12 or
 * less), from Zapier's cache or one `GET /open/forms/{id}` (then cached for 5 minutes); `{}` when
 * not needed. If the form cannot be read, the delivery still triggers: such dates keep OpnForm's text
 * and their ISO fields are empty (a lost submission would be worse).
 */
export const deliveryDates = async (
  z: ZObject,
  bundle: Bundle,
  payload: DeliveryPayload,
  formIdValue: unknown,
): Promise<DateQuestions> => {
  if (!needsDateFormats(payload)) return {};
  const formId = FormId().safeParse(formIdValue);
  if (!formId.success) return {};
  const key = dateQuestionsKey(z, bundle, formId.data);
  const cached = await cachedDateQuestions(z, key);
  if (cached !== null) return cached;
  let questions: DateQuestions;
  try {
    questions = dateQuestions((await forms.read(z, bundle, formId.data)).properties);
  } catch (error) {
    z.console.log(`Could not read form ${formId.data} for its date formats: ${(error as Error).message}`);
    return {};
  }
  try {
    await z.cache.set(key, questions, DATE_QUESTIONS_TTL_SECONDS);
  } catch (error) {
    z.console.log(`Could not cache the form's date formats: ${(error as Error).message}`);
  }
  return questions;
};

const isEditable = (form: Form) => {
  const value = (form as Record<string, unknown>).editable_submissions;
  return value === true || value === 1;
};

/**
 * An `/open` list item -> the delivery OpnForm sends for it: the form's current questions only (in
 * form order, layout blocks and answers to removed questions left out, as deliveries do), the integer
 * id, and the edit link when the form has editable submissions (its share URL plus the public id).
 */
export const deliveryOfSubmission = (item: Submission, form: Form): DeliveryPayload => {
  const data: Record<string, unknown> = {};
  for (const block of answerableBlocks(form)) {
    const value = item.data[block.id];
    if (value === null || value === undefined) continue;
    data[block.id] = { value, name: blockName(block), type: block.type };
  }
  const record = item as Record<string, unknown>;
  const publicId = typeof item.submission_id === 'string' ? item.submission_id : null;
  const edit_link =
    isEditable(form) && publicId !== null && typeof form.share_url === 'string' && form.share_url !== ''
      ? `${form.share_url}?submission_id=${encodeURIComponent(publicId)}`
      : null;
  return {
    form_id: form.id,
    form_slug: form.slug,
    form_title: form.title,
    submission_id: item.id,
    edit_link,
    completion_time: typeof item.completion_time === 'number' ? item.completion_time : null,
    meta: record.meta,
    data,
  } as DeliveryPayload;
};

import { answerableBlocks, blockName } from '../answers/blocks';
import type { Form, FormSummary } from '../schemas/forms';
import { isoDateTime } from '../shared/dates';
import { DEFAULT_BASE_URL } from '../shared/opnform';

/** Where OpnForm Cloud serves a form to respondents. */
export const CLOUD_FORMS_URL = 'https://opnform.com/forms';

/**
 * The form's public link: the server's `share_url` when it sends one; on OpnForm Cloud it is known
 * from the slug; a self-hosted front-end address cannot be derived from the API URL, so null.
 */
export const shareUrl = (form: Pick<Form, 'share_url' | 'slug'>, baseUrl: string): string | null =>
  form.share_url ??
  (baseUrl === DEFAULT_BASE_URL ? `${CLOUD_FORMS_URL}/${encodeURIComponent(form.slug)}` : null);

/** The fields a form summary and a full form share, with ISO dates and the share link. */
export const formSummary = (form: Form | FormSummary, baseUrl: string) => ({
  id: form.id,
  slug: form.slug,
  title: form.title,
  visibility: form.visibility ?? null,
  tags: form.tags ?? [],
  workspace_id: form.workspace_id ?? null,
  closes_at: isoDateTime(form.closes_at),
  is_closed: form.is_closed ?? null,
  max_submissions_count: form.max_submissions_count ?? null,
  submissions_count: form.submissions_count ?? null,
  share_url: shareUrl(form, baseUrl),
});

/** The sample values every form output starts with (the rest differ by step). */
export const FORM_SUMMARY_SAMPLE = {
  id: 42,
  slug: 'contact-us-3fa2b1',
  title: 'Contact Us',
  visibility: 'public',
  tags: ['sales'],
  workspace_id: 7,
  share_url: 'https://opnform.com/forms/contact-us-3fa2b1',
};

/**
 * Output fields of `formSummary`: the primary key, the list, labels that say more than the key, and
 * types the sample cannot show (a date-time, an integer that can be null). Zapier labels the other
 * sample keys (`slug`, `title`, `is_closed`, ...) itself.
 */
export const FORM_SUMMARY_OUTPUT_FIELDS = [
  { key: 'id', label: 'Form ID', type: 'integer', primary: true },
  { key: 'tags[]', label: 'Tags' },
  { key: 'workspace_id', label: 'Workspace ID', type: 'integer' },
  { key: 'closes_at', label: 'Closes At', type: 'datetime' },
  { key: 'max_submissions_count', label: 'Max Submissions', type: 'integer' },
  { key: 'share_url', label: 'Share URL' },
] as const;

/** A question of a form as a readable line item. */
export interface Question {
  id: string;
  name: string;
  type: string;
  required: boolean;
  hidden: boolean;
}

export const questionsOf = (form: Form): Question[] =>
  answerableBlocks(form).map((block) => ({
    id: block.id,
    name: blockName(block),
    type: block.type,
    required: block.required === true,
    hidden: block.hidden === true,
  }));

/** `Name (type, required)` per line, for mapping into a message. */
export const questionsText = (questions: readonly Question[]): string =>
  questions
    .map(
      (q) =>
        `${q.name} (${[q.type, q.required ? 'required' : '', q.hidden ? 'hidden' : ''].filter(Boolean).join(', ')})`,
    )
    .join('\n');

/** A full form as Find Form (and Update Form) give it: the summary, settings and questions. */
export const formDetails = (form: Form, baseUrl: string) => {
  const questions = questionsOf(form);
  return {
    ...formSummary(form, baseUrl),
    language: form.language ?? null,
    submission_retention_value: form.submission_retention_value ?? null,
    submission_retention_unit: form.submission_retention_unit ?? null,
    enable_partial_submissions: form.enable_partial_submissions ?? null,
    editable_submissions: form.editable_submissions ?? null,
    question_count: questions.length,
    questions,
    questions_text: questionsText(questions),
  };
};

/** The sample of `formDetails`. */
export const FORM_DETAILS_SAMPLE = {
  ...FORM_SUMMARY_SAMPLE,
  closes_at: '2026-12-31T23:00:00+00:00',
  is_closed: false,
  max_submissions_count: 500,
  submissions_count: 12,
  language: 'en',
  submission_retention_value: 90,
  submission_retention_unit: 'day',
  enable_partial_submissions: false,
  editable_submissions: true,
  question_count: 2,
  questions: [
    {
      id: '5b8d1d0e-6f4c-4f7e-9b44-0c1f2a3b4c5d',
      name: 'Name',
      type: 'text',
      required: true,
      hidden: false,
    },
    {
      id: '9a7c3e21-1b2d-4e5f-8a9b-0c1d2e3f4a5b',
      name: 'Email',
      type: 'email',
      required: false,
      hidden: false,
    },
  ],
  questions_text: 'Name (text, required)\nEmail (email)',
};

/** Output fields of `formDetails`. */
export const FORM_DETAILS_OUTPUT_FIELDS = [
  ...FORM_SUMMARY_OUTPUT_FIELDS,
  { key: 'submission_retention_value', label: 'Retention Value', type: 'integer' },
  { key: 'submission_retention_unit', label: 'Retention Unit' },
  { key: 'enable_partial_submissions', label: 'Partial Submissions Enabled', type: 'boolean' },
  { key: 'questions[]id', label: 'Question ID' },
  { key: 'questions[]name', label: 'Question Name' },
  { key: 'questions[]type', label: 'Question Type' },
  { key: 'questions[]required', label: 'Question Required', type: 'boolean' },
  { key: 'questions[]hidden', label: 'Question Hidden', type: 'boolean' },
  { key: 'questions_text', label: 'Questions as Text' },
] as const;

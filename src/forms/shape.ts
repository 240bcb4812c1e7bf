import { DEFAULT_BASE_URL } from '../http/base-url';
import type { Form, FormSummary } from '../schemas/resources';
import { isoDateTime } from '../shared/dates';
import { answerableBlocks, blockName } from './blocks';

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

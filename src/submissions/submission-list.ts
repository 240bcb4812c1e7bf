import { answerTexts, createdAt, currentAnswers, submissionStatus } from '../answers/answers';
import * as submissions from '../api/submissions';
import { defineDropdown, OF_FORM } from '../inputs/dropdown';
import type { Submission } from '../schemas/submissions';

/** Submissions per dropdown page (Zapier asks for the next page with `bundle.meta.page`). */
export const SUBMISSION_LIST_PAGE_SIZE = 50;
const LABEL_ANSWER_MAX = 60;

/** `2026-11-20 14:03:11` (UTC) or an ISO date-time -> `2026-11-20 14:03 UTC`. */
const shortDate = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? value : `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/** The first readable answer (a name, an email, ...), shortened; layout-free and file links left out. */
const readableAnswer = (item: Submission): string | undefined => {
  for (const value of Object.values(currentAnswers(item))) {
    const text = answerTexts(value).join(', ').replace(/\s+/g, ' ').trim();
    if (text !== '' && typeof value !== 'boolean') {
      return text.length > LABEL_ANSWER_MAX ? `${text.slice(0, LABEL_ANSWER_MAX - 1)}…` : text;
    }
  }
  return undefined;
};

/**
 * "Ada Lovelace · 2026-11-20 14:03 UTC"; without a readable answer, "Submission 512 · <date>"; a
 * partial submission (updating it completes it) ends with ", partial".
 */
export const submissionLabel = (item: Submission): string =>
  [readableAnswer(item) ?? `Submission ${item.id}`, shortDate(createdAt(item))]
    .filter((part) => part !== undefined)
    .join(' · ') + (submissionStatus(item) === 'partial' ? ', partial' : '');

/** The form's submissions, newest first, one API page per dropdown page. */
export const submissionList = defineDropdown({
  key: 'submission_list',
  noun: 'Submission',
  label: 'List Submissions',
  listed: 'submission',
  ...OF_FORM,
  list: async (z, bundle, { form_id }) => {
    const page = Math.max(0, Number(bundle.meta?.page ?? 0) || 0) + 1;
    // streamed: of each submission only its id and label are held (issue 33: a wide form's page is MBs)
    const reply = await submissions.scanPage(
      z,
      bundle,
      form_id,
      page,
      SUBMISSION_LIST_PAGE_SIZE,
      {},
      (item) => ({
        id: item.id,
        label: submissionLabel(item),
      }),
    );
    return reply.kept;
  },
  canPaginate: true,
  sample: { id: 512, label: 'Ada Lovelace · 2026-11-20 14:03 UTC' },
});

export const cases: import('../shared/step-case').StepCase[] = [
  { input: { workspace_id: '$workspaceId', form_id: '$formId' }, minimum: 1, why: 'one page of submissions' },
];

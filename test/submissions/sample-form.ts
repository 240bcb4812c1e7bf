/** A form with one block of each kind the submission steps care about, and submissions of it. */
export const FORM_ID = 42;

export const BLOCKS = [
  { id: 'f-name', type: 'text', name: 'Name', required: true, help: '<p>Your <b>full</b> name</p>' },
  { id: 'f-email', type: 'email', name: 'Email', required: true },
  {
    id: 'f-plan',
    type: 'select',
    name: 'Plan',
    select: {
      options: [
        { id: 'o1', name: 'Basic' },
        { id: 'o2', name: 'Pro' },
      ],
    },
  },
  {
    id: 'f-tags',
    type: 'multi_select',
    name: 'Tags',
    multi_select: {
      options: [
        { id: 't1', name: 'Red' },
        { id: 't2', name: 'Green' },
        { id: 't3', name: 'Blue' },
      ],
    },
  },
  { id: 'f-age', type: 'number', name: 'Age' },
  { id: 'f-agree', type: 'checkbox', name: 'Agree' },
  { id: 'f-when', type: 'date', name: 'Visit' },
  { id: 'f-site', type: 'url', name: 'Website' },
  { id: 'f-grid', type: 'matrix', name: 'Ratings' },
  { id: 'f-cv', type: 'files', name: 'CV' },
  { id: 'f-ref', type: 'text', name: 'Referrer', hidden: true },
  { id: 'l-intro', type: 'nf-text', name: 'Intro' },
];

export const FORM = {
  id: FORM_ID,
  slug: 'contact-us',
  title: 'Contact Us',
  visibility: 'public',
  workspace_id: 7,
  properties: BLOCKS,
};

export const CV = [{ file_url: 'https://files.example.org/cv.pdf?sig=abc', file_name: 'cv.pdf' }];

/** The answers of `item(id)` without metadata. */
export const ANSWERS = {
  'f-name': 'Ada Lovelace',
  'f-email': 'ada@example.org',
  'f-plan': 'Basic',
  'f-tags': ['Red'],
  'f-age': 36,
  'f-agree': true,
  'f-cv': CV,
  'f-ref': 'newsletter',
};

/** A submission as the real server lists it. */
export const item = (
  id: number,
  answers: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
) => ({
  id,
  submission_id: `uuid-${id}`,
  form_id: FORM_ID,
  completion_time: 80,
  data: {
    ...ANSWERS,
    ...answers,
    status: 'completed',
    created_at: '2026-11-20 14:03:11',
    id,
    submission_id: `uuid-${id}`,
  },
  ...extra,
});

/** How the shared shape hands a file over: a hydration pointer (the signed link is stashed when used). */
export const CV_POINTER =
  'hydrate|||{"type":"file","method":"hydrators.submissionFile","bundle":{"url":"https://files.example.org/cv.pdf?sig=abc","name":"cv.pdf"}}|||hydrate';

/** `item(id, answers)` in the shared submission output shape (src/submissions/output/shape.ts). */
export const shaped = (id: number, answers: Record<string, unknown> = {}) => ({
  id,
  form_id: FORM_ID,
  form_slug: 'contact-us',
  form_title: 'Contact Us',
  edit_link: null,
  submitted_at: '2026-11-20T14:03:11+00:00',
  status: 'completed',
  completion_time: 80,
  attribution: {},
  answers: { ...ANSWERS, 'f-cv': [CV_POINTER], ...answers },
  answer_dates: {},
  answer_matrices: {},
  answer_files: { 'f-cv': [{ name: 'cv.pdf', url: 'https://files.example.org/cv.pdf?sig=abc' }] },
});

/** A page of the submissions list. */
export const page = (items: unknown[], current: number, last: number, perPage = 100) => ({
  data: items,
  links: {
    first: 'x',
    last: 'x',
    prev: null,
    next: current < last ? `https://x/?page=${current + 1}` : null,
  },
  meta: { current_page: current, last_page: last, per_page: perPage, total: last * perPage },
});

/** `count` filler submissions with ids counting down from `from`. */
export const fillers = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => item(from - i, { 'f-name': `Person ${from - i}` }));

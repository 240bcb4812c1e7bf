/**
 * A form with every block type a real OpnForm server has (18 input types, layout blocks, a hidden
 * field, two questions with the same name) and the same submission as the three sources give it:
 * an /open API item (raw values), a real-server hook delivery (display-formatted values) and a
 * spec-shaped provider delivery (no `type`, no deprecated keys).
 */
export const F = {
  name: '11111111-0000-4000-8000-000000000001',
  message: '11111111-0000-4000-8000-000000000002',
  start: '11111111-0000-4000-8000-000000000003',
  stay: '11111111-0000-4000-8000-000000000004',
  website: '11111111-0000-4000-8000-000000000005',
  phone: '11111111-0000-4000-8000-000000000006',
  email: '11111111-0000-4000-8000-000000000007',
  consent: '11111111-0000-4000-8000-000000000008',
  team: '11111111-0000-4000-8000-000000000009',
  topics: '11111111-0000-4000-8000-000000000010',
  grid: '11111111-0000-4000-8000-000000000011',
  seats: '11111111-0000-4000-8000-000000000012',
  stars: '11111111-0000-4000-8000-000000000013',
  nps: '11111111-0000-4000-8000-000000000014',
  budget: '11111111-0000-4000-8000-000000000015',
  cv: '11111111-0000-4000-8000-000000000016',
  sign: '11111111-0000-4000-8000-000000000017',
  ticket: '11111111-0000-4000-8000-000000000018',
  paid: '11111111-0000-4000-8000-000000000019',
  source: '11111111-0000-4000-8000-000000000020',
  email2: '11111111-0000-4000-8000-000000000021',
  newsletter: '11111111-0000-4000-8000-000000000022',
  heading: '11111111-0000-4000-8000-0000000000a1',
  pagebreak: '11111111-0000-4000-8000-0000000000a2',
  divider: '11111111-0000-4000-8000-0000000000a3',
} as const;

export const CV_URL = 'https://api.opnform.com/forms/assets/cv.pdf?expires=1763820000&signature=abc123';
export const SIGN_URL = 'https://api.opnform.com/forms/assets/sig-77.png?expires=1763820000&signature=def456';

export const FORM = {
  id: 42,
  slug: 'contact-us',
  title: 'Contact Us',
  visibility: 'public',
  editable_submissions: true,
  properties: [
    { id: F.heading, type: 'nf-text', name: 'Welcome' },
    { id: F.name, type: 'text', name: 'Name', required: true },
    { id: F.message, type: 'rich_text', name: 'Message' },
    { id: F.start, type: 'date', name: 'Start Date' },
    { id: F.stay, type: 'date', name: 'Stay', date_range: true, with_time: false },
    { id: F.pagebreak, type: 'nf-page-break', name: 'Page 2' },
    { id: F.website, type: 'url', name: 'Website' },
    { id: F.phone, type: 'phone_number', name: 'Phone' },
    { id: F.email, type: 'email', name: 'Email' },
    { id: F.consent, type: 'checkbox', name: 'I agree' },
    { id: F.team, type: 'select', name: 'Team', select: { options: [{ id: 's', name: 'Sales' }] } },
    {
      id: F.topics,
      type: 'multi_select',
      name: 'Topics',
      multi_select: {
        options: [
          { id: 'a', name: 'Pricing' },
          { id: 'b', name: 'Support' },
        ],
      },
    },
    { id: F.grid, type: 'matrix', name: 'Ratings' },
    { id: F.seats, type: 'number', name: 'Seats' },
    { id: F.stars, type: 'rating', name: 'Stars' },
    { id: F.nps, type: 'scale', name: 'How likely' },
    { id: F.budget, type: 'slider', name: 'Budget' },
    { id: F.divider, type: 'nf-divider', name: null },
    { id: F.cv, type: 'files', name: 'CV' },
    { id: F.sign, type: 'signature', name: 'Signature' },
    { id: F.ticket, type: 'barcode', name: 'Ticket' },
    { id: F.paid, type: 'payment', name: 'Payment' },
    { id: F.source, type: 'text', name: 'Source', hidden: true },
    { id: F.email2, type: 'email', name: 'email ' },
    { id: F.newsletter, type: 'checkbox', name: 'Newsletter' },
  ],
};

/** `GET /open/forms/42/submissions` item on a real server: raw values, metadata inside `data`. */
export const API_ITEM = {
  id: 1843,
  submission_id: '9b2f3c4d-1111-4222-8333-944455566677',
  form_id: 42,
  completion_time: 74,
  data: {
    [F.name]: 'Ada Lovelace',
    [F.message]: '<p>Hello <b>there</b></p>',
    [F.start]: '2026-11-21T00:00:00+01:00',
    [F.stay]: ['2026-11-05', '2026-11-21'],
    [F.website]: null,
    [F.phone]: '+33612345678',
    [F.email]: 'ada@example.org',
    [F.consent]: true,
    [F.team]: 'Sales',
    [F.topics]: ['Pricing', 'Support'],
    [F.grid]: { Speed: 'Good', Price: 'Fair' },
    [F.seats]: 12,
    [F.stars]: 4,
    [F.nps]: 9,
    [F.budget]: 30,
    [F.cv]: [{ file_url: CV_URL, file_name: 'cv.pdf' }],
    [F.sign]: [{ file_url: SIGN_URL, file_name: 'sig-77.png' }],
    [F.ticket]: '4006381333931',
    [F.paid]: 'pi_3QaBcD',
    [F.source]: 'newsletter',
    [F.email2]: 'ada.work@example.org',
    [F.newsletter]: false,
    status: 'completed',
    created_at: '2026-11-21 14:03:27',
    id: 1843,
    submission_id: '9b2f3c4d-1111-4222-8333-944455566677',
  },
  meta: { attribution: { utm_source: 'newsletter', utm_campaign: 'november', gclid: 'Cj0KCQ' } },
};

const answer = (value: unknown, name: string, type: string) => ({ value, name, type });

/** The same submission as a real server delivers it to a Zapier hook (display-formatted values). */
export const REAL_DELIVERY = {
  form_id: 42,
  form_title: 'Contact Us',
  form_slug: 'contact-us',
  submission: { Name: 'Ada Lovelace', Email: 'ada@example.org', 'email ': 'ada.work@example.org' },
  data: {
    [F.name]: answer('Ada Lovelace', 'Name', 'text'),
    [F.message]: answer('<p>Hello <b>there</b></p>', 'Message', 'rich_text'),
    [F.start]: answer('21/11/2026', 'Start Date', 'date'),
    [F.stay]: answer('05/11/2026 - 21/11/2026', 'Stay', 'date'),
    [F.phone]: answer('+33612345678', 'Phone', 'phone_number'),
    [F.email]: answer('ada@example.org', 'Email', 'email'),
    [F.consent]: answer('Yes', 'I agree', 'checkbox'),
    [F.team]: answer('Sales', 'Team', 'select'),
    [F.topics]: answer(['Pricing', 'Support'], 'Topics', 'multi_select'),
    [F.grid]: answer('Speed: Good\nPrice: Fair', 'Ratings', 'matrix'),
    [F.seats]: answer(12, 'Seats', 'number'),
    [F.stars]: answer(4, 'Stars', 'rating'),
    [F.nps]: answer('9', 'How likely', 'scale'),
    [F.budget]: answer(30, 'Budget', 'slider'),
    [F.cv]: answer([{ file_url: CV_URL, file_name: 'cv.pdf' }], 'CV', 'files'),
    [F.sign]: answer([{ file_url: SIGN_URL, file_name: 'sig-77.png' }], 'Signature', 'signature'),
    [F.ticket]: answer('4006381333931', 'Ticket', 'barcode'),
    [F.paid]: answer('pi_3QaBcD', 'Payment', 'payment'),
    [F.source]: answer('newsletter', 'Source', 'text'),
    [F.email2]: answer('ada.work@example.org', 'email ', 'email'),
    [F.newsletter]: answer('No', 'Newsletter', 'checkbox'),
    [F.heading]: answer('Welcome', 'Welcome', 'nf-text'),
  },
  message: 'Please do not use the `submission` field. It is deprecated and will be removed in the future.',
  submission_id: 1843,
  edit_link: 'https://opnform.com/forms/contact-us?submission_id=Vx3kq9',
  meta: { attribution: { utm_source: 'newsletter', utm_campaign: 'november', gclid: 'Cj0KCQ' } },
};

/** The legacy poll item of a real server: the delivery shape without `submission_id` and `edit_link`. */
export const REAL_RECENT_ITEM = (() => {
  const { submission_id: _id, edit_link: _link, ...rest } = REAL_DELIVERY;
  return rest;
})();

/** A spec-shaped provider delivery: `{value, name}` without `type`, no `submission`/`message`. */
export const SPEC_DELIVERY = {
  form_id: 42,
  form_title: 'Contact Us',
  form_slug: 'contact-us',
  submission_id: 1843,
  data: {
    [F.name]: { value: 'Ada Lovelace', name: 'Name' },
    [F.consent]: { value: 'Yes', name: 'I agree' },
    [F.topics]: { value: ['Pricing', 'Support'], name: 'Topics' },
    [F.grid]: { value: { Speed: 'Good', Price: 'Fair' }, name: 'Ratings' },
    [F.cv]: { value: [{ file_url: CV_URL, file_name: 'cv.pdf' }], name: 'CV' },
  },
};

/** A spec-shaped legacy poll item: a Submission (`id`, raw `data` with metadata keys). */
export const SPEC_RECENT_ITEM = {
  id: 1843,
  form_id: 42,
  completion_time: 74,
  data: {
    [F.name]: 'Ada Lovelace',
    [F.consent]: true,
    [F.grid]: { Speed: 'Good', Price: 'Fair' },
    status: 'completed',
    created_at: '2026-11-21 14:03:27',
    id: 1843,
  },
  meta: { attribution: { utm_source: 'newsletter' } },
};

/** What `z.dehydrateFile(submissionFile, {url, name})` returns outside production (no signing secret). */
export const hydrated = (url: string, name: string) =>
  `hydrate|||${JSON.stringify({ type: 'file', method: 'hydrators.submissionFile', bundle: { url, name } })}|||hydrate`;

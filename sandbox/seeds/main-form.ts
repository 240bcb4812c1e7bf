/** The default seed's forms: the main form's questions (every input type) and the simple forms'. */
import type { Block } from '../state';
import { stableUuid } from './builders';

const f = (key: string) => stableUuid(`field:${key}`);

/** Short keys of the main form's fields, for tests and the demo. */
export const FIELD_KEYS = [
  'full_name',
  'email',
  'phone',
  'website',
  'comments_rich',
  'comments_text',
  'visit_date',
  'stay',
  'subscribe',
  'plan',
  'interests',
  'satisfaction',
  'age',
  'rating',
  'recommend',
  'budget',
  'attachments',
  'signature',
  'ticket',
  'payment',
  'referrer',
] as const;
export const FIELDS = Object.fromEntries(FIELD_KEYS.map((k) => [k, f(k)])) as Record<
  (typeof FIELD_KEYS)[number],
  string
>;

const options = (names: string[]) => names.map((name) => ({ id: stableUuid(`option:${name}`), name }));

export const PLANS = ['Free', 'Pro', 'Enterprise'];
export const INTERESTS = ['Forms', 'Automation', 'Analytics', 'Design'];
const ROWS = ['Support', 'Product'];
export const COLUMNS = ['Bad', 'OK', 'Good'];

/** Every one of the 18 input block types, layout blocks, a hidden field and a repeated name. */
export const mainBlocks = (): Block[] => [
  { id: f('intro'), type: 'nf-text', name: 'Intro', content: '<p>Tell us how we did.</p>' },
  { id: FIELDS.full_name, type: 'text', name: 'Full Name', required: true, width: 'full' },
  { id: FIELDS.email, type: 'email', name: 'Email', required: true },
  { id: FIELDS.phone, type: 'phone_number', name: 'Phone' },
  { id: FIELDS.website, type: 'url', name: 'Website' },
  { id: FIELDS.comments_rich, type: 'rich_text', name: 'Comments' },
  { id: FIELDS.comments_text, type: 'text', name: 'Comments', help: 'A second question named Comments' },
  { id: f('page-break'), type: 'nf-page-break', name: 'Page 2' },
  { id: FIELDS.visit_date, type: 'date', name: 'Visit Date', date_format: 'dd/MM/yyyy', with_time: true },
  { id: FIELDS.stay, type: 'date', name: 'Stay', date_range: true, date_format: 'MM/dd/yyyy' },
  { id: FIELDS.subscribe, type: 'checkbox', name: 'Subscribe' },
  { id: FIELDS.plan, type: 'select', name: 'Plan', required: true, select: { options: options(PLANS) } },
  {
    id: FIELDS.interests,
    type: 'multi_select',
    name: 'Interests',
    multi_select: { options: options(INTERESTS) },
  },
  { id: FIELDS.satisfaction, type: 'matrix', name: 'Satisfaction', rows: ROWS, columns: COLUMNS },
  { id: FIELDS.age, type: 'number', name: 'Age' },
  { id: FIELDS.rating, type: 'rating', name: 'Rating', rating_max_value: 5 },
  { id: FIELDS.recommend, type: 'scale', name: 'Recommend', scale_min_value: 0, scale_max_value: 10 },
  { id: FIELDS.budget, type: 'slider', name: 'Budget', slider_min_value: 0, slider_max_value: 1000 },
  { id: f('divider'), type: 'nf-divider', name: 'Divider' },
  { id: FIELDS.attachments, type: 'files', name: 'Attachments', multiple: true },
  { id: FIELDS.signature, type: 'signature', name: 'Signature' },
  { id: FIELDS.ticket, type: 'barcode', name: 'Ticket Code' },
  { id: FIELDS.payment, type: 'payment', name: 'Payment', amount: 10, currency: 'EUR' },
  { id: FIELDS.referrer, type: 'text', name: 'Referrer', hidden: true },
  { id: f('logo'), type: 'nf-image', name: 'Logo', image_block: 'https://opnform.com/img/logo.png' },
];

/** The field ids of a simple form, by short key. */
export const simpleFields = (prefix: string) => ({
  name: f(`${prefix}:name`),
  email: f(`${prefix}:email`),
  ok: f(`${prefix}:ok`),
});

export const simpleBlocks = (prefix: string): Block[] => {
  const ids = simpleFields(prefix);
  return [
    { id: ids.name, type: 'text', name: 'Name', required: true },
    { id: ids.email, type: 'email', name: 'Email' },
    { id: ids.ok, type: 'checkbox', name: 'Agreed' },
  ];
};

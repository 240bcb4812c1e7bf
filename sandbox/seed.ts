/**
 * Deterministic seed data: the same ids, tokens, forms and submissions on every start (only invite
 * validity is relative to the clock, so "pending" and "expired" stay true).
 */
import { createHash } from 'node:crypto';
import {
  type Ability,
  ALL_ABILITIES,
  type Block,
  type Form,
  type Integration,
  type Invite,
  type SandboxState,
  type Submission,
} from './state';

/** mulberry32: a small deterministic PRNG. */
export const prng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** A UUID-shaped id derived from a label (stable across runs). */
export const stableUuid = (label: string): string => {
  const h = createHash('sha256').update(label).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

const tokenFor = (id: number, label: string) =>
  `${id}|${createHash('sha256').update(`opnform-sandbox:${label}`).digest('hex').slice(0, 48)}`;

export const IDS = {
  adminUserId: 1,
  memberUserId: 2,
  readonlyUserId: 3,
  outsiderUserId: 4,
  workspaceId: 11,
  otherWorkspaceId: 12,
  formId: 101,
  largeFormId: 102,
  emptyFormId: 103,
  draftFormId: 104,
  closedFormId: 105,
  freeFormId: 106,
  formSlug: 'customer-feedback',
  webhookIntegrationId: 501,
  pendingInviteId: 201,
  acceptedInviteId: 202,
  expiredInviteId: 203,
};

export type SandboxIds = typeof IDS & {
  /** Field ids of the main form by a short key (`full_name`, `email`, `plan`, ...). */
  fields: Record<string, string>;
  /** The newest seeded submission of the main form (completed or partial, as seeded). */
  latestSubmissionId: number;
  /** A completed submission of the main form with files and attribution. */
  fileSubmissionId: number;
};

export const TOKENS = {
  admin: tokenFor(1, 'admin'),
  readonly: tokenFor(2, 'readonly'),
  noIntegrations: tokenFor(3, 'no-integrations'),
  member: tokenFor(4, 'member'),
  readonlyMember: tokenFor(5, 'readonly-member'),
  noAbilities: tokenFor(6, 'no-abilities'),
  outsider: tokenFor(7, 'outsider'),
};
export type SandboxTokens = typeof TOKENS;

const READ_ABILITIES = ALL_ABILITIES.filter((a) => a.endsWith('-read'));

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

const PLANS = ['Free', 'Pro', 'Enterprise'];
const INTERESTS = ['Forms', 'Automation', 'Analytics', 'Design'];
const ROWS = ['Support', 'Product'];
const COLUMNS = ['Bad', 'OK', 'Good'];

/** Every one of the 18 input block types, layout blocks, a hidden field and a repeated name. */
const mainBlocks = (): Block[] => [
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

const simpleBlocks = (prefix: string): Block[] => [
  { id: f(`${prefix}:name`), type: 'text', name: 'Name', required: true },
  { id: f(`${prefix}:email`), type: 'email', name: 'Email' },
  { id: f(`${prefix}:ok`), type: 'checkbox', name: 'Agreed' },
];

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Ken', 'Margaret', 'Linus', 'Radia', 'Donald'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Thompson', 'Hamilton', 'Torvalds'];

/** Seeded submissions end here and go back one hour each (newest first in id order). */
const SEED_END = Date.UTC(2026, 9, 1, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '.000000Z');

export interface SeedOptions {
  submissions: number;
  largeFormSubmissions: number;
}

export const seed = (opts: SeedOptions, now = Date.now()): { state: SandboxState; ids: SandboxIds } => {
  const rand = prng(20260527);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const created = '2024-06-18T09:00:00.000000Z';
  const users = [
    { id: IDS.adminUserId, name: 'Ada Lovelace', email: 'ada@example.org', created_at: created },
    { id: IDS.memberUserId, name: 'Grace Hopper', email: 'grace@example.org', created_at: created },
    { id: IDS.readonlyUserId, name: 'Alan Turing', email: 'alan@example.org', created_at: created },
    { id: IDS.outsiderUserId, name: 'Edsger Dijkstra', email: 'edsger@example.org', created_at: created },
  ];
  const tokens = [
    { token: TOKENS.admin, userId: IDS.adminUserId, abilities: [...ALL_ABILITIES] },
    { token: TOKENS.readonly, userId: IDS.adminUserId, abilities: [...READ_ABILITIES] },
    {
      token: TOKENS.noIntegrations,
      userId: IDS.adminUserId,
      abilities: ALL_ABILITIES.filter((a) => a !== 'manage-integrations'),
    },
    { token: TOKENS.member, userId: IDS.memberUserId, abilities: [...ALL_ABILITIES] },
    { token: TOKENS.readonlyMember, userId: IDS.readonlyUserId, abilities: [...ALL_ABILITIES] },
    { token: TOKENS.noAbilities, userId: IDS.adminUserId, abilities: [] as Ability[] },
    { token: TOKENS.outsider, userId: IDS.outsiderUserId, abilities: [...ALL_ABILITIES] },
  ];
  const workspaces = [
    {
      id: IDS.workspaceId,
      name: 'Acme Research',
      icon: '🧪',
      plan_tier: 'pro' as const,
      created_at: created,
      members: [
        { userId: IDS.adminUserId, role: 'admin' as const },
        { userId: IDS.memberUserId, role: 'user' as const },
        { userId: IDS.readonlyUserId, role: 'readonly' as const },
      ],
    },
    {
      id: IDS.otherWorkspaceId,
      name: 'Side Project',
      icon: '🌱',
      plan_tier: 'free' as const,
      created_at: created,
      members: [
        { userId: IDS.adminUserId, role: 'admin' as const },
        // a second admin, so the admin may leave this workspace (Leave Workspace refuses the last admin)
        { userId: IDS.outsiderUserId, role: 'admin' as const },
      ],
    },
  ];
  const form = (
    id: number,
    workspace_id: number,
    slug: string,
    title: string,
    properties: Block[],
    extra: Partial<Form>,
    updatedDaysAgo: number,
  ): Form => ({
    id,
    workspace_id,
    creator_id: IDS.adminUserId,
    slug,
    title,
    visibility: 'public',
    tags: [],
    properties,
    editable_submissions: false,
    enable_partial_submissions: false,
    closes_at: null,
    max_submissions_count: null,
    views_count: 0,
    created_at: created,
    updated_at: iso(SEED_END - updatedDaysAgo * 86_400_000),
    ...extra,
  });
  const forms: Form[] = [
    form(
      IDS.formId,
      IDS.workspaceId,
      IDS.formSlug,
      'Customer Feedback',
      mainBlocks(),
      { editable_submissions: true, enable_partial_submissions: true, tags: ['feedback'], views_count: 1200 },
      1,
    ),
    form(
      IDS.largeFormId,
      IDS.workspaceId,
      'newsletter-signup',
      'Newsletter Signup',
      simpleBlocks('large'),
      {},
      3,
    ),
    form(IDS.emptyFormId, IDS.workspaceId, 'empty-form', 'Empty Form', simpleBlocks('empty'), {}, 5),
    form(
      IDS.draftFormId,
      IDS.workspaceId,
      'old-survey',
      'Old Survey',
      simpleBlocks('draft'),
      { visibility: 'draft' },
      40,
    ),
    form(
      IDS.closedFormId,
      IDS.workspaceId,
      'event-rsvp',
      'Event RSVP',
      simpleBlocks('closed'),
      { visibility: 'closed' },
      20,
    ),
    form(IDS.freeFormId, IDS.otherWorkspaceId, 'side-contact', 'Side Contact', simpleBlocks('free'), {}, 2),
  ];

  const files = new Map<string, { name: string; content: string; contentType: string }>();
  const addFile = (name: string, content: string, contentType: string) => {
    files.set(name, { name, content, contentType });
    return name;
  };

  const submissions: Submission[] = [];
  let nextSubmission = 1;
  let fileSubmissionId = 0;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  for (let i = opts.submissions - 1; i >= 0; i--) {
    const id = nextSubmission++;
    const at = SEED_END - i * 3_600_000;
    const first = pick(FIRST);
    const last = pick(LAST);
    const partial = i % 13 === 5;
    const answers: Record<string, unknown> = {
      [FIELDS.full_name]: `${first} ${last}`,
      [FIELDS.email]: `${first}.${last}${id}@example.com`.toLowerCase(),
    };
    if (!partial) {
      answers[FIELDS.plan] = pick(PLANS);
      answers[FIELDS.subscribe] = rand() < 0.5;
      answers[FIELDS.age] = 18 + Math.floor(rand() * 60);
      answers[FIELDS.rating] = 1 + Math.floor(rand() * 5);
      answers[FIELDS.recommend] = Math.floor(rand() * 11);
      answers[FIELDS.budget] = Math.floor(rand() * 100) * 10;
      answers[FIELDS.interests] = INTERESTS.filter(() => rand() < 0.4);
      answers[FIELDS.satisfaction] = { Support: pick(COLUMNS), Product: pick(COLUMNS) };
      answers[FIELDS.visit_date] = new Date(at - 86_400_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
      if (i % 4 === 0)
        answers[FIELDS.stay] = [`${day(at)}T00:00:00+00:00`, `${day(at + 3 * 86_400_000)}T00:00:00+00:00`];
      if (i % 3 === 0)
        answers[FIELDS.comments_rich] = `<p>Loved the ${pick(INTERESTS).toLowerCase()} features</p>`;
      if (i % 5 === 0)
        answers[FIELDS.comments_text] = `Note ${id}: ${pick(['fast', 'slow', 'friendly', 'confusing'])}`;
      if (i % 6 === 0) answers[FIELDS.phone] = `+3361234${String(id).padStart(4, '0')}`;
      if (i % 8 === 0) answers[FIELDS.website] = `https://${last.toLowerCase()}.example.com`;
      if (i % 9 === 0) answers[FIELDS.ticket] = `TKT-${String(id).padStart(6, '0')}`;
      if (i % 10 === 0) answers[FIELDS.payment] = `pi_sandbox_${id}`;
      if (i % 11 === 0) answers[FIELDS.referrer] = 'newsletter';
      if (i % 7 === 0) {
        answers[FIELDS.attachments] = [
          addFile(`receipt-${id}.pdf`, `%PDF-1.4 sandbox receipt ${id}\n`, 'application/pdf'),
          addFile(`photo-${id}.png`, `PNG sandbox photo ${id}`, 'image/png'),
        ];
        answers[FIELDS.signature] = [addFile(`signature-${id}.png`, `PNG signature ${id}`, 'image/png')];
      }
    }
    const attribution =
      i % 5 === 0
        ? {
            utm_source: pick(['google', 'newsletter', 'twitter']),
            utm_medium: 'cpc',
            utm_campaign: `spring-${id % 3}`,
          }
        : null;
    if (!partial && i % 7 === 0 && attribution !== null) fileSubmissionId = id;
    submissions.push({
      id,
      uuid: stableUuid(`submission:${id}`),
      form_id: IDS.formId,
      status: partial ? 'partial' : 'completed',
      completion_time: partial ? null : 30 + Math.floor(rand() * 300),
      answers,
      attribution,
      created_at: iso(at),
      updated_at: iso(at),
    });
  }
  const latestSubmissionId = nextSubmission - 1;
  const large = forms[1]?.properties ?? [];
  for (let i = opts.largeFormSubmissions - 1; i >= 0; i--) {
    const id = nextSubmission++;
    const at = SEED_END - i * 600_000;
    submissions.push({
      id,
      uuid: stableUuid(`submission:${id}`),
      form_id: IDS.largeFormId,
      status: 'completed',
      completion_time: 12,
      answers: {
        [large[0]?.id ?? '']: `Reader ${id}`,
        [large[1]?.id ?? '']: `reader${id}@example.com`,
        [large[2]?.id ?? '']: i % 2 === 0,
      },
      attribution: null,
      created_at: iso(at),
      updated_at: iso(at),
    });
  }
  const free = forms[5]?.properties ?? [];
  for (let i = 2; i >= 0; i--) {
    const id = nextSubmission++;
    const at = SEED_END - i * 86_400_000;
    submissions.push({
      id,
      uuid: stableUuid(`submission:${id}`),
      form_id: IDS.freeFormId,
      status: 'completed',
      completion_time: 20,
      answers: { [free[0]?.id ?? '']: `Side Visitor ${id}`, [free[2]?.id ?? '']: true },
      attribution: null,
      created_at: iso(at),
      updated_at: iso(at),
    });
  }

  const integrations: Integration[] = [
    {
      id: IDS.webhookIntegrationId,
      form_id: IDS.formId,
      integration_id: 'webhook',
      status: 'active',
      data: {
        webhook_url: 'https://hooks.example.com/opnform/feedback',
        webhook_secret: 'sandbox-secret-0123456789',
        webhook_headers: { 'X-Team': 'research', 'X-Env': 'sandbox' },
      },
      created_at: created,
      updated_at: created,
    },
  ];

  const isoNow = (delta: number) => iso(now + delta);
  const invites: Invite[] = [
    {
      id: IDS.pendingInviteId,
      workspace_id: IDS.workspaceId,
      email: 'barbara@example.org',
      role: 'user',
      status: 'pending',
      valid_until: isoNow(5 * 86_400_000),
      created_at: isoNow(-2 * 86_400_000),
      updated_at: isoNow(-2 * 86_400_000),
      sent: 1,
    },
    {
      id: IDS.acceptedInviteId,
      workspace_id: IDS.workspaceId,
      email: 'grace@example.org',
      role: 'user',
      status: 'accepted',
      valid_until: isoNow(-20 * 86_400_000),
      created_at: isoNow(-27 * 86_400_000),
      updated_at: isoNow(-26 * 86_400_000),
      sent: 1,
    },
    {
      id: IDS.expiredInviteId,
      workspace_id: IDS.workspaceId,
      email: 'ken@example.org',
      role: 'admin',
      status: 'pending',
      valid_until: isoNow(-3 * 86_400_000),
      created_at: isoNow(-10 * 86_400_000),
      updated_at: isoNow(-10 * 86_400_000),
      sent: 1,
    },
  ];

  return {
    state: {
      users,
      tokens,
      workspaces,
      forms,
      submissions,
      integrations,
      invites,
      exports: [],
      files,
      next: {
        submission: nextSubmission,
        integration: 600,
        workspace: 100,
        form: 200,
        invite: 300,
        user: 100,
      },
    },
    ids: { ...IDS, fields: { ...FIELDS }, latestSubmissionId, fileSubmissionId },
  };
};

/**
 * The production-like seed: the state the PostgreSQL server of `test/recorded-production-like/`
 * was in before its first recorded exchange (its README, "Main objects"), with the recorded ids,
 * names, slugs and field UUIDs, so that replaying those requests against a production-mode sandbox
 * means the same things (`test/contract/production-like.tests.ts`).
 * `startSandbox({ mode: 'production', initial: productionLikeSeed() })`.
 *
 * What it holds: user 1 ("Zapier PG Admin"), admin of workspace 1 ("Zapier PG Workspace"); the
 * seeded forms 1 ("Zapier PG Feedback", submissions 1 and 2) and 2 ("Zapier PG Signup"); a token
 * for `main` and the browser-session credential `jwt-session` (accepted on the export-status route
 * only). Everything else is created by the replay, or inserted by its out-of-band steps.
 */
import { createHash } from 'node:crypto';
import type { SandboxIds, SandboxTokens } from './seed';
import { formRecord, stateOf, submissionRecord, workspaceRecord } from './seeds/builders';
import { ALL_ABILITIES, type Block, type SandboxState } from './state';

/** Every `auth` value of the production-like recordings but `none` (no header). */
export const PRODUCTION_LIKE_AUTH_VALUES = ['main', 'jwt-session'] as const;
export type ProductionLikeAuth = (typeof PRODUCTION_LIKE_AUTH_VALUES)[number];

export const PRODUCTION_LIKE_AUTH: Record<ProductionLikeAuth, string> = {
  main: `1|${createHash('sha256').update('opnform-production-like:main').digest('hex').slice(0, 48)}`,
  'jwt-session': `1|${createHash('sha256').update('opnform-production-like:jwt').digest('hex').slice(0, 48)}`,
};

const SEEDED = '2026-11-25T11:40:08.000000Z';

const question = (id: string, name: string, type: string, required: boolean, placeholder = name): Block => ({
  id,
  hidden: false,
  required,
  placeholder,
  prefill: null,
  help: null,
  notion_name: name,
  name,
  type,
});

/** Form 1's questions (forms--get-form-pg #0). */
export const PG_FORM1_FIELDS = {
  full_name: '1c5361d1-734d-44b8-80c2-00151bc7ba21',
  email: '69435dcb-b7f0-4d91-8118-58daedd719dc',
  satisfaction: '4e441db0-b43b-41a6-9d96-c5ca4b73fc16',
  feedback: 'bf21bb65-02ca-4918-90ae-ccc05ce098bd',
};

/** The stored columns forms 1 and 2 share where they differ from OpnForm's defaults (as recorded). */
const SEEDED_COLUMNS: Record<string, unknown> = {
  submit_button_text: 'Submit',
  re_fill_button_text: 'Fill Again',
  uppercase_labels: true,
  submitted_text: '<p>Thank you.</p>',
  dark_mode: 'auto',
  seo_meta: [],
  auto_save: false,
  size: 'sm',
  border_radius: 'none',
};

export const productionLikeSeed = (): { state: SandboxState; ids: SandboxIds; tokens: SandboxTokens } => {
  const F = PG_FORM1_FIELDS;
  /** A seeded form of workspace 1 (forms--get-form-pg #0 and #2): user 1's, created at the seed. */
  const seeded = (id: number, slug: string, title: string, questions: Block[]) =>
    formRecord(
      { id, workspace_id: 1, creator_id: 1, slug, title },
      questions,
      { created_at: SEEDED, updated_at: SEEDED },
      { attributes: { ...SEEDED_COLUMNS } },
    );
  const form1 = seeded(1, 'zapier-pg-feedback-pwosep', 'Zapier PG Feedback', [
    question(F.full_name, 'Full name', 'text', true),
    question(F.email, 'Email address', 'email', true),
    question(F.satisfaction, 'Satisfaction', 'rating', false),
    question(F.feedback, 'Feedback', 'text', false),
  ]);
  const form2 = seeded(2, 'zapier-pg-signup-ifkmsu', 'Zapier PG Signup', [
    question('63388764-a941-47a9-bb64-26c25a7096ca', 'Work email', 'email', true),
    question('eb5a12cd-5abe-4b92-b4a6-86073920edfe', 'Company', 'text', false),
    question('17760252-6ff7-4c93-9f21-60d2a41b5936', 'Newsletter', 'checkbox', false),
  ]);
  /** A seeded completed answer to form 1 (submissions--public-create-queued #0). */
  const answered = (id: number, uuid: string, time: number, answers: [string, number, string, string]) =>
    submissionRecord(
      {
        id,
        uuid,
        form_id: 1,
        completion_time: time,
        answers: {
          [F.full_name]: answers[0],
          [F.satisfaction]: answers[1],
          [F.email]: answers[2],
          [F.feedback]: answers[3],
        },
      },
      SEEDED,
    );
  const submissions = [
    answered(1, 'b4fb367a-b0b3-4e36-99da-850200148ee0', 30, [
      'Alice Martin',
      5,
      'alice@example.test',
      'Quick and easy.',
    ]),
    answered(2, '180d01b8-fada-4960-8b01-54c35d26ff78', 45, [
      'Lucas Bernard',
      4,
      'lucas@example.test',
      'More shortcuts please.',
    ]),
  ];
  const state = stateOf({
    users: [
      {
        id: 1,
        name: 'Zapier PG Admin',
        email: 'zapier-pg@example.test',
        created_at: SEEDED,
        email_verified_at: null,
      },
    ],
    tokens: [
      { token: PRODUCTION_LIKE_AUTH.main, userId: 1, abilities: [...ALL_ABILITIES] },
      { token: PRODUCTION_LIKE_AUTH['jwt-session'], userId: 1, abilities: [...ALL_ABILITIES], session: true },
    ],
    workspaces: [
      workspaceRecord(1, 'Zapier PG Workspace', '⚡', 'pro', [{ userId: 1, role: 'admin' }], SEEDED),
    ],
    forms: [form1, form2],
    submissions,
    files: new Map(),
    next: { submission: 3, integration: 1, workspace: 2, form: 3, invite: 1, user: 2 },
  });
  const ids: SandboxIds = {
    adminUserId: 1,
    memberUserId: 1,
    readonlyUserId: 1,
    outsiderUserId: 1,
    workspaceId: 1,
    otherWorkspaceId: 1,
    spareWorkspaceId: 0, // none recorded
    formId: 1,
    // created by the replay (README "Main objects"): 24 the 1001-submission export form, 12 draft, 13 closed
    largeFormId: 24,
    emptyFormId: 2,
    draftFormId: 12,
    closedFormId: 13,
    freeFormId: 2,
    formSlug: 'zapier-pg-feedback-pwosep',
    webhookIntegrationId: 4,
    spareWebhookIntegrationId: 5,
    pendingInviteId: 0,
    acceptedInviteId: 0,
    expiredInviteId: 0,
    fields: { ...PG_FORM1_FIELDS },
    latestSubmissionId: 2,
    fileSubmissionId: 2,
    spareSubmissionId: 1,
    emptyFormFields: {},
  };
  // only one user and one token were recorded: every role names it
  const main = PRODUCTION_LIKE_AUTH.main;
  const tokens: SandboxTokens = {
    admin: main,
    readonly: main,
    noIntegrations: main,
    member: main,
    readonlyMember: main,
    noAbilities: main,
    outsider: main,
  };
  return { state, ids, tokens };
};

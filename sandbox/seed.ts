/**
 * Deterministic seed data: the same ids, tokens, forms and submissions on every start (only invite
 * validity is relative to the clock, so "pending" and "expired" stay true).
 */
import { createHash } from 'node:crypto';
import { formRecord, isoOf, stateOf, workspaceRecord } from './seeds/builders';
import { FIELDS, mainBlocks, simpleBlocks, simpleFields } from './seeds/main-form';
import { SEED_END, seedSubmissions } from './seeds/main-submissions';
import {
  type Ability,
  ALL_ABILITIES,
  type Block,
  type Form,
  type Integration,
  type Invite,
  type SandboxState,
} from './state';

export { prng, stableUuid } from './seeds/builders';
export { FIELD_KEYS, FIELDS } from './seeds/main-form';

const tokenFor = (id: number, label: string) =>
  `${id}|${createHash('sha256').update(`opnform-sandbox:${label}`).digest('hex').slice(0, 48)}`;

export const IDS = {
  adminUserId: 1,
  memberUserId: 2,
  readonlyUserId: 3,
  outsiderUserId: 4,
  workspaceId: 11,
  otherWorkspaceId: 12,
  /** An empty workspace of the admin alone, for Delete Workspace to delete (no other case reads it). */
  spareWorkspaceId: 13,
  formId: 101,
  largeFormId: 102,
  emptyFormId: 103,
  draftFormId: 104,
  closedFormId: 105,
  freeFormId: 106,
  formSlug: 'customer-feedback',
  webhookIntegrationId: 501,
  /** A second webhook (on the closed form: no submission reaches it) for Delete Webhook Integration to delete. */
  spareWebhookIntegrationId: 502,
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
  /** A seeded submission of the main form no step case reads (the file submission is Update Submission's). */
  spareSubmissionId: number;
  /** Field ids of the empty form (`emptyFormId`) by a short key (`name`, `email`, `ok`). */
  emptyFormFields: Record<string, string>;
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

export interface SeedOptions {
  submissions: number;
  largeFormSubmissions: number;
}

export const seed = (opts: SeedOptions, now = Date.now()): { state: SandboxState; ids: SandboxIds } => {
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
    workspaceRecord(
      IDS.workspaceId,
      'Acme Research',
      '🧪',
      'pro',
      [
        { userId: IDS.adminUserId, role: 'admin' },
        { userId: IDS.memberUserId, role: 'user' },
        { userId: IDS.readonlyUserId, role: 'readonly' },
      ],
      created,
    ),
    workspaceRecord(
      IDS.otherWorkspaceId,
      'Side Project',
      '🌱',
      'free',
      [
        { userId: IDS.adminUserId, role: 'admin' },
        // a second admin, so the admin may leave this workspace (Leave Workspace refuses the last admin)
        { userId: IDS.outsiderUserId, role: 'admin' },
      ],
      created,
    ),
    workspaceRecord(
      IDS.spareWorkspaceId,
      'Old Archive',
      '',
      'pro',
      [{ userId: IDS.adminUserId, role: 'admin' }],
      created,
    ),
  ];
  const form = (
    id: number,
    workspace_id: number,
    slug: string,
    title: string,
    properties: Block[],
    extra: Partial<Form>,
    updatedDaysAgo: number,
  ): Form =>
    formRecord(
      { id, workspace_id, creator_id: IDS.adminUserId, slug, title },
      properties,
      { created_at: created, updated_at: isoOf(SEED_END - updatedDaysAgo * 86_400_000) },
      extra,
    );
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

  const { submissions, files, nextSubmission, latestSubmissionId, fileSubmissionId } = seedSubmissions(
    opts,
    IDS,
    forms[1]?.properties ?? [],
    forms[5]?.properties ?? [],
  );

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
    {
      id: IDS.spareWebhookIntegrationId,
      form_id: IDS.closedFormId,
      integration_id: 'webhook',
      status: 'active',
      data: { webhook_url: 'https://hooks.example.com/opnform/spare' },
      created_at: created,
      updated_at: created,
    },
  ];

  const isoNow = (delta: number) => isoOf(now + delta);
  const day = 86_400_000;
  /** A seeded invite of the main workspace; times in days from now. */
  const invite = (
    id: number,
    email: string,
    role: Invite['role'],
    status: Invite['status'],
    days: { valid: number; created: number; updated: number },
  ): Invite => ({
    id,
    workspace_id: IDS.workspaceId,
    email,
    role,
    status,
    valid_until: isoNow(days.valid * day),
    created_at: isoNow(days.created * day),
    updated_at: isoNow(days.updated * day),
    sent: 1,
  });
  const invites: Invite[] = [
    invite(IDS.pendingInviteId, 'barbara@example.org', 'user', 'pending', {
      valid: 5,
      created: -2,
      updated: -2,
    }),
    invite(IDS.acceptedInviteId, 'grace@example.org', 'user', 'accepted', {
      valid: -20,
      created: -27,
      updated: -26,
    }),
    invite(IDS.expiredInviteId, 'ken@example.org', 'admin', 'pending', {
      valid: -3,
      created: -10,
      updated: -10,
    }),
  ];

  return {
    state: stateOf({
      users,
      tokens,
      workspaces,
      forms,
      submissions,
      integrations,
      invites,
      files,
      next: {
        submission: nextSubmission,
        integration: 600,
        workspace: 100,
        form: 200,
        invite: 300,
        user: 100,
      },
    }),
    ids: {
      ...IDS,
      fields: { ...FIELDS },
      latestSubmissionId,
      fileSubmissionId,
      spareSubmissionId:
        latestSubmissionId === fileSubmissionId ? latestSubmissionId - 1 : latestSubmissionId,
      emptyFormFields: simpleFields('empty'),
    },
  };
};

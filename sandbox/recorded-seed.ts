/**
 * The recorded seed: the state a real OpnForm server was in before the first recorded exchange
 * (`test/recorded/`, file `forms--create-form`), with the recorded ids, names, emails,
 * slugs and field UUIDs, so that replaying the recorded requests against the sandbox means the same
 * things (`test/contract/recorded.tests.ts`). `startSandbox({ initial: recordedSeed() })`.
 *
 * What it holds (everything else is created by the replay itself, with the recorded ids):
 * - users 5 (main), 6 (member), 7 (readonly member), 8 (other user), 9 (spare user), each the sole
 *   admin of their own workspace (7, 8, 9, 10); workspace 6 has only user 5 at first;
 * - form 6 (workspace 6, the seeded simple form) with submissions 1023 to 1026 (1026 has a file);
 *   form 9 (workspace 9, other user) with submission 1035;
 * - a token for every `auth` value of the recordings' README (`RECORDED_AUTH`): `main`,
 *   `main:<abilities>`, `member`, `member:<abilities>`, `readonly-member`, `other-user`,
 *   `spare-user`, and `jwt-session` (a browser-session credential the sandbox accepts on the
 *   export-status route only). `invalid` is a token that does not exist; `none` sends no header.
 * Values the recordings never show (user 8's name, workspaces 8 and 9's names, form 9's questions,
 * submission 1035's answer) are invented and marked so.
 */
import { createHash } from 'node:crypto';
import type { SandboxIds, SandboxTokens } from './seed';
import { formRecord, stateOf, submissionRecord, workspaceRecord } from './seeds/builders';
import { FORM6_ATTRIBUTES, FORM6_FIELDS, FORM6_PROPERTIES } from './seeds/recorded-form6';
import {
  type Ability,
  ALL_ABILITIES,
  type Block,
  type Form,
  type SandboxState,
  type Submission,
  type Token,
  type User,
  type Workspace,
} from './state';

/** Every `auth` value the recordings use, except `none` (no header) and `invalid` (no such token). */
export const RECORDED_AUTH_VALUES = [
  'main',
  'main:no-abilities',
  'main:forms-read',
  'main:forms-write',
  'main:workspaces-read',
  'main:workspaces-write',
  'main:manage-integrations',
  'main:forms-read+workspaces-read',
  'main:workspace-users-read+write',
  'member',
  'member:workspaces-read',
  'readonly-member',
  'other-user',
  'spare-user',
  'jwt-session',
] as const;
export type RecordedAuth = (typeof RECORDED_AUTH_VALUES)[number];

const bearer = (auth: string, userId: number) =>
  `${userId}|${createHash('sha256').update(`opnform-recorded:${auth}`).digest('hex').slice(0, 48)}`;

/** The bearer value of an `auth` value that names no existing token (`invalid`). */
export const INVALID_TOKEN = bearer('invalid', 999);

const USER_OF: Record<string, number> = {
  main: 5,
  member: 6,
  'readonly-member': 7,
  'other-user': 8,
  'spare-user': 9,
  'jwt-session': 5,
};

/** `main:forms-read+workspaces-read` -> the listed abilities; `workspace-users-read+write` -> both. */
const abilitiesOf = (auth: string): Ability[] => {
  const [, list] = auth.split(':');
  if (list === undefined) return [...ALL_ABILITIES];
  if (list === 'no-abilities') return [];
  if (list === 'workspace-users-read+write') return ['workspace-users-read', 'workspace-users-write'];
  const abilities = list.split('+');
  for (const a of abilities)
    if (!ALL_ABILITIES.includes(a as Ability)) throw new Error(`Unknown ability ${a} in auth ${auth}.`);
  return abilities as Ability[];
};

export const RECORDED_AUTH: Record<RecordedAuth, string> = Object.fromEntries(
  RECORDED_AUTH_VALUES.map((auth) => [auth, bearer(auth, USER_OF[auth.split(':')[0] ?? ''] ?? 0)]),
) as Record<RecordedAuth, string>;

const CREATED = '2026-11-23T17:37:14.000000Z';

/** The file answer of submission 1026 (recorded name; the content is invented). */
export const RECORDED_SAMPLE_FILE = 'sample_351d64e4-3985-4918-bad4-e328bbb568e1.txt';

/** A completed submission as stored; `created` as the API lists it (`Y-m-d H:i:s`, UTC) or ISO. */
export const recordedSubmission = (
  id: number,
  uuid: string,
  form_id: number,
  created: string,
  answers: Record<string, unknown>,
): Submission => {
  const at = created.includes('T') ? created : `${created.replace(' ', 'T')}.000000Z`;
  return submissionRecord({ id, uuid, form_id, answers }, at);
};

const f6 = (
  name: string,
  email: string,
  date: string,
  checkbox: boolean,
  rest: Record<string, unknown> = {},
) => ({
  [FORM6_FIELDS.name]: name,
  [FORM6_FIELDS.email]: email,
  [FORM6_FIELDS.select]: null,
  [FORM6_FIELDS.multi_select]: [],
  [FORM6_FIELDS.date]: date,
  [FORM6_FIELDS.checkbox]: checkbox,
  [FORM6_FIELDS.files]: null,
  ...rest,
});

/** A public form of workspace 6's recording (defaults as the recorded forms have them). */
export const recordedForm = (
  id: number,
  workspace_id: number,
  creator_id: number,
  slug: string,
  title: string,
  properties: Block[],
  attributes: Record<string, unknown>,
): Form =>
  formRecord(
    { id, workspace_id, creator_id, slug, title },
    properties,
    { created_at: CREATED, updated_at: CREATED },
    {
      attributes,
    },
  );

export const recordedSeed = (): { state: SandboxState; ids: SandboxIds; tokens: SandboxTokens } => {
  const user = (id: number, name: string, email: string, created_at: string): User => ({
    id,
    name,
    email,
    created_at,
  });
  const users = [
    user(5, 'Zapier Tester (corpus)', 'corpus-10023c@example.test', CREATED),
    user(
      6,
      'Zapier Tester (corpus-member)',
      'corpus-member-6074b7@example.test',
      '2026-11-23T17:37:16.000000Z',
    ),
    user(
      7,
      'Zapier Tester (corpus-readonly)',
      'corpus-readonly-4c36d8@example.test',
      '2026-11-23T17:37:17.000000Z',
    ),
    // invented: the recordings show this email only in upper case (team--invites) and never the name
    user(
      8,
      'Zapier Tester (corpus-other)',
      'corpus-other-08d9fc@example.test',
      '2026-11-23T17:37:17.000000Z',
    ),
    user(
      9,
      'Zapier Tester (corpus-spare)',
      'corpus-spare-d0b487@example.test',
      '2026-11-23T17:37:18.000000Z',
    ),
  ];
  const tokens: Token[] = RECORDED_AUTH_VALUES.map((auth) => ({
    token: RECORDED_AUTH[auth],
    userId: USER_OF[auth.split(':')[0] ?? ''] ?? 0,
    abilities: abilitiesOf(auth),
    ...(auth === 'jwt-session' ? { session: true } : {}),
  }));
  const workspace = (id: number, name: string, admin: number, created_at: string): Workspace =>
    workspaceRecord(id, name, '\u{1F9EA}', 'pro', [{ userId: admin, role: 'admin' }], created_at);
  const workspaces = [
    workspace(6, 'Zapier WS (corpus)', 5, CREATED),
    workspace(7, 'Zapier WS (corpus-member)', 6, '2026-11-23T17:37:16.000000Z'),
    workspace(8, 'Zapier WS (corpus-readonly)', 7, '2026-11-23T17:37:17.000000Z'), // name invented
    workspace(9, 'Zapier WS (corpus-other)', 8, '2026-11-23T17:37:17.000000Z'), // name invented
    workspace(10, 'Zapier WS (corpus-spare)', 9, '2026-11-23T17:37:18.000000Z'),
  ];
  const forms = [
    recordedForm(6, 6, 5, 'zapier-test-form-corpus-bnml9u', 'Zapier Test Form (corpus)', FORM6_PROPERTIES, {
      ...FORM6_ATTRIBUTES,
    }),
    // only the slug is recorded (forms--get-form); title and question invented
    recordedForm(
      9,
      9,
      8,
      'zapier-test-form-corpus-other-n5kafn',
      'Zapier Test Form (corpus-other)',
      [
        {
          id: '9d0c5a3e-0000-4000-8000-000000000009',
          type: 'text',
          name: 'Name',
          hidden: false,
          required: false,
        },
      ],
      { ...FORM6_ATTRIBUTES },
    ),
  ];
  const submissions = [
    recordedSubmission(
      1023,
      '5b9799b1-f6d2-463f-994a-a415edf5c606',
      6,
      '2026-11-23 17:07:14',
      f6('Florencio Barrows', 'genoveva46@gmail.com', '2017-12-08', false),
    ),
    recordedSubmission(
      1024,
      '057eea9d-b9ed-46aa-a5e0-3f6707d8d308',
      6,
      '2026-11-23 17:17:14',
      f6('Halie Welch', 'oconnell.elijah@kemmer.com', '1979-12-17', true),
    ),
    recordedSubmission(
      1025,
      '9c67187d-54ee-4886-9b57-951e90cc47b8',
      6,
      '2026-11-23 17:27:14',
      f6('Molly Jerde MD', 'iwisoky@bednar.biz', '1983-07-07', true),
    ),
    recordedSubmission(
      1026,
      'c5a3df06-3f2b-47ff-8000-ac3f0e6099ad',
      6,
      '2026-11-23 17:36:14',
      f6('Grace Hopper', 'grace@example.test', '2026-11-20', true, {
        [FORM6_FIELDS.select]: 'Second',
        [FORM6_FIELDS.multi_select]: ['One', 'Three'],
        [FORM6_FIELDS.files]: [RECORDED_SAMPLE_FILE],
      }),
    ),
    // recorded id and form only (submissions--delete); uuid and answer invented
    recordedSubmission(1035, '0c6f2d0e-1035-4000-8000-000000001035', 9, '2026-11-23 17:30:00', {
      '9d0c5a3e-0000-4000-8000-000000000009': 'Other Person',
    }),
  ];
  const files = new Map([
    [
      RECORDED_SAMPLE_FILE,
      { name: RECORDED_SAMPLE_FILE, content: 'sample file\n', contentType: 'text/plain' },
    ],
  ]);
  const state = stateOf({
    users,
    tokens,
    workspaces,
    forms,
    submissions,
    files,
    next: { submission: 1027, integration: 9, workspace: 11, form: 12, invite: 8, user: 10 },
  });
  const ids: SandboxIds = {
    adminUserId: 5,
    memberUserId: 6,
    readonlyUserId: 7,
    outsiderUserId: 8,
    workspaceId: 6,
    otherWorkspaceId: 9,
    spareWorkspaceId: 0, // none recorded
    formId: 6,
    largeFormId: 18,
    emptyFormId: 12,
    draftFormId: 12,
    closedFormId: 12,
    freeFormId: 9,
    formSlug: 'zapier-test-form-corpus-bnml9u',
    webhookIntegrationId: 17,
    // no spare webhook in the recorded state: the id of the one that integrations--delete removes
    spareWebhookIntegrationId: 19,
    pendingInviteId: 8,
    acceptedInviteId: 9,
    expiredInviteId: 10,
    fields: { ...FORM6_FIELDS },
    latestSubmissionId: 1026,
    fileSubmissionId: 1026,
    spareSubmissionId: 1025,
    emptyFormFields: {},
  };
  const tokenRoles: SandboxTokens = {
    admin: RECORDED_AUTH.main,
    readonly: RECORDED_AUTH['main:forms-read+workspaces-read'],
    noIntegrations: RECORDED_AUTH['main:forms-read+workspaces-read'],
    member: RECORDED_AUTH.member,
    readonlyMember: RECORDED_AUTH['readonly-member'],
    noAbilities: RECORDED_AUTH['main:no-abilities'],
    outsider: RECORDED_AUTH['other-user'],
  };
  return { state, ids, tokens: tokenRoles };
};

/**
 * The rebuilt-server seed: the state the server of the recordings' group 9 (`test/recorded/`,
 * recorded on 2026-11-25: `workspaces--create-update-delete`, `forms--duplicate-form`,
 * `submissions--file-upload`) was in before its first exchange, with the recorded ids, names and
 * emails, so that replaying those requests against the sandbox means the same things
 * (`test/contract/rebuilt.tests.ts`). `startSandbox({ initial: rebuiltSeed() })`.
 *
 * What it holds (users, home workspaces and tokens were made out of band on the real server):
 * - user 9 ("Recorder Main"), sole admin of its home workspace 10 ("Recorder Home WS");
 * - user 10 ("Recorder Member"), sole admin of its home workspace 11 (name and icon invented: the
 *   recordings never show it);
 * - no form, submission or integration: the replay creates them with the recorded ids (the next
 *   workspace is 13: other clients used the server at the same time);
 * - a token for every `auth` value of these files (`REBUILT_AUTH`): `main` (all abilities),
 *   `main:<abilities>` and `member`.
 */
import { createHash } from 'node:crypto';
import type { SandboxIds, SandboxTokens } from './seed';
import { stateOf, workspaceRecord } from './seeds/builders';
import { type Ability, ALL_ABILITIES, type SandboxState, type Token, type User } from './state';

/** Every `auth` value of the group 9 files but `none` (no header) and `invalid` (no such token). */
export const REBUILT_AUTH_VALUES = [
  'main',
  'main:forms-read+forms-write+workspaces-read',
  'main:workspaces-read',
  'main:workspaces-write',
  'member',
] as const;
export type RebuiltAuth = (typeof REBUILT_AUTH_VALUES)[number];

const userOf = (auth: string) => (auth.startsWith('member') ? 10 : 9);

const abilitiesOf = (auth: string): Ability[] => {
  const list = auth.split(':')[1];
  if (list === undefined) return [...ALL_ABILITIES];
  const abilities = list.split('+');
  for (const a of abilities)
    if (!ALL_ABILITIES.includes(a as Ability)) throw new Error(`Unknown ability ${a} in auth ${auth}.`);
  return abilities as Ability[];
};

export const REBUILT_AUTH: Record<RebuiltAuth, string> = Object.fromEntries(
  REBUILT_AUTH_VALUES.map((auth) => [
    auth,
    `${userOf(auth)}|${createHash('sha256').update(`opnform-rebuilt:${auth}`).digest('hex').slice(0, 48)}`,
  ]),
) as Record<RebuiltAuth, string>;

/** When the PHP script made the users and their home workspaces (`GET /open/workspaces`, #30). */
const MADE = '2026-11-25T11:43:02.000000Z';

export const rebuiltSeed = (): { state: SandboxState; ids: SandboxIds; tokens: SandboxTokens } => {
  const user = (id: number, name: string, email: string): User => ({
    id,
    name,
    email,
    created_at: MADE,
    email_verified_at: null,
  });
  const tokens: Token[] = REBUILT_AUTH_VALUES.map((auth) => ({
    token: REBUILT_AUTH[auth],
    userId: userOf(auth),
    abilities: abilitiesOf(auth),
  }));
  const state = stateOf({
    users: [
      user(9, 'Recorder Main', 'rec2-main@example.test'),
      user(10, 'Recorder Member', 'rec2-member@example.test'),
    ],
    tokens,
    workspaces: [
      workspaceRecord(10, 'Recorder Home WS', '\u{1F3E0}', 'pro', [{ userId: 9, role: 'admin' }], MADE),
      // invented: never shown
      workspaceRecord(
        11,
        'Recorder Member Home WS',
        '\u{1F3E1}',
        'pro',
        [{ userId: 10, role: 'admin' }],
        MADE,
      ),
    ],
    forms: [],
    submissions: [],
    files: new Map(),
    next: { submission: 9000, integration: 1, workspace: 13, form: 22, invite: 1, user: 11 },
  });
  // no form exists at first: the ids below are those the replay creates (README "Main objects" has none)
  const ids: SandboxIds = {
    adminUserId: 9,
    memberUserId: 10,
    readonlyUserId: 10,
    outsiderUserId: 10,
    workspaceId: 10,
    otherWorkspaceId: 11,
    spareWorkspaceId: 15, // "Rec WS B", deleted by the replay
    formId: 29,
    largeFormId: 29,
    emptyFormId: 23,
    draftFormId: 23,
    closedFormId: 23,
    freeFormId: 23,
    formSlug: 'file-upload-form-ztk9iv',
    webhookIntegrationId: 0,
    spareWebhookIntegrationId: 0,
    pendingInviteId: 0,
    acceptedInviteId: 0,
    expiredInviteId: 0,
    fields: {},
    latestSubmissionId: 9039,
    fileSubmissionId: 9037,
    spareSubmissionId: 9039,
    emptyFormFields: {},
  };
  const main = REBUILT_AUTH.main;
  const roles: SandboxTokens = {
    admin: main,
    readonly: REBUILT_AUTH['main:workspaces-read'],
    noIntegrations: REBUILT_AUTH['main:forms-read+forms-write+workspaces-read'],
    member: REBUILT_AUTH.member,
    readonlyMember: REBUILT_AUTH.member,
    noAbilities: REBUILT_AUTH['main:workspaces-read'],
    outsider: REBUILT_AUTH.member,
  };
  return { state, ids, tokens: roles };
};

import { defineInputField } from 'zapier-platform-core';
import { MEMBER_ROLES } from '../schemas/members';

/** A member of the chosen workspace (hidden trigger `member_list`). */
export const memberField = defineInputField({
  key: 'user_id',
  label: 'Member',
  required: true,
  dynamic: 'member_list.id.label',
  search: 'find_member.id',
  dependsOn: ['workspace_id'],
  helpText: 'Choose one, or map a user id.',
});

/** An invite of the chosen workspace (hidden trigger `invite_list`; pending invites first). */
export const inviteField = defineInputField({
  key: 'invite_id',
  label: 'Invite',
  required: true,
  dynamic: 'invite_list.id.label',
  search: 'find_invite.id',
  dependsOn: ['workspace_id'],
  helpText:
    'Choose one (pending first, expired ones marked), or map an invite id. Needs admin rights and the ' +
    'workspaces-write ability.',
});

const ROLE_LABELS: Record<(typeof MEMBER_ROLES)[number], string> = {
  admin: 'Admin (manages the workspace and its members)',
  user: 'User (creates and edits forms)',
  readonly: 'Read Only (views forms and submissions)',
};

export const roleField = defineInputField({
  key: 'role',
  label: 'Role',
  required: true,
  choices: MEMBER_ROLES.map((value) => ({ value, label: ROLE_LABELS[value], sample: value })),
  helpText: 'The new role: admin, user or readonly.',
});

export const emailField = defineInputField({
  key: 'email',
  label: 'Email',
  required: true,
  helpText: 'Exact match; upper or lower case and spaces around it do not matter.',
});

/** The role a new member gets (Invite Member): required, "user" unless the Zap says otherwise. */
export const inviteRoleField = defineInputField({
  ...roleField,
  default: 'user',
  helpText: 'A person who is already a member keeps their role: use Update Member Role to change it.',
});

export const inviteEmailField = defineInputField({
  ...emailField,
  helpText:
    'Careful: mapping an address a stranger can type (a form answer, a sign-up) lets anyone with that address ' +
    'into this workspace, with the role below: map only addresses you have checked.',
});

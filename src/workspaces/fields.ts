import { defineInputField } from 'zapier-platform-core';
import { MEMBER_ROLES } from '../schemas/members';

/** A member of the chosen workspace (hidden trigger `member_list`). */
export const memberField = defineInputField({
  key: 'user_id',
  label: 'Member',
  type: 'string',
  required: true,
  dynamic: 'member_list.id.label',
  search: 'find_member.id',
  dependsOn: ['workspace_id'],
  helpText: 'The workspace member. Choose one from the list (pick the workspace first), or map a user id.',
});

/** An invite of the chosen workspace (hidden trigger `invite_list`; pending invites first). */
export const inviteField = defineInputField({
  key: 'invite_id',
  label: 'Invite',
  type: 'string',
  required: true,
  dynamic: 'invite_list.id.label',
  search: 'find_invite.id',
  dependsOn: ['workspace_id'],
  helpText:
    'The invite. Choose one from the list (pick the workspace first; pending invites are listed first, ' +
    'expired ones marked "expired"), or map an invite id. Needs the workspaces-write ability and admin rights.',
});

const ROLE_LABELS: Record<(typeof MEMBER_ROLES)[number], string> = {
  admin: 'Admin (manages the workspace and its members)',
  user: 'User (creates and edits forms)',
  readonly: 'Read Only (views forms and submissions)',
};

export const roleField = defineInputField({
  key: 'role',
  label: 'Role',
  type: 'string',
  required: true,
  choices: MEMBER_ROLES.map((value) => ({ value, label: ROLE_LABELS[value], sample: value })),
  helpText: 'The new role: admin, user or readonly.',
});

export const emailField = defineInputField({
  key: 'email',
  label: 'Email',
  type: 'string',
  required: true,
  helpText: 'The exact email address (upper or lower case does not matter; spaces around it are ignored).',
});

/** The role a new member gets (Invite Member): required, "user" unless the Zap says otherwise. */
export const inviteRoleField = defineInputField({
  ...roleField,
  default: 'user',
  helpText:
    'The role they get: admin, user or readonly (default user). A person who is already a member keeps ' +
    'their role: use Update Member Role to change it.',
});

export const inviteEmailField = defineInputField({
  ...emailField,
  helpText:
    'The email address of the person. Someone with an OpnForm account is added at once, with no email to ' +
    'accept; anyone else gets an invitation email. Sent in lower case (OpnForm would otherwise invite an ' +
    'existing account again). Careful: mapping an address a stranger can type (a form answer, a sign-up) lets ' +
    'anyone with that address into this workspace, with the role below: map only addresses you have checked.',
});

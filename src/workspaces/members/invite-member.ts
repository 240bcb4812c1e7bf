import { type CreatePerform, defineCreate, defineInputField, defineInputFields } from 'zapier-platform-core';
import * as members from '../../api/members';
import { halt } from '../../errors';
import { emailField, Role, roleField, workspaceField } from '../../inputs/fields';
import { EmailAddress, inputObject, WorkspaceId } from '../../inputs/values';
import { parseInput } from '../../schemas/parse';
import { isoDateTime } from '../../shared/dates';
import { throttleFor } from '../../shared/limits';
import { trimEnd } from '../../shared/text';
import { teamActionFields } from '../action';
import { memberRole, sameEmail } from '../member';

const inviteEmailField = defineInputField({
  ...emailField,
  helpText:
    'Careful: mapping an address a stranger can type (a form answer, a sign-up) lets anyone with that address ' +
    'into this workspace, with the role below: map only addresses you have checked.',
});

/** The role a new member gets: required, "user" unless the Zap says otherwise. */
const inviteRoleField = defineInputField({
  ...roleField,
  default: 'user',
  helpText: 'A person who is already a member keeps their role: use Update Member Role to change it.',
});

const inputFields = defineInputFields([workspaceField, inviteEmailField, inviteRoleField]);
const Input = inputObject(() => ({ workspace_id: WorkspaceId(), email: EmailAddress(), role: Role() }));

const ALREADY_IN_WORKSPACE = 'user is already in workspace';

/**
 * One request for an invite; an added person or a member already there costs a second one, the
 * members list: OpnForm's answer names neither their user id nor (for a member) their real role.
 * A member whose role differs from the one asked halts: OpnForm leaves the role as it was.
 */
const perform = (async (z, bundle) => {
  const { workspace_id, email, role } = parseInput(z, Input(), bundle.inputData, inputFields);
  const reply = await members.add(z, bundle, workspace_id, email, role);
  const message = reply.message ?? '';
  if (reply.invite) {
    return {
      id: null,
      workspace_id,
      status: 'invited' as const,
      message: message || 'Registration invitation email sent to user.',
      email,
      role,
      name: null,
      invite_id: reply.invite.id,
      valid_until: isoDateTime(reply.invite.valid_until),
    };
  }
  const already = trimEnd(message.trim(), '.').toLowerCase() === ALREADY_IN_WORKSPACE;
  const member = (await members.list(z, bundle, workspace_id)).find((m) => sameEmail(m.email, email));
  const has = member === undefined ? null : memberRole(member);
  if (already && has !== null && has !== role) {
    throw halt(
      z,
      `${email} is already a member of this workspace with the role "${has}". OpnForm keeps an existing ` +
        `member's role, so it is not "${role}": use Update Member Role to change it.`,
    );
  }
  return {
    id: member?.id ?? null,
    workspace_id,
    status: already ? ('already_member' as const) : ('added' as const),
    message: message || 'User has been successfully added to workspace.',
    email,
    // a member the list does not show (left meanwhile): their role is unknown, never the one asked
    role: has ?? (already ? null : role),
    name: member?.name ?? null,
    invite_id: null,
    valid_until: null,
  };
}) satisfies CreatePerform;

export const inviteMember = defineCreate({
  key: 'invite_member',
  noun: 'Member',
  display: {
    label: 'Invite Member',
    description:
      'Invites a person to a workspace by email, or adds them at once if they have an OpnForm account. Returns the outcome.',
  },
  operation: {
    inputFields,
    perform,
    sample: {
      id: null,
      workspace_id: 7,
      status: 'invited',
      message: 'Registration invitation email sent to user.',
      email: 'grace@example.org',
      role: 'user',
      name: null,
      invite_id: 71,
      valid_until: '2026-11-30T17:43:45+00:00',
    },
    outputFields: teamActionFields(
      'User ID',
      { key: 'status', label: 'Outcome' },
      { key: 'role', label: 'Role' },
      { key: 'invite_id', label: 'Invite ID', type: 'integer' },
      { key: 'valid_until', label: 'Invite Valid Until', type: 'datetime' },
    ),
    throttle: throttleFor(2), // 1 for an invitation; 2 when an account is added (its id and role)
  },
});

export const cases: import('../../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', email: 'Katherine@Example.org', role: 'user' },
    minimum: 1,
    most: 2,
    why: 'add (an email with no account: the answer carries the invite; an account added costs the members list for its id)',
    review: {
      on: 'Cloud; self-hosted for an existing account, or an invite while it has at most 2 users (`team--add-user#3`: the licence limit)',
      evidence: ['team--add-user#0', 'team--add-user#4'],
    },
  },
];

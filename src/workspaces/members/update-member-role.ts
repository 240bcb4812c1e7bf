import { type CreatePerform, defineCreate } from 'zapier-platform-core';
import { opnform } from '../../http/client';
import { path } from '../../http/path';
import { parseInput } from '../../schemas/parse';
import { MessageReply } from '../../schemas/resources';
import { UpdateRoleInput } from '../../schemas/workspaces';
import { FIELD_LABELS, workspaceField } from '../../shared/fields';
import { MANAGE_MEMBERS } from '../access';
import { memberField, roleField } from '../fields';
import { guardMemberChange } from './last-admin';
import { memberRole } from './member';

const perform = (async (z, bundle) => {
  const { workspace_id, user_id, role } = parseInput(z, UpdateRoleInput, bundle.inputData, FIELD_LABELS);
  const member = await guardMemberChange(
    z,
    bundle,
    workspace_id,
    user_id,
    role === 'admin' ? 'promote' : 'demote',
  );
  const reply = await opnform(z, bundle).put(
    path`/open/workspaces/${workspace_id}/users/${user_id}/update-role`,
    {
      thing: 'member',
      ...MANAGE_MEMBERS,
      body: { role },
      schema: MessageReply,
    },
  );
  return {
    id: user_id,
    workspace_id,
    role,
    message: reply?.message ?? 'Member role updated.',
    name: member?.name ?? null,
    email: member?.email ?? null,
    previous_role: member === undefined ? null : memberRole(member),
  };
}) satisfies CreatePerform;

export const updateMemberRole = defineCreate({
  key: 'update_member_role',
  noun: 'Member',
  display: {
    label: 'Update Member Role',
    description:
      'Changes the role of a workspace member to admin, user or readonly. It refuses to lower the role of the ' +
      'connected OpnForm user or of the last admin, so the workspace always keeps an admin.',
  },
  operation: {
    inputFields: [workspaceField, memberField, roleField],
    perform,
    sample: {
      id: 12,
      workspace_id: 7,
      role: 'readonly',
      message: 'User role changed successfully.',
      name: 'Grace Hopper',
      email: 'grace@example.org',
      previous_role: 'user',
    },
    outputFields: [
      { key: 'id', label: 'User ID', type: 'integer' },
      { key: 'workspace_id', label: 'Workspace ID', type: 'integer' },
      { key: 'role', label: 'New Role', type: 'string' },
      { key: 'message', label: 'Message', type: 'string' },
      { key: 'name', label: 'Name', type: 'string' },
      { key: 'email', label: 'Email', type: 'string' },
      { key: 'previous_role', label: 'Previous Role', type: 'string' },
    ],
  },
});

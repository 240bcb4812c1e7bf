import { type CreatePerform, defineCreate } from 'zapier-platform-core';
import { opnform } from '../../http/client';
import { path } from '../../http/path';
import { parseInput } from '../../schemas/parse';
import { MessageReply } from '../../schemas/resources';
import { UpdateRoleInput } from '../../schemas/workspaces';
import { FIELD_LABELS, workspaceField } from '../../shared/fields';
import { MANAGE_MEMBERS, NOT_A_MEMBER_ON_ROLE_CHANGE } from '../access';
import { memberField, roleField } from '../fields';

const perform = (async (z, bundle) => {
  const { workspace_id, user_id, role } = parseInput(z, UpdateRoleInput, bundle.inputData, FIELD_LABELS);
  const reply = await opnform(z, bundle).put(
    path`/open/workspaces/${workspace_id}/users/${user_id}/update-role`,
    {
      thing: 'member',
      ...MANAGE_MEMBERS,
      known: NOT_A_MEMBER_ON_ROLE_CHANGE,
      body: { role },
      schema: MessageReply,
    },
  );
  return { id: user_id, workspace_id, role, message: reply?.message ?? 'Member role updated.' };
}) satisfies CreatePerform;

export const updateMemberRole = defineCreate({
  key: 'update_member_role',
  noun: 'Member',
  display: {
    label: 'Update Member Role',
    description: 'Changes the role of a workspace member to admin, user or readonly.',
  },
  operation: {
    inputFields: [workspaceField, memberField, roleField],
    perform,
    sample: { id: 12, workspace_id: 7, role: 'readonly', message: 'User role changed successfully.' },
    outputFields: [
      { key: 'id', label: 'User ID', type: 'integer' },
      { key: 'workspace_id', label: 'Workspace ID', type: 'integer' },
      { key: 'role', label: 'New Role', type: 'string' },
      { key: 'message', label: 'Message', type: 'string' },
    ],
  },
});

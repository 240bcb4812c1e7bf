import { type CreatePerform, defineCreate } from 'zapier-platform-core';
import { opnform } from '../../http/client';
import { path } from '../../http/path';
import { parseInput } from '../../schemas/parse';
import { MessageReply } from '../../schemas/resources';
import { MemberInput } from '../../schemas/workspaces';
import { FIELD_LABELS, workspaceField } from '../../shared/fields';
import { MANAGE_MEMBERS } from '../access';
import { memberField } from '../fields';
import { DESTRUCTIVE_NOTE, destructiveWarning } from '../warning';
import { guardMemberChange } from './last-admin';
import { memberRole } from './member';

const perform = (async (z, bundle) => {
  const { workspace_id, user_id } = parseInput(z, MemberInput, bundle.inputData, FIELD_LABELS);
  const member = await guardMemberChange(z, bundle, workspace_id, user_id, 'remove');
  const reply = await opnform(z, bundle).delete(
    path`/open/workspaces/${workspace_id}/users/${user_id}/remove`,
    {
      thing: 'member',
      ...MANAGE_MEMBERS,
      schema: MessageReply,
    },
  );
  return {
    id: user_id,
    workspace_id,
    removed: true,
    message: reply?.message ?? 'Member removed.',
    name: member?.name ?? null,
    email: member?.email ?? null,
    role: member === undefined ? null : memberRole(member),
  };
}) satisfies CreatePerform;

export const removeMember = defineCreate({
  key: 'remove_member',
  noun: 'Member',
  display: {
    label: 'Remove Member',
    description:
      'Removes a member from a workspace: they immediately lose access to its forms and submissions. ' +
      'A user left with no workspace gets a new personal workspace automatically. ' +
      DESTRUCTIVE_NOTE,
  },
  operation: {
    inputFields: [
      destructiveWarning(
        'Removing a member cannot be undone from Zapier: to give them access again, invite them again. ' +
          'The step refuses to remove the connected OpnForm user (use Leave Workspace) or the last admin.',
      ),
      workspaceField,
      memberField,
    ],
    perform,
    sample: {
      id: 12,
      workspace_id: 7,
      removed: true,
      message: 'User removed from workspace successfully.',
      name: 'Grace Hopper',
      email: 'grace@example.org',
      role: 'user',
    },
    outputFields: [
      { key: 'id', label: 'User ID', type: 'integer' },
      { key: 'workspace_id', label: 'Workspace ID', type: 'integer' },
      { key: 'removed', label: 'Removed', type: 'boolean' },
      { key: 'message', label: 'Message', type: 'string' },
      { key: 'name', label: 'Name', type: 'string' },
      { key: 'email', label: 'Email', type: 'string' },
      { key: 'role', label: 'Role They Had (admin, user or readonly)', type: 'string' },
    ],
  },
});

import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as members from '../../api/members';
import { memberField, workspaceField } from '../../inputs/fields';
import { inputObject, UserId, WorkspaceId } from '../../inputs/values';
import { DESTRUCTIVE_NOTE, destructiveWarning } from '../../inputs/warning';
import { parseInput } from '../../schemas/parse';
import { lockOn, throttleFor } from '../../shared/limits';
import { teamActionFields } from '../action';
import { changedMember } from '../member';
import { guardMemberChange } from './last-admin';

const inputFields = defineInputFields([
  destructiveWarning(
    'Invite them again to undo it; one left with none gets a personal workspace. Not for you ' +
      '(Leave Workspace), the last admin or a pending invitee (Cancel Invite).',
  ),
  workspaceField,
  memberField,
]);
const Input = inputObject(() => ({ workspace_id: WorkspaceId(), user_id: UserId() }));

const perform = (async (z, bundle) => {
  const { workspace_id, user_id } = parseInput(z, Input(), bundle.inputData, inputFields);
  const member = await guardMemberChange(z, bundle, workspace_id, user_id, 'remove');
  const message = await members.remove(z, bundle, workspace_id, user_id);
  return {
    id: user_id,
    workspace_id,
    removed: true,
    message: message ?? 'Member removed.',
    ...changedMember(member),
  };
}) satisfies CreatePerform;

export const removeMember = defineCreate({
  key: 'remove_member',
  noun: 'Member',
  display: {
    label: 'Remove Member',
    description:
      'Removes a member from a workspace: they lose access to its forms at once. Returns who was removed. ' +
      DESTRUCTIVE_NOTE,
  },
  operation: {
    inputFields,
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
    outputFields: teamActionFields('User ID', {
      key: 'role',
      label: 'Role They Had',
    }),
    throttle: throttleFor(2), // the workspaces (the admins) + the removal
    lock: lockOn('workspace_id', 'workspace-team'), // shared by the team steps: each checks the last admin
  },
});

export const cases: import('../../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', user_id: '$readonlyUserId' },
    minimum: 2,
    why: 'workspaces (who is connected, the admins: never remove yourself or the last admin; the name for the output) + remove',
    writes: /^DELETE /,
    review: {
      on: 'both, with a second account in the workspace',
      evidence: ['team--remove-user#0', 'team--remove-user#3'],
      note:
        'Why: offboarding, when an HR or directory system says someone left the team. Instead: Update ' +
        'Member Role to Read Only keeps them in the workspace without edit rights; Invite Member ' +
        'restores access after a removal.',
    },
  },
];

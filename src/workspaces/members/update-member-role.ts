import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as members from '../../api/members';
import { memberField, Role, roleField, workspaceField } from '../../inputs/fields';
import { inputObject, UserId, WorkspaceId } from '../../inputs/values';
import { parseInput } from '../../schemas/parse';
import { lockOn, throttleFor } from '../../shared/limits';
import { teamActionFields } from '../action';
import { changedMember } from '../member';
import { guardMemberChange } from './last-admin';

const inputFields = defineInputFields([workspaceField, memberField, roleField]);
const Input = inputObject(() => ({ workspace_id: WorkspaceId(), user_id: UserId(), role: Role() }));

const perform = (async (z, bundle) => {
  const { workspace_id, user_id, role } = parseInput(z, Input(), bundle.inputData, inputFields);
  const member = await guardMemberChange(
    z,
    bundle,
    workspace_id,
    user_id,
    role === 'admin' ? 'promote' : 'demote',
  );
  const message = await members.updateRole(z, bundle, workspace_id, user_id, role);
  const { role: previous_role, ...who } = changedMember(member);
  return {
    id: user_id,
    workspace_id,
    role,
    message: message ?? 'Member role updated.',
    ...who,
    previous_role,
  };
}) satisfies CreatePerform;

export const updateMemberRole = defineCreate({
  key: 'update_member_role',
  noun: 'Member',
  display: {
    label: 'Update Member Role',
    description:
      "Changes a workspace member's role; refuses to demote you or the last admin. Returns the member and their previous role.",
  },
  operation: {
    inputFields,
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
    outputFields: teamActionFields('User ID', { key: 'role', label: 'New Role' }),
    throttle: throttleFor(2), // the workspaces (the admins) + the update
    lock: lockOn('workspace_id', 'workspace-team'), // shared by the team steps: each checks the last admin
  },
});

export const cases: import('../../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', user_id: '$memberUserId', role: 'readonly' },
    minimum: 2,
    why: 'workspaces (who is connected, the admins: never demote yourself or the last admin; the name for the output) + update',
    writes: /^PUT /,
    review: {
      on: 'both, with a second account in the workspace',
      evidence: ['forms--list-workspaces#0', 'team--update-role#0'],
    },
  },
];

import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as workspaces from '../../api/workspaces';
import { WorkspaceInput, workspaceField } from '../../inputs/fields';
import { DESTRUCTIVE_NOTE, destructiveWarning } from '../../inputs/warning';
import { parseInput } from '../../schemas/parse';
import { lockOn, throttleFor } from '../../shared/limits';
import { teamActionFields } from '../action';
import { refuseLastAdmin } from './last-admin';

const inputFields = defineInputFields([
  destructiveWarning(
    'The connected user loses access to the workspace and its forms at once; only an admin can invite them back.',
  ),
  {
    ...workspaceField,
    helpText:
      'The workspace the connected user leaves. Its only admin cannot leave: make another member admin first.',
  },
]);
const Input = WorkspaceInput;

/**
 * The connected user leaves; spec 204 without a body, real server 200 `{type, message}`. The last
 * admin is refused before the leave is sent (OpnForm itself would let them go).
 */
const perform = (async (z, bundle) => {
  const { workspace_id } = parseInput(z, Input(), bundle.inputData, inputFields);
  const workspace = await refuseLastAdmin(z, bundle, workspace_id);
  const message = await workspaces.leave(z, bundle, workspace_id);
  return {
    id: workspace_id,
    workspace_id,
    left: true,
    message: message ?? 'You left the workspace.',
    workspace_name: workspace.name,
  };
}) satisfies CreatePerform;

export const leaveWorkspace = defineCreate({
  key: 'leave_workspace',
  noun: 'Workspace',
  display: {
    label: 'Leave Workspace',
    description:
      "Removes you (the token's owner) from a workspace; refused for its only admin. Returns the workspace left. " +
      DESTRUCTIVE_NOTE,
  },
  operation: {
    inputFields,
    perform,
    sample: {
      id: 7,
      workspace_id: 7,
      left: true,
      message: 'You have left the workspace successfully.',
      workspace_name: 'Marketing',
    },
    outputFields: teamActionFields('ID'),
    throttle: throttleFor(2), // the workspaces (the admins) + leave
    lock: lockOn('workspace_id', 'workspace-team'), // shared by the team steps: each checks the last admin
  },
});

export const cases: import('../../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$otherWorkspaceId' },
    minimum: 2,
    why: 'workspaces (is the user the last admin?), leave',
    review: {
      on: 'both, when a second account added the connected user to its workspace (the step refuses the only admin; OpnForm would not)',
      evidence: ['team--leave#1', 'team--leave#5'],
      note:
        'Why: the connected account leaves a workspace another user added it to (an agency at the end ' +
        "of a client's contract); it removes only the token owner's own access. Instead: an admin " +
        "of the workspace can lower the account's role (Update Member Role) so it stays; after it " +
        'leaves, an admin can invite it again (Invite Member).',
    },
  },
];

import { type Bundle, defineInputFields, defineTrigger, type ZObject } from 'zapier-platform-core';
import * as members from '../../api/members';
import { WorkspaceInput, workspaceField } from '../../inputs/fields';
import { parseInput } from '../../schemas/parse';
import { POLL_LIMIT } from '../../shared/paging';
import { polling } from '../../shared/polling';
import { joinedAt, MEMBER_OUTPUT_FIELDS, MEMBER_SAMPLE, newestFirst, shapeMember } from '../member';

const inputFields = defineInputFields([workspaceField]);
const Input = WorkspaceInput;

/**
 * Polls the member list (no paging, no order promised) and returns its newest `POLL_LIMIT` (100), newest
 * first (see `newestFirst`). Zapier deduplicates on the user `id`, so each member triggers once per workspace.
 */
const perform = async (z: ZObject, bundle: Bundle) => {
  const { workspace_id } = parseInput(z, Input(), bundle.inputData, inputFields);
  const listed = newestFirst(await members.list(z, bundle, workspace_id)).slice(0, POLL_LIMIT);
  return listed.map((m) => ({ ...shapeMember(m), workspace_id, joined_at: joinedAt(m) }));
};

export const newWorkspaceMember = defineTrigger({
  key: 'new_workspace_member',
  noun: 'Member',
  display: {
    label: 'New Workspace Member',
    description:
      'Triggers when a user joins a workspace (for example by accepting an invite). Checks the newest 100 members.',
  },
  operation: {
    ...polling(perform, false),
    inputFields,
    // `joined_at` stays in every result (null unless the server sends `pivot.created_at`; real servers
    // do not, recorded `team--list-users`) but is not offered as a field: it would always be empty.
    sample: { ...MEMBER_SAMPLE, workspace_id: 7 },
    outputFields: [...MEMBER_OUTPUT_FIELDS, { key: 'workspace_id', label: 'Workspace ID', type: 'integer' }],
  },
});

export const cases: import('../../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId' },
    minimum: 1,
    why: 'list',
    review: {
      on: 'both, with a second OpnForm account added to the workspace',
      evidence: ['team--add-user#0', 'team--add-user#10'],
    },
  },
];

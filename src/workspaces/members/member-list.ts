import { defineTrigger } from 'zapier-platform-core';
import { parseInput } from '../../schemas/parse';
import { WorkspaceInput } from '../../schemas/workspaces';
import { FIELD_LABELS, workspaceField } from '../../shared/fields';
import { pollingPerform } from '../../shared/perform';
import { listMembers, MEMBER_OUTPUT_FIELDS, MEMBER_SAMPLE, newestFirst, shapeMember } from './member';

/** The members of a workspace for the Member dropdown, labelled "Name (email), role". */
const perform = pollingPerform(async (z, bundle) => {
  const { workspace_id } = parseInput(z, WorkspaceInput, bundle.inputData, FIELD_LABELS);
  const members = newestFirst(await listMembers(z, bundle, workspace_id)).map(shapeMember);
  return members.map((m) => ({
    ...m,
    label: `${m.name === '' ? m.email : `${m.name} (${m.email})`}, ${m.role}`,
  }));
});

export const memberList = defineTrigger({
  key: 'member_list',
  noun: 'Member',
  display: {
    label: 'List Members',
    description: 'Triggers when a workspace member is listed.',
    hidden: true,
  },
  operation: {
    type: 'polling',
    inputFields: [workspaceField],
    perform,
    canPaginate: false,
    sample: { ...MEMBER_SAMPLE, label: 'Ada Lovelace (ada@example.org), admin' },
    outputFields: [...MEMBER_OUTPUT_FIELDS, { key: 'label', label: 'Label', type: 'string' }],
  },
});

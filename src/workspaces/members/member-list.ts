import * as members from '../../api/members';
import { defineDropdown, IN_WORKSPACE } from '../../inputs/dropdown';
import { MEMBER_SAMPLE, newestFirst, shapeMember } from '../member';

/** The members of a workspace for the Member dropdown, labelled "Name (email), role". */
export const memberList = defineDropdown({
  key: 'member_list',
  noun: 'Member',
  label: 'List Members',
  listed: 'workspace member',
  ...IN_WORKSPACE,
  list: async (z, bundle, { workspace_id }) =>
    newestFirst(await members.list(z, bundle, workspace_id))
      .map(shapeMember)
      .map((m) => ({ ...m, label: `${m.name === '' ? m.email : `${m.name} (${m.email})`}, ${m.role}` })),
  sample: { ...MEMBER_SAMPLE, label: 'Ada Lovelace (ada@example.org), admin' },
});

export const cases: import('../../shared/step-case').StepCase[] = [
  { input: { workspace_id: '$workspaceId' }, minimum: 1, why: 'list' },
];

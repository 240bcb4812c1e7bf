import * as invites from '../../api/invites';
import { defineDropdown, IN_WORKSPACE } from '../../inputs/dropdown';
import { INVITE_SAMPLE, pendingFirst, shapeInvite } from './invite';

/** The invites of a workspace for the Invite dropdown: pending first, "email (role), status". */
export const inviteList = defineDropdown({
  key: 'invite_list',
  noun: 'Invite',
  label: 'List Invites',
  listed: 'workspace invite',
  ...IN_WORKSPACE,
  list: async (z, bundle, { workspace_id }) =>
    pendingFirst(await invites.list(z, bundle, workspace_id))
      .map((i) => shapeInvite(i))
      .map((i) => ({
        ...i,
        label: `${i.email} (${i.role}), ${i.status}${i.is_expired && i.status !== 'expired' ? ', expired' : ''}`,
      })),
  sample: { ...INVITE_SAMPLE, label: 'grace@example.org (user), pending' },
});

export const cases: import('../../shared/step-case').StepCase[] = [
  { input: { workspace_id: '$workspaceId' }, minimum: 1, why: 'list' },
];

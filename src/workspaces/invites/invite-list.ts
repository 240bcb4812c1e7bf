import { defineTrigger } from 'zapier-platform-core';
import { parseInput } from '../../schemas/parse';
import { WorkspaceInput } from '../../schemas/workspaces';
import { FIELD_LABELS, workspaceField } from '../../shared/fields';
import { pollingPerform } from '../../shared/perform';
import { INVITE_OUTPUT_FIELDS, INVITE_SAMPLE, listInvites, pendingFirst, shapeInvite } from './invite';

/** The invites of a workspace for the Invite dropdown: pending first, "email (role), status". */
const perform = pollingPerform(async (z, bundle) => {
  const { workspace_id } = parseInput(z, WorkspaceInput, bundle.inputData, FIELD_LABELS);
  const invites = pendingFirst(await listInvites(z, bundle, workspace_id)).map((i) => shapeInvite(i));
  return invites.map((i) => ({
    ...i,
    label: `${i.email} (${i.role}), ${i.status}${i.is_expired && i.status !== 'expired' ? ', expired' : ''}`,
  }));
});

export const inviteList = defineTrigger({
  key: 'invite_list',
  noun: 'Invite',
  display: {
    label: 'List Invites',
    description: 'Triggers when a workspace invite is listed.',
    hidden: true,
  },
  operation: {
    type: 'polling',
    inputFields: [workspaceField],
    perform,
    canPaginate: false,
    sample: { ...INVITE_SAMPLE, label: 'grace@example.org (user), pending' },
    outputFields: [...INVITE_OUTPUT_FIELDS, { key: 'label', label: 'Label', type: 'string' }],
  },
});

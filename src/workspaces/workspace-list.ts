import { defineTrigger } from 'zapier-platform-core';
import { opnform } from '../http/client';
import { path } from '../http/path';
import { LegacyWorkspaces } from '../schemas/resources';
import { pollingPerform } from '../shared/perform';

/** Every workspace of the connected user, for the Workspace dropdown (no paging on the server). */
const perform = pollingPerform(async (z, bundle) => {
  const workspaces = await opnform(z, bundle).get(path`/external/zapier/workspaces`, {
    thing: 'workspace',
    abilities: ['workspaces-read'],
    schema: LegacyWorkspaces,
  });
  return workspaces.map((w) => ({ id: w.id, name: w.name }));
});

export const workspaceList = defineTrigger({
  key: 'workspace_list',
  noun: 'Workspace',
  display: { label: 'List Workspaces', description: 'Triggers when a workspace is listed.', hidden: true },
  operation: {
    type: 'polling',
    perform,
    canPaginate: false,
    sample: { id: 7, name: 'Marketing' },
    outputFields: [
      { key: 'id', label: 'Workspace ID', type: 'integer' },
      { key: 'name', label: 'Name', type: 'string' },
    ],
  },
});

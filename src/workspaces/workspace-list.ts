import { listWorkspaceNames } from '../api/workspaces';
import { defineDropdown } from '../shared/dropdown';

/** Every workspace of the connected user, for the Workspace dropdown (no paging on the server). */
export const workspaceList = defineDropdown({
  key: 'workspace_list',
  noun: 'Workspace',
  label: 'List Workspaces',
  listed: 'workspace',
  list: async (z, bundle) => (await listWorkspaceNames(z, bundle)).map((w) => ({ id: w.id, name: w.name })),
  sample: { id: 7, name: 'Marketing' },
  outputFields: [
    { key: 'id', label: 'Workspace ID', type: 'integer' },
    { key: 'name', label: 'Name', type: 'string' },
  ],
});

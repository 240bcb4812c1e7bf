import * as workspaces from '../api/workspaces';
import { defineDropdown } from '../inputs/dropdown';

/** A hidden list of every workspace of the connected user (no paging on the server), under `key`. */
const workspaceDropdown = <K extends string>(key: K, label: string) =>
  defineDropdown({
    key,
    noun: 'Workspace',
    label,
    listed: 'workspace',
    list: async (z, bundle) =>
      (await workspaces.listNames(z, bundle)).map((w) => ({ id: w.id, name: w.name })),
    sample: { id: 7, name: 'Marketing' },
  });

/** The Workspace dropdown of every step. */
export const workspaceList = workspaceDropdown('workspace_list', 'List Workspaces');

/**
 * Version 1.0.4's hidden workspace list, kept under its key (`list_workspaces`) with its output
 * (`[{id, name}]`, the same integer ids from `GET /external/zapier/workspaces`): Zaps made with 1.0.4
 * name it in their Workspace dropdown, and removing a trigger key needs a new major version.
 */
export const legacyWorkspaceList = workspaceDropdown(
  'list_workspaces',
  'List Workspaces (Kept for Zaps Made Before 1.1.0)',
);

export const cases: import('../shared/step-case').StepCase[] = [
  { step: 'workspace_list', input: {}, minimum: 1, why: 'list' },
  // version 1.0.4's hidden list, kept for its Zaps
  { step: 'list_workspaces', input: {}, minimum: 1, why: 'list' },
];

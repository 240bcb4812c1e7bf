import { type Bundle, defineTrigger, type ZObject } from 'zapier-platform-core';
import * as workspaces from '../api/workspaces';
import { POLL_LIMIT } from '../shared/paging';
import { polling } from '../shared/polling';
import { shapeWorkspace, WORKSPACE_OUTPUT_FIELDS, WORKSPACE_SAMPLE } from './workspace-output';

/**
 * Polls the user's workspaces (no paging, no order promised) newest id first, the newest `POLL_LIMIT`
 * (100) at most; Zapier deduplicates on `id`, so a workspace triggers once, whether created or joined.
 */
const perform = async (z: ZObject, bundle: Bundle) =>
  (await workspaces.listMine(z, bundle, 'list'))
    .sort((a, b) => b.id - a.id)
    .slice(0, POLL_LIMIT)
    .map(shapeWorkspace);

export const newWorkspace = defineTrigger({
  key: 'new_workspace',
  noun: 'Workspace',
  display: {
    label: 'New Workspace',
    description:
      'Triggers when a workspace is created or you are added to one. Checks your newest 100 workspaces.',
  },
  operation: {
    ...polling(perform, false),
    sample: WORKSPACE_SAMPLE,
    outputFields: WORKSPACE_OUTPUT_FIELDS,
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: {},
    minimum: 1,
    why: 'list',
    review: { on: 'both: create a workspace, then test the trigger', evidence: ['forms--list-workspaces#0'] },
  },
];

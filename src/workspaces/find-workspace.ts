import { defineInputFields, defineSearch, type SearchPerform } from 'zapier-platform-core';
import * as workspaces from '../api/workspaces';
import { inputObject } from '../inputs/values';
import { parseInput } from '../schemas/parse';
import { throttleFor } from '../shared/limits';
import { WorkspaceName } from './create-workspace';
import {
  shapeWorkspace,
  WORKSPACE_OUTPUT_FIELDS,
  WORKSPACE_SAMPLE,
  type WorkspaceOutput,
} from './workspace-output';

const inputFields = defineInputFields([
  { key: 'name', label: 'Name', required: true, helpText: 'The whole name; upper or lower case alike.' },
]);
const Input = inputObject(() => ({ name: WorkspaceName() }));

/** A name as compared: trimmed, one Unicode form (NFC), lower case. */
const comparable = (name: string) => name.trim().normalize('NFC').toLowerCase();

/** OpnForm has no workspace search: list the user's workspaces (no paging) and match the whole name. */
const perform = (async (z, bundle) => {
  const { name } = parseInput(z, Input(), bundle.inputData, inputFields);
  const wanted = comparable(name);
  const listed = await workspaces.listMine(z, bundle, 'list');
  return listed.filter((w) => comparable(w.name) === wanted).map(shapeWorkspace);
}) satisfies SearchPerform<Record<string, unknown>, WorkspaceOutput>;

export const findWorkspace = defineSearch({
  key: 'find_workspace',
  noun: 'Workspace',
  display: {
    label: 'Find Workspace',
    description: 'Finds a workspace by its whole name. Returns its ID, name and plan.',
  },
  operation: {
    inputFields,
    perform,
    sample: WORKSPACE_SAMPLE,
    outputFields: WORKSPACE_OUTPUT_FIELDS,
    throttle: throttleFor(1), // the workspaces
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: { name: 'acme research' },
    minimum: 1,
    why: 'list',
    nothing: { name: 'No Such Workspace' },
    review: { on: "both: any of the connected user's workspaces", evidence: ['forms--list-workspaces#0'] },
  },
];

import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as workspaces from '../api/workspaces';
import { invalidInput, notFound } from '../errors';
import { workspaceField } from '../inputs/fields';
import { Flag, inputObject, OptionalTextUpTo, WorkspaceId } from '../inputs/values';
import { labelsOf, parseInput } from '../schemas/parse';
import { lockOn, throttleFor } from '../shared/limits';
import { checkRemoveSwitches } from '../shared/switches';
import { NAME_LIMIT, WorkspaceIcon } from './create-workspace';
import { shapeWorkspace, WORKSPACE_OUTPUT_FIELDS, WORKSPACE_SAMPLE } from './workspace-output';

const inputFields = defineInputFields([
  workspaceField,
  { key: 'name', label: 'New Name', required: false, helpText: 'Empty keeps the name.' },
  { key: 'icon', label: 'New Icon', required: false, helpText: 'One emoji. Empty keeps the icon.' },
  { key: 'clear_icon', label: 'Remove Icon', type: 'boolean', required: false, default: 'false' },
]);
const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  name: OptionalTextUpTo(255, NAME_LIMIT),
  icon: WorkspaceIcon(),
  clear_icon: Flag(),
}));
const LABELS = labelsOf(inputFields);

/**
 * `PUT /open/workspaces/{id}` needs `name`, and a body without `emoji` clears the icon (recorded), so
 * unless both are given the user's workspaces are read first and the unchanged value is sent back.
 */
const perform = (async (z, bundle) => {
  const input = parseInput(z, Input(), bundle.inputData, inputFields);
  const { workspace_id: id, name, icon, clear_icon } = input;
  checkRemoveSwitches(z, input, [['icon', 'clear_icon']], LABELS);
  if (name === undefined && icon === undefined && !clear_icon) {
    const keys = ['name', 'icon', 'clear_icon'].map((key) => `${LABELS[key]} (${key})`);
    throw invalidInput(z, `Nothing to update: set at least one of ${keys.join(', ')}. Nothing was changed.`);
  }
  let current: { name: string; icon?: string | null } | undefined;
  if (name === undefined || (icon === undefined && !clear_icon)) {
    current = (await workspaces.listMine(z, bundle, 'update')).find((w) => w.id === id);
    if (current === undefined) {
      throw notFound(
        z,
        `Workspace ${id} is not one of the connected user's workspaces: check that it still exists and that ` +
          'the connected user belongs to it. Nothing was changed.',
      );
    }
  }
  const emoji = clear_icon ? undefined : (icon ?? (current?.icon || undefined));
  const body = { name: name ?? (current?.name as string), ...(emoji === undefined ? {} : { emoji }) };
  const reply = await workspaces.update(z, bundle, id, body);
  return { ...shapeWorkspace(reply.workspace), message: reply.message ?? 'Workspace updated.' };
}) satisfies CreatePerform;

export const updateWorkspace = defineCreate({
  key: 'update_workspace',
  noun: 'Workspace',
  display: {
    label: 'Update Workspace',
    description: 'Renames a workspace or changes its icon. Returns the workspace.',
  },
  operation: {
    inputFields,
    perform,
    sample: { ...WORKSPACE_SAMPLE, message: 'Workspace updated.' },
    outputFields: WORKSPACE_OUTPUT_FIELDS,
    throttle: throttleFor(2), // 1 with both a name and an icon; one alone reads the other first
    lock: lockOn('workspace_id'),
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    // the seeded name and icon again: later cases still see the workspace as seeded
    input: { workspace_id: '$workspaceId', name: 'Acme Research', icon: '🧪' },
    minimum: 1,
    most: 2,
    why: 'update (both given: nothing to read first; one alone reads the other first: 2)',
    review: {
      on: 'both, in a workspace where the connected user is not read-only',
      evidence: ['workspaces--create-update-delete#8'],
    },
  },
];

import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as workspaces from '../api/workspaces';
import { conflict, halt } from '../errors';
import { workspaceField } from '../inputs/fields';
import { Flag, inputObject, WorkspaceId } from '../inputs/values';
import { labelsOf, parseInput } from '../schemas/parse';
import { DESTRUCTIVE_NOTE, destructiveWarning } from './warning';

const inputFields = defineInputFields([
  destructiveWarning('Its forms stop working and its members lose it; nobody can restore it.'),
  workspaceField,
  {
    key: 'delete_with_forms',
    label: 'Delete Even With Forms',
    type: 'boolean',
    required: false,
    default: 'false',
    helpText: 'No refuses a workspace that still holds forms.',
  },
]);
const Input = inputObject(() => ({ workspace_id: WorkspaceId(), delete_with_forms: Flag() }));
const CONFIRM = `set ${labelsOf(inputFields).delete_with_forms} (delete_with_forms) to Yes`;

/** Already gone is the goal: a halt, not an error (rule in src/errors.ts). */
const alreadyGone = (id: number) =>
  `Workspace ${id} is not there (any more): already deleted, or never existed. Nothing was deleted.`;

/**
 * Unless confirmed, the workspace's forms are counted first (`meta.total` of one page): OpnForm
 * deletes a workspace that holds forms and leaves them unreachable (recorded). Then one DELETE.
 */
const perform = (async (z, bundle) => {
  const { workspace_id: id, delete_with_forms } = parseInput(z, Input(), bundle.inputData, inputFields);
  let count: number | null = null;
  if (!delete_with_forms) {
    const counted = await workspaces.countForms(z, bundle, id);
    if (counted === 'gone') throw halt(z, alreadyGone(id));
    if (counted === 'forbidden') {
      throw conflict(
        z,
        `OpnForm refused to count the forms of workspace ${id} (403: the token lacks "forms-read", or the ` +
          `connected user is not a member), so the step cannot check that it holds none. To delete it ` +
          `anyway, ${CONFIRM}. Nothing was deleted.`,
      );
    }
    if (counted > 0) {
      throw conflict(
        z,
        `Workspace ${id} still holds ${counted} form${counted === 1 ? '' : 's'}: deleting it would leave ` +
          `them unreachable. Move or delete them first, or ${CONFIRM}. Nothing was deleted.`,
      );
    }
    count = counted;
  }
  const reply = await workspaces.remove(z, bundle, id);
  if (reply === undefined) throw halt(z, alreadyGone(id));
  return {
    id,
    deleted: true,
    forms_count: count,
    message: reply.message ?? 'Workspace successfully deleted.',
  };
}) satisfies CreatePerform;

export const deleteWorkspace = defineCreate({
  key: 'delete_workspace',
  noun: 'Workspace',
  display: {
    label: 'Delete Workspace',
    description: `Deletes a workspace; its forms become unreachable. Returns its ID and form count. ${DESTRUCTIVE_NOTE}`,
  },
  operation: {
    inputFields,
    perform,
    sample: { id: 7, deleted: true, forms_count: 0, message: 'Workspace successfully deleted.' },
    outputFields: [
      { key: 'id', label: 'Workspace ID', type: 'integer' },
      { key: 'forms_count', label: 'Forms It Held', type: 'integer' },
    ],
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$spareWorkspaceId' },
    minimum: 2,
    why: 'count its forms (refuse one that holds forms) + delete',
    writes: /^DELETE /,
    review: {
      on: 'both, on a workspace without forms that is not the last one of the connected user',
      evidence: ['forms--list-workspace-forms#1', 'workspaces--create-update-delete#20'],
    },
  },
];

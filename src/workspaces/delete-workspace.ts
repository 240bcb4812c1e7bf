import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as workspaces from '../api/workspaces';
import { conflict, halt, reworded } from '../errors';
import { workspaceField } from '../inputs/fields';
import { Flag, inputObject, WorkspaceId } from '../inputs/values';
import { DESTRUCTIVE_NOTE, destructiveWarning } from '../inputs/warning';
import { labelsOf, parseInput } from '../schemas/parse';
import { throttleFor } from '../shared/limits';
import { clearProgress, type DeletedForm, readProgress, saveProgress } from './delete-progress';
import { deleteForms, FORMS_PER_RUN, named } from './workspace-forms';

const inputFields = defineInputFields([
  destructiveWarning(
    "Its members lose it; with Delete Its Forms Too, its forms and their submissions go first. Only OpnForm's " +
      'moderators can restore a deleted form.',
  ),
  workspaceField,
  {
    key: 'delete_with_forms',
    label: 'Delete Its Forms Too',
    type: 'boolean',
    required: false,
    default: 'false',
    helpText:
      'Yes deletes its forms first (their submissions and integrations with them), 96 a run, Zapier running it ' +
      'again each minute, then the workspace. No refuses a workspace that holds forms.',
  },
]);
const Input = inputObject(() => ({ workspace_id: WorkspaceId(), delete_with_forms: Flag() }));
const CONFIRM = `set ${labelsOf(inputFields).delete_with_forms} (delete_with_forms) to Yes`;

/** Already gone is the goal: a halt, not an error (rule in src/errors.ts). */
const alreadyGone = (id: number) =>
  `Workspace ${id} is not there (any more): already deleted, or never existed. Nothing was deleted.`;

/** The workspace went (deleted elsewhere) after earlier runs of this step had deleted its forms. */
const goneAfter = (id: number, earlier: readonly DeletedForm[]) =>
  `Workspace ${id} is not there any more (deleted in the meantime); earlier runs of this step deleted its ` +
  `forms (${named(earlier)}).`;

/** Both choices need the list: No to check that there are none, Yes to delete them first. */
const refusedList = (id: number) =>
  `OpnForm refused to list the forms of workspace ${id} (403: the token lacks "forms-read", or the connected ` +
  'user is not a member), so the step cannot check that it holds none or delete them first. Nothing was deleted.';

/**
 * OpnForm deletes a workspace that holds forms and leaves them, their submissions and integrations
 * in its database where nobody can reach them (recorded #25-#29). So the forms are read first: No
 * counts them (`meta.total` of one page) and refuses unless there are none; Yes lists them (100 at
 * most), proves the workspace can be deleted after them, and deletes each (./workspace-forms.ts: 96 a
 * run at most, inside OpnForm's 100 requests a minute; Zapier runs the step again for the rest, and what
 * earlier runs deleted is carried in Zapier's cache, ./delete-progress.ts, so the run that deletes the
 * workspace reports them all). Then one DELETE.
 */
const perform = (async (z, bundle) => {
  const { workspace_id: id, delete_with_forms } = parseInput(z, Input(), bundle.inputData, inputFields);
  let count: number;
  let deleted: DeletedForm[] = [];
  if (!delete_with_forms) {
    const counted = await workspaces.countForms(z, bundle, id);
    if (counted === 'gone') throw halt(z, alreadyGone(id));
    if (counted === 'forbidden') {
      throw conflict(z, refusedList(id));
    }
    if (counted > 0) {
      throw conflict(
        z,
        `Workspace ${id} still holds ${counted} form${counted === 1 ? '' : 's'}: deleting it alone would leave ` +
          `them unreachable. Move or delete them first, or ${CONFIRM} to delete them with it. Nothing was deleted.`,
      );
    }
    count = counted;
  } else {
    const before = await readProgress(z, id);
    const earlier = before?.deleted ?? [];
    const listed = await workspaces.formsToDelete(z, bundle, id, FORMS_PER_RUN);
    if (listed === 'gone') {
      if (before !== undefined) await clearProgress(z, id);
      throw halt(z, earlier.length === 0 ? alreadyGone(id) : goneAfter(id, earlier));
    }
    if (listed === 'forbidden') throw conflict(z, refusedList(id));
    const remaining = listed.meta?.total ?? listed.data.length;
    // the forms it held when the first run began (forms added since count too)
    count = Math.max(before?.total ?? 0, earlier.length + remaining);
    const progress = { total: count, deleted: earlier };
    deleted = [
      ...earlier,
      ...(await deleteForms(z, bundle, id, listed.data, remaining, alreadyGone(id), progress)),
    ];
  }
  const ofForms = `Workspace ${id} was not deleted, but its forms were (${named(deleted)}):`;
  let reply: Awaited<ReturnType<typeof workspaces.remove>>;
  try {
    reply = await workspaces.remove(z, bundle, id);
  } catch (error) {
    if (deleted.length > 0) await saveProgress(z, id, { total: count, deleted });
    throw deleted.length === 0 ? error : reworded(error, (message) => `${ofForms} ${message}`);
  }
  if (delete_with_forms) await clearProgress(z, id);
  if (reply === undefined) {
    // gone in between: the goal holds, but the forms this run deleted are not "nothing"
    throw halt(
      z,
      deleted.length === 0
        ? alreadyGone(id)
        : `Workspace ${id} was already gone when the step came to delete it (deleted in the meantime); ` +
            `its forms were deleted first (${named(deleted)}).`,
    );
  }
  return {
    id,
    deleted: true,
    forms_count: count,
    deleted_forms: deleted,
    message: reply.message ?? 'Workspace successfully deleted.',
  };
}) satisfies CreatePerform;

export const deleteWorkspace = defineCreate({
  key: 'delete_workspace',
  noun: 'Workspace',
  display: {
    label: 'Delete Workspace',
    description: `Deletes a workspace, and first its forms if you choose. Returns its ID, form count and deleted forms. ${DESTRUCTIVE_NOTE}`,
  },
  operation: {
    inputFields,
    perform,
    sample: {
      id: 7,
      deleted: true,
      forms_count: 1,
      deleted_forms: [{ id: 42, title: 'Contact Us' }],
      message: 'Workspace successfully deleted.',
    },
    outputFields: [
      { key: 'id', label: 'Workspace ID', type: 'integer' },
      { key: 'forms_count', label: 'Forms It Held', type: 'integer' },
      { key: 'deleted_forms[]id', label: 'Deleted Form ID', type: 'integer' },
    ],
    throttle: throttleFor(2), // its forms counted + the delete
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
      note:
        'Why: tearing down a workspace made for a client or a project when it ends (Create Workspace ' +
        'makes them). Its forms go only if Delete Its Forms Too is Yes; No (the default) refuses a ' +
        'workspace that holds forms. Instead: Update Form with Visibility Closed on its forms, Remove ' +
        'Member for its people.',
    },
  },
];

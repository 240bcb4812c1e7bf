import type { Bundle, ZObject } from 'zapier-platform-core';
import * as forms from '../api/forms';
import * as workspaces from '../api/workspaces';
import { halt, reworded, userError } from '../errors';
import type { FormSummary } from '../schemas/forms';
import { remainingMs, WRITE_RESERVE_MS } from '../shared/budget';
import { adminOf } from './member';

/** What Delete Workspace reports of each form it deleted. */
export interface DeletedForm {
  id: number;
  title: string;
}

/** The forms one run reads (and so deletes at most): a real server caps `per_page` at 100. */
export const FORMS_PER_RUN = 100;

/**
 * A form delete starts only while the step has room for it and for the workspace's own delete after
 * it: the client sends a write only with `WRITE_RESERVE_MS` left, so two reserves.
 */
export const FORM_DELETE_ROOM_MS = 2 * WRITE_RESERVE_MS;

/** How many forms the error messages name one by one; the rest are counted. */
const NAMED = 10;

export const named = (list: readonly DeletedForm[], total = list.length): string => {
  if (total === 0) return 'none';
  const shown = list.slice(0, NAMED).map((f) => `form ${f.id} "${f.title}"`);
  const more = total - shown.length;
  if (more === 0) return shown.join(', ');
  return shown.length === 0 ? `${more} more forms` : `${shown.join(', ')} and ${more} more`;
};

/** Whether the user's own role and workspaces let the workspace be deleted once its forms are gone. */
const refuseUndeletable = async (z: ZObject, bundle: Bundle, workspaceId: number, gone: string) => {
  const mine = await workspaces.listMine(z, bundle, 'delete');
  const workspace = mine.find((w) => w.id === workspaceId);
  if (workspace === undefined) throw halt(z, gone);
  const name = `workspace ${workspaceId} "${workspace.name}"`;
  if (!adminOf(workspace)) {
    throw userError(
      z,
      `The connected user is not an admin of ${name}: only its admins can delete it, so none of its forms ` +
        "was deleted either. Ask an admin of it, or connect an admin's account. Nothing was deleted.",
      'forbidden',
      403,
    );
  }
  if (mine.length <= 1) {
    throw userError(
      z,
      `The ${name} is the connected user's last workspace, which OpnForm refuses to delete ` +
        `("${workspaces.LAST_WORKSPACE}"), so none of its forms was deleted either. Nothing was deleted.`,
      'forbidden',
      403,
    );
  }
};

/**
 * Deletes the listed forms of a workspace one by one (`DELETE /open/forms/{id}`; one already gone
 * counts as deleted), after checking that the workspace itself can then be deleted (one read of the
 * user's workspaces: admin, not the last one). Stops before the step's budget runs short, or on the
 * first failed delete, with an error naming the forms deleted and those still there; the workspace is
 * never deleted then, so a replay continues with the forms left.
 */
export const deleteForms = async (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
  listed: readonly FormSummary[],
  total: number,
  gone: string,
): Promise<DeletedForm[]> => {
  if (total === 0) return [];
  await refuseUndeletable(z, bundle, workspaceId, gone);
  const todo = listed.map((f) => ({ id: f.id, title: f.title }));
  const deleted: DeletedForm[] = [];
  const summary = () => {
    const left = todo.slice(deleted.length);
    return `Deleted: ${named(deleted)}. Still there: ${named(left, total - deleted.length)}.`;
  };
  for (const form of todo) {
    if (remainingMs(bundle) < FORM_DELETE_ROOM_MS) break;
    try {
      await forms.remove(z, bundle, form.id);
    } catch (error) {
      if (!(error instanceof Error && error.name === 'HaltedError')) {
        throw reworded(
          error,
          (message) =>
            `Workspace ${workspaceId} was not deleted: deleting its form ${form.id} "${form.title}" failed. ` +
            `${message} ${summary()}`,
        );
      }
    }
    deleted.push(form);
  }
  if (deleted.length < total) {
    throw userError(
      z,
      `Workspace ${workspaceId} was not deleted yet: it holds ${total} forms, and one run of this step deletes ` +
        `at most ${FORMS_PER_RUN} and must end within Zapier's 30 seconds. ${summary()} Run the step again ` +
        '(replay this run): it continues with the forms still there, then deletes the workspace.',
      'out_of_time',
      504,
    );
  }
  return deleted;
};

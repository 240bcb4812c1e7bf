import type { Bundle, ZObject } from 'zapier-platform-core';
import * as forms from '../api/forms';
import * as invites from '../api/invites';
import * as workspaces from '../api/workspaces';
import { halt, reworded, throttled, userError } from '../errors';
import type { FormSummary } from '../schemas/forms';
import { remainingMs, WRITE_RESERVE_MS } from '../shared/budget';
import { LIMIT_WINDOW_S, OPNFORM_LIMITS } from '../shared/limits';
import { type DeletedForm, type Progress, saveProgress } from './delete-progress';
import { adminOf } from './member';

/** The forms one run reads: a real server caps `per_page` at 100. */
export const FORMS_PER_RUN = 100;

/** The requests of a run besides its form deletes: the form list, the user's workspaces, the write proof, the workspace DELETE. */
export const RUN_OVERHEAD = 4;

/** Form deletes in one run: with the overhead, never past OpnForm's 100 /open requests a minute (96). */
export const DELETES_PER_RUN = OPNFORM_LIMITS.open - RUN_OVERHEAD;

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

/** Refuses, before the first form delete, a token that could not delete the workspace after them. */
const proveWriteAbility = async (z: ZObject, bundle: Bundle, workspaceId: number) => {
  if (await invites.canManage(z, bundle, workspaceId)) return;
  throw userError(
    z,
    `OpnForm refused to list the invites of workspace ${workspaceId} (403), which needs what deleting the ` +
      'workspace needs: the "workspaces-write" ability, so the access token lacks it. Create a new token with ' +
      'it ticked in OpnForm (Settings > Access Tokens) and reconnect. Nothing was deleted: not the workspace, ' +
      'not one of its forms.',
    'forbidden',
    403,
  );
};

/**
 * Deletes the listed forms of a workspace one by one (`DELETE /open/forms/{id}`; one already gone
 * counts as deleted), after proving that the workspace itself can then be deleted: one read of the
 * user's workspaces (admin, not the last one) and one of its invites (the `workspaces-write` ability).
 * A run sends at most `DELETES_PER_RUN` deletes, so with its other requests it stays inside OpnForm's
 * 100 a minute; with forms left it stops with a ThrottledError, and Zapier runs it again after the
 * minute. It also stops before the step's budget runs short, or on the first failed delete, with an
 * error naming the forms deleted and those still there. The workspace is never deleted then: what was
 * deleted is kept for the replay (./delete-progress.ts), which continues with the forms left.
 * `remaining`: the forms the workspace holds now; `before`: what earlier runs did.
 */
export const deleteForms = async (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
  listed: readonly FormSummary[],
  remaining: number,
  gone: string,
  before: Progress,
): Promise<DeletedForm[]> => {
  if (remaining === 0) return [];
  await refuseUndeletable(z, bundle, workspaceId, gone);
  await proveWriteAbility(z, bundle, workspaceId);
  const todo = listed.slice(0, DELETES_PER_RUN).map((f) => ({ id: f.id, title: f.title }));
  const deleted: DeletedForm[] = [];
  const all = () => [...before.deleted, ...deleted];
  const summary = () => {
    const left = listed.slice(deleted.length).map((f) => ({ id: f.id, title: f.title }));
    return `Deleted: ${named(all())}. Still there: ${named(left, remaining - deleted.length)}.`;
  };
  const keep = () => saveProgress(z, workspaceId, { total: before.total, deleted: all() });
  let outOfTime = false;
  for (const form of todo) {
    if (remainingMs(bundle) < FORM_DELETE_ROOM_MS) {
      outOfTime = true;
      break;
    }
    try {
      await forms.remove(z, bundle, form.id);
    } catch (error) {
      if (!(error instanceof Error && error.name === 'HaltedError')) {
        await keep();
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
  if (deleted.length === remaining) return deleted;
  await keep();
  if (outOfTime) {
    throw userError(
      z,
      `Workspace ${workspaceId} was not deleted yet: it held ${before.total} forms, and one run of this step ` +
        `must end within Zapier's 30 seconds. ${summary()} Run the step again (replay this run): it continues ` +
        'with the forms still there, then deletes the workspace.',
      'out_of_time',
      504,
    );
  }
  throw throttled(
    z,
    `Workspace ${workspaceId} was not deleted yet: it held ${before.total} forms, and OpnForm takes ` +
      `${OPNFORM_LIMITS.open} requests a minute, so one run deletes at most ${DELETES_PER_RUN}. ${summary()} ` +
      `Zapier runs the step again in ${LIMIT_WINDOW_S} seconds: it continues with the forms still there, then ` +
      'deletes the workspace.',
    LIMIT_WINDOW_S,
  );
};

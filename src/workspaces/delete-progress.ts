/**
 * What the runs of Delete Workspace on one workspace did so far, carried between runs in Zapier's cache
 * (`z.cache`, scoped to the connection): a run that stops inside OpnForm's rate limit (or the step's time)
 * leaves it for the replay, so the run that deletes the workspace reports every form deleted and the
 * count of forms the workspace held when the first run began. Cleared once the workspace is deleted.
 * A cache that cannot be read or written only costs that report (logged), never a delete.
 */
import type { ZObject } from 'zapier-platform-core';
import * as v from 'zod/mini';
import { lazy } from '../schemas/lazy';

/** A form Delete Workspace deleted, as its output names it. */
export interface DeletedForm {
  id: number;
  title: string;
}

/** What earlier runs did: how many forms the workspace held when the first began, and those deleted. */
export interface Progress {
  total: number;
  deleted: DeletedForm[];
}

/** Long enough for Zapier's replays and a user's replay from the Zap history days later. */
export const PROGRESS_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Per connection: two accounts (or servers) may both have a workspace with this id. */
const SCOPE: Array<'auth'> = ['auth'];

/** Core 19.1.0's `get` and `delete` take the scope too (src/tools/create-cache.js); its types omit it. */
const scoped = (z: ZObject) =>
  z.cache as unknown as {
    get: (key: string, scope: string[]) => Promise<unknown>;
    delete: (key: string, scope: string[]) => Promise<boolean>;
  };

const Stored = lazy(() =>
  v.object({
    total: v.number(),
    deleted: v.array(v.object({ id: v.number(), title: v.string() })),
  }),
);

export const progressKey = (workspaceId: number) => `opnform:delete-workspace:${workspaceId}`;

const logged = (z: ZObject, what: string, error: unknown) =>
  z.console.log(`Could not ${what} Zapier's cache of deleted forms: ${(error as Error).message}`);

export const readProgress = async (z: ZObject, workspaceId: number): Promise<Progress | undefined> => {
  try {
    const parsed = Stored().safeParse(await scoped(z).get(progressKey(workspaceId), SCOPE));
    return parsed.success ? parsed.data : undefined;
  } catch (error) {
    logged(z, 'read', error);
    return undefined;
  }
};

export const saveProgress = async (z: ZObject, workspaceId: number, progress: Progress): Promise<void> => {
  try {
    await z.cache.set(progressKey(workspaceId), progress, PROGRESS_TTL_SECONDS, SCOPE);
  } catch (error) {
    logged(z, 'write', error);
  }
};

export const clearProgress = async (z: ZObject, workspaceId: number): Promise<void> => {
  try {
    await scoped(z).delete(progressKey(workspaceId), SCOPE);
  } catch (error) {
    logged(z, 'clear', error);
  }
};

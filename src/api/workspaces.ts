import type { Bundle, ZObject } from 'zapier-platform-core';
import { opnform } from '../http/client';
import type { RequestContext } from '../http/failures';
import { path } from '../http/path';
import { MessageReply } from '../schemas/common';
import { LegacyWorkspaces, OpenWorkspaceList, type Workspace } from '../schemas/workspaces';

/** Leaving: `workspaces-read` only (a read-only token performs this write), any member. */
export const LEAVE: Omit<RequestContext, 'thing'> = {
  abilities: ['workspaces-read'],
  member: true,
};

/**
 * Remove Member and Update Member Role: they first read the workspaces (`workspaces-read`; who the
 * connected user is, the admins) to refuse removing or demoting that user or the last admin, then
 * write (`workspaces-write`, admins only).
 */
export const GUARDED_MANAGE: Omit<RequestContext, 'thing'> = {
  abilities: ['workspaces-read', 'workspaces-write'],
  admin: true,
};

/** `GET /external/zapier/workspaces`: every workspace of the connected user as `{id, name}` (no paging). */
export const listNames = (z: ZObject, bundle: Bundle): Promise<Array<{ id: number; name: string }>> =>
  opnform(z, bundle).get(path`/external/zapier/workspaces`, {
    thing: 'workspace',
    abilities: ['workspaces-read'],
    schema: LegacyWorkspaces(),
  });

/**
 * `GET /open/workspaces`: the connected user's workspaces with their membership (`is_admin`,
 * `pivot`, embedded `users`). Read before leaving (`leave`: `workspaces-read` only) or before a
 * member change (`change member`: the 403 wording also names `workspaces-write` and admin rights).
 */
export const listMine = (
  z: ZObject,
  bundle: Bundle,
  purpose: 'leave' | 'change member',
): Promise<Workspace[]> =>
  opnform(z, bundle).get(path`/open/workspaces`, {
    thing: 'workspace',
    ...(purpose === 'leave' ? LEAVE : GUARDED_MANAGE),
    schema: OpenWorkspaceList(),
  });

/** `POST /open/workspaces/{id}/leave` (spec 204, real server 200 `{type, message}`): the message, if any. */
export const leave = async (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
): Promise<string | null | undefined> =>
  (
    await opnform(z, bundle).post(path`/open/workspaces/${workspaceId}/leave`, {
      thing: 'workspace',
      ...LEAVE,
      schema: MessageReply(),
    })
  )?.message;

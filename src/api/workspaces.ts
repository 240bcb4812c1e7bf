import type { Bundle, ZObject } from 'zapier-platform-core';
import type { Need } from '../http/abilities';
import { Absent, opnform } from '../http/client';
import type { KnownFailure } from '../http/failures';
import { path } from '../http/path';
import { MessageReply } from '../schemas/common';
import { FormPage } from '../schemas/forms';
import type { Schema } from '../schemas/parse';
import {
  FormCount,
  LegacyWorkspaces,
  OpenWorkspaceList,
  type Workspace,
  WorkspaceReply,
} from '../schemas/workspaces';

/** Leaving: `workspaces-read` only (a read-only token performs this write), any member. */
export const LEAVE: Need = {
  thing: 'workspace',
  abilities: ['workspaces-read'],
  role: 'member',
};

/**
 * Remove Member and Update Member Role: they first read the workspaces (`workspaces-read`; who the
 * connected user is, the admins) to refuse removing or demoting that user or the last admin, then
 * write (`workspaces-write`, admins only).
 */
export const GUARDED_MANAGE: Need = {
  thing: 'workspace',
  abilities: ['workspaces-read', 'workspaces-write'],
  role: 'admin',
};

/** Listing the connected user's workspaces: `workspaces-read`. */
const READ: Need = { thing: 'workspace', abilities: ['workspaces-read'] };

/** `GET /external/zapier/workspaces`: every workspace of the connected user as `{id, name}` (no paging). */
export const listNames = (z: ZObject, bundle: Bundle): Promise<Array<{ id: number; name: string }>> =>
  opnform(z, bundle).get(path`/external/zapier/workspaces`, {
    need: READ,
    schema: LegacyWorkspaces(),
  });

const NEW_TOKEN =
  'create a new token with it ticked in OpnForm (Settings > Access Tokens) and reconnect. Nothing was changed.';

/**
 * Create and Update Workspace need `workspaces-write`. OpnForm checks the role first (update: "You
 * cannot update this workspace." for a non-member or read-only member; create needs none), so its
 * "This action is unauthorized." can only mean the ability (recorded #4, #5, #12, #13).
 */
const WRITE: Need = { thing: 'workspace', abilities: ['workspaces-write'] };

const WRITE_FAILURES: readonly KnownFailure[] = [
  {
    said: 'This action is unauthorized.',
    status: 403,
    code: 'forbidden',
    message: `OpnForm refused this step (403): the access token lacks the "workspaces-write" ability: ${NEW_TOKEN}`,
  },
  {
    said: 'You cannot update this workspace.',
    status: 403,
    code: 'forbidden',
    message:
      'OpnForm refused this step (403): "You cannot update this workspace." The connected user is not a ' +
      'member of it, or is read-only there: ask one of its admins. A new token does not help. Nothing was changed.',
  },
];

/** What each reader of the list needs: the 403 wording names these abilities and roles. */
const LIST_NEEDS: Record<'leave' | 'change member' | 'delete' | 'list' | 'update', Need> = {
  leave: LEAVE,
  'change member': GUARDED_MANAGE,
  delete: GUARDED_MANAGE,
  list: READ,
  update: { thing: 'workspace', abilities: ['workspaces-read', 'workspaces-write'] },
};

/**
 * `GET /open/workspaces`: the connected user's workspaces with their membership (`is_admin`,
 * `pivot`, embedded `users`). Read before leaving (`leave`: `workspaces-read` only), before a
 * member change (`change member`: the 403 wording also names `workspaces-write` and admin rights),
 * to find or poll workspaces (`list`), before an update that keeps the name or icon (`update`) or
 * before deleting a workspace's forms (`delete`: admin and not the last workspace).
 */
export const listMine = (
  z: ZObject,
  bundle: Bundle,
  purpose: keyof typeof LIST_NEEDS,
): Promise<Workspace[]> =>
  opnform(z, bundle).get(path`/open/workspaces`, {
    need: LIST_NEEDS[purpose],
    schema: OpenWorkspaceList(),
  });

/**
 * `POST /open/workspaces/create` (`POST /open/workspaces` is a 405): only `name` and `emoji` (the icon)
 * are read; the reply holds the new workspace.
 */
export const create = (z: ZObject, bundle: Bundle, body: { name: string; emoji?: string }) =>
  opnform(z, bundle).post(path`/open/workspaces/create`, {
    need: WRITE,
    statuses: { known: WRITE_FAILURES },
    body,
    schema: WorkspaceReply(),
  });

/**
 * `PUT /open/workspaces/{id}`: `name` is required and a body without `emoji` clears the icon
 * (recorded), so the caller sends both unless it means to clear. An unknown id is a 404 (not found).
 */
export const update = (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
  body: { name: string; emoji?: string },
) =>
  opnform(z, bundle).put(path`/open/workspaces/${workspaceId}`, {
    need: WRITE,
    statuses: { known: WRITE_FAILURES },
    body,
    schema: WorkspaceReply(),
  });

/** OpnForm keeps every user in at least one workspace. */
export const LAST_WORKSPACE = 'You cannot delete your last workspace. Delete your account instead.';

/**
 * `DELETE /open/workspaces/{id}` (`workspaces-write` and the admin role; the server answers its admin
 * sentence for a missing ability too): the server's message, or `undefined` where it answers 404 (no
 * such workspace: already deleted, or never there). The user's last workspace is refused (403).
 */
export const remove = async (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
): Promise<{ message: string | null | undefined } | undefined> => {
  const reply = await opnform(z, bundle).delete(path`/open/workspaces/${workspaceId}`, {
    need: { thing: 'workspace', abilities: ['workspaces-write'], role: 'admin' },
    schema: MessageReply(),
    statuses: {
      absent: [404],
      known: [
        {
          said: LAST_WORKSPACE,
          status: 403,
          code: 'forbidden',
          message: `OpnForm refused (403): "${LAST_WORKSPACE}" Every user keeps one workspace. Nothing was deleted.`,
        },
      ],
    },
  });
  return reply instanceof Absent ? undefined : { message: reply?.message };
};

/** One page of a workspace's forms; `forbidden` on 403 (no `forms-read`, or not a member), `gone` on 404. */
const formsOf = async <T>(
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
  perPage: number,
  schema: Schema<T>,
): Promise<T | 'forbidden' | 'gone'> => {
  const reply = await opnform(z, bundle).get(path`/open/workspaces/${workspaceId}/forms`, {
    need: { thing: 'workspace', abilities: ['forms-read'] },
    query: { per_page: perPage },
    schema,
    statuses: { absent: [403, 404] },
  });
  if (reply instanceof Absent) return reply.status === 404 ? 'gone' : 'forbidden';
  return reply;
};

/** How many forms a workspace holds: `GET /open/workspaces/{id}/forms?per_page=1`, its `meta.total`. */
export const countForms = async (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
): Promise<number | 'forbidden' | 'gone'> => {
  const reply = await formsOf(z, bundle, workspaceId, 1, FormCount());
  return typeof reply === 'string' ? reply : reply.meta.total;
};

/**
 * The first `perPage` forms of a workspace (at most 100: a real server caps `per_page` there, recorded
 * forms--list-workspace-forms #4) and how many it holds (`meta.total`).
 */
export const formsToDelete = (z: ZObject, bundle: Bundle, workspaceId: number, perPage: number) =>
  formsOf(z, bundle, workspaceId, perPage, FormPage());

/** `POST /open/workspaces/{id}/leave` (spec 204, real server 200 `{type, message}`): the message, if any. */
export const leave = async (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
): Promise<string | null | undefined> =>
  (
    await opnform(z, bundle).post(path`/open/workspaces/${workspaceId}/leave`, {
      need: LEAVE,
      schema: MessageReply(),
    })
  )?.message;

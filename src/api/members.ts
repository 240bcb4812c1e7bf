import type { Bundle, ZObject } from 'zapier-platform-core';
import { opnform } from '../http/client';
import { path } from '../http/path';
import { MessageReply } from '../schemas/resources';
import { type Member, MemberList, type MemberRole } from '../schemas/workspaces';
import { MANAGE_MEMBERS, NOT_A_MEMBER_ON_REMOVE, NOT_A_MEMBER_ON_ROLE_CHANGE, READ_MEMBERS } from './access';

/**
 * Workspace members (`/open/workspaces/{id}/users`). A user id that exists but is not a member
 * answers 404 with an empty message: a remove or a role change then halts (see `./access`).
 */

/** `GET /open/workspaces/{id}/users`: every member, no paging (a bare array). */
export const listMembers = (z: ZObject, bundle: Bundle, workspaceId: number): Promise<Member[]> =>
  opnform(z, bundle).get(path`/open/workspaces/${workspaceId}/users`, {
    thing: 'workspace',
    ...READ_MEMBERS,
    schema: MemberList,
  });

/** `DELETE /open/workspaces/{id}/users/{user}/remove`: the server's message, if any. */
export const removeMember = async (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
  userId: number,
): Promise<string | null | undefined> => {
  const reply = await opnform(z, bundle).delete(
    path`/open/workspaces/${workspaceId}/users/${userId}/remove`,
    {
      thing: 'member',
      ...MANAGE_MEMBERS,
      known: NOT_A_MEMBER_ON_REMOVE,
      schema: MessageReply,
    },
  );
  return reply?.message;
};

/** `PUT /open/workspaces/{id}/users/{user}/update-role` with `{role}`: the server's message, if any. */
export const updateMemberRole = async (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
  userId: number,
  role: MemberRole,
): Promise<string | null | undefined> => {
  const reply = await opnform(z, bundle).put(
    path`/open/workspaces/${workspaceId}/users/${userId}/update-role`,
    {
      thing: 'member',
      ...MANAGE_MEMBERS,
      known: NOT_A_MEMBER_ON_ROLE_CHANGE,
      body: { role },
      schema: MessageReply,
    },
  );
  return reply?.message;
};

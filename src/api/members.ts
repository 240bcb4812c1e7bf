import type { Bundle, ZObject } from 'zapier-platform-core';
import type { Need } from '../http/abilities';
import { opnform } from '../http/client';
import type { KnownFailure } from '../http/failures';
import { path } from '../http/path';
import { MessageReply } from '../schemas/common';
import { AddMemberReply, type Member, MemberList, type MemberRole } from '../schemas/members';

/*
 * What each team endpoint asks of the token and the connected user, as a real OpnForm server checks it
 * (recorded: `team--*`, `limits--abilities-403`), for the HTTP layer's 403 wording. The spec's
 * `workspace-users-*` abilities are never checked by the server, so they are never asked for.
 */
/** Listing members: `workspaces-read` (any member, readonly ones too). */
export const READ_MEMBERS: Need = {
  thing: 'workspace',
  abilities: ['workspaces-read'],
  role: 'member',
};

/** Adding members, role changes, removals, listing, resending and cancelling invites: admins only. */
export const MANAGE_MEMBERS: Need = {
  thing: 'workspace',
  abilities: ['workspaces-write'],
  role: 'admin',
};

/**
 * A user id that exists but is not (or no longer) a member: 404 with an empty message (recorded:
 * `team--remove-user` #4, `team--update-role` #4). An unknown user id says "No query results" and
 * stays an error. Removing such a user already holds, so it halts; a role change halts too (this
 * run's member left the workspace, the Zap itself is fine).
 */
export const NOT_A_MEMBER_ON_REMOVE: readonly KnownFailure[] = [
  {
    said: '',
    status: 404,
    code: 'not_found',
    halt: true,
    message: 'This user is not a member of the workspace (any more), so there is nothing to remove.',
  },
];

export const NOT_A_MEMBER_ON_ROLE_CHANGE: readonly KnownFailure[] = [
  {
    said: '',
    status: 404,
    code: 'not_found',
    halt: true,
    message:
      'This user is not a member of the workspace (any more), so their role was not changed. Invite them again ' +
      'to give them access.',
  },
];

/**
 * Workspace members (`/open/workspaces/{id}/users`). A user id that exists but is not a member
 * answers 404 with an empty message: a remove or a role change then halts (`NOT_A_MEMBER_*` above).
 */

/** `GET /open/workspaces/{id}/users`: every member, no paging (a bare array). */
export const list = (z: ZObject, bundle: Bundle, workspaceId: number): Promise<Member[]> =>
  opnform(z, bundle).get(path`/open/workspaces/${workspaceId}/users`, {
    need: READ_MEMBERS,
    schema: MemberList(),
  });

/** A change to one member (admins only); the server's message, if any. */
const changeMember = async (
  z: ZObject,
  bundle: Bundle,
  method: 'delete' | 'put',
  apiPath: ReturnType<typeof path>,
  known: readonly KnownFailure[],
  body?: unknown,
): Promise<string | null | undefined> => {
  const reply = await opnform(z, bundle)[method](apiPath, {
    need: { ...MANAGE_MEMBERS, thing: 'member' },
    statuses: { known },
    schema: MessageReply(),
    ...(body === undefined ? {} : { body }),
  });
  return reply?.message;
};

/** `DELETE /open/workspaces/{id}/users/{user}/remove`: the server's message, if any. */
export const remove = (z: ZObject, bundle: Bundle, workspaceId: number, userId: number) =>
  changeMember(
    z,
    bundle,
    'delete',
    path`/open/workspaces/${workspaceId}/users/${userId}/remove`,
    NOT_A_MEMBER_ON_REMOVE,
  );

/** `PUT /open/workspaces/{id}/users/{user}/update-role` with `{role}`: the server's message, if any. */
export const updateRole = (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
  userId: number,
  role: MemberRole,
) =>
  changeMember(
    z,
    bundle,
    'put',
    path`/open/workspaces/${workspaceId}/users/${userId}/update-role`,
    NOT_A_MEMBER_ON_ROLE_CHANGE,
    { role },
  );

/**
 * The refusals of `users/add` that get their own message (recorded: `team--add-user` #3, #5). A
 * pending invite for the same email means the person is invited already: the goal holds, so a halt.
 * The self-hosted licence limit is a 403 that is no policy refusal (no new token or role helps).
 */
export const ADD_MEMBER_FAILURES: readonly KnownFailure[] = [
  {
    said: 'User has already been invited.',
    code: 'conflict',
    halt: true,
    message:
      'This email already has a pending invite to the workspace, so OpnForm sent no new one (and kept the ' +
      "invite's role). Use Resend Invite to send it again, or Cancel Invite and invite them again to change the role.",
  },
  {
    said: 'Enterprise license is required to add more than 2 users to a self-hosted instance.',
    status: 403,
    code: 'forbidden',
    message:
      'OpnForm refused to invite this person (403): this self-hosted OpnForm server has no Enterprise licence, ' +
      'and without one it allows only 2 user accounts, so it cannot invite someone who has no account on it yet. ' +
      'People who already have an account on this server can still be added; for more, the server needs a licence.',
  },
];

/**
 * `POST /open/workspaces/{id}/users/add` with `{email, role}`: adds a user who has an account (the
 * server looks the email up case-sensitively), answers "User is already in workspace." for a member
 * (role unchanged), or invites an unknown email (`invite` in the answer).
 */
export const add = (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
  email: string,
  role: MemberRole,
): Promise<AddMemberReply> =>
  opnform(z, bundle).post(path`/open/workspaces/${workspaceId}/users/add`, {
    need: MANAGE_MEMBERS,
    statuses: { known: ADD_MEMBER_FAILURES, fields: { email: 'Email (email)', role: 'Role (role)' } },
    body: { email, role },
    schema: AddMemberReply(),
  });

/**
 * OpnForm's answers to the workspace team steps: members and invites (the steps' inputs:
 * src/workspaces/inputs.ts).
 * Members carry their role in `role` (spec) or `pivot.role` (real server); invites never expose a
 * token here, and the output is built from an allow-list anyway.
 */
import * as z from 'zod/mini';
import { Invite, Workspace, WorkspaceUser } from './resources';

/** The roles the role-update operation accepts (spec). */
export const MEMBER_ROLES = ['admin', 'user', 'readonly'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const INVITE_STATUSES = ['pending', 'accepted'] as const;

/** A workspace member with the membership's timestamps (real server: `pivot.created_at`). */
export const Member = WorkspaceUser;
export type Member = z.infer<typeof Member>;

/** `GET /open/workspaces/{id}/users`: a bare array. */
export const MemberList = z.array(Member);

/** `GET /open/workspaces`: a bare array of the user's workspaces (no paging). */
export const OpenWorkspaceList = z.array(Workspace);

/** `GET /open/workspaces/{id}/invites`: a bare array. */
export const InviteList = z.array(Invite);

/**
 * `POST /open/workspaces/{id}/users/add`: `{type, message}`, plus the new `invite` (without its
 * token; `valid_until` ISO here) when OpnForm sent a registration invitation.
 */
export const AddMemberReply = z.looseObject({
  message: z.optional(z.nullable(z.string())),
  invite: z.optional(
    z.nullable(
      z.looseObject({
        id: z.number(),
        email: z.optional(z.nullable(z.string())),
        role: z.optional(z.nullable(z.string())),
        valid_until: z.optional(z.nullable(z.string())),
      }),
    ),
  ),
});
export type AddMemberReply = z.infer<typeof AddMemberReply>;

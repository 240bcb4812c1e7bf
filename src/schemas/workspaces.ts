/**
 * Schemas of the workspace team steps: members and invites (inputs and OpnForm answers).
 * Members carry their role in `role` (spec) or `pivot.role` (real server); invites never expose a
 * token here, and the output is built from an allow-list anyway.
 */
import * as z from 'zod/mini';
import { Choice, InviteId, inputObject, OptionalChoice, UserId, WorkspaceId } from './inputs';
import { Invite, Workspace, WorkspaceUser } from './resources';

const optStr = z.optional(z.nullable(z.string()));

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

/** An email to look up: required, trimmed. */
export const EmailInput = z.pipe(
  z.union([z.string(), z.number()], { error: 'is required (an email address)' }),
  z.transform((value, ctx) => {
    const text = String(value).trim();
    if (text === '') {
      ctx.issues.push({ code: 'custom', input: value, message: 'is required (an email address)' });
      return z.NEVER;
    }
    return text;
  }),
);

export { WorkspaceInput } from './inputs';
export const FindMemberInput = inputObject({ workspace_id: WorkspaceId, email: EmailInput });
export const FindInviteInput = inputObject({
  workspace_id: WorkspaceId,
  email: EmailInput,
  status: OptionalChoice(INVITE_STATUSES),
});
export const MemberInput = inputObject({ workspace_id: WorkspaceId, user_id: UserId });
export const UpdateRoleInput = inputObject({
  workspace_id: WorkspaceId,
  user_id: UserId,
  role: Choice(MEMBER_ROLES),
});
export const InviteInput = inputObject({ workspace_id: WorkspaceId, invite_id: InviteId });

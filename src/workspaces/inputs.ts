/** Input schemas of the workspace team steps (members and invites), beside their `inputFields`. */
import * as z from 'zod/mini';
import { Choice, InviteId, inputObject, OptionalChoice, UserId, WorkspaceId } from '../schemas/inputs';
import { INVITE_STATUSES, MEMBER_ROLES } from '../schemas/workspaces';

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

export { WorkspaceInput } from '../schemas/inputs';
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

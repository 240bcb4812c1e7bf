/** Input schemas of the workspace team steps (members and invites), beside their `inputFields`. */
import {
  Choice,
  EmailAddress,
  InviteId,
  inputObject,
  OptionalChoice,
  RequiredText,
  UserId,
  WorkspaceId,
} from '../schemas/inputs';
import { INVITE_STATUSES } from '../schemas/invites';
import { MEMBER_ROLES } from '../schemas/members';

/** An email to look up: required, trimmed. */
export const EmailInput = RequiredText('is required (an email address)');

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

export const InviteMemberInput = inputObject({
  workspace_id: WorkspaceId,
  email: EmailAddress,
  role: Choice(MEMBER_ROLES),
});

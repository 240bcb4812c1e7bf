/**
 * Find or Invite Member: Find Workspace Member (exact email) paired with Invite Member. Zapier requires
 * a search-or-create's `key` to be its search's key (zapier-platform-schema, searchOrCreateKeys); the
 * public key of the pair is its key in the app's `searchOrCreates`.
 */
export const FIND_OR_INVITE_MEMBER = 'find_or_invite_member';

export const findOrInviteMember = {
  key: 'find_member',
  display: {
    label: 'Find or Invite Member',
    description: 'Finds a workspace member by email, or invites them if they are not a member.',
  },
  search: 'find_member',
  create: 'invite_member',
} as const;

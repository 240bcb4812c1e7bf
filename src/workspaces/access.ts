import type { KnownFailure, RequestContext } from '../http/failures';

/**
 * What each team step asks of the token and the connected user, as a real OpnForm server checks it
 * (recorded: `team--*`, `limits--abilities-403`), for the HTTP layer's 403 wording. The spec's
 * `workspace-users-*` abilities are never checked by the server, so they are never asked for.
 */
/** Listing members: `workspaces-read` (any member, readonly ones too). */
export const READ_MEMBERS: Omit<RequestContext, 'thing'> = {
  abilities: ['workspaces-read'],
  member: true,
};

/** Adding members, role changes, removals, listing, resending and cancelling invites: admins only. */
export const MANAGE_MEMBERS: Omit<RequestContext, 'thing'> = {
  abilities: ['workspaces-write'],
  admin: true,
};

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

/** Listing invites: `workspaces-write` and admin rights (`workspaces-read` is not needed). */
export const READ_INVITES: Omit<RequestContext, 'thing'> = MANAGE_MEMBERS;

/**
 * The failures of resend and cancel. The spec does not say which status carries them; a real
 * server sends 400 `{type:'error', success:false, message}`; a 404 or 422 could too.
 */
export const INVITE_FAILURES: readonly KnownFailure[] = [
  {
    said: 'Invite already accepted.',
    code: 'conflict',
    message:
      'This invite was already accepted, so it can no longer be resent or cancelled: the person is a member of ' +
      'the workspace now. To take their access away, use Remove Member.',
  },
  {
    said: 'Invite not found for this workspace.',
    code: 'not_found',
    message:
      'OpnForm has no such invite in this workspace: it may have been cancelled, or it belongs to another ' +
      'workspace. Choose the invite from the list again.',
  },
];

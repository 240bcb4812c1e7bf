import type { KnownFailure, RequestContext } from '../http/failures';

/**
 * What each team step asks of the token and the connected user, for the HTTP layer's 403 wording.
 * The spec checks the `workspace-users-*` abilities; current OpnForm servers check
 * `workspaces-read` / `workspaces-write` instead, so both are named.
 */
export const READ_MEMBERS: Omit<RequestContext, 'thing'> = {
  abilities: ['workspace-users-read', 'workspaces-read'],
};

/** Role changes, removals, resending and cancelling invites: admins only. */
export const MANAGE_MEMBERS: Omit<RequestContext, 'thing'> = {
  abilities: ['workspace-users-write', 'workspaces-write'],
  admin: true,
};

/** Leaving needs the write ability but not admin rights (any member may leave). */
export const LEAVE: Omit<RequestContext, 'thing'> = {
  abilities: ['workspace-users-write', 'workspaces-write'],
};

/** Listing invites: `workspaces-write` and admin rights (spec changelog 2026-05-27). */
export const READ_INVITES: Omit<RequestContext, 'thing'> = {
  abilities: ['workspaces-write'],
  admin: true,
};

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

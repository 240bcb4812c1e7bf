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

const ACCEPTED: KnownFailure = {
  said: 'Invite already accepted.',
  code: 'conflict',
  halt: true,
  message:
    'This invite was already accepted: the person is a member of the workspace now, so there is nothing to ' +
    'resend or cancel. To take their access away, use Remove Member.',
};

/**
 * The failures of resend and cancel, and whether each is routine (a halt, rule in `src/errors.ts`).
 * The spec does not say which status carries them; a real server sends 400
 * `{type:'error', success:false, message}`; a 404 or 422 could too.
 */
export const RESEND_FAILURES: readonly KnownFailure[] = [
  ACCEPTED,
  {
    said: 'Invite not found for this workspace.',
    code: 'not_found',
    message:
      'OpnForm has no such invite in this workspace: it may have been cancelled, or it belongs to another ' +
      'workspace. Choose the invite from the list again.',
  },
];

/** Cancelling an invite that is gone already reaches the step's goal: a halt, not an error. */
export const CANCEL_FAILURES: readonly KnownFailure[] = [
  ACCEPTED,
  {
    said: 'Invite not found for this workspace.',
    code: 'not_found',
    halt: true,
    message:
      'OpnForm has no such invite in this workspace, so there is nothing to cancel: it was already cancelled ' +
      '(or accepted and removed), or it belongs to another workspace.',
  },
];

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

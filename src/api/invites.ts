import type { Bundle, ZObject } from 'zapier-platform-core';
import type { Need } from '../http/abilities';
import { Absent, opnform } from '../http/client';
import type { KnownFailure } from '../http/failures';
import { path } from '../http/path';
import { MessageReply } from '../schemas/common';
import { type Invite, InviteList } from '../schemas/invites';
import { MANAGE_MEMBERS } from './members';

/** Listing invites: `workspaces-write` and admin rights (`workspaces-read` is not needed). */
export const READ_INVITES: Need = MANAGE_MEMBERS;

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
 * Workspace invites (`/open/workspaces/{id}/invites`). "Invite already accepted." and "Invite not
 * found for this workspace." get clear messages whatever status carries them (the failure tables above).
 */

/** `GET /open/workspaces/{id}/invites`: every invite (pending, accepted, expired), a bare array. */
export const list = (z: ZObject, bundle: Bundle, workspaceId: number): Promise<Invite[]> =>
  opnform(z, bundle).get(path`/open/workspaces/${workspaceId}/invites`, {
    need: READ_INVITES,
    schema: InviteList(),
  });

/**
 * Whether the token may change the workspace as one of its admins, proven by `GET .../invites`, which
 * answers 200 exactly then: 403 for a token without `workspaces-write` (team--invites #13) and for a
 * member who is not an admin (#12), 200 for `workspaces-write` alone (limits--abilities-403 #29). That is
 * what deleting the workspace needs (workspaces--create-update-delete #17-#20); a 403 answers `false`.
 */
export const canManage = async (z: ZObject, bundle: Bundle, workspaceId: number): Promise<boolean> => {
  const reply = await opnform(z, bundle).get(path`/open/workspaces/${workspaceId}/invites`, {
    need: READ_INVITES,
    statuses: { absent: [403] },
    schema: InviteList(),
  });
  return !(reply instanceof Absent);
};

/**
 * `POST .../invites/{invite}/resend` or `DELETE .../invites/{invite}/cancel` (a cancel of an invite
 * already gone halts): the server's message, if any.
 */
const inviteCall =
  (action: 'resend' | 'cancel') =>
  async (
    z: ZObject,
    bundle: Bundle,
    workspaceId: number,
    inviteId: number,
  ): Promise<string | null | undefined> => {
    const client = opnform(z, bundle);
    const send = action === 'resend' ? client.post : client.delete;
    const reply = await send(path`/open/workspaces/${workspaceId}/invites/${inviteId}/${action}`, {
      need: { ...MANAGE_MEMBERS, thing: 'invite' },
      statuses: { known: action === 'resend' ? RESEND_FAILURES : CANCEL_FAILURES },
      schema: MessageReply(),
    });
    return reply?.message;
  };

export const resend = inviteCall('resend');
export const cancel = inviteCall('cancel');

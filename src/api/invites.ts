import type { Bundle, ZObject } from 'zapier-platform-core';
import { opnform } from '../http/client';
import { path } from '../http/path';
import { type Invite, MessageReply } from '../schemas/resources';
import { InviteList } from '../schemas/workspaces';
import { CANCEL_FAILURES, MANAGE_MEMBERS, READ_INVITES, RESEND_FAILURES } from './access';

/**
 * Workspace invites (`/open/workspaces/{id}/invites`). "Invite already accepted." and "Invite not
 * found for this workspace." get clear messages whatever status carries them (`./access`).
 */

/** `GET /open/workspaces/{id}/invites`: every invite (pending, accepted, expired), a bare array. */
export const listInvites = (z: ZObject, bundle: Bundle, workspaceId: number): Promise<Invite[]> =>
  opnform(z, bundle).get(path`/open/workspaces/${workspaceId}/invites`, {
    thing: 'workspace',
    ...READ_INVITES,
    schema: InviteList,
  });

const call = { thing: 'invite' as const, ...MANAGE_MEMBERS, schema: MessageReply };

/** `POST /open/workspaces/{id}/invites/{invite}/resend`: the server's message, if any. */
export const resendInvite = async (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
  inviteId: number,
): Promise<string | null | undefined> =>
  (
    await opnform(z, bundle).post(path`/open/workspaces/${workspaceId}/invites/${inviteId}/resend`, {
      ...call,
      known: RESEND_FAILURES,
    })
  )?.message;

/** `DELETE /open/workspaces/{id}/invites/{invite}/cancel` (an invite already gone halts): the message, if any. */
export const cancelInvite = async (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
  inviteId: number,
): Promise<string | null | undefined> =>
  (
    await opnform(z, bundle).delete(path`/open/workspaces/${workspaceId}/invites/${inviteId}/cancel`, {
      ...call,
      known: CANCEL_FAILURES,
    })
  )?.message;

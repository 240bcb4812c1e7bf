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
      thing: 'invite',
      ...MANAGE_MEMBERS,
      known: action === 'resend' ? RESEND_FAILURES : CANCEL_FAILURES,
      schema: MessageReply,
    });
    return reply?.message;
  };

export const resendInvite = inviteCall('resend');
export const cancelInvite = inviteCall('cancel');

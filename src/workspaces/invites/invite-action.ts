import type { Bundle, ZObject } from 'zapier-platform-core';
import { opnform } from '../../http/client';
import { path } from '../../http/path';
import { parseInput } from '../../schemas/parse';
import { MessageReply } from '../../schemas/resources';
import { InviteInput } from '../../schemas/workspaces';
import { FIELD_LABELS, workspaceField } from '../../shared/fields';
import { CANCEL_FAILURES, MANAGE_MEMBERS, RESEND_FAILURES } from '../access';
import { inviteField } from '../fields';
import { refuseUnresendable } from './resendable';

export const inviteInputFields = [workspaceField, inviteField];

/**
 * Resend (`POST .../resend`) or cancel (`DELETE .../cancel`) one invite. "Invite already accepted."
 * and "Invite not found for this workspace." get clear messages whatever status carries them; both
 * halt a cancel (the invite is gone either way), an accepted invite halts a resend.
 * A resend reads the invite first and refuses an expired one (OpnForm would answer 200 and change
 * nothing): 2 requests; a cancel is 1.
 */
export const inviteAction = async (z: ZObject, bundle: Bundle, action: 'resend' | 'cancel') => {
  const { workspace_id, invite_id } = parseInput(z, InviteInput, bundle.inputData, FIELD_LABELS);
  if (action === 'resend') await refuseUnresendable(z, bundle, workspace_id, invite_id);
  const client = opnform(z, bundle);
  const call = { thing: 'invite' as const, ...MANAGE_MEMBERS, schema: MessageReply };
  const reply =
    action === 'resend'
      ? await client.post(path`/open/workspaces/${workspace_id}/invites/${invite_id}/resend`, {
          ...call,
          known: RESEND_FAILURES,
        })
      : await client.delete(path`/open/workspaces/${workspace_id}/invites/${invite_id}/cancel`, {
          ...call,
          known: CANCEL_FAILURES,
        });
  return { id: invite_id, workspace_id, message: reply?.message };
};

export const inviteActionOutputFields = (flag: string, flagLabel: string) => [
  { key: 'id', label: 'Invite ID', type: 'integer' as const },
  { key: 'workspace_id', label: 'Workspace ID', type: 'integer' as const },
  { key: flag, label: flagLabel, type: 'boolean' as const },
  { key: 'message', label: 'Message', type: 'string' as const },
];

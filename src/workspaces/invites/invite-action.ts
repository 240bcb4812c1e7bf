import type { Bundle, ZObject } from 'zapier-platform-core';
import { opnform } from '../../http/client';
import { path } from '../../http/path';
import { parseInput } from '../../schemas/parse';
import { MessageReply } from '../../schemas/resources';
import { InviteInput } from '../../schemas/workspaces';
import { isoDateTime } from '../../shared/dates';
import { FIELD_LABELS, workspaceField } from '../../shared/fields';
import { INVITE_FAILURES, MANAGE_MEMBERS } from '../access';
import { inviteField } from '../fields';
import { memberRole } from '../members/member';
import { listInvites } from './invite';
import { refuseUnresendable } from './resendable';

export const inviteInputFields = [workspaceField, inviteField];

/**
 * Resend (`POST .../resend`) or cancel (`DELETE .../cancel`) one invite. "Invite already accepted."
 * and "Invite not found for this workspace." get clear messages whatever status carries them.
 * A resend reads the invite first and refuses an expired one (OpnForm would answer 200 and change
 * nothing). A cancel reads the invites too, so the output says whose invite was cancelled (it is gone
 * afterwards). Both: 2 requests. The output adds the invite's email, role and valid-until when listed.
 */
export const inviteAction = async (z: ZObject, bundle: Bundle, action: 'resend' | 'cancel') => {
  const { workspace_id, invite_id } = parseInput(z, InviteInput, bundle.inputData, FIELD_LABELS);
  const invite =
    action === 'resend'
      ? await refuseUnresendable(z, bundle, workspace_id, invite_id)
      : (await listInvites(z, bundle, workspace_id)).find((i) => i.id === invite_id);
  const client = opnform(z, bundle);
  const call = { thing: 'invite' as const, ...MANAGE_MEMBERS, known: INVITE_FAILURES, schema: MessageReply };
  const reply =
    action === 'resend'
      ? await client.post(path`/open/workspaces/${workspace_id}/invites/${invite_id}/resend`, call)
      : await client.delete(path`/open/workspaces/${workspace_id}/invites/${invite_id}/cancel`, call);
  return {
    id: invite_id,
    workspace_id,
    message: reply?.message,
    details: {
      email: invite?.email ?? null,
      role: invite === undefined ? null : memberRole({ role: invite.role }),
      valid_until: isoDateTime(invite?.valid_until),
    },
  };
};

export const INVITE_DETAILS_SAMPLE = {
  email: 'grace@example.org',
  role: 'user',
  valid_until: '2026-06-03T10:00:00+00:00',
};

export const inviteActionOutputFields = (flag: string, flagLabel: string) => [
  { key: 'id', label: 'Invite ID', type: 'integer' as const },
  { key: 'workspace_id', label: 'Workspace ID', type: 'integer' as const },
  { key: flag, label: flagLabel, type: 'boolean' as const },
  { key: 'message', label: 'Message', type: 'string' as const },
  { key: 'email', label: 'Email', type: 'string' as const },
  { key: 'role', label: 'Role (admin, user or readonly)', type: 'string' as const },
  { key: 'valid_until', label: 'Valid Until', type: 'datetime' as const },
];

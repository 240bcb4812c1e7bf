import { type Bundle, type CreatePerform, defineCreate, type ZObject } from 'zapier-platform-core';
import * as invites from '../../api/invites';
import { inviteField, workspaceField } from '../../inputs/fields';
import { InviteId, inputObject, WorkspaceId } from '../../inputs/values';
import { parseInput } from '../../schemas/parse';
import { isoDateTime } from '../../shared/dates';
import { teamActionFields } from '../action';
import { memberRole } from '../members/member';
import { DESTRUCTIVE_NOTE, destructiveWarning } from '../warning';
import { refuseUnresendable } from './resendable';

export const inviteInputFields = [workspaceField, inviteField];
const Input = inputObject(() => ({ workspace_id: WorkspaceId(), invite_id: InviteId() }));

type Action = 'resend' | 'cancel';

/**
 * Resend (`POST .../resend`) or cancel (`DELETE .../cancel`) one invite. "Invite already accepted."
 * and "Invite not found for this workspace." get clear messages whatever status carries them; both
 * halt a cancel (the invite is gone either way), an accepted invite halts a resend.
 * A resend reads the invite first and refuses an expired one (OpnForm would answer 200 and change
 * nothing). A cancel reads the invites too, so the output says whose invite was cancelled (it is gone
 * afterwards). Both: 2 requests. The output adds the invite's email, role and valid-until when listed.
 */
export const inviteAction = async (z: ZObject, bundle: Bundle, action: Action) => {
  const { workspace_id, invite_id } = parseInput(z, Input(), bundle.inputData, inviteInputFields);
  const invite =
    action === 'resend'
      ? await refuseUnresendable(z, bundle, workspace_id, invite_id)
      : (await invites.list(z, bundle, workspace_id)).find((i) => i.id === invite_id);
  const message = await (action === 'resend' ? invites.resend : invites.cancel)(
    z,
    bundle,
    workspace_id,
    invite_id,
  );
  return {
    id: invite_id,
    workspace_id,
    message,
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

/** The fields the sample does not say itself (the flag, `message` and `email` are labelled from it). */
export const inviteActionOutputFields = () =>
  teamActionFields(
    'Invite ID',
    { key: 'role', label: 'Role (admin, user or readonly)' },
    { key: 'valid_until', label: 'Valid Until', type: 'datetime' },
  );

/** What differs between Resend Invite and Cancel Invite; the rest of the step is shared. */
interface InviteActionSpec<K extends string> {
  key: K;
  action: Action;
  label: string;
  description: string;
  /** A destructive step's warning (shown first; the description then ends with DESTRUCTIVE_NOTE). */
  warning?: string;
  /** The output's yes/no flag ("resent", "cancelled"). */
  flag: string;
  /** The message when OpnForm sends none, and the sample's message. */
  fallback: string;
  sampleMessage: string;
}

/** Resend Invite and Cancel Invite: one invite, chosen from the workspace's invites. */
export const defineInviteAction = <const K extends string>(spec: InviteActionSpec<K>) => {
  const warned = spec.warning === undefined ? [] : [destructiveWarning(spec.warning)];
  const perform = (async (z, bundle) => {
    const { id, workspace_id, message, details } = await inviteAction(z, bundle, spec.action);
    return { id, workspace_id, [spec.flag]: true, message: message ?? spec.fallback, ...details };
  }) satisfies CreatePerform;
  return defineCreate({
    key: spec.key,
    noun: 'Invite',
    display: {
      label: spec.label,
      description: spec.warning === undefined ? spec.description : `${spec.description} ${DESTRUCTIVE_NOTE}`,
    },
    operation: {
      inputFields: [...warned, ...inviteInputFields],
      perform,
      sample: {
        id: 71,
        workspace_id: 7,
        [spec.flag]: true,
        message: spec.sampleMessage,
        ...INVITE_DETAILS_SAMPLE,
      },
      outputFields: inviteActionOutputFields(),
    },
  });
};

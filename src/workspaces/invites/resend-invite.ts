import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as invites from '../../api/invites';
import { inviteField, workspaceField } from '../../inputs/fields';
import { InviteId, inputObject, WorkspaceId } from '../../inputs/values';
import { parseInput } from '../../schemas/parse';
import { throttleFor } from '../../shared/limits';
import { inviteActionOutputFields, inviteActionSample, inviteDetails } from './invite';
import { refuseUnresendable } from './resendable';

const inputFields = defineInputFields([workspaceField, inviteField]);
const Input = inputObject(() => ({ workspace_id: WorkspaceId(), invite_id: InviteId() }));

/**
 * `POST .../invites/{invite}/resend`, after reading the invites: an expired invite is refused (OpnForm
 * would answer 200 and change nothing), an unknown or accepted one gets OpnForm's own message without
 * a request (./resendable.ts): 2 requests.
 */
const perform = (async (z, bundle) => {
  const { workspace_id, invite_id } = parseInput(z, Input(), bundle.inputData, inputFields);
  const invite = await refuseUnresendable(z, bundle, workspace_id, invite_id);
  const message = (await invites.resend(z, bundle, workspace_id, invite_id)) ?? 'Invite email resent.';
  return { id: invite_id, workspace_id, resent: true, message, ...inviteDetails(invite) };
}) satisfies CreatePerform;

export const resendInvite = defineCreate({
  key: 'resend_invite',
  noun: 'Invite',
  display: {
    label: 'Resend Invite',
    description:
      "Sends a pending invite's email again (an expired invite is refused: invite the person anew). Returns the invite.",
  },
  operation: {
    inputFields,
    perform,
    sample: inviteActionSample({ resent: true }, 'Invite email resent successfully.'),
    outputFields: inviteActionOutputFields(),
    throttle: throttleFor(2), // the invites + the resend
  },
});

export const cases: import('../../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', invite_id: '$pendingInviteId' },
    minimum: 2,
    why: 'the invites (expired or accepted: OpnForm would answer 200 and send a dead link) + resend',
    review: {
      on: 'Cloud; self-hosted while it has at most 2 users (the licence limit refuses new invites: `team--add-user#3`)',
      evidence: ['team--invites#0', 'team--invites#2-#3'],
    },
  },
];

import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as invites from '../../api/invites';
import { inviteField, workspaceField } from '../../inputs/fields';
import { InviteId, inputObject, WorkspaceId } from '../../inputs/values';
import { DESTRUCTIVE_NOTE, destructiveWarning } from '../../inputs/warning';
import { parseInput } from '../../schemas/parse';
import { throttleFor } from '../../shared/limits';
import { inviteActionOutputFields, inviteActionSample, inviteDetails } from './invite';

const inputFields = defineInputFields([
  destructiveWarning(
    'The invite link stops working and the invite is deleted; to let the person join, invite them again.',
  ),
  workspaceField,
  inviteField,
]);
const Input = inputObject(() => ({ workspace_id: WorkspaceId(), invite_id: InviteId() }));

/**
 * `DELETE .../invites/{invite}/cancel`, after reading the invites so the output says whose invite was
 * cancelled (it is gone afterwards): 2 requests. "Invite already accepted." and "Invite not found for
 * this workspace." halt whatever status carries them (the invite is gone either way; src/api/invites.ts).
 */
const perform = (async (z, bundle) => {
  const { workspace_id, invite_id } = parseInput(z, Input(), bundle.inputData, inputFields);
  const invite = (await invites.list(z, bundle, workspace_id)).find((i) => i.id === invite_id);
  const message = (await invites.cancel(z, bundle, workspace_id, invite_id)) ?? 'Invite cancelled.';
  return { id: invite_id, workspace_id, cancelled: true, message, ...inviteDetails(invite) };
}) satisfies CreatePerform;

export const cancelInvite = defineCreate({
  key: 'cancel_invite',
  noun: 'Invite',
  display: {
    label: 'Cancel Invite',
    description:
      "Cancels a pending workspace invite: its link stops working. Returns the invite's email and role. " +
      DESTRUCTIVE_NOTE,
  },
  operation: {
    inputFields,
    perform,
    sample: inviteActionSample({ cancelled: true }, 'Invite deleted successfully.'),
    outputFields: inviteActionOutputFields(),
    throttle: throttleFor(2), // the invites + the cancel
  },
});

export const cases: import('../../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', invite_id: '$pendingInviteId' },
    minimum: 2,
    why: 'the invites (whose invite it was: it is gone afterwards) + cancel',
    writes: /^DELETE /,
    review: {
      on: 'Cloud; self-hosted while it has at most 2 users (the licence limit refuses new invites: `team--add-user#3`)',
      evidence: ['team--invites#17', 'team--invites#19'],
      note:
        'Why: withdrawing an invite sent by mistake or to someone who left before accepting, so its ' +
        'link cannot be used. Instead: leave it pending until it expires (Find Invite shows its ' +
        'expiry); Invite Member sends a new one if needed.',
    },
  },
];

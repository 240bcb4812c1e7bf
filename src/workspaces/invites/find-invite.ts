import { defineInputFields, defineSearch, type SearchPerform } from 'zapier-platform-core';
import * as invites from '../../api/invites';
import { EmailToFind, emailField, workspaceField } from '../../inputs/fields';
import { inputObject, OptionalChoice, WorkspaceId } from '../../inputs/values';
import { INVITE_STATUSES } from '../../schemas/invites';
import { parseInput } from '../../schemas/parse';
import { throttleFor } from '../../shared/limits';
import { sameEmail } from '../member';
import { INVITE_OUTPUT_FIELDS, INVITE_SAMPLE, type InviteOutput, pendingFirst, shapeInvite } from './invite';

const inputFields = defineInputFields([
  workspaceField,
  emailField,
  {
    key: 'status',
    label: 'Invite Status',
    required: false,
    choices: INVITE_STATUSES.map((value) => ({
      value,
      label: value === 'pending' ? 'Pending' : 'Accepted',
      sample: value,
    })),
    helpText: 'Only invites with this status. Leave empty for any status.',
  },
]);
const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  email: EmailToFind(),
  status: OptionalChoice(INVITE_STATUSES),
}));

/** OpnForm has no invite search: list the invites, match the email exactly (any case), pending first. */
const perform = (async (z, bundle) => {
  const { workspace_id, email, status } = parseInput(z, Input(), bundle.inputData, inputFields);
  const listed = await invites.list(z, bundle, workspace_id);
  const now = Date.now();
  return pendingFirst(listed.filter((i) => sameEmail(i.email, email)))
    .map((i) => shapeInvite(i, now))
    .filter((i) => status === undefined || i.status === status);
}) satisfies SearchPerform<Record<string, unknown>, InviteOutput>;

export const findInvite = defineSearch({
  key: 'find_invite',
  noun: 'Invite',
  display: {
    label: 'Find Invite',
    description:
      'Finds a workspace invite by exact email address (any case), pending first. Returns its role, status and expiry.',
  },
  operation: {
    inputFields,
    perform,
    sample: INVITE_SAMPLE,
    outputFields: INVITE_OUTPUT_FIELDS,
    throttle: throttleFor(1), // the invites
  },
});

export const cases: import('../../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', email: 'barbara@example.org' },
    minimum: 1,
    why: 'list',
    nothing: { workspace_id: '$workspaceId', email: 'nobody@example.org' },
    review: {
      on: 'an invite to find, so as Resend Invite: Cloud; self-hosted while it has at most 2 users (the licence limit refuses new invites: `team--add-user#3`)',
      evidence: ['team--invites#2'],
    },
  },
];

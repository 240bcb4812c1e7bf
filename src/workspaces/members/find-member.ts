import { defineInputFields, defineSearch, type SearchPerform } from 'zapier-platform-core';
import * as members from '../../api/members';
import { EmailToFind, emailField, workspaceField } from '../../inputs/fields';
import { inputObject, WorkspaceId } from '../../inputs/values';
import { parseInput } from '../../schemas/parse';
import { throttleFor } from '../../shared/limits';
import { MEMBER_OUTPUT_FIELDS, MEMBER_SAMPLE, type MemberOutput, sameEmail, shapeMember } from '../member';

const inputFields = defineInputFields([
  workspaceField,
  {
    ...emailField,
    helpText:
      'Exact match, any case. Members only: a pending invitee is found by Find Invite and withdrawn by Cancel Invite.',
  },
]);
const Input = inputObject(() => ({ workspace_id: WorkspaceId(), email: EmailToFind() }));

/** OpnForm has no member search: list the members and match the email exactly, ignoring case. */
const perform = (async (z, bundle) => {
  const { workspace_id, email } = parseInput(z, Input(), bundle.inputData, inputFields);
  const listed = await members.list(z, bundle, workspace_id);
  return listed.filter((m) => sameEmail(m.email, email)).map(shapeMember);
}) satisfies SearchPerform<Record<string, unknown>, MemberOutput>;

export const findMember = defineSearch({
  key: 'find_member',
  noun: 'Member',
  display: {
    label: 'Find Workspace Member',
    description:
      'Finds a workspace member by exact email address (any case). Returns their user ID (what Update Member Role and Remove Member take).',
  },
  operation: {
    inputFields,
    perform,
    sample: MEMBER_SAMPLE,
    outputFields: MEMBER_OUTPUT_FIELDS,
    throttle: throttleFor(1), // the members
  },
});

export const cases: import('../../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', email: 'ada@example.org' },
    minimum: 1,
    why: 'list',
    nothing: { workspace_id: '$workspaceId', email: 'nobody@example.org' },
    review: { on: "both: the connected user's own email is always found", evidence: ['team--list-users#0'] },
  },
];

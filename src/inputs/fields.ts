/**
 * The input fields several steps share, with their value schemas: the pickers (workspace, form,
 * submission, member, invite, webhook integration) and the team steps' email and role. A field only
 * one step has stays in that step.
 */
import { defineInputField, type ZObject } from 'zapier-platform-core';
import * as v from 'zod/mini';
import { invalidInput } from '../errors';
import { lazy } from '../schemas/lazy';
import { MEMBER_ROLES } from '../schemas/members';
import { Choice, FormId, inputObject, RequiredText, WorkspaceId, wholeNumber } from './values';

/**
 * The workspace picker every workspace- or form-scoped step starts with. One definition, repeated in
 * the definition of ~30 steps, so its help is short. `altersDynamicFields` is added only by the steps
 * whose fields (inputs or outputs) are built from the choice.
 */
export const workspaceField = defineInputField({
  key: 'workspace_id',
  label: 'Workspace',
  required: true,
  dynamic: 'workspace_list.id.name',
  helpText: 'Choose one, or map a workspace id.',
});

/** The form picker; its list depends on the chosen workspace. */
export const formField = defineInputField({
  key: 'form_id',
  label: 'Form',
  required: true,
  dynamic: 'form_list.id.name',
  dependsOn: ['workspace_id'],
  helpText: 'Choose one, or map a form id.',
});

/** The workspace picker alone. */
export const WorkspaceInput = inputObject(() => ({ workspace_id: WorkspaceId() }));

/** The workspace and form pickers. */
export const FormInput = inputObject(() => ({ workspace_id: WorkspaceId(), form_id: FormId() }));

/** The Submission picker of a step on one submission: recent ones of the chosen form, Find Submission offered. */
export const submissionField = (helpText: string) =>
  defineInputField({
    key: 'submission_id',
    label: 'Submission',
    required: true,
    dynamic: 'submission_list.id.label',
    search: 'find_submission.id',
    dependsOn: ['form_id'],
    helpText,
  });

/** A submission's public UUID (the list's `submission_id`, the `submission_id` of its edit link). */
const SUBMISSION_UUID = /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i;

/** Whether a value is a submission's public UUID (spaces around it allowed). */
const isSubmissionUuid = (value: unknown) =>
  typeof value === 'string' && value.length <= 100 && SUBMISSION_UUID.test(value.trim());

const REF_ALLOWED = "must be the submission's ID (a whole number) or its UUID (as in its edit link)";

/** A submission named by its id (a number) or its public UUID (returned in lower case). */
export const SubmissionRef = lazy(() =>
  v.pipe(
    v.union([v.number(), v.string()], { error: REF_ALLOWED }),
    v.transform((value, ctx): number | string =>
      isSubmissionUuid(value)
        ? String(value).trim().toLowerCase()
        : wholeNumber(value, ctx, {
            min: 1,
            max: Number.MAX_SAFE_INTEGER,
            digits: 16,
            allowed: REF_ALLOWED,
          }),
    ),
  ),
);

/** Real OpnForm submission ids are database row numbers, far below 2^52 (the connector's made-up ids start there). */
const MADE_UP_ID_FROM = 2 ** 52;

/**
 * Refuses, before any request, a Submission value that cannot be a real submission id: a made-up test
 * id (2^52 or more: older New Submission samples, deliveries without an id) or a hashed id from a CSV
 * (letters and digits). A submission's public UUID passes: the steps turn it into the id
 * (`SubmissionRef`). Other bad values get the usual input error.
 */
export const refuseUnrealSubmissionId = (z: ZObject, value: unknown) => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  // longer than any id, public or made up: the usual input error names the field (the patterns below
  // would overflow the regular expression engine's stack on megabytes of text)
  if (text.length > 100) return;
  const madeUp = /^\d{16,}$/.test(text) && Number(text) >= MADE_UP_ID_FROM;
  const hashed = /^[A-Za-z0-9_-]{12,}$/.test(text) && /[A-Za-z]/.test(text) && !SUBMISSION_UUID.test(text);
  if (!madeUp && !hashed) return;
  throw invalidInput(
    z,
    `Submission (submission_id) is not a real submission id: ${text.slice(0, 60)}. Use a ` +
      'submission from a live run or pick one in the Submission dropdown.',
  );
};

/** A member of the chosen workspace (hidden trigger `member_list`). */
export const memberField = defineInputField({
  key: 'user_id',
  label: 'Member',
  required: true,
  dynamic: 'member_list.id.label',
  search: 'find_member.id',
  dependsOn: ['workspace_id'],
  helpText: 'Choose one, or map a user id.',
});

/** An invite of the chosen workspace (hidden trigger `invite_list`; pending invites first). */
export const inviteField = defineInputField({
  key: 'invite_id',
  label: 'Invite',
  required: true,
  dynamic: 'invite_list.id.label',
  search: 'find_invite.id',
  dependsOn: ['workspace_id'],
  helpText:
    'Choose one (pending first, expired ones marked), or map an invite id. Needs admin rights and the ' +
    'workspaces-write ability.',
});

/** The form's webhook (dropdown of its webhook integrations, after the form); `helpText` says what for. */
export const webhookIntegrationField = (helpText: string, required = true) =>
  defineInputField({
    key: 'webhook_integration_id',
    label: 'Webhook Integration',
    required,
    dynamic: 'webhook_integration_list.id.name',
    dependsOn: ['form_id'],
    helpText,
  });

const ROLE_LABELS: Record<(typeof MEMBER_ROLES)[number], string> = {
  admin: 'Admin (manages the workspace and its members)',
  user: 'User (creates and edits forms)',
  readonly: 'Read Only (views forms and submissions)',
};

export const roleField = defineInputField({
  key: 'role',
  label: 'Role',
  required: true,
  choices: MEMBER_ROLES.map((value) => ({ value, label: ROLE_LABELS[value], sample: value })),
  helpText: 'The new role: admin, user or readonly.',
});

/** A member role: admin, user or readonly. */
export const Role = () => Choice(MEMBER_ROLES);

export const emailField = defineInputField({
  key: 'email',
  label: 'Email',
  required: true,
  helpText: 'Exact match; upper or lower case and spaces around it do not matter.',
});

/** An email to look up: required, trimmed. */
export const EmailToFind = () => RequiredText('is required (an email address)');

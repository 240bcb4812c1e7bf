/**
 * One valid call of every operation against the seeded sandbox, with the fewest OpnForm requests it
 * can need. Used by the fault tests (every operation under every fault) and by the benchmark's
 * request counts. A new operation adds its line here.
 */
import type { SandboxIds } from '../sandbox/seed';
import { stableUuid } from '../sandbox/seeds/builders';

export interface OperationCase {
  /** The app method Zapier calls. */
  method: string;
  inputData: (ids: SandboxIds) => Record<string, unknown>;
  /** Extra bundle members (targetUrl, subscribeData, ...). */
  bundle?: (ids: SandboxIds) => Record<string, unknown>;
  /** Requests this call needs at the least, and why. */
  minimum: number;
  why: string;
  /** Writes that must not happen when an earlier read failed: `METHOD path-regex`. */
  writes?: RegExp;
  /** The error this call must end in against the (real-like) sandbox, when failing is its right answer. */
  fails?: RegExp;
}

const ws = (ids: SandboxIds) => ({ workspace_id: ids.workspaceId });
const form = (ids: SandboxIds) => ({ workspace_id: ids.workspaceId, form_id: ids.formId });
/** A seeded submission of the main form no other case reads (the file submission is Update Submission's). */
const spareSubmission = (ids: SandboxIds) =>
  ids.latestSubmissionId === ids.fileSubmissionId ? ids.latestSubmissionId - 1 : ids.latestSubmissionId;

export const OPERATION_CASES: Record<string, OperationCase> = {
  'authentication.test': {
    method: 'authentication.test',
    inputData: () => ({}),
    minimum: 1,
    why: 'validate',
  },
  workspace_list: {
    method: 'triggers.workspace_list.operation.perform',
    inputData: () => ({}),
    minimum: 1,
    why: 'list',
  },
  form_list: { method: 'triggers.form_list.operation.perform', inputData: ws, minimum: 1, why: 'list' },
  // version 1.0.4's hidden lists, kept for its Zaps (the ids its dropdowns saved are strings)
  list_workspaces: {
    method: 'triggers.list_workspaces.operation.perform',
    inputData: () => ({}),
    minimum: 1,
    why: 'list',
  },
  list_forms: {
    method: 'triggers.list_forms.operation.perform',
    inputData: (ids) => ({ workspace_id: String(ids.workspaceId) }),
    minimum: 1,
    why: 'list',
  },
  member_list: { method: 'triggers.member_list.operation.perform', inputData: ws, minimum: 1, why: 'list' },
  invite_list: { method: 'triggers.invite_list.operation.perform', inputData: ws, minimum: 1, why: 'list' },
  new_workspace_member: {
    method: 'triggers.new_workspace_member.operation.perform',
    inputData: ws,
    minimum: 1,
    why: 'list',
  },
  new_form: {
    method: 'triggers.new_form.operation.perform',
    inputData: ws,
    minimum: 1,
    why: 'one page of forms',
  },
  webhook_integration_list: {
    method: 'triggers.webhook_integration_list.operation.perform',
    inputData: form,
    minimum: 1,
    why: 'list',
  },
  'new_submission.performList': {
    method: 'triggers.new_submission.operation.performList',
    inputData: form,
    minimum: 2,
    why: 'the form (question types, date formats) + newest completed submissions (real ids and times)',
  },
  'new_submission.performSubscribe': {
    method: 'triggers.new_submission.operation.performSubscribe',
    inputData: form,
    bundle: () => ({ targetUrl: 'https://hooks.zapier.com/hooks/standard/1/fault-case/' }),
    minimum: 1,
    why: 'subscribe',
  },
  'new_submission.performUnsubscribe': {
    method: 'triggers.new_submission.operation.performUnsubscribe',
    inputData: form,
    bundle: (ids) => ({
      subscribeData: {
        hookUrl: 'https://hooks.zapier.com/hooks/standard/1/fault-case/',
        form_id: ids.formId,
      },
    }),
    minimum: 1,
    why: 'unsubscribe',
  },
  new_partial_submission: {
    method: 'triggers.new_partial_submission.operation.perform',
    inputData: form,
    minimum: 2,
    why: 'partial submissions + the form (names, slug)',
  },
  update_member_role: {
    method: 'creates.update_member_role.operation.perform',
    inputData: (ids) => ({ workspace_id: ids.workspaceId, user_id: ids.memberUserId, role: 'readonly' }),
    minimum: 2,
    why: 'workspaces (who is connected, the admins: never demote yourself or the last admin; the name for the output) + update',
    writes: /^PUT /,
  },
  remove_member: {
    method: 'creates.remove_member.operation.perform',
    inputData: (ids) => ({ workspace_id: ids.workspaceId, user_id: ids.readonlyUserId }),
    minimum: 2,
    why: 'workspaces (who is connected, the admins: never remove yourself or the last admin; the name for the output) + remove',
    writes: /^DELETE /,
  },
  leave_workspace: {
    method: 'creates.leave_workspace.operation.perform',
    inputData: (ids) => ({ workspace_id: ids.otherWorkspaceId }),
    minimum: 2,
    why: 'workspaces (is the user the last admin?), leave',
  },
  resend_invite: {
    method: 'creates.resend_invite.operation.perform',
    inputData: (ids) => ({ workspace_id: ids.workspaceId, invite_id: ids.pendingInviteId }),
    minimum: 2,
    why: 'the invites (expired or accepted: OpnForm would answer 200 and send a dead link) + resend',
  },
  cancel_invite: {
    method: 'creates.cancel_invite.operation.perform',
    inputData: (ids) => ({ workspace_id: ids.workspaceId, invite_id: ids.pendingInviteId }),
    minimum: 2,
    why: 'the invites (whose invite it was: it is gone afterwards) + cancel',
    writes: /^DELETE /,
  },
  update_webhook_integration: {
    method: 'creates.update_webhook_integration.operation.perform',
    inputData: (ids) => ({
      ...form(ids),
      webhook_integration_id: ids.webhookIntegrationId,
      status: 'inactive',
    }),
    minimum: 2,
    why: 'read the current settings + update (the server replaces data wholesale)',
    writes: /^PUT /,
  },
  find_member: {
    method: 'searches.find_member.operation.perform',
    inputData: (ids) => ({ workspace_id: ids.workspaceId, email: 'ada@example.org' }),
    minimum: 1,
    why: 'list',
  },
  find_invite: {
    method: 'searches.find_invite.operation.perform',
    inputData: (ids) => ({ workspace_id: ids.workspaceId, email: 'barbara@example.org' }),
    minimum: 1,
    why: 'list',
  },
  form_field_list: {
    method: 'triggers.form_field_list.operation.perform',
    inputData: form,
    minimum: 1,
    why: 'the form',
  },
  choice_field_list: {
    method: 'triggers.choice_field_list.operation.perform',
    inputData: form,
    minimum: 1,
    why: 'the form',
  },
  update_form: {
    method: 'creates.update_form.operation.perform',
    inputData: (ids) => ({ ...form(ids), choice_field: ids.fields.plan, add_choices: ['Team'] }),
    minimum: 4,
    why:
      'read the form (checks, changes) + read it again right before the save (refused if it changed: OpnForm ' +
      'checks no version and replaces the whole form) + the save + read it back (the change must be there: ' +
      'a save at the same moment wins silently; the save answer only echoes what was sent)',
    writes: /^PUT /,
  },
  submission_list: {
    method: 'triggers.submission_list.operation.perform',
    inputData: form,
    minimum: 1,
    why: 'one page of submissions',
  },
  update_submission: {
    method: 'creates.update_submission.operation.perform',
    inputData: (ids) => ({
      ...form(ids),
      submission_id: ids.fileSubmissionId,
      [`answer__${ids.fields.plan}`]: 'Pro',
    }),
    minimum: 3,
    why: 'the form (check every value before writing) + list page 1 (current answers: no single read for tokens) + PUT',
    writes: /^PUT /,
  },
  create_submission: {
    method: 'creates.create_submission.operation.perform',
    inputData: (ids) => ({
      ...form(ids),
      [`answer__${ids.fields.full_name}`]: 'Case Created',
      [`answer__${ids.fields.email}`]: 'case@example.org',
      [`answer__${ids.fields.plan}`]: 'Pro',
    }),
    minimum: 3,
    why:
      'the form (refusals and value checks before writing) + the public answer POST + list page 1 (the new ' +
      "submission's real id, by the UUID an editable form returns; a form without editable submissions adds " +
      'one list read before the POST: 4)',
    writes: /^POST \/forms\//,
  },
  'create_submission (no editable submissions)': {
    method: 'creates.create_submission.operation.perform',
    inputData: (ids) => ({
      workspace_id: ids.workspaceId,
      form_id: ids.emptyFormId,
      [`answer__${stableUuid('field:empty:name')}`]: 'Case Created',
    }),
    minimum: 4,
    why:
      'the form + list page 1 before the POST (the newest id) + the public answer POST + list page 1 (the ' +
      'new submission: a higher id holding exactly the answers sent)',
    writes: /^POST \/forms\//,
  },
  find_submission: {
    method: 'searches.find_submission.operation.perform',
    inputData: (ids) => ({ ...form(ids), search_field: ids.fields.referrer, search: 'Newsletter' }),
    minimum: 2,
    why: 'the form (the question searched; also shapes the output) + list page 1 with the search pre-filter',
  },
  export_submissions: {
    method: 'creates.export_submissions.operation.perform',
    inputData: form,
    minimum: 2,
    why: 'the form (default columns) + one export (at most 1000 submissions: CSV streamed to storage)',
  },
  'export_submissions (large form, 1200)': {
    method: 'creates.export_submissions.operation.perform',
    inputData: (ids) => ({ workspace_id: ids.workspaceId, form_id: ids.largeFormId }),
    minimum: 15,
    why: 'the form + 12 list pages of 100 (the ids) + 2 exports of at most 1000 ids, joined into one file',
  },
  find_export: {
    method: 'searches.find_export.operation.perform',
    inputData: (ids) => ({ ...form(ids), job_id: '00000000-0000-4000-a000-000000000000' }),
    minimum: 2,
    why: "the spec's status path, then the real server's; both hide jobs from tokens, so the step says so",
    fails: /^Find Export cannot look up export job /,
  },
  find_form: {
    method: 'searches.find_form.operation.perform',
    inputData: (ids) => ({ form: ids.formSlug }),
    minimum: 1,
    why: 'form',
  },
  invite_member: {
    method: 'creates.invite_member.operation.perform',
    inputData: (ids) => ({ workspace_id: ids.workspaceId, email: 'Katherine@Example.org', role: 'user' }),
    minimum: 1,
    why: 'add (an email with no account: the answer carries the invite; an account added costs the members list for its id)',
  },
  delete_submission: {
    method: 'creates.delete_submission.operation.perform',
    inputData: (ids) => ({ ...form(ids), submission_id: spareSubmission(ids) }),
    minimum: 1,
    why: "delete (OpnForm itself refuses another form's submission: 404, which halts like one already gone)",
  },
  'new_submission.performList (Transfer page)': {
    method: 'triggers.new_submission.operation.performList',
    inputData: form,
    bundle: () => ({ meta: { isBulkRead: true, page: 0 } }),
    minimum: 2,
    why: 'the form (question types, date formats) + one list page of 100 (Transfer: Zapier page N = list page N + 1)',
  },
  create_webhook_integration: {
    method: 'creates.create_webhook_integration.operation.perform',
    inputData: (ids) => ({
      workspace_id: ids.workspaceId,
      form_id: ids.emptyFormId,
      webhook_url: 'https://hooks.example.com/opnform/case',
      webhook_secret: 'case-secret-0123456789',
    }),
    minimum: 1,
    why: 'create (every value checked before it; no read comes first)',
  },
  delete_webhook_integration: {
    method: 'creates.delete_webhook_integration.operation.perform',
    inputData: (ids) => ({
      workspace_id: ids.workspaceId,
      form_id: ids.closedFormId,
      webhook_integration_id: ids.spareWebhookIntegrationId,
    }),
    minimum: 2,
    why: "the form's integrations (a webhook of this form, never another Zap's hook) + delete",
    writes: /^DELETE /,
  },
  api_request: {
    method: 'creates.api_request.operation.perform',
    inputData: (ids) => ({ method: 'GET', path: `/open/workspaces/${ids.workspaceId}/users` }),
    minimum: 1,
    why: 'the one request the user describes (redirects are output, never followed)',
  },
  new_webhook_delivery_failure: {
    method: 'triggers.new_webhook_delivery_failure.operation.perform',
    inputData: (ids) => ({ ...form(ids), webhook_integration_id: ids.webhookIntegrationId }),
    minimum: 2,
    why: "the form's integrations (kind, URL, credentials to hide) + the chosen one's event log (every integration: 1 + one per integration, at most 10)",
  },
};

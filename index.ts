import { defineApp, version as platformVersion } from 'zapier-platform-core';
import { authentication } from './src/auth';
import { choiceFieldList } from './src/forms/choice-field-list';
import { createForm } from './src/forms/create-form';
import { createPrefilledLink } from './src/forms/create-prefilled-link';
import { deleteForm } from './src/forms/delete-form';
import { duplicateForm } from './src/forms/duplicate-form';
import { findForm } from './src/forms/find-form';
import { formFieldList } from './src/forms/form-field-list';
import { formList, legacyFormList } from './src/forms/form-list';
import { newForm } from './src/forms/new-form';
import { updateForm } from './src/forms/update-form';
import { guardApp } from './src/http/guard';
import { createWebhookIntegration } from './src/integrations/create-webhook-integration';
import { deleteWebhookIntegration } from './src/integrations/delete-webhook-integration';
import { findWebhookIntegration } from './src/integrations/find-webhook-integration';
import { newWebhookDeliveryFailure } from './src/integrations/new-webhook-delivery-failure';
import { updateWebhookIntegration } from './src/integrations/update-webhook-integration';
import { webhookIntegrationList } from './src/integrations/webhook-integration-list';
import { apiRequest } from './src/requests/api-request';
import { createSubmission } from './src/submissions/create/create-submission';
import { FIND_OR_CREATE_SUBMISSION, findOrCreateSubmission } from './src/submissions/create/find-or-create';
import { deleteSubmission } from './src/submissions/delete-submission';
import { exportSubmissions } from './src/submissions/export/export-submissions';
import { exportFileHydrator } from './src/submissions/export/file-hydrator';
import { findExport } from './src/submissions/export/find-export';
import { findSubmission } from './src/submissions/find-submission';
import { findSubmissionById } from './src/submissions/find-submission-by-id';
import { newOrUpdatedSubmission } from './src/submissions/new-or-updated-submission';
import { newPartialSubmission } from './src/submissions/new-partial-submission';
import { newSubmission } from './src/submissions/new-submission';
import { submissionFile } from './src/submissions/output/files';
import { submissionList } from './src/submissions/submission-list';
import { updateSubmission } from './src/submissions/update/update-submission';
import { CONNECTOR_VERSION } from './src/version';
import { createWorkspace } from './src/workspaces/create-workspace';
import { deleteWorkspace } from './src/workspaces/delete-workspace';
import { findWorkspace } from './src/workspaces/find-workspace';
import { cancelInvite } from './src/workspaces/invites/cancel-invite';
import { findInvite } from './src/workspaces/invites/find-invite';
import { inviteList } from './src/workspaces/invites/invite-list';
import { resendInvite } from './src/workspaces/invites/resend-invite';
import { findMember } from './src/workspaces/members/find-member';
import { FIND_OR_INVITE_MEMBER, findOrInviteMember } from './src/workspaces/members/find-or-invite';
import { inviteMember } from './src/workspaces/members/invite-member';
import { leaveWorkspace } from './src/workspaces/members/leave-workspace';
import { memberList } from './src/workspaces/members/member-list';
import { newWorkspaceMember } from './src/workspaces/members/new-workspace-member';
import { removeMember } from './src/workspaces/members/remove-member';
import { updateMemberRole } from './src/workspaces/members/update-member-role';
import { newWorkspace } from './src/workspaces/new-workspace';
import { updateWorkspace } from './src/workspaces/update-workspace';
import { legacyWorkspaceList, workspaceList } from './src/workspaces/workspace-list';

/** Steps under their public keys, in the order given (the definition keeps it). */
const byKey = <const S extends readonly { key: string }[]>(...steps: S) =>
  Object.fromEntries(steps.map((step) => [step.key, step])) as { [T in S[number] as T['key']]: T };

// guardApp: every step starts its 25 s budget and no error leaves it carrying a secret (src/http/guard.ts).
const app = defineApp(
  guardApp({
    version: CONNECTOR_VERSION,
    platformVersion,
    authentication,
    // Core's http patch would keep every chunk of a response in memory (a streamed CSV export whole) and
    // log it again; it skips only requests whose User-Agent is exactly "Zapier". z.request already logs
    // each request through core's own middleware, so the patch adds nothing here.
    flags: { skipHttpPatch: true },
    hydrators: { submissionFile, exportFile: exportFileHydrator },
    triggers: byKey(
      workspaceList,
      formList,
      newSubmission,
      newOrUpdatedSubmission,
      newPartialSubmission,
      memberList,
      inviteList,
      newWorkspaceMember,
      newForm,
      webhookIntegrationList,
      formFieldList,
      submissionList,
      newWebhookDeliveryFailure,
      choiceFieldList,
      newWorkspace,
      // version 1.0.4's hidden lists, kept for the Zaps it made (their dropdowns name these keys)
      legacyWorkspaceList,
      legacyFormList,
    ),
    creates: byKey(
      updateMemberRole,
      removeMember,
      leaveWorkspace,
      resendInvite,
      cancelInvite,
      updateWebhookIntegration,
      updateSubmission,
      exportSubmissions,
      inviteMember,
      createSubmission,
      deleteSubmission,
      createWebhookIntegration,
      deleteWebhookIntegration,
      updateForm,
      createForm,
      duplicateForm,
      deleteForm,
      apiRequest,
      createWorkspace,
      updateWorkspace,
      deleteWorkspace,
      createPrefilledLink,
    ),
    searches: byKey(
      findMember,
      findInvite,
      findForm,
      findSubmission,
      findExport,
      findWorkspace,
      findSubmissionById,
      findWebhookIntegration,
    ),
    // Zapier requires a search-or-create's `key` to be its search's key (an editor limitation): the
    // pair's public key is its property name here.
    searchOrCreates: {
      [FIND_OR_CREATE_SUBMISSION]: findOrCreateSubmission,
      [FIND_OR_INVITE_MEMBER]: findOrInviteMember,
    },
  }),
);

// CommonJS `module.exports = app`: Zapier's production wrapper requires index.js and does not unwrap `.default`.
export = app;

import { defineInputField } from 'zapier-platform-core';

/** The workspace picker every workspace- or form-scoped step starts with. */
export const workspaceField = defineInputField({
  key: 'workspace_id',
  label: 'Workspace',
  type: 'string',
  required: true,
  dynamic: 'workspace_list.id.name',
  altersDynamicFields: true,
  helpText: 'The OpnForm workspace. Choose one from the list, or map a workspace id.',
});

/** The form picker; its list depends on the chosen workspace. */
export const formField = defineInputField({
  key: 'form_id',
  label: 'Form',
  type: 'string',
  required: true,
  dynamic: 'form_list.id.name',
  dependsOn: ['workspace_id'],
  altersDynamicFields: true,
  helpText: 'The form. Choose one from the list (pick the workspace first), or map a form id.',
});

/**
 * Labels used in input error messages, by input key. Deprecated: steps pass their own `inputFields`
 * to `parseInput`. Only src/submissions (main's version) still imports it; delete it once it does not.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  workspace_id: 'Workspace',
  form_id: 'Form',
  submission_id: 'Submission',
  user_id: 'Member',
  invite_id: 'Invite',
  webhook_integration_id: 'Webhook Integration',
  job_id: 'Export Job',
  role: 'Role',
  email: 'Email',
  search: 'Search',
  status: 'Status',
  columns: 'Columns',
  form: 'Form',
  webhook_url: 'Webhook URL',
  webhook_secret: 'Webhook Secret',
  webhook_headers: 'Webhook Headers',
  clear_webhook_secret: 'Remove Secret',
  clear_webhook_headers: 'Remove Headers',
};

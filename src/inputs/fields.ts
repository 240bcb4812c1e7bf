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

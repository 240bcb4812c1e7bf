import { defineInputField } from 'zapier-platform-core';

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

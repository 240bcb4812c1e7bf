import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as forms from '../api/forms';
import { FormInput, formField, workspaceField } from '../inputs/fields';
import { parseInput } from '../schemas/parse';
import { DESTRUCTIVE_NOTE, destructiveWarning } from '../workspaces/warning';

const inputFields = defineInputFields([
  destructiveWarning('The share link stops working and its submissions can no longer be read.'),
  workspaceField,
  formField,
]);

/**
 * One request: `DELETE /open/forms/{id}`. OpnForm deletes softly, but only its own moderators can
 * restore a form (code reading), so for the user it is final. Already gone (404) halts.
 */
const perform = (async (z, bundle) => {
  const { form_id } = parseInput(z, FormInput(), bundle.inputData, inputFields);
  const message = await forms.remove(z, bundle, form_id);
  return { id: form_id, deleted: true, message: message || 'Form was deleted.' };
}) satisfies CreatePerform;

export const deleteForm = defineCreate({
  key: 'delete_form',
  noun: 'Form',
  display: {
    label: 'Delete Form',
    description: `Deletes a form and its share link; its submissions can no longer be read. Returns its ID. ${DESTRUCTIVE_NOTE}`,
  },
  operation: {
    inputFields,
    perform,
    sample: { id: 42, deleted: true, message: 'Form was deleted.' },
    outputFields: [{ key: 'id', label: 'Form ID', type: 'integer' }],
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', form_id: '$draftFormId' },
    minimum: 1,
    why: 'delete (a second delete answers 404, which halts: the form is gone either way)',
    review: { on: 'both: a form the reviewer created for it', evidence: ['forms--delete-form#1'] },
  },
];

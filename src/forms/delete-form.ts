import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as forms from '../api/forms';
import { FormInput, formField, workspaceField } from '../inputs/fields';
import { DESTRUCTIVE_NOTE, destructiveWarning } from '../inputs/warning';
import { parseInput } from '../schemas/parse';
import { throttleFor } from '../shared/limits';
import { findFormToDeleteIn } from './in-workspace';

const inputFields = defineInputFields([
  destructiveWarning('The share link stops working and its submissions can no longer be read.'),
  workspaceField,
  formField,
]);

/**
 * The form read first (`GET /open/forms/{id}`): one of another workspace than the chosen one is
 * refused (OpnForm deletes any form the user may write, recorded). Then `DELETE /open/forms/{id}`.
 * OpnForm deletes softly, but only its own moderators can restore a form (code reading), so for the
 * user it is final. Already gone (404, at the read or the delete) halts.
 */
const perform = (async (z, bundle) => {
  const { workspace_id, form_id } = parseInput(z, FormInput(), bundle.inputData, inputFields);
  await findFormToDeleteIn(z, bundle, form_id, workspace_id);
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
    throttle: throttleFor(2), // the form read + the delete
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', form_id: '$draftFormId' },
    minimum: 2,
    why: 'read the form (refuse one of another workspace) + delete (a 404 halts: the form is gone either way)',
    writes: /^DELETE /,
    review: {
      on: 'both: a form the reviewer created for it',
      evidence: ['forms--get-form#1', 'forms--delete-form#1'],
      note:
        'Why: clearing out forms made for a one-off (an event, a campaign, a test run) once it is ' +
        "over, as OpnForm's own form menu does. Instead: Update Form with Visibility Closed stops new " +
        'answers and keeps the form and its submissions; Draft hides it.',
    },
  },
];

import { labelledBlocks } from '../answers/blocks';
import * as forms from '../api/forms';
import { defineDropdown, OF_FORM } from '../inputs/dropdown';

/**
 * The questions of a form that hold answers (hidden ones included, layout blocks left out), in
 * form order: for every dropdown where a question must be picked. Names are the labels of the
 * answer inputs and outputs: two questions named "Comments" are "Comments (1)" and "Comments (2)". Only real questions are listed;
 * the export's system and attribution columns are offered by the export step itself.
 */
export const formFieldList = defineDropdown({
  key: 'form_field_list',
  noun: 'Field',
  label: 'List Form Fields',
  listed: 'form field',
  ...OF_FORM,
  list: async (z, bundle, { form_id }) =>
    labelledBlocks(await forms.read(z, bundle, form_id)).map(({ block, label }) => ({
      id: block.id,
      name: label,
      type: block.type,
    })),
  sample: { id: '3c1f7a52-6d0e-4b8a-9a57-1f2e3d4c5b6a', name: 'Email', type: 'email' },
});

export const cases: import('../shared/step-case').StepCase[] = [
  { input: { workspace_id: '$workspaceId', form_id: '$formId' }, minimum: 1, why: 'the form' },
];

import { defineInputFields, defineTrigger } from 'zapier-platform-core';
import { FormInput } from '../schemas/inputs';
import { parseInput } from '../schemas/parse';
import { FIELD_LABELS, formField, workspaceField } from '../shared/fields';
import { fetchForm, labelledBlocks } from './blocks';

const inputFields = defineInputFields([workspaceField, formField]);
const Input = FormInput;

/**
 * The questions of a form that hold answers (hidden ones included, layout blocks left out), in
 * form order: for every dropdown where a question must be picked. Names are the labels of the
 * answer inputs and outputs: two questions named "Comments" are "Comments (1)" and "Comments (2)". Only real questions are listed;
 * the export's system and attribution columns are offered by the export step itself.
 */
const perform = async (z: Parameters<typeof fetchForm>[0], bundle: Parameters<typeof fetchForm>[1]) => {
  const { form_id } = parseInput(z, Input, bundle.inputData, FIELD_LABELS);
  const form = await fetchForm(z, bundle, form_id);
  return labelledBlocks(form).map(({ block, label }) => ({ id: block.id, name: label, type: block.type }));
};

export const formFieldList = defineTrigger({
  key: 'form_field_list',
  noun: 'Field',
  display: { label: 'List Form Fields', description: 'Triggers when a form field is listed.', hidden: true },
  operation: {
    type: 'polling',
    inputFields,
    perform,
    canPaginate: false,
    sample: { id: '3c1f7a52-6d0e-4b8a-9a57-1f2e3d4c5b6a', name: 'Email', type: 'email' },
    outputFields: [
      { key: 'id', label: 'Field ID', type: 'string' },
      { key: 'name', label: 'Name', type: 'string' },
      { key: 'type', label: 'Type', type: 'string' },
    ],
  },
});

import { labelledBlocks } from '../answers/blocks';
import * as forms from '../api/forms';
import { defineDropdown, OF_FORM } from '../inputs/dropdown';
import { isChoiceBlock, optionsOf } from './choices';

/**
 * The select and multi-select questions of a form (Update Form's question picker), labelled as every
 * question picker labels them, with their current choices.
 */
export const choiceFieldList = defineDropdown({
  key: 'choice_field_list',
  noun: 'Field',
  label: 'List Choice Questions',
  listed: 'select or multi-select question',
  ...OF_FORM,
  list: async (z, bundle, { form_id }) =>
    labelledBlocks(await forms.read(z, bundle, form_id))
      .filter(({ block }) => isChoiceBlock(block))
      .map(({ block, label }) => ({
        id: block.id,
        name: label,
        type: block.type,
        choices: optionsOf(block).map((o) => o.name),
      })),
  sample: {
    id: '769663c6-77d2-497a-b45c-fa1acfdc38e4',
    name: 'Plan',
    type: 'select',
    choices: ['Free', 'Pro'],
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  { input: { workspace_id: '$workspaceId', form_id: '$formId' }, minimum: 1, why: 'the form' },
];

import { defineInputFields, defineSearch, type SearchPerform } from 'zapier-platform-core';
import * as account from '../api/account';
import * as forms from '../api/forms';
import { inputObject } from '../schemas/inputs';
import { parseInput } from '../schemas/parse';
import { FormRef } from './inputs';
import { FORM_DETAILS_OUTPUT_FIELDS, FORM_DETAILS_SAMPLE, formDetails } from './shape';

const inputFields = defineInputFields([
  {
    key: 'form',
    label: 'Form',
    required: true,
    helpText:
      "The form's slug (the end of its share link, e.g. `contact-us-3fa2b1`), UUID or id; a pasted share " +
      'link works too.',
  },
]);

const Input = inputObject({ form: FormRef });

/** `GET /open/forms/{slug}`: the form with its settings and questions; `[]` when none matches. */
const perform = (async (z, bundle) => {
  const { form: ref } = parseInput(z, Input, bundle.inputData, inputFields);
  const form = await forms.find(z, bundle, ref);
  if (form === undefined) return [];
  return [formDetails(form, account.baseUrl(z, bundle))];
}) satisfies SearchPerform;

export const findForm = defineSearch({
  key: 'find_form',
  noun: 'Form',
  display: {
    label: 'Find Form',
    description: 'Finds a form by its slug, UUID or id, with its settings and questions.',
  },
  operation: {
    inputFields,
    perform,
    sample: FORM_DETAILS_SAMPLE,
    outputFields: [...FORM_DETAILS_OUTPUT_FIELDS],
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: { form: '$formSlug' },
    minimum: 1,
    why: 'form',
    review: { on: 'both', evidence: ['forms--get-form#0'] },
  },
];

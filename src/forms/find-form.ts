import { defineInputFields, defineSearch, type SearchPerform } from 'zapier-platform-core';
import { connectionBaseUrl } from '../api/account';
import { findFormByRef } from '../api/forms';
import { inputObject } from '../schemas/inputs';
import { parseInput } from '../schemas/parse';
import { FormRef } from './inputs';
import {
  FORM_SUMMARY_OUTPUT_FIELDS,
  FORM_SUMMARY_SAMPLE,
  formSummary,
  questionsOf,
  questionsText,
} from './shape';

const inputFields = defineInputFields([
  {
    key: 'form',
    label: 'Form',
    type: 'string',
    required: true,
    helpText:
      "The form's slug (the last part of its share link, e.g. `contact-us-3fa2b1`), its UUID or id. " +
      'You can also paste the share link itself.',
  },
]);

const Input = inputObject({ form: FormRef });

/** `GET /open/forms/{slug}`: the form with its settings and questions; `[]` when none matches. */
const perform = (async (z, bundle) => {
  const { form: ref } = parseInput(z, Input, bundle.inputData, inputFields);
  const form = await findFormByRef(z, bundle, ref);
  if (form === undefined) return [];
  const questions = questionsOf(form);
  return [
    {
      ...formSummary(form, connectionBaseUrl(z, bundle)),
      language: form.language ?? null,
      submission_retention_value: form.submission_retention_value ?? null,
      submission_retention_unit: form.submission_retention_unit ?? null,
      enable_partial_submissions: form.enable_partial_submissions ?? null,
      editable_submissions: form.editable_submissions ?? null,
      question_count: questions.length,
      questions,
      questions_text: questionsText(questions),
    },
  ];
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
    sample: {
      ...FORM_SUMMARY_SAMPLE,
      closes_at: '2026-12-31T23:00:00+00:00',
      is_closed: false,
      max_submissions_count: 500,
      submissions_count: 12,
      language: 'en',
      submission_retention_value: 90,
      submission_retention_unit: 'day',
      enable_partial_submissions: false,
      editable_submissions: true,
      question_count: 2,
      questions: [
        {
          id: '5b8d1d0e-6f4c-4f7e-9b44-0c1f2a3b4c5d',
          name: 'Name',
          type: 'text',
          required: true,
          hidden: false,
        },
        {
          id: '9a7c3e21-1b2d-4e5f-8a9b-0c1d2e3f4a5b',
          name: 'Email',
          type: 'email',
          required: false,
          hidden: false,
        },
      ],
      questions_text: 'Name (text, required)\nEmail (email)',
    },
    outputFields: [
      ...FORM_SUMMARY_OUTPUT_FIELDS,
      { key: 'language', label: 'Language', type: 'string' },
      { key: 'submission_retention_value', label: 'Retention Value', type: 'integer' },
      { key: 'submission_retention_unit', label: 'Retention Unit', type: 'string' },
      { key: 'enable_partial_submissions', label: 'Partial Submissions Enabled', type: 'boolean' },
      { key: 'editable_submissions', label: 'Editable Submissions', type: 'boolean' },
      { key: 'question_count', label: 'Question Count', type: 'integer' },
      { key: 'questions[]id', label: 'Question ID', type: 'string' },
      { key: 'questions[]name', label: 'Question Name', type: 'string' },
      { key: 'questions[]type', label: 'Question Type', type: 'string' },
      { key: 'questions[]required', label: 'Question Required', type: 'boolean' },
      { key: 'questions[]hidden', label: 'Question Hidden', type: 'boolean' },
      { key: 'questions_text', label: 'Questions (Text)', type: 'string' },
    ],
  },
});

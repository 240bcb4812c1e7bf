import { defineInputField } from 'zapier-platform-core';

/** The Submission picker of a step on one submission: recent ones of the chosen form, Find Submission offered. */
export const submissionField = (helpText: string) =>
  defineInputField({
    key: 'submission_id',
    label: 'Submission',
    required: true,
    dynamic: 'submission_list.id.label',
    search: 'find_submission.id',
    dependsOn: ['form_id'],
    helpText,
  });

/**
 * Find or Create Submission: Find Submission (exact answer to one question) paired with Create
 * Submission, so a Zap can upsert by e-mail or any other answer. Zapier requires a search-or-create's
 * `key` to be its search's key (zapier-platform-schema, searchOrCreateKeys: "must match a key from a
 * search"); the public key of the pair is its key in the app's `searchOrCreates`.
 */
export const FIND_OR_CREATE_SUBMISSION = 'find_or_create_submission';

export const findOrCreateSubmission = {
  key: 'find_submission',
  display: {
    label: 'Find or Create Submission',
    description:
      'Finds a submission whose answer to the chosen question equals a value, or creates one if none exists.',
  },
  search: 'find_submission',
  create: 'create_submission',
} as const;

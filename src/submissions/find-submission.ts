import { type Bundle, defineInputFields, defineSearch, type ZObject } from 'zapier-platform-core';
import { fetchForm } from '../forms/blocks';
import { FormId, inputObject, OptionalChoice, WorkspaceId } from '../schemas/inputs';
import { parseInput } from '../schemas/parse';
import type { Submission } from '../schemas/resources';
import { Text } from '../schemas/submissions';
import { FIELD_LABELS, formField, workspaceField } from '../shared/fields';
import { answerTexts, currentAnswers, submissionStatus } from './answers';
import { scanSubmissions } from './pages';
import { answerOutputFields, SUBMISSION_OUTPUT_FIELDS, SUBMISSION_SAMPLE, shapeSubmission } from './shape';

/** Pages of 100 read at most (the 300 newest submissions that match the server's filter). */
export const FIND_PAGE_SIZE = 100;
export const FIND_MAX_PAGES = 3;

const STATUSES = ['completed', 'partial', 'all'] as const;

const Input = inputObject({
  workspace_id: WorkspaceId,
  form_id: FormId,
  search: Text,
  status: OptionalChoice(STATUSES),
});

const inputFields = defineInputFields([
  workspaceField,
  formField,
  {
    key: 'search',
    label: 'Search',
    type: 'string',
    required: true,
    helpText:
      'Text to look for in the answers (not in question names); case does not matter, part of an answer is enough.',
  },
  {
    key: 'status',
    label: 'Status',
    type: 'string',
    required: false,
    default: 'all',
    choices: [
      { value: 'all', label: 'All', sample: 'all' },
      { value: 'completed', label: 'Completed', sample: 'completed' },
      { value: 'partial', label: 'Partial (Pro feature)', sample: 'partial' },
    ],
    helpText: 'Which submissions to look at. Partial submissions are an OpnForm Pro feature.',
  },
]);

/** Whether an item really matches: the server filters too, but a server that ignores a filter must not leak items. */
const matches = (search: string, status: (typeof STATUSES)[number]) => {
  const needle = search.toLowerCase();
  return (item: Submission) =>
    (status === 'all' || submissionStatus(item) === status) &&
    answerTexts(Object.values(currentAnswers(item))).some((text) => text.toLowerCase().includes(needle));
};

/**
 * Asks OpnForm to filter (`search`, `status`), checks each item itself, and stops at the first page
 * holding a match: the newest matches come first. Nothing found: `[]`.
 */
const perform = async (z: ZObject, bundle: Bundle) => {
  const { form_id, search, ...input } = parseInput(z, Input, bundle.inputData, FIELD_LABELS);
  const status = input.status ?? 'all';
  const scan = await scanSubmissions(z, bundle, form_id, {
    perPage: FIND_PAGE_SIZE,
    maxPages: FIND_MAX_PAGES,
    query: { search, status },
    match: matches(search, status),
    enough: (found) => found.length > 0,
  });
  if (scan.matches.length === 0) return [];
  const form = await fetchForm(z, bundle, form_id);
  return scan.matches.map((item) => shapeSubmission(z, item, form));
};

export const findSubmission = defineSearch({
  key: 'find_submission',
  noun: 'Submission',
  display: {
    label: 'Find Submission',
    description: 'Finds the newest submission of a form whose answers contain a text.',
  },
  operation: {
    inputFields,
    perform,
    sample: { ...SUBMISSION_SAMPLE },
    outputFields: [...SUBMISSION_OUTPUT_FIELDS, answerOutputFields],
  },
});

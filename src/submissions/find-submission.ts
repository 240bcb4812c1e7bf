import { type Bundle, defineInputFields, defineSearch, type ZObject } from 'zapier-platform-core';
import { createdAt, submissionStatus } from '../answers/answers';
import { AmbiguousQuestion, findQuestionBlock, labelledBlocks } from '../answers/blocks';
import { exactMatch, searchKeepsMatches } from '../answers/exact-match';
import * as forms from '../api/forms';
import * as submissions from '../api/submissions';
import { invalidInput, userError } from '../errors';
import { refuseReversedRange, SUBMITTED_RANGE_FIELDS, submittedRange } from '../inputs/dates';
import { formField, workspaceField } from '../inputs/fields';
import {
  FormId,
  inputObject,
  OptionalChoice,
  OptionalText,
  optionalValue,
  RequiredText,
  refuse,
  shown,
  WorkspaceId,
  wholeNumber,
} from '../inputs/values';
import type { FormBlock } from '../schemas/forms';
import { lazy } from '../schemas/lazy';
import { parseInput } from '../schemas/parse';
import type { Submission } from '../schemas/submissions';
import { READ_RESERVE_MS, remainingMs } from '../shared/budget';
import { parseTimestamp } from '../shared/dates';
import { throttleFor } from '../shared/limits';
import { jsonBytes, OUTPUT_BUDGET_BYTES, refuseOversized } from '../shared/output-budget';
import { isLastPage } from '../shared/paging';
import { SUBMISSION_SAMPLE, submissionOutputFields } from './output/output-fields';
import { shapeSubmission } from './output/shape';

/**
 * Pages of 100, by default at most 5 (the 500 newest submissions that pass the server's pre-filter):
 * the same reach as Update Submission, which can only update the 500 newest, so a Find → Update Zap
 * never finds what it cannot update on a server without `search`. Submissions to Search
 * (`search_window`) widens it up to 3000 (30 of the 100 list reads a minute OpnForm allows a user).
 */
export const FIND_PAGE_SIZE = 100;
export const FIND_MAX_PAGES = 5;
export const MAX_WINDOW = 3000;

/** Submissions to Search: empty is 500; else 100 to 3000 in steps of 100. */
const SearchWindow = lazy(() => {
  const allowed = `must be a whole number from ${FIND_PAGE_SIZE} to ${MAX_WINDOW} in steps of ${FIND_PAGE_SIZE}`;
  // the length first: `\d+00` backtracks through every digit of a long value (10 MB of digits overflowed
  // V8's regexp backtracking stack under load: no message naming the field)
  return optionalValue(allowed, (value, ctx) =>
    String(value).length <= 16 && /^\s*\d+00\s*$/.test(String(value))
      ? wholeNumber(value, ctx, { min: FIND_PAGE_SIZE, max: MAX_WINDOW, digits: 4, allowed })
      : refuse(ctx, value, `${allowed}, got ${shown(value)}`),
  );
});

/** A page is only asked for when this much of the step's budget is left (the page, then the form read). */
const PAGE_RESERVE_MS = 2 * READ_RESERVE_MS;

const STATUSES = ['completed', 'partial', 'all'] as const;

const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  form_id: FormId(),
  search_field: OptionalText(),
  search: RequiredText(),
  status: OptionalChoice(STATUSES),
  ...submittedRange(),
  search_window: SearchWindow(),
}));

const inputFields = defineInputFields([
  { ...workspaceField, altersDynamicFields: true },
  { ...formField, altersDynamicFields: true },
  {
    key: 'search_field',
    label: 'Question',
    // the step stops without it (NO_QUESTION below, for a mapped value that comes out empty)
    required: true,
    dynamic: 'form_field_list.id.name',
    dependsOn: ['form_id'],
    helpText: 'The question whose answer must equal the value (for example Email).',
  },
  {
    key: 'search',
    label: 'Value to Find',
    required: true,
    helpText:
      'The whole answer, not a part: `ann@example.org` does not find `joann@example.org`. ' +
      'Case and spaces around it do not matter.',
  },
  {
    key: 'status',
    label: 'Submission Status',
    required: false,
    default: 'all',
    choices: [
      { value: 'all', label: 'All', sample: 'all' },
      { value: 'completed', label: 'Completed', sample: 'completed' },
      { value: 'partial', label: 'Partial', sample: 'partial' },
    ],
    helpText: 'Which submissions to look at. Partial submissions are an OpnForm Pro feature.',
  },
  ...SUBMITTED_RANGE_FIELDS,
  {
    key: 'search_window',
    label: 'Submissions to Search',
    type: 'integer',
    required: false,
    default: '500',
    helpText:
      'How many of the newest to read: 100 to 3000, in steps of 100. Update Submission reaches the 500 newest.',
  },
]);

const invalid = (z: ZObject, message: string) => invalidInput(z, `${message}. Nothing was searched.`);

/**
 * No question chosen: refused, never "an equal answer to any question" (issue 26). In Find or Create
 * Submission such a match, in an unrelated question, would skip the create.
 */
const NO_QUESTION =
  'Question (search_field) is empty: choose the question whose answer must equal Value to Find (search), so an ' +
  'equal answer to another question is never taken for a match';

/** The longest value sent as OpnForm's `search` pre-filter (URL-encoded it can triple). */
const MAX_SEARCH_IN_URL = 1000;

const timeOf = (item: Submission) => parseTimestamp(createdAt(item));

/** Out of time before the window was read: an error, never `[]` (a find-or-create would then duplicate). */
const outOfWindow = (z: ZObject, searched: number, pages: number, window: number) =>
  userError(
    z,
    `This step ran out of time after searching ${searched} submissions (${pages} page${pages === 1 ? '' : 's'}) of the ` +
      `${window} in Submissions to Search (search_window), with no match so far. Lower Submissions to Search or set ` +
      'Submitted Since, then try again. Nothing was changed in OpnForm.',
    'out_of_time',
    504,
  );

/**
 * Reads the list newest first, pages of 100, at most 5 (Submissions to Search: up to 30), and keeps the items whose chosen answer
 * equals the value (status and date range checked on every item). OpnForm's `search` is only a
 * pre-filter: it matches a part of any answer, and a server on sqlite answers it with 500 (its SQL
 * is PostgreSQL-only); then the same pages are read without it, so the result is the same on every
 * server, only the reach differs (pre-filtered pages reach further back). Stops at the first page
 * holding a match, at a submission older than Submitted Since, or at the last page. None: `[]`. Out
 * of time before the window is read: an error saying how many were searched.
 */
const perform = async (z: ZObject, bundle: Bundle) => {
  const input = parseInput(z, Input(), bundle.inputData, inputFields);
  const status = input.status ?? 'all';
  const { submitted_since: since, submitted_until: until } = input;
  refuseReversedRange(z, since, until, 'Nothing was searched.');
  if (input.search_field === undefined) throw invalid(z, NO_QUESTION);
  const form = await forms.read(z, bundle, input.form_id);
  let block: FormBlock | undefined;
  try {
    block = findQuestionBlock(form, input.search_field);
  } catch (error) {
    if (error instanceof AmbiguousQuestion) throw invalid(z, `Question (search_field) ${error.message}`);
    throw error;
  }
  if (block === undefined) {
    const names = labelledBlocks(form).map(({ label }) => label);
    throw invalid(
      z,
      `Question (search_field) names no question of form ${input.form_id} (got ${JSON.stringify(input.search_field).slice(0, 60)}); its questions are ${names.join(', ') || 'none'}`,
    );
  }
  const matches = exactMatch(block, input.search);
  const inRange = (item: Submission) => {
    if (since === undefined && until === undefined) return true;
    const at = timeOf(item);
    return at !== undefined && (since === undefined || at >= since) && (until === undefined || at <= until);
  };
  const query: submissions.PageQuery = {
    status: status === 'all' ? undefined : status,
    // a value too long for a URL (servers refuse URLs of a few KB) is matched on the pages read instead
    search: searchKeepsMatches(block) && input.search.length <= MAX_SEARCH_IN_URL ? input.search : undefined,
  };
  const found: ReturnType<typeof shapeSubmission>[] = [];
  let foundBytes = 0;
  let leftOut = 0;
  const reach = input.search_window ?? FIND_PAGE_SIZE * FIND_MAX_PAGES;
  // of each page only its matches are kept, shaped, newest first while their output fits the budget (at
  // least the newest), and whether it holds one older than Submitted Since (issue 33: a page of 100
  // matches of a wide form was 21 MB of output)
  const keep = (item: Submission) => {
    const match = (status === 'all' || submissionStatus(item) === status) && inRange(item) && matches(item);
    const older = since !== undefined && (timeOf(item) ?? Infinity) < since;
    if (match) {
      const shaped = shapeSubmission(z, item, form);
      const bytes = jsonBytes(shaped);
      if (found.length > 0 && foundBytes + bytes > OUTPUT_BUDGET_BYTES) leftOut += 1;
      else {
        found.push(shaped);
        foundBytes += bytes;
      }
    }
    return match || older ? { older } : undefined;
  };
  let searched = 0;
  for (let page = 1; page <= reach / FIND_PAGE_SIZE; page += 1) {
    if (page > 1 && remainingMs(bundle) < PAGE_RESERVE_MS) throw outOfWindow(z, searched, page - 1, reach);
    let reply =
      query.search === undefined
        ? await submissions.scanPage(z, bundle, input.form_id, page, FIND_PAGE_SIZE, query, keep)
        : await submissions.scanSearchPage(z, bundle, input.form_id, page, FIND_PAGE_SIZE, query, keep);
    if (reply === undefined) {
      // sqlite servers cannot run `search` (recorded 500): read the same pages without it
      z.console.log('OpnForm could not filter by search (500): reading the pages without it.');
      query.search = undefined;
      reply = await submissions.scanPage(z, bundle, input.form_id, page, FIND_PAGE_SIZE, query, keep);
    }
    searched += reply.data.length;
    const older = reply.kept.some((kept) => kept.older);
    if (found.length > 0 || older || isLastPage(reply, page, FIND_PAGE_SIZE)) break;
  }
  if (leftOut > 0)
    z.console.log(`${leftOut} older matches on the same page left out: the output stays within 4 MB.`);
  if (found.length === 1) refuseOversized(z, found[0] as { id: number });
  return found;
};

export const findSubmission = defineSearch({
  key: 'find_submission',
  noun: 'Submission',
  display: {
    label: 'Find Submission',
    description:
      'Finds the newest submission whose answer to the chosen question equals a value exactly. Returns its answers, or nothing.',
  },
  operation: {
    inputFields,
    perform,
    sample: { ...SUBMISSION_SAMPLE },
    outputFields: submissionOutputFields(),
    throttle: throttleFor(2), // the form + list page 1
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: {
      workspace_id: '$workspaceId',
      form_id: '$formId',
      search_field: '$fields.referrer',
      search: 'Newsletter',
    },
    minimum: 2,
    why: 'the form (the question searched; also shapes the output) + list page 1 with the search pre-filter',
    nothing: {
      workspace_id: '$workspaceId',
      form_id: '$formId',
      search_field: '$fields.referrer',
      search: 'no-such-answer-anywhere',
    },
    review: {
      on: 'both (PostgreSQL searches; sqlite falls back to reading pages)',
      evidence: ['pl/submissions--search-pg#4', 'submissions--list#0', 'submissions--list#6'],
    },
  },
];

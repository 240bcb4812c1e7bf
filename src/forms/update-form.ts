import {
  type CreatePerform,
  defineCreate,
  defineInputFields,
  type InferInputData,
  type ZObject,
} from 'zapier-platform-core';
import { AmbiguousQuestion, findQuestionBlock, labelledBlocks } from '../answers/blocks';
import * as account from '../api/account';
import * as forms from '../api/forms';
import { invalidInput } from '../errors';
import { OptionalDateTime } from '../inputs/dates';
import { formField, workspaceField } from '../inputs/fields';
import {
  Flag,
  FormId,
  inputObject,
  OptionalChoice,
  OptionalChoiceList,
  OptionalLimit,
  OptionalText,
  OptionalTextUpTo,
  WorkspaceId,
} from '../inputs/values';
import { Form, type FormBlock, type StoredForm } from '../schemas/forms';
import type { Out } from '../schemas/lazy';
import { labelsOf, parseInput } from '../schemas/parse';
import { parseTimestamp } from '../shared/dates';
import { lockOn, throttleFor } from '../shared/limits';
import { checkRemoveSwitches, KEEP } from '../shared/switches';
import { applyChoiceChange, isChoiceBlock, quoted, withOptions } from './choices';
import { refuseOtherWorkspace } from './in-workspace';
import { FORM_DETAILS_OUTPUT_FIELDS, FORM_DETAILS_SAMPLE, formDetails } from './shape';
import { refuseIfChanged, verifySaved } from './update-form-checks';

const inputFields = defineInputFields([
  workspaceField,
  formField,
  {
    key: 'visibility',
    label: 'Visibility',
    required: false,
    choices: { public: 'Public (open)', closed: 'Closed', draft: 'Draft' },
    helpText: `Public opens the form, Closed closes it (showing its closed text), Draft hides it. ${KEEP}`,
  },
  {
    key: 'title',
    label: 'Title',
    required: false,
    helpText: `The new title, at most 255 characters. ${KEEP}`,
  },
  {
    key: 'closes_at',
    label: 'Closes At',
    type: 'datetime',
    required: false,
    helpText: `When the form stops taking submissions. ${KEEP}`,
  },
  {
    key: 'clear_closes_at',
    label: 'Remove Closing Date',
    type: 'boolean',
    required: false,
    default: 'false',
    helpText: 'Yes removes the closing date.',
  },
  {
    key: 'max_submissions_count',
    label: 'Max Submissions',
    type: 'integer',
    required: false,
    helpText: `The number of submissions after which the form closes (at least 1). ${KEEP}`,
  },
  {
    key: 'clear_max_submissions_count',
    label: 'Remove Submission Limit',
    type: 'boolean',
    required: false,
    default: 'false',
    helpText: 'Yes removes the maximum number of submissions.',
  },
  {
    key: 'choice_field',
    label: 'Question',
    required: false,
    dynamic: 'choice_field_list.id.name',
    dependsOn: ['form_id'],
    helpText: 'The select or multi-select question whose choices change (needed with the choices below).',
  },
  {
    key: 'replace_choices',
    label: 'Set Choices To',
    list: true,
    required: false,
    helpText: "The question's complete new list of choices, in order.",
  },
  {
    key: 'add_choices',
    label: 'Add Choices',
    list: true,
    required: false,
    helpText: 'Choices added at the end; each must be new.',
  },
  {
    key: 'remove_choices',
    label: 'Remove Choices',
    list: true,
    required: false,
    helpText: 'Current choices to remove. Answers that already name them keep them.',
  },
]);

/** OpnForm's visibilities (recorded `forms--update-form`: any other value answers 422). */
const VISIBILITIES = ['public', 'closed', 'draft'] as const;

/** Each empty value means "keep"; a bad value is refused with its field named before any request. */
const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  form_id: FormId(),
  visibility: OptionalChoice(VISIBILITIES),
  // OpnForm cuts a longer title to 255 characters without a word (UserFormRequest, FormDataNormalizer)
  title: OptionalTextUpTo(255, 'OpnForm would cut a longer title without saying so'),
  closes_at: OptionalDateTime(),
  clear_closes_at: Flag(),
  max_submissions_count: OptionalLimit(),
  clear_max_submissions_count: Flag(),
  choice_field: OptionalText(),
  replace_choices: OptionalChoiceList(),
  add_choices: OptionalChoiceList(),
  remove_choices: OptionalChoiceList(),
}));
type Input = Out<typeof Input>;

const LABELS = labelsOf(inputFields);
const label = (key: string) => `${LABELS[key]} (${key})`;

/** Server field paths of a 422, named like this step's inputs. */
const SERVER_FIELDS: Readonly<Record<string, string>> = {
  title: label('title'),
  visibility: label('visibility'),
  closes_at: label('closes_at'),
  max_submissions_count: label('max_submissions_count'),
};

/** The form keys a change can touch, in output order. */
export const UPDATABLE_KEYS = [
  'title',
  'visibility',
  'closes_at',
  'max_submissions_count',
  'properties',
] as const;

/** Checks that need no request: something to do, no value together with its "remove" switch. */
const checkInput = (z: ZObject, input: Input) => {
  checkRemoveSwitches(
    z,
    input,
    [
      ['closes_at', 'clear_closes_at'],
      ['max_submissions_count', 'clear_max_submissions_count'],
    ],
    LABELS,
  );
  const { replace_choices: replace, add_choices: add, remove_choices: remove } = input;
  if (replace !== undefined && (add !== undefined || remove !== undefined)) {
    throw invalidInput(
      z,
      `${label('replace_choices')} gives the whole list: leave ${label('add_choices')} and ` +
        `${label('remove_choices')} empty, or use only those two.`,
    );
  }
  const choices = replace !== undefined || add !== undefined || remove !== undefined;
  if (choices && input.choice_field === undefined) {
    throw invalidInput(
      z,
      `${label('choice_field')} is needed to change choices: pick the select or multi-select question.`,
    );
  }
  if (!choices && input.choice_field !== undefined) {
    throw invalidInput(
      z,
      `${label('choice_field')} is set but no choices are: fill in ${label('replace_choices')}, ` +
        `${label('add_choices')} or ${label('remove_choices')}.`,
    );
  }
  const anything =
    choices ||
    input.visibility !== undefined ||
    input.title !== undefined ||
    input.closes_at !== undefined ||
    input.clear_closes_at ||
    input.max_submissions_count !== undefined ||
    input.clear_max_submissions_count;
  if (!anything) {
    throw invalidInput(
      z,
      `Nothing to update: set at least one of ${[
        'visibility',
        'title',
        'closes_at',
        'clear_closes_at',
        'max_submissions_count',
        'clear_max_submissions_count',
        'replace_choices',
        'add_choices',
        'remove_choices',
      ]
        .map(label)
        .join(', ')}.`,
    );
  }
};

/** The read form's blocks as the shared block helpers see them (names and types only are used). */
const blocksOf = (form: StoredForm) => ({ properties: form.properties as unknown as FormBlock[] });

/** The new `properties` (only the chosen question's choices differ), or a clear error. */
const changedProperties = (z: ZObject, form: StoredForm, input: Input) => {
  const wanted = input.choice_field as string;
  const choiceQuestions = labelledBlocks(blocksOf(form)).filter(({ block }) => isChoiceBlock(block));
  const allowed =
    choiceQuestions.length === 0
      ? 'this form has no select or multi-select question'
      : `its select and multi-select questions are ${quoted(choiceQuestions.map((q) => q.label))}`;
  let block: FormBlock | undefined;
  try {
    block = findQuestionBlock(blocksOf(form), wanted);
  } catch (error) {
    if (error instanceof AmbiguousQuestion)
      throw invalidInput(z, `${label('choice_field')} ${error.message}.`);
    throw error;
  }
  if (block === undefined) {
    throw invalidInput(
      z,
      `${label('choice_field')} ${JSON.stringify(wanted)} is not a question of this form; ${allowed}.`,
    );
  }
  if (!isChoiceBlock(block)) {
    const name = labelledBlocks(blocksOf(form)).find((q) => q.block.id === block.id)?.label ?? wanted;
    throw invalidInput(
      z,
      `${label('choice_field')} "${name}" is a question of type ${block.type}, not a select or multi-select one; ${allowed}.`,
    );
  }
  const result = applyChoiceChange(block, {
    replace: input.replace_choices,
    add: input.add_choices,
    remove: input.remove_choices,
  });
  if ('problem' in result) {
    throw invalidInput(z, `${label(`${result.list}_choices`)}: ${result.problem}.`);
  }
  return form.properties.map((b) =>
    b.id === block.id ? withOptions(b as unknown as FormBlock, result.options) : b,
  );
};

/** The changes to send, checked against the form as read; `now` decides what "past" means. */
export const changesFor = (z: ZObject, form: StoredForm, input: Input, now: number) => {
  const changes: Record<string, unknown> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.visibility !== undefined) changes.visibility = input.visibility;
  if (input.closes_at !== undefined) changes.closes_at = input.closes_at;
  if (input.clear_closes_at) changes.closes_at = null;
  if (input.max_submissions_count !== undefined) changes.max_submissions_count = input.max_submissions_count;
  if (input.clear_max_submissions_count) changes.max_submissions_count = null;
  if (input.choice_field !== undefined) changes.properties = changedProperties(z, form, input);

  // Opening a form that would stay closed: refused with what to change.
  if (input.visibility === 'public') {
    const closesAt = 'closes_at' in changes ? (changes.closes_at as string | null) : (form.closes_at ?? null);
    const at = parseTimestamp(closesAt);
    if (at !== undefined && at <= now) {
      throw invalidInput(
        z,
        `${label('visibility')} is public, but the form's closing date ${closesAt} is in the past, so it ` +
          `would stay closed: set ${label('closes_at')} to a future date, or ${label('clear_closes_at')} to Yes.`,
      );
    }
    const max =
      'max_submissions_count' in changes
        ? (changes.max_submissions_count as number | null)
        : (form.max_submissions_count ?? null);
    const count = form.submissions_count ?? 0;
    if (max !== null && count >= max) {
      throw invalidInput(
        z,
        `${label('visibility')} is public, but the form already has ${count} submissions of at most ${max}, ` +
          `so it would stay closed: set ${label('max_submissions_count')} above ${count}, or ` +
          `${label('clear_max_submissions_count')} to Yes.`,
      );
    }
  }
  // Only what really differs counts as changed (and is sent).
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) =>
        JSON.stringify(value) !== JSON.stringify((form as Record<string, unknown>)[key] ?? null),
    ),
  );
};

/**
 * OpnForm's update replaces the whole form (recorded: a body with only the changed key answers 422),
 * so the form is read and sent back exactly as read with only the user's changes: every other key,
 * question and logic rule travels back untouched. Read-only keys in the read (`share_url`,
 * `submissions_count`, `is_closed`, `workspace`, ...) are sent back too: the recorded server ignores
 * them, and leaving them in means no writable key can ever be dropped by mistake. OpnForm checks no
 * version (./update-form-checks.ts), so: the read (checks and changes), a second read right before
 * the save (refused when the form changed since the first), the save, and a read after it (the change
 * must be there; the save's own answer would only echo what was sent): 4 requests, 1 when nothing
 * differs from the form as read.
 */
const perform = (async (z, bundle) => {
  const input = parseInput(z, Input(), bundle.inputData, inputFields);
  checkInput(z, input);
  const form = await forms.readStored(z, bundle, input.form_id);
  refuseOtherWorkspace(z, form, input.workspace_id, 'Nothing was changed.');
  const changes = changesFor(z, form, input, Date.now());
  const changed = UPDATABLE_KEYS.filter((key) => key in changes);
  const baseUrl = account.baseUrl(z, bundle);
  if (changed.length === 0) {
    return { ...formDetails(Form().parse(form), baseUrl), changed };
  }
  // OpnForm checks no version: read again right before the save, and refuse if someone saved meanwhile
  const current = await forms.readStored(z, bundle, input.form_id);
  refuseIfChanged(z, form, current);
  await forms.update(z, bundle, input.form_id, { ...current, ...changes }, SERVER_FIELDS);
  // and read it back: a save at the same moment may have replaced this one
  const saved = await forms.readStored(z, bundle, input.form_id);
  verifySaved(z, changes, form, saved, {
    ...Object.fromEntries(UPDATABLE_KEYS.map((key) => [key, SERVER_FIELDS[key] ?? key])),
    properties: `the choices of ${label('choice_field')} ${JSON.stringify(input.choice_field ?? '')}`,
  });
  return { ...formDetails(Form().parse(saved), baseUrl), changed };
}) satisfies CreatePerform<InferInputData<typeof inputFields>>;

export const updateForm = defineCreate({
  key: 'update_form',
  noun: 'Form',
  display: {
    label: 'Update Form',
    description:
      "Updates a form's title, visibility, closing date, limit or choices: it can close the form. Returns the form.",
  },
  operation: {
    inputFields,
    perform,
    sample: { ...FORM_DETAILS_SAMPLE, changed: ['visibility'] },
    outputFields: [...FORM_DETAILS_OUTPUT_FIELDS, { key: 'changed[]', label: 'Changed Settings' }],
    throttle: throttleFor(4), // the form, the form again before the save, the save, the read-back
    lock: lockOn('form_id'),
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: {
      workspace_id: '$workspaceId',
      form_id: '$formId',
      choice_field: '$fields.plan',
      add_choices: ['Team'],
    },
    minimum: 4,
    why:
      'read the form (checks, changes) + read it again right before the save (refused if it changed: OpnForm ' +
      'checks no version and replaces the whole form) + the save + read it back (the change must be there: ' +
      'a save at the same moment wins silently; the save answer only echoes what was sent)',
    writes: /^PUT /,
    review: { on: 'both', evidence: ['forms--update-form#1-#2'] },
  },
];

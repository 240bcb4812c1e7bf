import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as account from '../api/account';
import * as forms from '../api/forms';
import { workspaceField } from '../inputs/fields';
import { inputObject, OptionalChoice, WorkspaceId } from '../inputs/values';
import { labelsOf, parseInput } from '../schemas/parse';
import { throttleFor } from '../shared/limits';
import {
  blocksFrom,
  createBody,
  NEW_FORM_SAMPLE,
  NEW_VISIBILITIES,
  QUESTION_TYPES,
  Title,
  visibilityField,
} from './new-blocks';
import { formDetails } from './shape';

const inputFields = defineInputFields([
  workspaceField,
  { key: 'title', label: 'Title', required: true, helpText: 'At most 255 characters.' },
  {
    key: 'questions',
    label: 'Questions',
    required: true,
    children: [
      { key: 'name', label: 'Name', required: true },
      { key: 'type', label: 'Type', choices: [...QUESTION_TYPES], default: 'text' },
      { key: 'required', label: 'Required', type: 'boolean' },
      { key: 'options', label: 'Options', helpText: 'Select types: choices, comma-separated.' },
    ],
  },
  visibilityField(),
]);

const LABELS = labelsOf(inputFields);
const label = (key: string) => `${LABELS[key]} (${key})`;

const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  title: Title(),
  visibility: OptionalChoice(NEW_VISIBILITIES),
}));

/** Server field paths of a 422, named like this step's inputs. */
const SERVER_FIELDS = {
  title: label('title'),
  visibility: label('visibility'),
  properties: label('questions'),
};

/**
 * One request: `POST /open/forms` with the 15 keys OpnForm requires; the answer is the new form. The
 * answer holds only what was sent, so it lacks the two switches the body leaves out, which OpnForm
 * stores as off (forms--create-form #2; read back: forms--update-form-race #0-#1): they come out `false`.
 */
const perform = (async (z, bundle) => {
  const input = parseInput(z, Input(), bundle.inputData, inputFields);
  const properties = blocksFrom(z, bundle.inputData.questions, label('questions'));
  const body = createBody(input.workspace_id, input.title, input.visibility ?? 'draft', properties);
  const { form, message } = await forms.create(z, bundle, body, SERVER_FIELDS);
  const stored = {
    ...form,
    enable_partial_submissions: form.enable_partial_submissions ?? false,
    editable_submissions: form.editable_submissions ?? false,
  };
  return { ...formDetails(stored, account.baseUrl(z, bundle)), message: message ?? 'Form created.' };
}) satisfies CreatePerform;

export const createForm = defineCreate({
  key: 'create_form',
  noun: 'Form',
  display: {
    label: 'Create Form',
    description:
      'Creates a form with a title and questions, as a Draft unless Visibility is Public (publish later with Update Form). Returns the form.',
  },
  operation: {
    inputFields,
    perform,
    sample: NEW_FORM_SAMPLE,
    throttle: throttleFor(1), // the create
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: {
      workspace_id: '$workspaceId',
      title: 'Event Sign-up',
      questions: [
        { name: 'Full name', type: 'text', required: 'true' },
        { name: 'Session', type: 'select', options: 'Morning, Afternoon' },
      ],
    },
    minimum: 1,
    why: 'create (the answer holds the new form)',
    review: { on: 'both', evidence: ['forms--create-form#2', 'pl/submissions--public-create-refused#0'] },
  },
];

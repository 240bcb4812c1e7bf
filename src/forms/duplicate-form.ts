import { type CreatePerform, defineCreate, defineInputFields } from 'zapier-platform-core';
import * as account from '../api/account';
import * as forms from '../api/forms';
import { formField, workspaceField } from '../inputs/fields';
import { FormId, inputObject, OptionalChoice, OptionalId, WorkspaceId } from '../inputs/values';
import { labelsOf, parseInput } from '../schemas/parse';
import { throttleFor } from '../shared/limits';
import { refuseOtherWorkspace } from './in-workspace';
import { NEW_FORM_SAMPLE, NEW_VISIBILITIES, OptionalTitle, TITLE_MAX, visibilityField } from './new-blocks';
import { formDetails } from './shape';

const inputFields = defineInputFields([
  workspaceField,
  formField,
  { key: 'title', label: 'Title', required: false, helpText: 'Default: "Copy of" and the title.' },
  {
    key: 'to_workspace_id',
    label: 'Copy To Workspace',
    required: false,
    dynamic: 'workspace_list.id.name',
    helpText: "Default: the form's own.",
  },
  visibilityField('original'),
]);

const LABELS = labelsOf(inputFields);
const label = (key: string) => `${LABELS[key]} (${key})`;

const Input = inputObject(() => ({
  workspace_id: WorkspaceId(),
  form_id: FormId(),
  title: OptionalTitle(),
  to_workspace_id: OptionalId(),
  visibility: OptionalChoice([...NEW_VISIBILITIES, 'original']),
}));

/** Server field paths of a 422, named like this step's inputs. */
const SERVER_FIELDS = { title: label('title'), workspace_id: label('to_workspace_id') };

/**
 * OpnForm's own duplicate route is closed to tokens (forms--duplicate-form #3), so: the form read as
 * Update Form reads it (exactly, quiet: it holds the form's password), then `POST /open/forms` with
 * that body minus `slug` (a self-hosted server refuses the source's slug, #6) and with the title,
 * workspace and visibility replaced (#7, #8). Questions keep their ids; submissions and integrations
 * are not copied. 2 requests.
 */
const perform = (async (z, bundle) => {
  const input = parseInput(z, Input(), bundle.inputData, inputFields);
  const { slug: _slug, ...source } = await forms.readStored(z, bundle, input.form_id);
  refuseOtherWorkspace(z, { ...source, id: input.form_id }, input.workspace_id, 'Nothing was copied.');
  const title = input.title ?? [...`Copy of ${source.title}`].slice(0, TITLE_MAX).join('');
  const visibility =
    input.visibility === 'original' ? source.visibility : (input.visibility ?? NEW_VISIBILITIES[0]);
  const workspaceId = input.to_workspace_id ?? input.workspace_id;
  const body = { ...source, title, visibility, workspace_id: workspaceId };
  const reply = await forms.create(z, bundle, body, SERVER_FIELDS);
  return {
    ...formDetails(reply.form, account.baseUrl(z, bundle)),
    source_form_id: input.form_id,
    message: reply.message ?? 'Form created.',
  };
}) satisfies CreatePerform;

export const duplicateForm = defineCreate({
  key: 'duplicate_form',
  noun: 'Form',
  display: {
    label: 'Duplicate Form',
    description:
      'Copies a form (not its submissions), by default as a draft titled "Copy of …", to its workspace or another. Returns the copy.',
  },
  operation: {
    inputFields,
    perform,
    sample: { ...NEW_FORM_SAMPLE, source_form_id: 41 },
    outputFields: [{ key: 'source_form_id', label: 'Source Form ID', type: 'integer' }],
    throttle: throttleFor(2), // the form read + the copy
  },
});

export const cases: import('../shared/step-case').StepCase[] = [
  {
    input: { workspace_id: '$workspaceId', form_id: '$formId' },
    minimum: 2,
    why: "read the form (OpnForm's own duplicate is closed to tokens) + create the copy from it",
    writes: /^POST /,
    review: { on: 'both', evidence: ['forms--duplicate-form#5', 'forms--duplicate-form#7'] },
  },
];

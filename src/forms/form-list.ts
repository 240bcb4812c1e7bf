import { defineInputFields, defineTrigger } from 'zapier-platform-core';
import { opnform } from '../http/client';
import { path } from '../http/path';
import { WorkspaceInput } from '../schemas/inputs';
import { parseInput } from '../schemas/parse';
import { LegacyForms } from '../schemas/resources';
import { FIELD_LABELS, workspaceField } from '../shared/fields';
import { pollingPerform } from '../shared/perform';

const inputFields = defineInputFields([workspaceField]);
const Input = WorkspaceInput;

/** The forms of one workspace, drafts included, for the Form dropdown (no paging on the server). */
const perform = pollingPerform(async (z, bundle) => {
  const { workspace_id } = parseInput(z, Input, bundle.inputData, FIELD_LABELS);
  const forms = await opnform(z, bundle).get(path`/external/zapier/forms`, {
    thing: 'workspace',
    abilities: ['forms-read'],
    query: { workspace_id },
    schema: LegacyForms,
  });
  return forms.map((f) => ({
    id: f.id,
    // real server: `label` = "<title> (<slug>)"; spec: full forms with title and slug
    name: f.label ?? (f.title ? (f.slug ? `${f.title} (${f.slug})` : f.title) : (f.name ?? `Form ${f.id}`)),
  }));
});

export const formList = defineTrigger({
  key: 'form_list',
  noun: 'Form',
  display: { label: 'List Forms', description: 'Triggers when a form is listed.', hidden: true },
  operation: {
    type: 'polling',
    inputFields,
    perform,
    canPaginate: false,
    sample: { id: 42, name: 'Contact Us (contact-us)' },
    outputFields: [
      { key: 'id', label: 'Form ID', type: 'integer' },
      { key: 'name', label: 'Name', type: 'string' },
    ],
  },
});

import { listFormNames } from '../api/forms';
import { defineDropdown, IN_WORKSPACE } from '../shared/dropdown';

/** The forms of one workspace, drafts included, for the Form dropdown (no paging on the server). */
export const formList = defineDropdown({
  key: 'form_list',
  noun: 'Form',
  label: 'List Forms',
  listed: 'form',
  ...IN_WORKSPACE,
  list: async (z, bundle, { workspace_id }) =>
    (await listFormNames(z, bundle, workspace_id)).map((f) => ({
      id: f.id,
      name: f.label ?? (f.title ? (f.slug ? `${f.title} (${f.slug})` : f.title) : (f.name ?? `Form ${f.id}`)),
    })),
  sample: { id: 42, name: 'Contact Us (contact-us)' },
  outputFields: [
    { key: 'id', label: 'Form ID', type: 'integer' },
    { key: 'name', label: 'Name', type: 'string' },
  ],
});

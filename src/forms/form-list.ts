import { defineInputFields } from 'zapier-platform-core';
import * as forms from '../api/forms';
import { defineDropdown, IN_WORKSPACE } from '../inputs/dropdown';
import { inputObject, OptionalId } from '../inputs/values';

type ListedForm = Awaited<ReturnType<typeof forms.listNames>>[number];

/** A form's name: the real server's `name` (its title), else a spec server's `title`. */
const nameOf = (f: ListedForm): string => f.name ?? f.title ?? `Form ${f.id}`;

/** What the dropdown shows: the real server's `label` ("<title> (<slug>)"), else the same built from title and slug. */
const labelOf = (f: ListedForm): string =>
  f.label ?? (f.title ? (f.slug ? `${f.title} (${f.slug})` : f.title) : nameOf(f));

/** The Form dropdown's input: the workspace, optional. */
const AnyWorkspace = inputObject(() => ({ workspace_id: OptionalId() }));

/**
 * The forms of the chosen workspace, drafts included, for the Form dropdown (no paging on the server).
 * With no workspace chosen (Find Form's is optional), every form of the user's workspaces.
 */
export const formList = defineDropdown({
  key: 'form_list',
  noun: 'Form',
  label: 'List Forms',
  listed: 'form',
  inputFields: defineInputFields([{ ...IN_WORKSPACE.inputFields[0], required: false }]),
  Input: AnyWorkspace,
  list: async (z, bundle, { workspace_id }) =>
    (workspace_id === undefined
      ? await forms.listAll(z, bundle)
      : await forms.listNames(z, bundle, workspace_id)
    ).map((f) => ({ id: f.id, name: labelOf(f) })),
  sample: { id: 42, name: 'Contact Us (contact-us)' },
});

/**
 * Version 1.0.4's hidden form list, kept under its key (`list_forms`) with its input (`workspace_id`,
 * required, fed by `list_workspaces`) and its output `[{id, name, label}]`: the same endpoint
 * (`GET /external/zapier/forms`), so the same integer ids 1.0.4's Form dropdown saved in live Zaps.
 */
export const legacyFormList = defineDropdown({
  key: 'list_forms',
  noun: 'Form',
  label: 'List Forms (Kept for Zaps Made Before 1.1.0)',
  listed: 'form',
  // `type: 'string'` as 1.0.4 declared it (an input's type change is a promotion guardrail)
  inputFields: defineInputFields([
    { ...IN_WORKSPACE.inputFields[0], type: 'string', dynamic: 'list_workspaces.id.name' },
  ]),
  Input: IN_WORKSPACE.Input,
  list: async (z, bundle, { workspace_id }) =>
    (await forms.listNames(z, bundle, workspace_id)).map((f) => ({
      id: f.id,
      name: nameOf(f),
      label: labelOf(f),
    })),
  sample: { id: 42, name: 'Contact Us', label: 'Contact Us (contact-us)' },
});

export const cases: import('../shared/step-case').StepCase[] = [
  { step: 'form_list', input: { workspace_id: '$workspaceId' }, minimum: 1, why: 'list' },
  // version 1.0.4's hidden list, kept for its Zaps (test/e2e/legacy-1.0.4.tests.ts: ids saved as strings)
  { step: 'list_forms', input: { workspace_id: '$workspaceId' }, minimum: 1, why: 'list' },
];

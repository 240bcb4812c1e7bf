import { type Bundle, defineInputFields, type ZObject } from 'zapier-platform-core';
import * as forms from '../api/forms';
import * as workspaces from '../api/workspaces';
import { defineDropdown, IN_WORKSPACE } from '../inputs/dropdown';
import { inputObject, OptionalId } from '../inputs/values';
import { isLastPage } from '../shared/paging';

/** Forms per dropdown page: the largest page of `GET /open/workspaces/{id}/forms` (about 50 KB). */
export const FORM_LIST_PAGE_SIZE = 100;

/** What a dropdown keeps of a listed form: its id, title and slug (the rest of the page is let go). */
interface FormName {
  id: number;
  title: string;
  label: string;
}

/** The dropdown's label "<title> (<slug>)", as OpnForm's own Zapier list labels a form. */
const nameOf = ({ id, title, slug }: { id: number; title: string; slug: string }): FormName => ({
  id,
  title,
  label: slug === '' ? title : `${title} (${slug})`,
});

/** Zapier's dropdown page (0-based `bundle.meta.page`; "Load more" asks for the next). */
const dropdownPage = (bundle: Bundle): number => {
  const page = (bundle.meta as Partial<Bundle['meta']> | undefined)?.page;
  return typeof page === 'number' && Number.isSafeInteger(page) && page > 0 ? page : 0;
};

/** One page of a workspace's forms (last edited first), names only, and whether it is the last. */
const namesPage = async (z: ZObject, bundle: Bundle, workspaceId: number, page: number) => {
  const reply = await forms.listPage(z, bundle, workspaceId, page, FORM_LIST_PAGE_SIZE);
  return { names: reply.data.map(nameOf), last: isLastPage(reply, page, FORM_LIST_PAGE_SIZE) };
};

/** Where the all-workspaces list stands between dropdown pages: the workspaces left, from `page` of the first. */
interface Position {
  workspaces: number[];
  page: number;
}

const readPosition = async (z: ZObject): Promise<Position | undefined> => {
  try {
    const parsed = JSON.parse(await z.cursor.get()) as Partial<Position>;
    return Array.isArray(parsed.workspaces) &&
      parsed.workspaces.every(Number.isSafeInteger) &&
      Number.isSafeInteger(parsed.page)
      ? { workspaces: parsed.workspaces, page: parsed.page as number }
      : undefined;
  } catch {
    // no cursor (none saved, or no cursor store: a local run)
    return undefined;
  }
};

const savePosition = async (z: ZObject, position: Position) => {
  try {
    await z.cursor.set(JSON.stringify(position));
  } catch {
    // no cursor store (a local run): the list ends after its first page
  }
};

/**
 * With no workspace chosen, the forms of every workspace of the user, one workspace after the other, one
 * page of at most 100 a dropdown page: the first page reads the workspaces (names only) and the first
 * page of the first; each "Load more" reads one page, its place kept in Zapier's cursor (`z.cursor`). A
 * workspace without forms is passed over in the same call. Without a cursor (a local run) the list
 * ends after its first page.
 */
const allWorkspacesPage = async (z: ZObject, bundle: Bundle): Promise<FormName[]> => {
  let at =
    dropdownPage(bundle) === 0
      ? { workspaces: (await workspaces.listNames(z, bundle)).map((w) => w.id), page: 1 }
      : await readPosition(z);
  if (at === undefined) return [];
  while (at.workspaces.length > 0) {
    const [workspaceId, ...rest] = at.workspaces as [number, ...number[]];
    const { names, last } = await namesPage(z, bundle, workspaceId, at.page);
    at = last ? { workspaces: rest, page: 1 } : { workspaces: at.workspaces, page: at.page + 1 };
    if (names.length > 0) {
      await savePosition(z, at);
      return names;
    }
  }
  await savePosition(z, at);
  return [];
};

/** One page of the chosen workspace's forms: Zapier's page N is OpnForm's page N + 1. */
const workspacePage = async (z: ZObject, bundle: Bundle, workspaceId: number) =>
  (await namesPage(z, bundle, workspaceId, dropdownPage(bundle) + 1)).names;

/** The Form dropdown's input: the workspace, optional. */
const AnyWorkspace = inputObject(() => ({ workspace_id: OptionalId() }));

/**
 * The forms of the chosen workspace, drafts included, last edited first, 100 a page (Zapier's "Load
 * more" reads the next): names only, never a form's questions. With no workspace chosen (Find Form's is
 * optional), the forms of every workspace of the user, workspace after workspace.
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
      ? await allWorkspacesPage(z, bundle)
      : await workspacePage(z, bundle, workspace_id)
    ).map((f) => ({ id: f.id, name: f.label })),
  canPaginate: true,
  sample: { id: 42, name: 'Contact Us (contact-us)' },
});

/**
 * Version 1.0.4's hidden form list, kept under its key (`list_forms`) with its input (`workspace_id`,
 * required, fed by `list_workspaces`) and its output `[{id, name, label}]`, the same integer ids
 * 1.0.4's Form dropdown saved in live Zaps; paged like the Form dropdown (it read 1.0.4's unpaged
 * `GET /external/zapier/forms`).
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
    (await workspacePage(z, bundle, workspace_id)).map((f) => ({ id: f.id, name: f.title, label: f.label })),
  canPaginate: true,
  sample: { id: 42, name: 'Contact Us', label: 'Contact Us (contact-us)' },
});

export const cases: import('../shared/step-case').StepCase[] = [
  { step: 'form_list', input: { workspace_id: '$workspaceId' }, minimum: 1, why: 'one page of forms' },
  {
    step: 'form_list',
    name: 'no workspace',
    input: {},
    minimum: 2,
    why: "the workspaces + the first workspace's first page of forms",
  },
  // version 1.0.4's hidden list, kept for its Zaps (test/e2e/legacy-1.0.4.tests.ts: ids saved as strings)
  { step: 'list_forms', input: { workspace_id: '$workspaceId' }, minimum: 1, why: 'one page of forms' },
];

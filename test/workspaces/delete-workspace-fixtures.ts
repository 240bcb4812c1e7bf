// Delete Workspace's answers, from the recordings (workspaces--create-update-delete, forms--list-workspace-forms,
// forms--delete-form, team--invites), shared by its tests.
import type nock from 'nock';
import { api, recorded, recordedScope } from '../helpers/recorded';

const rec = recorded('workspaces--create-update-delete');
const forms = recorded('forms--list-workspace-forms');

/** Workspace 14's forms as one page of up to 100 (recorded page of workspace 6, its items and total replaced). */
const LISTED = { query: { per_page: '100' } };
export const formsOf = (
  workspaceId: number,
  items: Array<{ id: number; title: string }>,
  total = items.length,
) => {
  const body = forms.exchange(0).response.body as { data: Array<Record<string, unknown>>; meta: object };
  const [first] = body.data;
  return api()
    .get(`/open/workspaces/${workspaceId}/forms`)
    .query(LISTED.query)
    .reply(200, {
      ...body,
      data: items.map((f) => ({ ...first, ...f, workspace_id: workspaceId })),
      meta: { ...body.meta, total, per_page: 100 },
    } as nock.Body);
};
export const formsOf14 = (items: Array<{ id: number; title: string }>, total = items.length) =>
  formsOf(14, items, total);
/** The user's workspaces (recorded #30) with workspace 14 beside the home one, the user's role there. */
export const mine = (role: 'admin' | 'user' = 'admin', withHome = true) => {
  const home = (rec.exchange(30).response.body as Array<Record<string, unknown>>)[0];
  const ws14 = { ...home, id: 14, name: 'Rec WS A', is_admin: role === 'admin', pivot: { role } };
  return api()
    .get('/open/workspaces')
    .reply(200, (withHome ? [home, ws14] : [ws14]) as nock.Body);
};
export const FORM_DELETED = recorded('forms--delete-form').exchange(1).response.body as nock.Body;
export const deleteFormScope = (id: number, status = 200) =>
  api()
    .delete(`/open/forms/${id}`)
    .reply(status, status === 200 ? FORM_DELETED : { message: 'This action is unauthorized.' });
export const TWO = [
  { id: 22, title: 'Form in a workspace about to be deleted' },
  { id: 23, title: 'Second form' },
];
export const INVITES = recorded('team--invites');
/** The write ability proven: workspace 14's invites listed (recorded #2: 200 only with workspaces-write, as an admin). */
export const proof = (exchange = 2) =>
  recordedScope(INVITES.exchange(exchange), { path: '/open/workspaces/14/invites' });

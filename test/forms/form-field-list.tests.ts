import { op, run } from '../helpers/app';
import { api } from '../helpers/scopes';
import { FORM, FORM_ID } from '../submissions/sample-form';

const perform = op('triggers.form_field_list.operation.perform');

test('form_field_list: the answerable questions (hidden included, layout blocks left out) with id, name and type', async () => {
  const scope = api().get(`/open/forms/${FORM_ID}`).reply(200, FORM);
  await expect(run(perform, { workspace_id: '7', form_id: String(FORM_ID) })).resolves.toEqual([
    { id: 'f-name', name: 'Name', type: 'text' },
    { id: 'f-email', name: 'Email', type: 'email' },
    { id: 'f-plan', name: 'Plan', type: 'select' },
    { id: 'f-tags', name: 'Tags', type: 'multi_select' },
    { id: 'f-age', name: 'Age', type: 'number' },
    { id: 'f-agree', name: 'Agree', type: 'checkbox' },
    { id: 'f-when', name: 'Visit', type: 'date' },
    { id: 'f-site', name: 'Website', type: 'url' },
    { id: 'f-grid', name: 'Ratings', type: 'matrix' },
    { id: 'f-cv', name: 'CV', type: 'files' },
    { id: 'f-ref', name: 'Referrer', type: 'text' },
  ]);
  expect(scope.isDone()).toBe(true);
});

test('form_field_list: unnamed questions fall back to their type', async () => {
  api()
    .get('/open/forms/5')
    .reply(200, { id: 5, slug: 's', title: 'T', properties: [{ id: 'x', type: 'rating', name: ' ' }] });
  await expect(run(perform, { workspace_id: 7, form_id: 5 })).resolves.toEqual([
    { id: 'x', name: 'Untitled rating field', type: 'rating' },
  ]);
});

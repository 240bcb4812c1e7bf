import { failure, op, run } from '../helpers/app';
import { api } from '../helpers/scopes';

const perform = op('triggers.form_list.operation.perform');

test('form_list (real server) uses the label "<title> (<slug>)"', async () => {
  const scope = api()
    .get('/external/zapier/forms')
    .query({ workspace_id: '7' })
    .reply(200, [{ id: 42, name: 'Contact Us', label: 'Contact Us (contact-us)' }]);
  await expect(run(perform, { workspace_id: '7' })).resolves.toEqual([
    { id: 42, name: 'Contact Us (contact-us)' },
  ]);
  expect(scope.isDone()).toBe(true);
});

test('form_list (spec: full forms) builds the same label from title and slug', async () => {
  api()
    .get('/external/zapier/forms')
    .query({ workspace_id: '7' })
    .reply(200, [{ id: 42, title: 'Contact Us', slug: 'contact-us', visibility: 'public', properties: [] }]);
  await expect(run(perform, { workspace_id: 7 })).resolves.toEqual([
    { id: 42, name: 'Contact Us (contact-us)' },
  ]);
});

test('form_list refuses a workspace that is not an id, before any request', async () => {
  const error = await failure(run(perform, { workspace_id: '../7' }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'invalid_input',
    status: 400,
    message: 'Invalid input: Workspace (workspace_id) must be a whole number (an OpnForm id), got "../7".',
  });
});

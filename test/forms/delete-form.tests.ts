// Delete Form against the real server's recorded answers (forms--delete-form.json).
import { App, failure, op, run } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';

const perform = op('creates.delete_form.operation.perform');
const DELETE = recorded('forms--delete-form');
const FORM_12 = { workspace_id: 6, form_id: '12' };

test('one request, DELETE /open/forms/12 as recorded; the output says which form was deleted', async () => {
  const scope = recordedScope(DELETE.exchange(1));
  await expect(run(perform, FORM_12)).resolves.toEqual({
    id: 12,
    deleted: true,
    message: 'Form was deleted.',
  });
  expect(scope.isDone()).toBe(true);
});

test('a second delete (404): the form is gone either way, so the run halts', async () => {
  const scope = recordedScope(DELETE.exchange(2));
  expect(DELETE.exchange(2).comment).toBe('Again.');
  expect(await failure(run(perform, FORM_12))).toEqual({
    name: 'HaltedError',
    message:
      'Form 12 is not there (any more): it was already deleted, or never existed. Nothing was deleted.',
  });
  expect(scope.isDone()).toBe(true);
});

test.each([
  [0, 12, 'a token without forms-write'],
  [5, 9, "another user's form"],
])('exchange #%s (form %s), %s: a 403 error naming the ability, not a halt', async (n, form_id) => {
  const scope = recordedScope(DELETE.exchange(n));
  const error = await failure(run(perform, { workspace_id: 6, form_id }));
  expect(scope.isDone()).toBe(true);
  expect(error).toMatchObject({ name: 'AppError', code: 'forbidden', status: 403 });
  expect(error.message).toBe(
    'OpnForm refused this step (403): "This action is unauthorized." Either the access token lacks the ' +
      '"forms-write" ability (then create a new token with it ticked in OpnForm, Settings > Access Tokens, and ' +
      'reconnect), or the connected user is read-only in the workspace or not a member of it (then ask an admin ' +
      'of the workspace; a new token does not help).',
  );
});

test('a form id that is not a whole number is refused before any request, naming the field', async () => {
  const error = await failure(run(perform, { workspace_id: 6, form_id: '../12' }));
  expect(error).toMatchObject({
    code: 'invalid_input',
    message: 'Invalid input: Form (form_id) must be a whole number (an OpnForm id), got "../12".',
  });
});

test('the editor shows the warning first; the description says it cannot be undone', () => {
  const def = App.creates.delete_form;
  const [warning] = def.operation.inputFields as Array<{ key: string; type?: string; helpText?: string }>;
  expect(warning).toMatchObject({ key: 'destructive_warning', type: 'copy' });
  expect(warning?.helpText).toBe(
    '**Warning: this step cannot be undone.** The share link stops working and its submissions can no longer be read.',
  );
  expect(def.display.description).toBe(
    'Deletes a form and its share link; its submissions can no longer be read. This cannot be undone.',
  );
});

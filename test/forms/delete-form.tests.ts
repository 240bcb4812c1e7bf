// Delete Form against the real server's recorded answers (forms--delete-form.json).
import { App, failure, op, run } from '../helpers/app';
import { formRefused } from '../helpers/forbidden';
import { formReadScope, recorded, recordedScope } from '../helpers/recorded';

const perform = op('creates.delete_form.operation.perform');
const DELETE = recorded('forms--delete-form');
const FORM_12 = { workspace_id: 6, form_id: '12' };
const read = (id: number, workspaceId = 6) => formReadScope(id, workspaceId);
const GONE =
  'Form 12 is not there (any more): it was already deleted, or never existed. Nothing was deleted.';

test('the form read (in the chosen workspace), then DELETE /open/forms/12 as recorded; the output says which form', async () => {
  const scopes = [read(12), recordedScope(DELETE.exchange(1))];
  await expect(run(perform, FORM_12)).resolves.toEqual({
    id: 12,
    deleted: true,
    message: 'Form was deleted.',
  });
  expect(scopes.every((s) => s.isDone())).toBe(true);
});

test('a form of another workspace than the chosen one: refused naming both, no DELETE sent', async () => {
  const scope = read(12, 7);
  const error = await failure(run(perform, { workspace_id: 8, form_id: 12 }));
  expect(scope.isDone()).toBe(true);
  expect(error).toMatchObject({
    code: 'invalid_input',
    message:
      'Invalid input: Form (form_id) 12 is in workspace 7, not in the chosen Workspace (workspace_id) 8. Choose ' +
      'workspace 7, or a form of workspace 8. Nothing was deleted.',
  });
});

test('already deleted: the read answers 404 (recorded #3), so the run halts without a DELETE', async () => {
  const scope = recordedScope(DELETE.exchange(3));
  expect(await failure(run(perform, FORM_12))).toEqual({ name: 'HaltedError', message: GONE });
  expect(scope.isDone()).toBe(true);
});

test('deleted between the read and the delete (404, recorded #2): the form is gone either way, so the run halts', async () => {
  const scopes = [read(12), recordedScope(DELETE.exchange(2))];
  expect(DELETE.exchange(2).comment).toBe('Again.');
  expect(await failure(run(perform, FORM_12))).toEqual({ name: 'HaltedError', message: GONE });
  expect(scopes.every((s) => s.isDone())).toBe(true);
});

test('a token without forms-write (recorded #0): a 403 error naming the ability, not a halt', async () => {
  const scopes = [read(12), recordedScope(DELETE.exchange(0))];
  const error = await failure(run(perform, FORM_12));
  expect(scopes.every((s) => s.isDone())).toBe(true);
  expect(error).toMatchObject({ name: 'AppError', code: 'forbidden', status: 403 });
  expect(error.message).toBe(formRefused('forms-write'));
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
    'Deletes a form and its share link; its submissions can no longer be read. Returns its ID. This cannot be undone.',
  );
});

test("another user's form: the read is refused (recorded 403), so no DELETE is sent", async () => {
  const scope = recordedScope(recorded('forms--get-form').exchange(4), { path: '/open/forms/9' });
  const error = await failure(run(perform, { workspace_id: 6, form_id: 9 }));
  expect(scope.isDone()).toBe(true);
  expect(error).toMatchObject({ code: 'forbidden', status: 403 });
  expect(error.message).toMatch(/^OpnForm refused this step \(403\): "This action is unauthorized\."/);
});

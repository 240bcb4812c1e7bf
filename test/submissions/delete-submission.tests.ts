// Delete Submission against the real server's recorded answers (submissions--delete.json).
import nock from 'nock';
import { App, failure, op, run } from '../helpers/app';
import { formRefused } from '../helpers/forbidden';
import { formReadScope, recorded, recordedScope } from '../helpers/recorded';

const perform = op('creates.delete_submission.operation.perform');
const DELETE = recorded('submissions--delete');
const GONE = {
  name: 'HaltedError',
  message:
    'This submission is not on the form (any more): it was already deleted, or it belongs to another form. ' +
    'Nothing was deleted.',
};

afterEach(() => nock.cleanAll());

test('the form read, then DELETE /open/forms/6/submissions/2063 as recorded; the output says which was deleted', async () => {
  formReadScope(6, 6);
  const scope = recordedScope(DELETE.find('DELETE', '/open/forms/6/submissions/2063', 200));
  await expect(run(perform, { workspace_id: 6, form_id: '6', submission_id: ' 2063' })).resolves.toEqual({
    id: 2063,
    form_id: 6,
    deleted: true,
    message: 'Record successfully removed.',
  });
  expect(scope.isDone()).toBe(true);
});

test('a second delete of the same submission (404, empty message): the goal holds, so the run halts', async () => {
  formReadScope(6, 6);
  const scope = recordedScope(DELETE.exchange(3));
  expect(DELETE.exchange(3).comment).toBe('Again.');
  expect(await failure(run(perform, { workspace_id: 6, form_id: 6, submission_id: 2063 }))).toEqual(GONE);
  expect(scope.isDone()).toBe(true);
});

test("another form's submission answers the same 404: the same halt, nothing deleted", async () => {
  formReadScope(6, 6);
  const scope = recordedScope(DELETE.find('DELETE', '/open/forms/6/submissions/1049', 404));
  expect(await failure(run(perform, { workspace_id: 6, form_id: 6, submission_id: 1049 }))).toEqual(GONE);
  expect(scope.isDone()).toBe(true);
});

test('a token without forms-write (403): an error naming the ability', async () => {
  formReadScope(6, 6);
  const scope = recordedScope(DELETE.exchange(1));
  expect(DELETE.exchange(1).comment).toBe('Token without forms-write.');
  const error = await failure(run(perform, { workspace_id: 6, form_id: 6, submission_id: 2063 }));
  expect(scope.isDone()).toBe(true);
  expect(error).toMatchObject({ name: 'AppError', code: 'forbidden', status: 403 });
  expect(error.message).toBe(formRefused('forms-write'));
});

test("another user's form (403 at its read): an error, not a halt; no DELETE", async () => {
  const scope = recordedScope(recorded('forms--get-form').exchange(4), { path: '/open/forms/9' });
  const error = await failure(run(perform, { workspace_id: 6, form_id: 9, submission_id: 1035 }));
  expect(scope.isDone()).toBe(true);
  expect(error).toMatchObject({ name: 'AppError', code: 'forbidden', status: 403 });
});

test('a form of another workspace than the chosen one: refused naming both, no DELETE sent', async () => {
  const read = formReadScope(6, 7);
  const error = await failure(run(perform, { workspace_id: 8, form_id: 6, submission_id: 2063 }));
  expect(read.isDone()).toBe(true);
  expect(error).toMatchObject({
    code: 'invalid_input',
    message:
      'Invalid input: Form (form_id) 6 is in workspace 7, not in the chosen Workspace (workspace_id) 8. Choose ' +
      'workspace 7, or a form of workspace 8. Nothing was deleted.',
  });
});

test('a form no longer there (recorded 404 at its read): a halt, no DELETE', async () => {
  const read = recordedScope(recorded('forms--delete-form').exchange(3));
  expect(await failure(run(perform, { workspace_id: 6, form_id: 12, submission_id: 2063 }))).toEqual({
    name: 'HaltedError',
    message:
      'Form 12 is not there (any more): it was already deleted, or never existed. Nothing was deleted.',
  });
  expect(read.isDone()).toBe(true);
});

describe("a submission's public UUID (as in its edit link): one list page turns it into the id", () => {
  /** Form 6's newest submissions as recorded (submissions--list#0: 9 items, one page), as the step asks. */
  const LIST = recorded('submissions--list').exchange(0);
  const PAGE_1 = { query: { page: 1, per_page: 100 } };
  const UUID_2063 = '15fc50ce-89d7-4810-b303-ef68e52cfcbe';

  test('found on the page: DELETE /open/forms/6/submissions/2063 as recorded, the output gives the id', async () => {
    const scopes = [
      formReadScope(6, 6),
      recordedScope(LIST, PAGE_1),
      recordedScope(DELETE.find('DELETE', '/open/forms/6/submissions/2063', 200)),
    ];
    const submission_id = ` ${UUID_2063.toUpperCase()} `;
    await expect(run(perform, { workspace_id: 6, form_id: 6, submission_id })).resolves.toEqual({
      id: 2063,
      form_id: 6,
      deleted: true,
      message: 'Record successfully removed.',
    });
    expect(scopes.map((s) => s.isDone())).toEqual([true, true, true]);
  });

  test('not on the form (its only page read): the halt of a submission already gone, no DELETE', async () => {
    const scopes = [formReadScope(6, 6), recordedScope(LIST, PAGE_1)];
    const submission_id = '511c48aa-7ee7-4b22-98f4-4e8d6d71edb3';
    expect(await failure(run(perform, { workspace_id: 6, form_id: 6, submission_id }))).toEqual(GONE);
    expect(scopes.map((s) => s.isDone())).toEqual([true, true]);
  });

  test('not among the 100 newest of a longer list: refused after that one read, naming what to map; no DELETE', async () => {
    const body = LIST.response.body as { meta: object };
    const longer = {
      ...LIST,
      response: { ...LIST.response, body: { ...body, meta: { ...body.meta, last_page: 2 } } },
    };
    const scopes = [formReadScope(6, 6), recordedScope(longer, PAGE_1)];
    const submission_id = '511c48aa-7ee7-4b22-98f4-4e8d6d71edb3';
    const error = await failure(run(perform, { workspace_id: 6, form_id: 6, submission_id }));
    expect(scopes.map((s) => s.isDone())).toEqual([true, true]);
    expect(error).toMatchObject({
      code: 'not_found',
      status: 404,
      message:
        'Submission 511c48aa-7ee7-4b22-98f4-4e8d6d71edb3 is not among the 100 newest submissions of form 6, the ' +
        "ones this step looks a UUID up in. Map the submission's ID (a number) instead. Nothing was deleted.",
    });
  });
});

test.each([
  ['a hashed id from a CSV', 'c2FuZGJveC1zdWJtaXNzaW9uLTE', 'is not a real submission id'],
  ['a made-up test id', String(2 ** 52 + 5), 'is not a real submission id'],
  ['an e-mail', 'ann@example.org', "must be the submission's ID (a whole number) or its UUID"],
])('%s is refused before any request, naming the field', async (_why, submission_id, says) => {
  const error = await failure(run(perform, { workspace_id: 6, form_id: 6, submission_id }));
  expect(error.code).toBe('invalid_input');
  expect(error.message).toContain('Submission (submission_id)');
  expect(error.message).toContain(says);
});

test('a missing form is named before any request', async () => {
  const error = await failure(run(perform, { workspace_id: 6, submission_id: 2063 }));
  expect(error.code).toBe('invalid_input');
  expect(error.message).toContain('(form_id)');
});

test('the editor shows the warning first; the description says it is final; Find Submission is offered', () => {
  const def = App.creates.delete_submission;
  expect(def.display).toEqual({
    label: 'Delete Submission',
    description: 'Deletes a submission and its answers. Returns its ID. This cannot be undone.',
  });
  const [warning, , , submission] = def.operation.inputFields ?? [];
  expect(warning).toEqual({
    key: 'destructive_warning',
    label: 'Warning',
    type: 'copy',
    helpText:
      '**Warning: this step cannot be undone.** The submission and its answers, uploaded files included, are ' +
      'deleted for good: export what you still need first.',
  });
  expect(submission).toMatchObject({
    key: 'submission_id',
    dynamic: 'submission_list.id.label',
    search: 'find_submission.id',
    dependsOn: ['form_id'],
  });
});

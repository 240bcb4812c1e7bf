// The Form dropdown against the real server's recorded answers (external--forms).
import nock from 'nock';
import { failure, op, run } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';

const perform = op('triggers.form_list.operation.perform');
const FORMS = recorded('external--forms');

afterEach(() => nock.cleanAll());

test('every form of the workspace, drafts included, labelled "<title> (<slug>)" as the server gives it', async () => {
  const scope = recordedScope(FORMS.exchange(0));
  await expect(run(perform, { workspace_id: '6' })).resolves.toEqual([
    { id: 6, name: 'Zapier Test Form (corpus) (zapier-test-form-corpus-bnml9u)' },
    { id: 12, name: 'Minimal API Form (minimal-api-form-ziqr7v)' },
    { id: 13, name: 'Every Block Form (every-block-form-0bv2sb)' },
  ]);
  expect(scope.isDone()).toBe(true);
});

test('a workspace OpnForm does not know (recorded 422) is shown with its field', async () => {
  const scope = recordedScope(FORMS.exchange(2));
  const error = await failure(run(perform, { workspace_id: 999999 }));
  expect(scope.isDone()).toBe(true);
  expect(error).toMatchObject({
    code: 'validation_failed',
    status: 422,
    message:
      'OpnForm rejected the request (422): The selected workspace id is invalid. workspace_id: The selected workspace id is invalid.',
  });
});

test("another user's workspace (recorded 403) and a token without forms-read (recorded 403) name the ability", async () => {
  for (const index of [3, 4]) {
    const ex = FORMS.exchange(index);
    const scope = recordedScope(ex);
    const error = await failure(run(perform, { workspace_id: ex.request.query.workspace_id }));
    expect(scope.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(error.message).toContain(`"${(ex.response.body as { message: string }).message}"`);
    expect(error.message).toContain('"forms-read" ability');
  }
});

test("no workspace chosen (Find Form's is optional): every form of the user's workspaces, from GET /open/forms", async () => {
  for (const input of [{}, { workspace_id: '  ' }]) {
    const scope = recordedScope(recorded('forms--list-all-forms').exchange(0));
    await expect(run(perform, input)).resolves.toEqual([
      { id: 6, name: 'Zapier Test Form (corpus) (zapier-test-form-corpus-bnml9u)' },
      { id: 12, name: 'Minimal API Form (minimal-api-form-ziqr7v)' },
      { id: 13, name: 'Every Block Form (every-block-form-0bv2sb)' },
    ]);
    expect(scope.isDone()).toBe(true);
  }
});

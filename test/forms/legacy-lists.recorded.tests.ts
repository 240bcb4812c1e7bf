// Version 1.0.4's hidden lists (`list_workspaces`, `list_forms`), kept for the Zaps it made, against the
// real server's recorded answers (external--workspaces, forms--list-workspace-forms): its keys, inputs
// and output shapes, and the very ids 1.0.4's dropdowns saved.
import { readPublicDefinition } from '../../scripts/breaking-change';
import { App, failure, op, run } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';

const FIRST_PAGE = { page: 1, per_page: 100 };
const emitted = (readPublicDefinition() as { emitted: Record<string, string[]> }).emitted;

test('list_workspaces: hidden, polling, no input, [{id, name}] with the integer ids 1.0.4 listed', async () => {
  const trigger = App.triggers.list_workspaces;
  expect(trigger).toMatchObject({ key: 'list_workspaces', noun: 'Workspace', display: { hidden: true } });
  expect(trigger.operation).toMatchObject({ type: 'polling', canPaginate: false });
  expect(trigger.operation).not.toHaveProperty('inputFields');
  const scope = recordedScope(recorded('external--workspaces').exchange(0));
  const items = await run(op('triggers.list_workspaces.operation.perform'));
  expect(scope.isDone()).toBe(true);
  expect(items).toEqual([{ id: 6, name: 'Zapier WS (corpus)' }]);
  expect(Object.keys((items as object[])[0] as object)).toEqual(emitted.list_workspaces);
});

test('list_forms: hidden, workspace_id required (fed by list_workspaces), [{id, name, label}], 100 a page', async () => {
  const trigger = App.triggers.list_forms;
  expect(trigger).toMatchObject({ key: 'list_forms', noun: 'Form', display: { hidden: true } });
  expect(trigger.operation).toMatchObject({ type: 'polling', canPaginate: true });
  expect(trigger.operation.inputFields).toEqual([
    expect.objectContaining({ key: 'workspace_id', required: true, dynamic: 'list_workspaces.id.name' }),
  ]);
  // a string input declared as 1.0.4 declared it (Zapier's promotion check compares the declared type)
  expect(trigger.operation.inputFields?.[0]).toHaveProperty('type', 'string');
  // 1.0.4 read the unpaged GET /external/zapier/forms; the same forms now come 100 a page
  const scope = recordedScope(recorded('forms--list-workspace-forms').exchange(0), { query: FIRST_PAGE });
  // "6": the value 1.0.4's Workspace dropdown saved (a string)
  const items = await run(op('triggers.list_forms.operation.perform'), { workspace_id: '6' });
  expect(scope.isDone()).toBe(true);
  expect(items).toEqual([
    { id: 12, name: 'Minimal API Form', label: 'Minimal API Form (minimal-api-form-ziqr7v)' },
    { id: 13, name: 'Every Block Form', label: 'Every Block Form (every-block-form-0bv2sb)' },
    {
      id: 6,
      name: 'Zapier Test Form (corpus)',
      label: 'Zapier Test Form (corpus) (zapier-test-form-corpus-bnml9u)',
    },
  ]);
  expect(Object.keys((items as object[])[0] as object)).toEqual(emitted.list_forms);
  // the ids and names 1.0.4's list gave for the same workspace (external--forms #0)
  const legacy = recorded('external--forms').exchange(0).response.body as Array<{ id: number; name: string }>;
  expect((items as typeof legacy).map(({ id, name }) => ({ id, name })).sort((a, b) => a.id - b.id)).toEqual(
    legacy.map(({ id, name }) => ({ id, name })),
  );
});

test('list_forms without a workspace is refused before any request, naming the field', async () => {
  const error = await failure(run(op('triggers.list_forms.operation.perform'), {}));
  expect(error).toEqual({
    name: 'AppError',
    code: 'invalid_input',
    status: 400,
    message: 'Invalid input: Workspace (workspace_id) must be a whole number (an OpnForm id).',
  });
});

test("list_forms and form_list give the same ids (today's Form dropdown finds what 1.0.4 saved)", async () => {
  recordedScope(recorded('forms--list-workspace-forms').exchange(0), { query: FIRST_PAGE });
  const legacy = (await run(op('triggers.list_forms.operation.perform'), { workspace_id: 6 })) as Array<{
    id: number;
  }>;
  recordedScope(recorded('forms--list-workspace-forms').exchange(0), { query: FIRST_PAGE });
  const today = (await run(op('triggers.form_list.operation.perform'), { workspace_id: 6 })) as Array<{
    id: number;
  }>;
  expect(legacy.map((f) => f.id)).toEqual(today.map((f) => f.id));
});

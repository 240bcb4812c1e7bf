// Version 1.0.4's hidden lists (`list_workspaces`, `list_forms`), kept for the Zaps it made, against the
// real server's recorded answers (external--workspaces, external--forms): its keys, inputs and output
// shapes, and the very ids 1.0.4's dropdowns saved (the same /external/zapier endpoints).
import { readPublicDefinition } from '../../scripts/breaking-change';
import { App, failure, op, run } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';

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

test('list_forms: hidden, workspace_id required (fed by list_workspaces), [{id, name, label}] as the server gives it', async () => {
  const trigger = App.triggers.list_forms;
  expect(trigger).toMatchObject({ key: 'list_forms', noun: 'Form', display: { hidden: true } });
  expect(trigger.operation).toMatchObject({ type: 'polling', canPaginate: false });
  expect(trigger.operation.inputFields).toEqual([
    expect.objectContaining({ key: 'workspace_id', required: true, dynamic: 'list_workspaces.id.name' }),
  ]);
  // a string input declared as 1.0.4 declared it (Zapier's promotion check compares the declared type)
  expect(trigger.operation.inputFields?.[0]).toHaveProperty('type', 'string');
  const scope = recordedScope(recorded('external--forms').exchange(0));
  // "6": the value 1.0.4's Workspace dropdown saved (a string)
  const items = await run(op('triggers.list_forms.operation.perform'), { workspace_id: '6' });
  expect(scope.isDone()).toBe(true);
  expect(items).toEqual([
    {
      id: 6,
      name: 'Zapier Test Form (corpus)',
      label: 'Zapier Test Form (corpus) (zapier-test-form-corpus-bnml9u)',
    },
    { id: 12, name: 'Minimal API Form', label: 'Minimal API Form (minimal-api-form-ziqr7v)' },
    { id: 13, name: 'Every Block Form', label: 'Every Block Form (every-block-form-0bv2sb)' },
  ]);
  expect(Object.keys((items as object[])[0] as object)).toEqual(emitted.list_forms);
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
  recordedScope(recorded('external--forms').exchange(0));
  const legacy = (await run(op('triggers.list_forms.operation.perform'), { workspace_id: 6 })) as Array<{
    id: number;
  }>;
  recordedScope(recorded('external--forms').exchange(0));
  const today = (await run(op('triggers.form_list.operation.perform'), { workspace_id: 6 })) as Array<{
    id: number;
  }>;
  expect(legacy.map((f) => f.id)).toEqual(today.map((f) => f.id));
});

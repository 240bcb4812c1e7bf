import { op, run } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';

const perform = op('triggers.choice_field_list.operation.perform');

test('lists only the select and multi-select questions of the recorded form, with their choices', async () => {
  const scope = recordedScope(recorded('forms--update-form').exchange(1));
  const out = await run(perform, { workspace_id: 6, form_id: 6 });
  expect(scope.isDone()).toBe(true);
  expect(out).toEqual([
    {
      id: '769663c6-77d2-497a-b45c-fa1acfdc38e4',
      name: 'Select',
      type: 'select',
      choices: ['First', 'Second'],
    },
    {
      id: '089235ec-fdb1-4be2-8d70-e8e274a4d640',
      name: 'Multi Select',
      type: 'multi_select',
      choices: ['One', 'Two', 'Three'],
    },
  ]);
});

test('the every-block form (recorded): its choice questions only, layout blocks and other types left out', async () => {
  const scope = recordedScope(recorded('forms--get-form').exchange(1));
  const out = (await run(perform, { workspace_id: 6, form_id: 13 })) as Array<{ type: string }>;
  expect(scope.isDone()).toBe(true);
  expect(out.length).toBeGreaterThan(0);
  expect(out.every((q) => q.type === 'select' || q.type === 'multi_select')).toBe(true);
});

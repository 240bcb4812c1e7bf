import { op, run } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';
import { api } from '../helpers/scopes';

const perform = op('triggers.workspace_list.operation.perform');

test('workspace_list lists every workspace of the user as id and name', async () => {
  const scope = api()
    .get('/external/zapier/workspaces')
    .reply(200, [
      { id: 7, name: 'Marketing', icon: '📣' },
      { id: 9, name: 'HR' },
    ]);
  await expect(run(perform)).resolves.toEqual([
    { id: 7, name: 'Marketing' },
    { id: 9, name: 'HR' },
  ]);
  expect(scope.isDone()).toBe(true);
});

test('workspace_list on the recorded answer (external--workspaces)', async () => {
  const scope = recordedScope(recorded('external--workspaces').exchange(0));
  await expect(run(perform)).resolves.toEqual([{ id: 6, name: 'Zapier WS (corpus)' }]);
  expect(scope.isDone()).toBe(true);
});

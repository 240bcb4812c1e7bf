import nock from 'nock';
import { API_HEADERS, BASE, op, run } from '../helpers/app';

const perform = op('triggers.workspace_list.operation.perform');

test('workspace_list lists every workspace of the user as id and name', async () => {
  const scope = nock(BASE, { reqheaders: API_HEADERS })
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

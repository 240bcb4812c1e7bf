import nock from 'nock';
import { API_HEADERS, BASE, failure, op, run } from '../../helpers/app';
import { FORBIDDEN, UNAUTHORIZED } from '../fixtures';

const perform = op('creates.leave_workspace.operation.perform');

test('leave_workspace (spec): POST .../leave without a body, 204 without content', async () => {
  const scope = nock(BASE, { reqheaders: API_HEADERS })
    .post(
      '/open/workspaces/7/leave',
      (body) => body === '' || body === undefined || Object.keys(body).length === 0,
    )
    .reply(204);
  await expect(run(perform, { workspace_id: '7' })).resolves.toEqual({
    id: 7,
    workspace_id: 7,
    left: true,
    message: 'You left the workspace.',
  });
  expect(scope.isDone()).toBe(true);
});

test('leave_workspace (real server): 200 {type, message}', async () => {
  const scope = nock(BASE, { reqheaders: API_HEADERS })
    .post('/open/workspaces/7/leave')
    .reply(200, { type: 'success', message: 'You have left the workspace.' });
  await expect(run(perform, { workspace_id: 7 })).resolves.toEqual({
    id: 7,
    workspace_id: 7,
    left: true,
    message: 'You have left the workspace.',
  });
  expect(scope.isDone()).toBe(true);
});

test('leave_workspace: not a member or missing ability (403)', async () => {
  nock(BASE).post('/open/workspaces/7/leave').reply(403, { message: UNAUTHORIZED });
  const error = await failure(run(perform, { workspace_id: 7 }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'forbidden',
    status: 403,
    message: FORBIDDEN.leave(UNAUTHORIZED),
  });
});

test('leave_workspace: unknown workspace (404)', async () => {
  nock(BASE)
    .post('/open/workspaces/99/leave')
    .reply(404, { message: 'No query results for model [App\\Models\\Workspace] 99' });
  const error = await failure(run(perform, { workspace_id: 99 }));
  expect(error.message).toBe(
    'Workspace not found in OpnForm (404). Check that the workspace still exists and that the connected user belongs to it.',
  );
});

import type nock from 'nock';
import { failure, op, run } from '../helpers/app';
import { api, recorded, recordedScope } from '../helpers/recorded';

const perform = op('searches.find_workspace.operation.perform');
const list = recorded('forms--list-workspaces');
const ws6 = (list.exchange(0).response.body as Array<Record<string, unknown>>)[0];

const CORPUS = {
  id: 6,
  name: 'Zapier WS (corpus)',
  icon: '🧪',
  users_count: 1,
  is_admin: true,
  plan_tier: 'pro',
  created_at: '2026-11-23T17:37:14+00:00',
};

test('the whole name, trimmed and in any case: the workspace (recorded list)', async () => {
  const scope = recordedScope(list.exchange(0));
  await expect(run(perform, { name: '  zapier ws (CORPUS) ' })).resolves.toEqual([CORPUS]);
  expect(scope.isDone()).toBe(true);
});

test('part of a name finds nothing: []', async () => {
  const scope = recordedScope(list.exchange(0));
  await expect(run(perform, { name: 'Zapier WS' })).resolves.toEqual([]);
  expect(scope.isDone()).toBe(true);
});

test('one Unicode form: a composed and a decomposed "é" match; every match in list order', async () => {
  const scope = api()
    .get('/open/workspaces')
    .reply(200, [
      { ...ws6, id: 6, name: 'Équipe' },
      { ...ws6, id: 8, name: 'Other' },
      { ...ws6, id: 7, name: 'E\u0301QUIPE' },
    ] as nock.Body);
  const found = (await run(perform, { name: 'équipe' })) as Array<{ id: number }>;
  expect(found.map((w) => w.id)).toEqual([6, 7]);
  expect(scope.isDone()).toBe(true);
});

test('a token without workspaces-read (recorded 403): the ability is named, the list not read twice', async () => {
  const scope = recordedScope(list.exchange(1));
  expect(await failure(run(perform, { name: 'Ops' }))).toMatchObject({
    code: 'forbidden',
    message:
      'OpnForm refused this step (403): "This action is unauthorized." The access token lacks the ' +
      '"workspaces-read" ability (it cannot even list the connected user\'s workspaces). A token\'s abilities ' +
      'cannot be changed: create a new token with it ticked in OpnForm (Settings > Access Tokens) and reconnect.',
  });
  expect(scope.isDone()).toBe(true);
});

test('an empty name is refused before any request', async () => {
  expect(await failure(run(perform, { name: ' ' }))).toMatchObject({
    code: 'invalid_input',
    message: 'Invalid input: Name (name) is required.',
  });
});

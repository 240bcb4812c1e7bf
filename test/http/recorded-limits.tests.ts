/**
 * The HTTP layer against the answers a real OpnForm server gave for limits and credentials
 * (recordings `limits--rate-limit-429`, `limits--unauthenticated-401`, `external--workspaces`):
 * the recorded status, headers and body, as the connector meets them.
 */
import nock from 'nock';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { opnform } from '../../src/http/client';
import { path } from '../../src/http/path';
import { LegacyWorkspaces } from '../../src/schemas/workspaces';
import { failure, run } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';

const listWorkspaces = (z: ZObject, bundle: Bundle) =>
  opnform(z, bundle).get(path`/external/zapier/workspaces`, {
    need: { thing: 'workspace', abilities: ['workspaces-read'] },
    schema: LegacyWorkspaces(),
  });

afterEach(() => nock.cleanAll());

test('a recorded 429 (another token of the same user) becomes a ThrottledError after Retry-After', async () => {
  const ex = recorded('limits--rate-limit-429').find('GET', '/external/zapier/workspaces', 429);
  expect(ex.response.headers['retry-after']).toBe('59');
  const scope = recordedScope(ex);
  const error = await failure(run(listWorkspaces));
  expect(error).toEqual({
    name: 'ThrottledError',
    message: 'OpnForm rate limit reached (429 Too Many Requests). Zapier will retry later.',
    delay: 59,
  });
  expect(scope.isDone()).toBe(true);
});

test('a recorded 401 asks the user to reconnect', async () => {
  const ex = recorded('limits--unauthenticated-401').find('GET', '/external/zapier/workspaces', 401);
  const scope = recordedScope(ex);
  const error = await failure(run(listWorkspaces));
  expect(error).toMatchObject({
    name: 'ExpiredAuthError',
    message:
      'OpnForm rejected the access token (401): it is invalid or has been revoked. Reconnect your OpnForm account with a valid token.',
  });
  expect(scope.isDone()).toBe(true);
});

test('a recorded 403 "Invalid ability provided." names the ability the token lacks', async () => {
  const ex = recorded('external--workspaces').find('GET', '/external/zapier/workspaces', 403);
  const scope = recordedScope(ex);
  const error = await failure(run(listWorkspaces));
  expect(error).toMatchObject({ name: 'AppError', code: 'forbidden', status: 403 });
  expect(error.message).toBe(
    'OpnForm refused this step (403): "Invalid ability provided." The access token lacks the "workspaces-read" ' +
      "ability this step needs. A token's abilities cannot be changed: create a new token with it ticked in " +
      'OpnForm (Settings > Access Tokens) and reconnect.',
  );
  expect(scope.isDone()).toBe(true);
});

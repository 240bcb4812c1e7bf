// Find Submission against a sandbox that answers `search` with 500, as a real OpnForm server on
// sqlite does (recordings' artefact 2): the same exact matches, found by reading the pages unfiltered.
import type { Bundle } from 'zapier-platform-core';
import { op, run } from '../helpers/app';
import { useSandbox } from './helpers';

const postgres = useSandbox();
const sqlite = useSandbox({ sqliteSearch: true });
const find = op('searches.find_submission.operation.perform');

const on = (sandbox: ReturnType<typeof postgres>, inputData: Record<string, unknown>) =>
  run(find, inputData, {
    authData: { base_url: sandbox.baseUrl, api_key: sandbox.tokens.admin },
  } as Partial<Bundle>) as Promise<Array<{ id: number }>>;

test('the same newest exact matches with and without a working search; the 500 costs one request', async () => {
  const input = (s: ReturnType<typeof postgres>) => ({
    workspace_id: s.ids.workspaceId,
    form_id: s.ids.formId,
    search_field: s.ids.fields.referrer,
    search: 'newsletter',
  });
  const withSearch = await on(postgres(), input(postgres()));
  sqlite().resetRequests();
  const without = await on(sqlite(), input(sqlite()));
  expect(withSearch.length).toBeGreaterThan(0);
  // the newest matches are the same; unfiltered, the matches of the first page holding one are returned
  expect(without.length).toBeGreaterThan(0);
  expect(without.map((s) => s.id)).toEqual(withSearch.map((s) => s.id).slice(0, without.length));
  const formId = sqlite().ids.formId;
  expect(
    sqlite()
      .requests()
      .map((r) => `${r.method} ${r.path} ${r.status}${r.query.includes('search=') ? ' search' : ''}`),
  ).toEqual([
    `GET /open/forms/${formId} 200`,
    `GET /open/forms/${formId}/submissions 500 search`,
    `GET /open/forms/${formId}/submissions 200`,
  ]);
});

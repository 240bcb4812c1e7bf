/**
 * Zapier's rule for searches: nothing found is `[]`, never an error. Every search of the app is run
 * against the sandbox with an input that matches nothing. Find Export can only know "nothing found"
 * on a server that shows export jobs to tokens: its case runs against a spec-like sandbox
 * (`exportStatusForTokens`); on a real-like one it must say it cannot see jobs, never answer `[]`.
 */

import { invokeLogged } from '../../harness/invoke';
import type { SandboxIds } from '../../sandbox/seed';
import { useSandbox } from '../e2e/helpers';
import { App } from '../helpers/app';

const sandbox = useSandbox({ exportStatusForTokens: true });
const realLike = useSandbox();

const NOT_FOUND: Record<string, (ids: SandboxIds) => Record<string, unknown>> = {
  find_submission: (ids) => ({
    workspace_id: ids.workspaceId,
    form_id: ids.formId,
    search: 'no-such-answer-anywhere',
  }),
  find_form: () => ({ form: 'no-such-form-slug' }),
  find_export: (ids) => ({
    workspace_id: ids.workspaceId,
    form_id: ids.formId,
    job_id: '00000000-0000-4000-a000-000000000000',
  }),
  find_member: (ids) => ({ workspace_id: ids.workspaceId, email: 'nobody@example.org' }),
  find_invite: (ids) => ({ workspace_id: ids.workspaceId, email: 'nobody@example.org' }),
};

test('every search of the app has a not-found case here', () => {
  expect(Object.keys(App.searches ?? {}).sort()).toEqual(Object.keys(NOT_FOUND).sort());
});

test.each(Object.entries(NOT_FOUND))('%s answers [] when nothing matches', async (key, input) => {
  const s = sandbox();
  const outcome = await invokeLogged(s, `searches.${key}.operation.perform`, input(s.ids));
  expect(outcome).toMatchObject({ results: [] });
  expect(outcome.error).toBeUndefined();
});

test('find_export on a server that hides export jobs (every real OpnForm server): an error saying so, not []', async () => {
  const s = realLike();
  const outcome = await invokeLogged(
    s,
    'searches.find_export.operation.perform',
    NOT_FOUND.find_export?.(s.ids) ?? {},
  );
  expect(outcome.results).toBeUndefined();
  expect(outcome.error?.message).toMatch(
    /^Find Export cannot look up export job 00000000-0000-4000-a000-000000000000: /,
  );
});

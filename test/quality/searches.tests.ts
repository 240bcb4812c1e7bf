/**
 * Zapier's rule for searches: nothing found is `[]`, never an error. Every search of the app is run
 * against the sandbox with the input its case declares as matching nothing (`nothing`, at the end of
 * the step's module; test/cases.test.ts names a search that has none). Find Export can only know
 * "nothing found" on a server that shows export jobs to tokens: it runs against a spec-like sandbox
 * (`exportStatusForTokens`); on a real-like one it must say it cannot see jobs, never answer `[]`.
 */

import { invokeLogged } from '../../harness/invoke';
import { everyCase, type FoundCase } from '../../harness/step-cases';
import { useSandbox } from '../e2e/helpers';
import { App } from '../helpers/app';

const sandbox = useSandbox({ exportStatusForTokens: true });
const realLike = useSandbox();

const NOTHING = everyCase().filter(
  (c): c is FoundCase & Required<Pick<FoundCase, 'nothing'>> =>
    c.step.kind === 'searches' && c.nothing !== undefined,
);

test('every search of the app declares an input that finds nothing', () => {
  expect(NOTHING.map((c) => c.step.key).sort()).toEqual(Object.keys(App.searches ?? {}).sort());
});

test.each(NOTHING.map((c) => [c.step.key, c] as const))(
  '%s answers [] when nothing matches',
  async (_key, c) => {
    const s = sandbox();
    const outcome = await invokeLogged(s, c.path, c.nothing(s.ids));
    expect(outcome).toMatchObject({ results: [] });
    expect(outcome.error).toBeUndefined();
  },
);

test('find_export on a server that hides export jobs (every real OpnForm server): an error saying so, not []', async () => {
  const s = realLike();
  const findExport = NOTHING.find((c) => c.step.key === 'find_export');
  const outcome = await invokeLogged(
    s,
    'searches.find_export.operation.perform',
    findExport?.nothing(s.ids) ?? {},
  );
  expect(outcome.results).toBeUndefined();
  expect(outcome.error?.message).toMatch(
    /^Find Export cannot look up export job 00000000-0000-4000-a000-000000000000: /,
  );
});

// Fewer, larger test files: loading core and the app again for every test file cost more CPU than most
// files' tests (docs/quality.md, "Test time"). A test part (`test/<folder>/<name>.tests.ts`) is a test file
// of its own (`npx jest test/forms/create-form.tests.ts` runs it alone), and one group file
// (`test/<group>.test.ts`) requires it with `part(...)`, one line per part: `npm test` runs it there, with
// the group's other parts in one module registry (test/helpers/sequencer.js runs a part inside its group
// when a run holds both). So each part leaves no state behind (nock interceptors and listeners, fake
// timers, environment variables: restored in its hooks). test/helpers/repo-rules.tests.ts names the group
// file a part missing from every group goes to.
import { expectEveryInterceptorUsed } from './nock-check';

/**
 * Runs a part in a `describe` named after its path below test/ (`forms/create-form`), so its hooks (a
 * sandbox in `beforeAll`, an `afterEach`) stay its own: `part('forms/create-form', () =>
 * require('./forms/create-form.tests'))`. The `require` is written out so that Jest's dependency graph
 * sees the part from its group.
 */
export const part = (name: string, load: () => unknown): void => {
  describe(name, () => {
    // before the part's own hooks, as test/setup.ts's check runs before a test file's top-level ones when
    // the part runs alone (inner blocks' afterEach hooks run first: a part's `nock.cleanAll()` must not
    // hide an unused one)
    afterEach(expectEveryInterceptorUsed);
    load();
  });
};

/** `part('<name>', () => require('<spec>'))` in a group file. */
const PART_LINE = /\bpart\(\s*'([^']*)',\s*\(\)\s*=>\s*require\('([^']*)'\)/g;
const PART_REQUIRE = /\brequire\('([^']*\.tests)'\)/g;

/** The `part(...)` line for `test/<path>.tests.ts`. */
const lineFor = (path: string) => `part('${path}', () => require('./${path}.tests'));`;

/**
 * What keeps a part from running in exactly one group, named after its path: each problem names the file
 * to edit. `parts`: every `test/**\/*.tests.ts`; `groups`: each `test/*.test.ts` with its text (test/
 * helpers/repo-rules.tests.ts). A part in no group would still run, alone, but at the cost of a test file.
 */
export const partProblems = (parts: readonly string[], groups: ReadonlyMap<string, string>): string[] => {
  const problems: string[] = [];
  const groupsOf = new Map<string, string[]>();
  for (const [group, text] of groups) {
    const lines = [...text.matchAll(PART_LINE)];
    if (lines.length !== [...text.matchAll(PART_REQUIRE)].length)
      problems.push(`${group}: require a part only in a part(...) line (${lineFor('<folder>/<name>')})`);
    for (const [, name, spec] of lines) {
      const path = (spec as string).replace(/^\.\//, '').replace(/\.tests$/, '');
      const file = `test/${path}.tests.ts`;
      if (!parts.includes(file)) problems.push(`${group}: ${file} does not exist (remove its line)`);
      else if (name !== path) problems.push(`${group}: name the part of ${file} '${path}', not '${name}'`);
      groupsOf.set(file, [...(groupsOf.get(file) ?? []), group]);
    }
  }
  for (const file of parts) {
    const runBy = groupsOf.get(file) ?? [];
    if (runBy.length > 1)
      problems.push(`${file} runs in ${runBy.length} groups (${runBy.join(', ')}): keep one line`);
    if (runBy.length > 0) continue;
    const path = file.replace(/^test\//, '').replace(/\.tests\.ts$/, '');
    // the group that runs most of its folder's parts, else a new group named after the folder
    const folder = path.split('/')[0] as string;
    const counts = new Map<string, number>();
    for (const [other, by] of groupsOf)
      if (other.startsWith(`test/${folder}/`)) for (const g of by) counts.set(g, (counts.get(g) ?? 0) + 1);
    const group = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? `test/${folder}.test.ts (a new group)`;
    problems.push(`${file} runs in no group: add ${lineFor(path)} to ${group}`);
  }
  return problems;
};

// Fewer, larger test files: loading core and the app again for every test file cost more CPU than most
// files' tests (docs/quality.md, "Test time"). A folder's `*.tests.ts` files run inside one test file
// (`test/<folder>.test.ts`), each in a `describe` named after it, so its hooks (a sandbox in
// `beforeAll`, an `afterEach`) stay its own; they share one module registry, so each leaves no state
// behind (nock interceptors and listeners, fake timers, environment variables: restored in its hooks).
// A new test file may still be a `*.test.ts` of its own; a `*.tests.ts` runs in its folder's group.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expectEveryInterceptorUsed } from './nock-check';

/** Every `*.tests.ts` under `dir` (sub-folders included), sorted by path. */
const partsOf = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return partsOf(path);
      return name.endsWith('.tests.ts') ? [path] : [];
    });

/** Runs every `*.tests.ts` under `dir` that `keep` keeps (by its path below `dir`, `create/upsert.tests.ts`). */
export const runParts = (dir: string, keep: (part: string) => boolean = () => true): void => {
  const parts = partsOf(dir).filter((path) => keep(relative(dir, path)));
  test(`${relative(join(__dirname, '..'), dir)}: has parts to run`, () => {
    expect(parts.length).toBeGreaterThan(0);
  });
  for (const path of parts)
    describe(relative(dir, path).replace(/\.tests\.ts$/, ''), () => {
      // before the part's own hooks, as test/setup.ts's check runs before a test file's top-level ones
      // (inner blocks' afterEach hooks run first: a part's `nock.cleanAll()` must not hide an unused one)
      afterEach(expectEveryInterceptorUsed);
      require(path);
    });
};

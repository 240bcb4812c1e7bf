// Jest's own order (failed first, then longest first), after one rule: a test file that another test file
// of the same run requires (a `*.tests.ts` part, required by its group: test/helpers/parts.ts) runs
// inside that one only. `npm test` runs each part once, in its group; `npx jest test/forms/x.tests.ts`
// runs the part alone; `-o`, `--watch` and `--findRelatedTests` run the groups of the parts they find.
const Sequencer = require('@jest/test-sequencer').default;

/** The run without the test files that another test file of the run requires. */
const withoutRequired = (tests) => {
  const required = new Set();
  for (const { path, context } of tests)
    for (const name of context.hasteFS.getDependencies(path) ?? [])
      if (name.endsWith('.tests'))
        try {
          required.add(context.resolver.resolveModule(path, name));
        } catch {
          // no such file: running the test file that requires it says so
        }
  return tests.filter((test) => !required.has(test.path));
};

class GroupSequencer extends Sequencer {
  shard(tests, options) {
    return super.shard(withoutRequired(tests), options);
  }

  sort(tests) {
    return super.sort(withoutRequired(tests));
  }
}

module.exports = GroupSequencer;

// The repository's own rules beside the code's (test/architecture.test.ts): every `*.tests.ts` runs in
// exactly one group file (test/helpers/parts.ts), every top-level entry is accounted for, decisions stay short.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { partProblems } from './parts';
import { ROOT, topLevelEntries, topLevelProblems, tsFiles } from './source-scan';

test('every test/**/*.tests.ts runs in exactly one group (test/*.test.ts), in a part named after its path', () => {
  const parts = tsFiles('test').filter((file) => file.endsWith('.tests.ts'));
  expect(parts.length).toBeGreaterThan(100);
  const groups = new Map(
    tsFiles('test')
      .filter((file) => /^test\/[^/]+\.test\.ts$/.test(file))
      .map((file) => [file, readFileSync(join(ROOT, file), 'utf8')] as const),
  );
  expect(partProblems(parts, groups)).toEqual([]);
  // planted: each problem names the file to edit (`require` kept out of the text: scanners would take it for one)
  const req = 'require';
  const line = (name: string, path = name) => `part('${name}', () =>\n  ${req}('./${path}.tests'));`;
  const add = (path: string) => `part('${path}', () => ${req}('./${path}.tests'));`;
  const planted = new Map([
    ['test/forms.test.ts', [line('forms/a'), line('forms/b', 'forms/c')].join('\n')],
    ['test/e2e-a.test.ts', [line('e2e/x'), line('e2e/gone')].join('\n')],
    ['test/e2e-b.test.ts', `${line('e2e/x')}\n${req}('./e2e/y.tests');`],
  ]);
  const files = [
    'test/forms/a.tests.ts',
    'test/forms/b.tests.ts',
    'test/forms/c.tests.ts',
    'test/e2e/x.tests.ts',
  ];
  expect(partProblems([...files, 'test/net/z.tests.ts'], planted)).toEqual([
    "test/forms.test.ts: name the part of test/forms/c.tests.ts 'forms/c', not 'forms/b'",
    'test/e2e-a.test.ts: test/e2e/gone.tests.ts does not exist (remove its line)',
    `test/e2e-b.test.ts: require a part only in a part(...) line (${add('<folder>/<name>')})`,
    `test/forms/b.tests.ts runs in no group: add ${add('forms/b')} to test/forms.test.ts`,
    'test/e2e/x.tests.ts runs in 2 groups (test/e2e-a.test.ts, test/e2e-b.test.ts): keep one line',
    `test/net/z.tests.ts runs in no group: add ${add('net/z')} to test/net.test.ts (a new group)`,
  ]);
});

test('docs/decisions.md holds decisions in force only, a short paragraph each: at most 400 lines', () => {
  const file = 'docs/decisions.md';
  const lines = readFileSync(join(ROOT, file), 'utf8').replace(/\n$/, '').split('\n').length;
  // over it, move history to git, figures to docs/quality.md, step behaviour to docs/steps.md
  expect(lines > 400 ? [`${file}: ${lines} lines`] : []).toEqual([]);
});

test('every top-level entry has a row in docs/architecture.md saying product or workshop, and why', () => {
  const entries = topLevelEntries();
  expect(entries).toEqual(expect.arrayContaining(['src', 'index.ts', 'sandbox', '.zapierapprc']));
  expect(entries).not.toContain('node_modules');
  expect(topLevelProblems(entries, readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8'))).toEqual([]);
  // planted: a new entry without a row, a row without an entry
  const doc =
    '## The top level\n\n| entry | kind | why |\n|---|---|---|\n| `src/`, `gone.ts` | product | x |\n';
  expect(topLevelProblems(['src', 'tools'], doc)).toEqual([
    'tools: no row in docs/architecture.md, "The top level" (product or workshop, and why)',
    'gone.ts: a row in docs/architecture.md, "The top level", names no entry',
  ]);
});

// The test parts' own rule (test/helpers/parts.ts): every `*.tests.ts` runs in exactly one group file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { partProblems } from './parts';
import { ROOT, tsFiles } from './source-scan';

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

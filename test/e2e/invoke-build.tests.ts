/**
 * `npm run sandbox` names the command that makes `npx zapier-platform invoke` work (issue 19, point 5):
 * invoke loads the repository's index.js, which must be a development build of the current source.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { invokeBuildProblem } from '../../sandbox/invoke-build';

const DEVELOPMENT = 'const dev = () => process.env.OPNFORM_DEV_LOCAL_SERVER === "1";\n';
const RELEASE = 'const dev = () => !1;\n';

let root: string;
/** A checkout with index.ts and src/ written at second 1000, and (unless undefined) index.js at `builtAt`. */
const checkout = (indexJs: string | undefined, builtAt = 2000) => {
  mkdirSync(join(root, 'src', 'http'), { recursive: true });
  for (const file of ['index.ts', 'src/http/client.ts']) {
    writeFileSync(join(root, file), '// source\n');
    utimesSync(join(root, file), 1000, 1000);
  }
  if (indexJs !== undefined) {
    writeFileSync(join(root, 'index.js'), indexJs);
    utimesSync(join(root, 'index.js'), builtAt, builtAt);
  }
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'opnform-invoke-build-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('a development build newer than the source: nothing to say', () => {
  checkout(DEVELOPMENT);
  expect(invokeBuildProblem(root)).toBeUndefined();
});

test.each([
  [
    'no index.js (a fresh clone)',
    undefined,
    2000,
    'index.js does not exist yet: run `npm run build:app` before `npx zapier-platform invoke` (it bundles ' +
      'index.ts into index.js).',
  ],
  [
    'a release build',
    RELEASE,
    2000,
    'index.js is a release build, which refuses this sandbox: run `npm run build:app` before ' +
      '`npx zapier-platform invoke`.',
  ],
  [
    'a development build older than a source file',
    DEVELOPMENT,
    500,
    'index.js is older than index.ts or src/: run `npm run build:app` before `npx zapier-platform invoke` to ' +
      'bundle your changes.',
  ],
])('%s: the command that fixes it', (_case, indexJs, builtAt, message) => {
  checkout(indexJs, builtAt);
  expect(invokeBuildProblem(root)).toBe(message);
});

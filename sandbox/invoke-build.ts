// What `npx zapier-platform invoke` loads is the repository's index.js (package.json `main`), built
// from index.ts and src/ by `npm run build:app`. `npm run sandbox` says so when that file cannot
// reach the sandbox: missing, a release build (the development setting compiled out) or older than
// the source it was built from.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const FIX = 'run `npm run build:app` before `npx zapier-platform invoke`';

/** The newest modification time among index.ts and every file under src/. */
const newestSource = (root: string): number => {
  const walk = (dir: string): number[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [statSync(join(dir, entry.name)).mtimeMs],
    );
  return Math.max(statSync(join(root, 'index.ts')).mtimeMs, ...walk(join(root, 'src')));
};

/** Why the index.js in `root` cannot serve `invoke` against the sandbox, and the command that fixes it. */
export const invokeBuildProblem = (root: string): string | undefined => {
  const index = join(root, 'index.js');
  if (!existsSync(index)) return `index.js does not exist yet: ${FIX} (it bundles index.ts into index.js).`;
  // the development build reads the setting at run time; the release build has it replaced by "off"
  if (!readFileSync(index, 'utf8').includes('process.env.OPNFORM_DEV_LOCAL_SERVER')) {
    return `index.js is a release build, which refuses this sandbox: ${FIX}.`;
  }
  if (statSync(index).mtimeMs < newestSource(root)) {
    return `index.js is older than index.ts or src/: ${FIX} to bundle your changes.`;
  }
  return undefined;
};

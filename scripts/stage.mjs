// Runs a zapier-platform command (build, push, validate) on a staged copy of the app that holds only
// what Zapier needs: the bundled index.js, a package.json whose dependencies are zapier-platform-core
// and the packages the bundle leaves to it (content-disposition, form-data: core depends on the same versions,
// so the install holds one copy), and .zapierapprc. Building from the repo root would make the CLI copy all
// of node_modules (dev tools included) and can fail with EMFILE.
//   node scripts/stage.mjs build --skip-validation
//   node scripts/stage.mjs push
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Stages `indexFile` as an app in `stageDir` and runs the CLI there with `args`. Used for the real app
 * and, by the benchmark, for a bare core app built the same way. Returns the staged build.zip path.
 */
export const stageAndRun = ({ indexFile, stageDir, args, stdio = 'inherit' }) => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  rmSync(stageDir, { recursive: true, force: true });
  mkdirSync(stageDir, { recursive: true });
  writeFileSync(
    join(stageDir, 'package.json'),
    `${JSON.stringify(
      {
        name: pkg.name,
        version: pkg.version,
        description: pkg.description,
        main: 'index.js',
        private: true,
        engines: pkg.engines,
        dependencies: {
          'zapier-platform-core': pkg.dependencies['zapier-platform-core'],
          'content-disposition': pkg.dependencies['content-disposition'],
          'form-data': pkg.dependencies['form-data'],
        },
      },
      null,
      2,
    )}\n`,
  );
  copyFileSync(indexFile, join(stageDir, 'index.js'));
  copyFileSync(join(root, '.zapierapprc'), join(stageDir, '.zapierapprc'));
  writeFileSync(join(stageDir, '.gitignore'), 'node_modules/\nbuild/\n.env\n');
  const cli = join(root, 'node_modules', 'zapier-platform-cli', 'src', 'bin', 'run');
  execFileSync(process.execPath, [cli, ...args], {
    cwd: stageDir,
    stdio,
    env: { ...process.env, DISABLE_ZAPIER_ANALYTICS: '1' },
  });
  return join(stageDir, 'build', 'build.zip');
};

/**
 * The release bundle (`bundle.mjs --release`: the development setting compiled out), written to
 * build/release/index.js: never over the repository's index.js, the development build that
 * `zapier-platform invoke` loads, so `npm run sandbox` and the README's invoke lines still work after
 * `npm run build`, `npm run push` or `npm test`. Returns the file's path.
 */
export const bundleRelease = () => {
  const outfile = join(root, 'build', 'release', 'index.js');
  execFileSync(process.execPath, [join(root, 'scripts', 'bundle.mjs'), '--release', '--outfile', outfile], {
    cwd: root,
    stdio: 'inherit',
  });
  return outfile;
};

/**
 * Why `.zapierapprc` cannot push to OpnForm's existing Zapier app, or null when it can: `push` needs
 * the `id` and `key` that `zapier-platform link` writes. Without them the CLI would ask to create
 * another app, which would strand every Zap of the public app (README, Publishing).
 */
export const pushProblem = (rcText) => {
  let rc;
  try {
    rc = JSON.parse(rcText);
  } catch {
    return '.zapierapprc is not valid JSON';
  }
  const linked = Number.isInteger(rc?.id) && typeof rc?.key === 'string' && rc.key !== '';
  return linked
    ? null
    : '.zapierapprc has no app id and key: this copy is not linked to the OpnForm app on Zapier';
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.length === 0) {
    console.error('usage: node scripts/stage.mjs <zapier-platform command> [flags]');
    process.exit(2);
  }
  const problem = args[0] === 'push' ? pushProblem(readFileSync(join(root, '.zapierapprc'), 'utf8')) : null;
  if (problem !== null) {
    console.error(
      `npm run push refused: ${problem}.\n` +
        "Push only to OpnForm's existing public app (`opnform`, whose live Zaps use 1.0.4), never to a new one.\n" +
        'Link this copy once: `npx zapier-platform login`, then `npx zapier-platform link` and pick the OpnForm app\n' +
        '(it writes its id and key into .zapierapprc; keep the includeInBuild list and commit the file).\n' +
        'Do not run `zapier-platform register`: a second app would strand every existing Zap (README, Publishing).',
    );
    process.exit(1);
  }
  const zip = stageAndRun({
    indexFile: bundleRelease(),
    stageDir: join(root, 'build', 'stage'),
    args,
  });
  if (args[0] === 'build') {
    copyFileSync(zip, join(root, 'build', 'build.zip'));
    console.log(`build/build.zip written (${readFileSync(join(root, 'build', 'build.zip')).length} bytes)`);
  }
}

// Runs a zapier-platform command (build, push, validate) on a staged copy of the app that holds only
// what Zapier needs: the bundled index.js, a package.json whose single dependency is
// zapier-platform-core, and .zapierapprc. Building from the repo root would make the CLI copy all
// of node_modules (dev tools included) and can fail with EMFILE.
//   node scripts/stage.mjs build --skip-validation
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const stage = join(root, 'build', 'stage');
const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('usage: node scripts/stage.mjs <zapier-platform command> [flags]');
  process.exit(2);
}

execFileSync(process.execPath, [join(root, 'scripts', 'bundle.mjs')], { cwd: root, stdio: 'inherit' });

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
writeFileSync(
  join(stage, 'package.json'),
  `${JSON.stringify(
    {
      name: pkg.name,
      version: pkg.version,
      description: pkg.description,
      main: 'index.js',
      private: true,
      engines: pkg.engines,
      dependencies: { 'zapier-platform-core': pkg.dependencies['zapier-platform-core'] },
    },
    null,
    2,
  )}\n`,
);
copyFileSync(join(root, 'index.js'), join(stage, 'index.js'));
copyFileSync(join(root, '.zapierapprc'), join(stage, '.zapierapprc'));
writeFileSync(join(stage, '.gitignore'), 'node_modules/\nbuild/\n.env\n');

const cli = join(root, 'node_modules', 'zapier-platform-cli', 'src', 'bin', 'run');
execFileSync(process.execPath, [cli, ...args], {
  cwd: stage,
  stdio: 'inherit',
  env: { ...process.env, DISABLE_ZAPIER_ANALYTICS: '1' },
});

if (args[0] === 'build') {
  mkdirSync(join(root, 'build'), { recursive: true });
  copyFileSync(join(stage, 'build', 'build.zip'), join(root, 'build', 'build.zip'));
  console.log(`build/build.zip written (${readFileSync(join(root, 'build', 'build.zip')).length} bytes)`);
}

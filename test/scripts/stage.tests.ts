// `npm run push` (scripts/stage.mjs push) goes only to OpnForm's existing Zapier app: without the app
// id and key that `zapier-platform link` writes into .zapierapprc it refuses, before building anything.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..');
const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });

test('pushProblem: an id and a key link the copy; anything else is refused with the reason', () => {
  const cases = [
    '{"id": 123, "key": "App123"}',
    '{"includeInBuild": []}',
    '{"id": 123}',
    '{"key": "App1"}',
    'nope',
  ];
  const script = `import('./scripts/stage.mjs').then((m) => console.log(JSON.stringify(${JSON.stringify(cases)}.map(m.pushProblem))))`;
  const run = node(['--input-type=module', '-e', script]);
  expect(run.status).toBe(0);
  const unlinked = '.zapierapprc has no app id and key: this copy is not linked to the OpnForm app on Zapier';
  expect(JSON.parse(run.stdout)).toEqual([
    null,
    unlinked,
    unlinked,
    unlinked,
    '.zapierapprc is not valid JSON',
  ]);
});

test('npm run push with a .zapierapprc that has no id and key refuses before building, and says how to link', () => {
  // a copy of the script beside an unlinked .zapierapprc, as a fresh clone has before `link`
  const dir = mkdtempSync(join(tmpdir(), 'opnform-stage-'));
  try {
    mkdirSync(join(dir, 'scripts'));
    copyFileSync(join(root, 'scripts', 'stage.mjs'), join(dir, 'scripts', 'stage.mjs'));
    writeFileSync(join(dir, '.zapierapprc'), '{"includeInBuild": []}\n');
    const run = spawnSync(process.execPath, ['scripts/stage.mjs', 'push'], { cwd: dir, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('npm run push refused: .zapierapprc has no app id and key');
    expect(run.stderr).toContain('`npx zapier-platform link` and pick the OpnForm app');
    expect(run.stderr).toContain('Do not run `zapier-platform register`');
    expect(readdirSync(dir).sort()).toEqual(['.zapierapprc', 'scripts']); // nothing bundled or staged
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

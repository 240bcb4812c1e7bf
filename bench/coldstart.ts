// Cold start: a fresh Node process loads a built zip through Zapier's `zapierwrapper.js` handler and
// answers a `definition` call, as Zapier's runtime does on a cold Lambda; and the zip sizes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { median } from '../harness/stats';
// @ts-expect-error plain ESM helper shared with the CLI scripts
import { root, stageAndRun } from '../scripts/stage.mjs';

const PROBE = `
const t0 = performance.now();
const { handler } = require('./zapierwrapper.js');
handler({ command: 'definition', customLogger: () => {} }).then((out) => {
  if (!out || !out.results) process.exit(3);
  process.stdout.write('\\nCOLD_MS=' + (performance.now() - t0) + '\\n');
});
`;

/** Builds a bare zapier-platform-core app (no triggers) with the same staging and CLI build. */
export const buildBareZip = (): string => {
  // staged inside the repo: the CLI looks for zapier-platform-core from the staging folder upwards
  const dir = join(root, 'build', 'bench-bare');
  mkdirSync(dir, { recursive: true });
  const index = join(dir, 'bare-index.js');
  writeFileSync(
    index,
    "const { version } = require('zapier-platform-core');\nmodule.exports = { version: '1.0.0', platformVersion: version };\n",
  );
  return stageAndRun({
    indexFile: index,
    stageDir: join(dir, 'stage'),
    args: ['build', '--skip-validation'],
    stdio: 'ignore',
  });
};

/** Builds the connector's zip (bundle + staged CLI build). */
export const buildAppZip = (): string => {
  execFileSync(process.execPath, [join(root, 'scripts', 'bundle.mjs')], { cwd: root, stdio: 'ignore' });
  return stageAndRun({
    indexFile: join(root, 'index.js'),
    stageDir: join(root, 'build', 'bench-app', 'stage'),
    args: ['build', '--skip-validation'],
    stdio: 'ignore',
  });
};

const unzipWithProbe = (zip: string): string => {
  const dir = mkdtempSync(join(tmpdir(), 'opnform-cold-'));
  new AdmZip(zip).extractAllTo(dir, true);
  writeFileSync(join(dir, 'probe.js'), PROBE);
  return dir;
};

const probe = (dir: string): number => {
  const out = execFileSync(process.execPath, ['probe.js'], { cwd: dir, encoding: 'utf8' });
  const found = /COLD_MS=([\d.]+)/.exec(out);
  if (!found) throw new Error(`cold start probe printed no time: ${out.slice(-200)}`);
  return Number(found[1]);
};

/**
 * Median milliseconds from `require(zapierwrapper.js)` to the `definition` answer, a fresh process
 * each run, the two zips measured alternately so that machine noise hits both alike.
 */
export const coldStartMs = (
  zips: { app: string; bare: string },
  runs: number,
): { app: number; bare: number } => {
  const dirs = { app: unzipWithProbe(zips.app), bare: unzipWithProbe(zips.bare) };
  try {
    probe(dirs.app); // warm the OS file cache for both before measuring
    probe(dirs.bare);
    const times = { app: [] as number[], bare: [] as number[] };
    for (let i = 0; i < runs; i += 1) {
      times.app.push(probe(dirs.app));
      times.bare.push(probe(dirs.bare));
    }
    return { app: median(times.app), bare: median(times.bare) };
  } finally {
    rmSync(dirs.app, { recursive: true, force: true });
    rmSync(dirs.bare, { recursive: true, force: true });
  }
};

export const zipBytes = (zip: string) => statSync(zip).size;

// Cold start and size: three zips built the same way (the release bundle staged for Zapier's CLI build),
// each unzipped and loaded in fresh Node processes through Zapier's `zapierwrapper.js` handler answering
// `definition`, as Zapier's runtime does on a cold Lambda:
// - the app;
// - the same-definition app: a bare core app carrying the app's own definition.json with no-op functions
//   (harness/same-definition.ts): what is left over it is the app's code;
// - the bare app: core and one polling trigger.
// The processes run alternately (the order turning each round) so that machine noise hits all three alike.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { writeSameDefinitionApp } from '../harness/same-definition';
import { median } from '../harness/stats';
// @ts-expect-error plain ESM helper shared with the CLI scripts
import { bundleRelease, root, stageAndRun } from '../scripts/stage.mjs';

const BARE_APP = `const { version } = require('zapier-platform-core');
module.exports = {
  version: '1.0.0',
  platformVersion: version,
  triggers: {
    thing: {
      key: 'thing',
      noun: 'Thing',
      display: { label: 'New Thing', description: 'Triggers when a thing is added.' },
      operation: { perform: async () => [], sample: { id: 1 } },
    },
  },
};
`;

// Whole-process CPU (Node's own start included) when `definition` is answered; wall time from the
// wrapper's require to the answer; and the app's own require, which the wrapper does inside the first
// call, after core is loaded. With ZOD=1 it counts the zod schemas built while the app loads instead
// (zod's post-processor hook, which the bundled zod reads from globalThis).
const PROBE = `
const t0 = performance.now();
const Module = require('node:module');
const appPath = require('node:path').resolve(__dirname, 'index.js');
let own, zod = 0;
if (process.env.ZOD === '1') globalThis.__zod_globalConfig = { postProcessor: () => { if (!own) zod += 1; } };
const load = Module._load;
Module._load = function (request) {
  if (request !== appPath || own) return load.apply(this, arguments);
  const cpu0 = process.cpuUsage(), wall0 = performance.now();
  const exported = load.apply(this, arguments);
  const cpu = process.cpuUsage(cpu0);
  own = { wall: performance.now() - wall0, cpu: (cpu.user + cpu.system) / 1000 };
  return exported;
};
const { handler } = require('./zapierwrapper.js');
handler({ command: 'definition', customLogger: () => {} }).then((out) => {
  const cpu = process.cpuUsage();
  if (!out || !out.results || !own) process.exit(3);
  const wall = performance.now() - t0;
  process.stdout.write('\\nCOLD=' + JSON.stringify({ cpu: (cpu.user + cpu.system) / 1000, wall, own, zod }) + '\\n');
});
`;

export type AppName = 'app' | 'same' | 'bare';
export type Zips = Record<AppName, string>;

const stage = (name: string, indexFile: string): string =>
  stageAndRun({
    indexFile,
    // staged inside the repo: the CLI looks for zapier-platform-core from the staging folder upwards
    stageDir: join(root, 'build', `bench-${name}`, 'stage'),
    args: ['build', '--skip-validation'],
    stdio: 'ignore',
  });

/** Builds the three zips: the app from its release bundle, then the two baselines. */
export const buildZips = (): Zips => {
  const app = stage('app', bundleRelease());
  const dir = join(root, 'build', 'bench-same');
  mkdirSync(dir, { recursive: true });
  const definitionFile = join(dir, 'definition.json');
  writeFileSync(definitionFile, new AdmZip(app).readAsText('definition.json'));
  writeSameDefinitionApp(definitionFile, join(dir, 'same-index.js'));
  const bareDir = join(root, 'build', 'bench-bare');
  mkdirSync(bareDir, { recursive: true });
  writeFileSync(join(bareDir, 'bare-index.js'), BARE_APP);
  return {
    app,
    same: stage('same', join(dir, 'same-index.js')),
    bare: stage('bare', join(bareDir, 'bare-index.js')),
  };
};

/** The definition the app's zip carries (written by Zapier's build from core's `definition` answer). */
export const zipDefinition = (zip: string) =>
  JSON.parse(new AdmZip(zip).readAsText('definition.json')) as Record<string, Record<string, unknown>>;

export const zipBytes = (zip: string) => statSync(zip).size;

const unzipWithProbe = (zip: string): string => {
  const dir = mkdtempSync(join(tmpdir(), 'opnform-cold-'));
  new AdmZip(zip).extractAllTo(dir, true);
  writeFileSync(join(dir, 'probe.js'), PROBE);
  return dir;
};

interface Probe {
  cpu: number;
  wall: number;
  own: { cpu: number; wall: number };
  zod: number;
}

/** One fresh process; what it printed besides its figures (core's memory line, warnings) goes to `log`. */
const probe = (dir: string, log: (text: string) => void, env: Record<string, string> = {}): Probe => {
  const run = spawnSync(process.execPath, ['probe.js'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  const found = /\nCOLD=(\{.*\})\n/.exec(run.stdout);
  log(`${run.stdout.replace(found?.[0] ?? '', '\n')}${run.stderr}`.trim());
  if (run.status !== 0 || !found?.[1])
    throw new Error(`cold start probe (exit ${run.status}) printed no figures: ${run.stderr.slice(-300)}`);
  return JSON.parse(found[1]) as Probe;
};

export interface ColdStart {
  runs: number;
  /** Medians, ms: whole-process CPU, wall, and the app's own require (wall and CPU). */
  median: Record<AppName, { cpu: number; wall: number; ownWall: number; ownCpu: number }>;
  /** Zod schemas the app's bundle builds while it loads. */
  zodAtLoad: number;
  /** Whether the bundle's zod reads the counting hook at all (else zodAtLoad says nothing). */
  zodHookPresent: boolean;
}

/**
 * `runs` rounds of the three apps, a fresh process each, after one unmeasured round; what the processes
 * print goes to `log`, each distinct text once.
 */
export const coldStart = (zips: Zips, runs: number, log: (text: string) => void = () => {}): ColdStart => {
  const seen = new Set<string>();
  const once = (text: string) => {
    if (text !== '' && !seen.has(text)) log(text);
    seen.add(text);
  };
  const names: AppName[] = ['app', 'same', 'bare'];
  const dirs = Object.fromEntries(names.map((name) => [name, unzipWithProbe(zips[name])])) as Zips;
  try {
    for (const name of names) probe(dirs[name], once); // warm the OS file cache for all three
    const samples = Object.fromEntries(names.map((name) => [name, [] as Probe[]])) as Record<
      AppName,
      Probe[]
    >;
    for (let i = 0; i < runs; i += 1)
      for (let j = 0; j < names.length; j += 1) {
        const name = names[(i + j) % names.length] as AppName;
        samples[name].push(probe(dirs[name], once));
      }
    const of = (name: AppName) => ({
      cpu: median(samples[name].map((s) => s.cpu)),
      wall: median(samples[name].map((s) => s.wall)),
      ownWall: median(samples[name].map((s) => s.own.wall)),
      ownCpu: median(samples[name].map((s) => s.own.cpu)),
    });
    return {
      runs,
      median: { app: of('app'), same: of('same'), bare: of('bare') },
      zodAtLoad: probe(dirs.app, once, { ZOD: '1' }).zod,
      zodHookPresent: readFileSync(join(dirs.app, 'index.js'), 'utf8').includes('__zod_globalConfig'),
    };
  } finally {
    for (const name of names) rmSync(dirs[name], { recursive: true, force: true });
  }
};

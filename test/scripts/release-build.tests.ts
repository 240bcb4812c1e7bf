/**
 * What a new user meets after `npm test`, `npm run build` or `npm run push` (issue 19, point 5): the
 * release bundle (scripts/stage.mjs `bundleRelease`) goes to build/release/index.js and never over the
 * repository's index.js, the development build that `zapier-platform invoke` loads; and a release
 * index.js that meets the sandbox's `.env` anyway names the command that fixes it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as core from 'zapier-platform-core';
import { seen } from '../../harness/seen';
import { everyCase } from '../../harness/step-cases';

const root = resolve(__dirname, '..', '..');
const DEVELOPMENT_INDEX = join(root, 'index.js');
const digest = (file: string) =>
  existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : 'absent';

// `createAppHandler` (the runtime's entry point) is exported by core but missing from its types
const { createAppHandler } = core as unknown as {
  createAppHandler: (app: unknown) => (event: object) => Promise<unknown>;
};

let before: string;
let release: string;

beforeAll(() => {
  before = digest(DEVELOPMENT_INDEX);
  // stage.mjs is plain ESM (shared with the CLI scripts): run as `npm run build` runs it
  release = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const { bundleRelease } = await import('./scripts/stage.mjs'); process.stdout.write(bundleRelease());",
    ],
    { cwd: root, encoding: 'utf8' },
  );
}, 60_000);

test('the release bundle is written to build/release/index.js, and index.js is left as it was', () => {
  expect(release).toBe(join(root, 'build', 'release', 'index.js'));
  expect(digest(DEVELOPMENT_INDEX)).toBe(before);
  // the development setting is compiled out: the bundle never reads it as the development build does
  expect(readFileSync(release, 'utf8')).not.toContain('process.env.OPNFORM_DEV_LOCAL_SERVER');
});

test("a release index.js given the sandbox's .env refuses it and names `npm run build:app`", async () => {
  expect(process.env.OPNFORM_DEV_LOCAL_SERVER).toBe('1'); // as the sandbox's .env sets it (test/setup.ts)
  const handler = createAppHandler(require(release));
  const error = await handler({
    command: 'execute',
    method: 'authentication.test',
    bundle: { authData: { base_url: 'http://127.0.0.1:8787/api', api_key: 'sandbox-token' }, inputData: {} },
  }).then(
    () => undefined,
    (e: unknown) => seen(e),
  );
  expect(error).toEqual({
    name: 'AppError',
    code: 'invalid_base_url',
    status: 400,
    message:
      'OpnForm URL (base_url) "http://127.0.0.1:8787/api" is not usable: it must start with https://. This ' +
      'index.js is the release build (node scripts/bundle.mjs --release), which refuses local servers even with ' +
      'OPNFORM_DEV_LOCAL_SERVER=1: run `npm run build:app` to rebuild index.js for the sandbox, then run the ' +
      'command again.',
  });
});

test('the release bundle carries no copy of content-disposition or form-data: it requires the ones core depends on', () => {
  const bundle = readFileSync(release, 'utf8');
  // esbuild marks each bundled package module with a `// node_modules/<package>/...` comment
  expect(bundle).not.toMatch(/node_modules\/(content-disposition|safe-buffer|form-data|combined-stream)\//);
  expect(bundle).toContain('require("content-disposition")');
  expect(bundle).toContain('require("form-data")');
  // the same version as core's own dependency, so the build's install (scripts/stage.mjs) holds one copy
  const ours = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const cores = JSON.parse(
    readFileSync(join(root, 'node_modules', 'zapier-platform-core', 'package.json'), 'utf8'),
  ) as { dependencies: Record<string, string> };
  expect(ours.dependencies['content-disposition']).toBe(cores.dependencies['content-disposition']);
  expect(ours.dependencies['form-data']).toBe(cores.dependencies['form-data']);
});

test('the release bundle carries no step case (they are for tests, the demo and the benchmark)', () => {
  const bundle = readFileSync(release, 'utf8');
  // esbuild keeps names: a case array left in would be `var cases = [` (or `cases2`, ...)
  expect(bundle).not.toMatch(/\bcases\d* = \[/);
  const texts = everyCase().flatMap((c) =>
    [c.why, c.review?.on ?? '', c.review?.note ?? ''].filter((text) => text.length >= 20),
  );
  expect(texts.length).toBeGreaterThan(20);
  expect(texts.filter((text) => bundle.includes(text))).toEqual([]);
  // the positive control: what the steps themselves say is there
  const labels = everyCase().map((c) => c.step.label);
  expect(labels.filter((label) => !bundle.includes(label))).toEqual(['Connection']);
});

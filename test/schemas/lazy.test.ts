// The answers' schemas are built on first use, never while the app loads (cold start, issue 21): loading
// src/schemas/ and the layers that use them (src/http/, src/api/) builds no zod schema. Counted with zod's
// own hook, called once per schema built.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
/** Input schemas, built at load until they move to src/inputs/ (issue 21, package B). */
const INPUT_SCHEMAS = ['schemas/inputs.ts', 'schemas/submission-inputs.ts'];

const modules = ['schemas', 'http', 'api'].flatMap((dir) =>
  readdirSync(join(ROOT, 'src', dir))
    .filter((name) => name.endsWith('.ts') && !INPUT_SCHEMAS.includes(`${dir}/${name}`))
    .map((name) => join(ROOT, 'src', dir, name)),
);

const hook = globalThis as { __zod_globalConfig?: { postProcessor?: (schema: unknown) => void } };
let built = 0;
beforeAll(() => {
  hook.__zod_globalConfig = hook.__zod_globalConfig ?? {};
  hook.__zod_globalConfig.postProcessor = () => {
    built += 1;
  };
});
afterAll(() => {
  delete hook.__zod_globalConfig?.postProcessor;
});

test('loading src/schemas/, src/http/ and src/api/ builds no zod schema; a first use builds it once', () => {
  expect(modules.length).toBeGreaterThan(20);
  jest.isolateModules(() => {
    for (const file of modules) require(file);
    expect(built).toBe(0);
    const { Form } = require(join(ROOT, 'src/schemas/forms.ts')) as typeof import('../../src/schemas/forms');
    const form = Form();
    // the positive control: the hook counts what a first use builds
    expect(built).toBeGreaterThan(10);
    const after = built;
    expect(Form()).toBe(form);
    expect(built).toBe(after);
  });
});

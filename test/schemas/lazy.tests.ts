// Every zod schema is built on first use, never while the app loads (cold start, issue 21): loading
// index.ts and every module of src/ builds none, the answers' schemas (src/schemas/) and the steps'
// input schemas (src/inputs/, each step's Input) alike. Counted with zod's own hook, called once per
// schema built.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** Every .ts module under `dir`, full paths. */
const modulesIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? modulesIn(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')
        ? [join(dir, entry.name)]
        : [],
  );

const modules = [join(ROOT, 'index.ts'), ...modulesIn(join(ROOT, 'src'))];

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

test('loading index.ts and every module of src/ builds no zod schema; a first use builds it once', () => {
  expect(modules.length).toBeGreaterThan(100);
  jest.isolateModules(() => {
    for (const file of modules) require(file);
    expect(built).toBe(0);
    // the positive controls: the hook counts what a first use builds, an answer's schema and an input's
    const { Form } = require(join(ROOT, 'src/schemas/forms.ts')) as typeof import('../../src/schemas/forms');
    const form = Form();
    expect(built).toBeGreaterThan(10);
    const afterAnswer = built;
    expect(Form()).toBe(form);
    expect(built).toBe(afterAnswer);
    const { FormInput } = require(
      join(ROOT, 'src/inputs/fields.ts'),
    ) as typeof import('../../src/inputs/fields');
    const input = FormInput();
    expect(built).toBeGreaterThan(afterAnswer);
    const afterInput = built;
    expect(FormInput()).toBe(input);
    expect(built).toBe(afterInput);
  });
});

// The layout's rules, read from the source with the TypeScript compiler's own import scanner
// (`ts.preProcessFile`: imports, `export ... from`, `require()` and `import()`, type-only ones included;
// test/helpers/source-scan.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { codeFiles, cycles, importGraph, ROOT, resolveImport, tsFiles } from './helpers/source-scan';

const PRODUCT = ['index.ts', 'src', 'sandbox', 'harness', 'scripts', 'bench'];
const graph = importGraph([...PRODUCT, 'test'].flatMap(tsFiles));

/** `from -> to` for each import from a file under `from` of a module under `to`. */
const importsBetween = (from: string, to: string) =>
  [...graph].flatMap(([file, targets]) =>
    file.startsWith(from) ? targets.filter((t) => t.startsWith(to)).map((t) => `${file} -> ${t}`) : [],
  );

test('the scan sees the whole code base (a wrong root would make every rule pass)', () => {
  expect(graph.get('index.ts')?.length).toBeGreaterThan(10);
  for (const dir of PRODUCT) expect([...graph.keys()].some((file) => file.startsWith(dir))).toBe(true);
});

test('no import cycle in index.ts, src/, sandbox/, harness/, scripts/, bench/ or test/ (type-only imports included)', () => {
  // the graph holds every folder: a cycle within test/ or through it counts too
  expect([...graph.keys()].some((file) => file.startsWith('test/contract/'))).toBe(true);
  expect(cycles(graph)).toEqual([]);
});

test('the cycle finder finds a cycle (a -> b -> c -> a) and a self-import', () => {
  const made = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts', 'd.ts']],
    ['d.ts', []],
    ['e.ts', ['e.ts']],
  ]);
  expect(cycles(made).sort()).toEqual(['a.ts -> b.ts -> c.ts -> a.ts', 'e.ts -> e.ts']);
});

test('bench/ and test/ do not import each other (what they share lives in harness/)', () => {
  expect([...importsBetween('bench/', 'test/'), ...importsBetween('test/', 'bench/')]).toEqual([]);
});

test('harness/ imports neither test/ nor bench/ (both use it)', () => {
  expect([...importsBetween('harness/', 'test/'), ...importsBetween('harness/', 'bench/')]).toEqual([]);
});

const LINE_LIMITED = ['src', 'sandbox', 'test', 'harness', 'scripts', 'bench'];

/** `file: N lines` for each file over 400 lines. */
const overLimit = (counted: ReadonlyArray<readonly [string, number]>): string[] =>
  counted.filter(([, lines]) => lines > 400).map(([file, lines]) => `${file}: ${lines} lines`);

test('no code file in src/, sandbox/, test/, harness/, scripts/ or bench/ is over 400 lines', () => {
  const lines = (file: string) =>
    readFileSync(join(ROOT, file), 'utf8').replace(/\n$/, '').split('\n').length;
  const files = LINE_LIMITED.flatMap(codeFiles);
  // the scan sees each folder, .mjs files too, and skips the recordings
  for (const dir of LINE_LIMITED) expect(files.some((file) => file.startsWith(`${dir}/`))).toBe(true);
  expect(files).toContain('scripts/stage.mjs');
  expect(files).toContain('test/architecture.test.ts');
  expect(files.filter((file) => file.startsWith('test/recorded') || file.endsWith('.json'))).toEqual([]);
  const counted = files.map((file) => [file, lines(file)] as const);
  expect(overLimit(counted)).toEqual([]);
  // a planted violation is found
  expect(
    overLimit([
      ['bench/x.ts', 401],
      ['test/y.test.ts', 400],
    ]),
  ).toEqual(['bench/x.ts: 401 lines']);
});

const DOMAINS = ['submissions', 'forms', 'workspaces', 'integrations', 'requests'];
const HTTP_CLIENT = ['src/http/client.ts', 'src/http/path.ts'];

// The layers of src/ (docs/architecture.md), one direction: src/http <- src/api <- src/<domain> <- index.ts.
test('no module under src/<domain>/ (nor src/auth.ts) imports the HTTP client or the path helper (src/api/ does)', () => {
  const offenders = [...graph].flatMap(([file, targets]) =>
    DOMAINS.some((domain) => file.startsWith(`src/${domain}/`)) || file === 'src/auth.ts'
      ? targets.filter((t) => HTTP_CLIENT.includes(t)).map((t) => `${file} -> ${t}`)
      : [],
  );
  expect(offenders).toEqual([]);
});

test('src/api/ and src/http/ import no domain module; src/http/ imports nothing from src/api/', () => {
  const offenders = [
    ...DOMAINS.flatMap((domain) => [
      ...importsBetween('src/api/', `src/${domain}/`),
      ...importsBetween('src/http/', `src/${domain}/`),
    ]),
    ...importsBetween('src/http/', 'src/api/'),
  ];
  expect(offenders).toEqual([]);
});

/**
 * The ranks of src/ (docs/architecture.md, "Layers"): a module imports only modules of its own rank or
 * a lower one, type-only imports included. `index.ts` sits on top.
 */
const RANKS: ReadonlyArray<readonly [string, number]> = [
  ['src/errors.ts', 0],
  ['src/version.ts', 0],
  ['src/net/', 0],
  ['src/types/', 0],
  ['src/shared/', 1],
  ['src/schemas/', 2],
  ['src/inputs/', 3],
  ['src/http/', 4],
  ['src/api/', 5],
  ['src/answers/', 6],
  ...DOMAINS.map((domain) => [`src/${domain}/`, 7] as const),
  ['src/auth.ts', 8],
  ['index.ts', 8],
];

const rankOf = (file: string): number | undefined =>
  RANKS.find(([where]) => (where.endsWith('/') ? file.startsWith(where) : file === where))?.[1];

/** `a (rank) -> b (rank)` for every import of a module of a higher rank; a module with no rank is named too. */
const upwardImports = (scanned: Map<string, string[]>): string[] =>
  [...scanned].flatMap(([file, targets]) => {
    if (!file.startsWith('src/') && file !== 'index.ts') return [];
    const rank = rankOf(file);
    if (rank === undefined) return [`${file} has no rank (add its folder to RANKS)`];
    return targets
      .filter((target) => (rankOf(target) ?? Number.POSITIVE_INFINITY) > rank)
      .map((target) => `${file} (${rank}) -> ${target} (${rankOf(target) ?? 'no rank'})`);
  });

/** Imports from a domain module of anything in src/http/ (domain modules reach OpnForm through src/api/). */
const domainToHttp = (scanned: Map<string, string[]>): string[] =>
  [...scanned].flatMap(([file, targets]) =>
    DOMAINS.some((domain) => file.startsWith(`src/${domain}/`))
      ? targets.filter((t) => t.startsWith('src/http/')).map((t) => `${file} -> ${t}`)
      : [],
  );

/**
 * The one domain module other domains may import: the form's workspace check that every step writing to a
 * form's things applies (a forms rule, reading through src/api/forms.ts). Whatever else two domains share
 * sits in a room below them all (src/answers/, src/inputs/, src/shared/).
 */
const SHARED_DOMAIN_MODULES = ['src/forms/in-workspace.ts'];

/** `a -> b` for each import of a module of another domain that is not in SHARED_DOMAIN_MODULES. */
const crossDomain = (scanned: Map<string, string[]>): string[] =>
  [...scanned].flatMap(([file, targets]) => {
    const domainOf = (path: string) => DOMAINS.find((domain) => path.startsWith(`src/${domain}/`));
    const own = domainOf(file);
    if (own === undefined) return [];
    return targets
      .filter(
        (target) => ![own, undefined].includes(domainOf(target)) && !SHARED_DOMAIN_MODULES.includes(target),
      )
      .map((target) => `${file} -> ${target}`);
  });

/** Imports from src/ of our modules outside it (the sandbox, the harness, scripts, tests, index.ts). */
const outsideSrc = (scanned: Map<string, string[]>): string[] =>
  [...scanned].flatMap(([file, targets]) =>
    file.startsWith('src/') ? targets.filter((t) => !t.startsWith('src/')).map((t) => `${file} -> ${t}`) : [],
  );

/** The folder below a domain a module sits in (`src/submissions/create/`), if any. */
const folderOf = (file: string): string | undefined => {
  const parts = file.split('/');
  return parts.length >= 4 && parts[0] === 'src' && DOMAINS.includes(parts[1] as string)
    ? `${parts.slice(0, 3).join('/')}/`
    : undefined;
};

/**
 * The folders of steps: a folder below a domain that holds a step (a module with its `cases`). What its
 * steps share with steps elsewhere lives in a folder of the domain that holds no step (`src/submissions/
 * output/`), at the domain's top, or in `src/inputs/`.
 */
const STEP_FOLDERS: ReadonlySet<string> = new Set(
  tsFiles('src')
    .filter((file) => /^export const cases\b/m.test(readFileSync(join(ROOT, file), 'utf8')))
    .flatMap((file) => folderOf(file) ?? []),
);

/** Imports of a step folder's module from src/ outside that folder (index.ts registers the steps: allowed). */
const intoStepFolders = (scanned: Map<string, string[]>, stepFolders = STEP_FOLDERS): string[] =>
  [...scanned].flatMap(([file, targets]) =>
    file.startsWith('src/')
      ? targets
          .filter((target) => {
            const folder = folderOf(target);
            return folder !== undefined && stepFolders.has(folder) && !file.startsWith(folder);
          })
          .map((target) => `${file} -> ${target}`)
      : [],
  );

/** The name an API module is imported under: its own (`forms`); `exports` is CommonJS's, so `exportJobs`. */
const namespaceOf = (apiModule: string): string => {
  const name = apiModule.replace(/^src\/api\//, '').replace(/\.ts$/, '');
  return name === 'exports' ? 'exportJobs' : name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
};

/**
 * How a module outside src/api/ uses an API module: only `import * as <its name>` (`forms.read(...)`),
 * so a call never hides behind an alias or a re-export where an API call and a step share a name.
 */
const apiImportProblems = (file: string, text: string): string[] => {
  if (file.startsWith('src/api/')) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const problems: string[] = [];
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier !== undefined &&
      ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : undefined;
    const target = specifier === undefined ? undefined : resolveImport(file, specifier);
    if (target === undefined || !target.startsWith('src/api/')) continue;
    const expected = namespaceOf(target);
    if (ts.isExportDeclaration(statement)) {
      problems.push(`${file} re-exports from ${target}`);
    } else if (ts.isImportDeclaration(statement)) {
      const bindings = statement.importClause?.namedBindings;
      const name = bindings !== undefined && ts.isNamespaceImport(bindings) ? bindings.name.text : undefined;
      if (name === undefined || statement.importClause?.name !== undefined) {
        problems.push(`${file} imports names from ${target} (use import * as ${expected})`);
      } else if (name !== expected) {
        problems.push(`${file} imports ${target} as ${name} (use import * as ${expected})`);
      }
    }
  }
  return problems;
};

describe('ranks and the API namespaces', () => {
  test('no module in src/ (nor index.ts) imports a higher rank, type-only imports included; each has a rank', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  test('no domain module imports anything from src/http/ (only src/api/ calls the HTTP layer)', () => {
    expect(domainToHttp(graph)).toEqual([]);
  });

  test('no domain imports another domain (what two share sits below both), but src/forms/in-workspace.ts', () => {
    expect(crossDomain(graph)).toEqual([]);
    // the one allowed module is imported across domains (else drop it from the list)
    expect(
      SHARED_DOMAIN_MODULES.filter((shared) => !importsBetween('src/integrations/', shared).length),
    ).toEqual([]);
  });

  test('src/ imports nothing outside src/', () => {
    expect(outsideSrc(graph)).toEqual([]);
  });

  test('no module in src/ outside a step folder (src/<domain>/<folder>/) imports one of its modules', () => {
    expect(intoStepFolders(graph)).toEqual([]);
    // there are step folders to guard
    expect(STEP_FOLDERS.size).toBeGreaterThanOrEqual(5);
    expect([...graph.keys()].filter((file) => STEP_FOLDERS.has(folderOf(file) ?? '')).length).toBeGreaterThan(
      20,
    );
  });

  test('outside src/api/, an API module is imported only as a namespace named like it; never re-exported', () => {
    const files = [...tsFiles('src'), 'index.ts'];
    expect(files.flatMap((file) => apiImportProblems(file, readFileSync(join(ROOT, file), 'utf8')))).toEqual(
      [],
    );
    // they are used: the rule cannot pass for want of imports
    expect(
      files.filter((file) =>
        /import \* as \w+ from '[./]+\/api\//.test(readFileSync(join(ROOT, file), 'utf8')),
      ).length,
    ).toBeGreaterThan(20);
  });

  test('each rule finds a planted violation', () => {
    const planted = new Map([
      ['src/shared/paging.ts', ['src/http/client.ts']],
      ['src/schemas/forms.ts', ['src/inputs/fields.ts']],
      ['src/api/forms.ts', ['src/http/client.ts', 'src/answers/blocks.ts']],
      ['src/answers/blocks.ts', ['src/forms/shape.ts']],
      ['src/forms/new-form.ts', ['src/http/path.ts', 'src/api/forms.ts']],
      ['src/elsewhere/x.ts', []],
      ['src/http/client.ts', ['sandbox/server.ts']],
    ]);
    expect(upwardImports(planted)).toEqual([
      'src/shared/paging.ts (1) -> src/http/client.ts (4)',
      'src/schemas/forms.ts (2) -> src/inputs/fields.ts (3)',
      'src/api/forms.ts (5) -> src/answers/blocks.ts (6)',
      'src/answers/blocks.ts (6) -> src/forms/shape.ts (7)',
      'src/elsewhere/x.ts has no rank (add its folder to RANKS)',
      'src/http/client.ts (4) -> sandbox/server.ts (no rank)',
    ]);
    expect(domainToHttp(planted)).toEqual(['src/forms/new-form.ts -> src/http/path.ts']);
    expect(outsideSrc(planted)).toEqual(['src/http/client.ts -> sandbox/server.ts']);
    expect(
      crossDomain(
        new Map([
          ['src/forms/prefill.ts', ['src/submissions/output/shape.ts', 'src/answers/answer-values.ts']],
          ['src/submissions/delete-submission.ts', ['src/forms/in-workspace.ts', 'src/forms/blocks.ts']],
          ['src/api/forms.ts', ['src/forms/shape.ts']],
          ['src/forms/update-form.ts', ['src/forms/blocks.ts']],
        ]),
      ),
    ).toEqual([
      'src/forms/prefill.ts -> src/submissions/output/shape.ts',
      'src/submissions/delete-submission.ts -> src/forms/blocks.ts',
    ]);
    expect(
      intoStepFolders(
        new Map([
          [
            'src/submissions/create/body.ts',
            ['src/submissions/update/checks.ts', 'src/submissions/answers/answers.ts'],
          ],
          ['src/submissions/delete-submission.ts', ['src/submissions/update/checks.ts']],
          ['src/submissions/update/merge.ts', ['src/submissions/update/checks.ts']],
          ['src/forms/new-form.ts', ['src/submissions/output/shape.ts']],
          ['index.ts', ['src/submissions/update/update-submission.ts']],
        ]),
        new Set(['src/submissions/create/', 'src/submissions/update/']),
      ),
    ).toEqual([
      'src/submissions/create/body.ts -> src/submissions/update/checks.ts',
      'src/submissions/delete-submission.ts -> src/submissions/update/checks.ts',
    ]);
    const step = 'src/forms/update-form.ts';
    expect(apiImportProblems(step, "import { update as putForm } from '../api/forms';")).toEqual([
      `${step} imports names from src/api/forms.ts (use import * as forms)`,
    ]);
    expect(apiImportProblems(step, "import type { FormPage } from '../api/forms';")).toHaveLength(1);
    expect(apiImportProblems(step, "import * as api from '../api/forms';")).toEqual([
      `${step} imports src/api/forms.ts as api (use import * as forms)`,
    ]);
    expect(apiImportProblems(step, "export { read } from '../api/forms';")).toEqual([
      `${step} re-exports from src/api/forms.ts`,
    ]);
    expect(apiImportProblems(step, "import * as forms from '../api/forms';")).toEqual([]);
    expect(
      apiImportProblems(
        'src/submissions/export/deliver.ts',
        "import * as exportJobs from '../../api/exports';",
      ),
    ).toEqual([]);
    expect(apiImportProblems('src/api/invites.ts', "import { MANAGE_MEMBERS } from './members';")).toEqual(
      [],
    );
  });
});

/** Modules of src/ that set a Zapier `throttle` or `lock` outside a step module (one with its `cases`). */
const settingsOutsideSteps = (files: ReadonlyArray<readonly [string, string]>): string[] =>
  files
    .filter(([, text]) => /^\s*(throttle|lock):/m.test(text) && !/^export const cases\b/m.test(text))
    .map(([file]) => `${file}: a throttle or lock belongs in its step's operation (src/shared/limits.ts)`);

// Issue 34: a step declares its own throttle and lock; index.ts only lists the steps.
test('throttle and lock are set only in step modules, never in index.ts or a shared module', () => {
  const files = [...tsFiles('src'), 'index.ts'].map((f) => [f, readFileSync(join(ROOT, f), 'utf8')] as const);
  expect(settingsOutsideSteps(files)).toEqual([]);
  expect(files.filter(([, text]) => /^\s*throttle: throttleFor\(/m.test(text)).length).toBeGreaterThan(25);
  expect(settingsOutsideSteps([['index.ts', 'const a = { ...x,\n  lock: lockOn(y) };']])).toHaveLength(1);
});

// The routes sit on top of the sandbox: what they share with router.ts and db.ts lives beside those
// (sandbox/route-context.ts). Only server.ts, which assembles the sandbox, imports the routes.
test('no file at the root of sandbox/ but server.ts imports sandbox/routes/ (no import points up)', () => {
  const offenders = importsBetween('sandbox/', 'sandbox/routes/').filter(
    (edge) => !edge.startsWith('sandbox/routes/') && !edge.startsWith('sandbox/server.ts '),
  );
  expect(offenders).toEqual([]);
  expect(importsBetween('sandbox/server.ts', 'sandbox/routes/').length).toBeGreaterThan(5);
});

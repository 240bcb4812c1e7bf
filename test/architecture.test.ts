// The layout's rules, read from the source with the TypeScript compiler's own import scanner
// (`ts.preProcessFile`: imports, `export ... from`, `require()` and `import()`, type-only ones included).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '..');

/** Every .ts file under `dir` (relative to the root, with forward slashes). */
const tsFiles = (dir: string): string[] => {
  const full = join(ROOT, dir);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return dir.endsWith('.ts') ? [dir] : [];
  return readdirSync(full)
    .filter((name) => name !== 'node_modules')
    .flatMap((name) => tsFiles(`${dir}/${name}`));
};

/** The module a relative specifier names, if it is one of our .ts files. */
const resolveImport = (from: string, specifier: string): string | undefined => {
  if (!specifier.startsWith('.')) return undefined;
  const base = relative(ROOT, resolve(ROOT, dirname(from), specifier))
    .split('\\')
    .join('/');
  return [base, `${base}.ts`, `${base}/index.ts`].find(
    (candidate) => candidate.endsWith('.ts') && existsSync(join(ROOT, candidate)),
  );
};

/** Each file's imports of our own .ts modules. */
const importGraph = (files: string[]): Map<string, string[]> =>
  new Map(
    files.map((file) => {
      const info = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
      const targets = info.importedFiles
        .map((imported) => resolveImport(file, imported.fileName))
        .filter((target): target is string => target !== undefined);
      return [file, [...new Set(targets)]];
    }),
  );

/** Import cycles, one per strongly connected group of modules, each as `a -> b -> ... -> a`. */
const cycles = (graph: Map<string, string[]>): string[] => {
  // Tarjan's strongly connected components
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next))
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      const selfImport = graph.get(node)?.includes(node) ?? false;
      if (group.length > 1 || selfImport) groups.push(group);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  // one concrete path per group: from its first module (sorted) back to itself, breadth first
  return groups.map((group) => {
    const members = new Set(group);
    const start = [...group].sort()[0] as string;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift() as string;
      for (const next of graph.get(node) ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          const path = [start];
          for (let at: string | undefined = node; at !== undefined && at !== start; at = cameFrom.get(at))
            path.splice(1, 0, at);
          return [...path, start].join(' -> ');
        }
        if (!cameFrom.has(next)) {
          cameFrom.set(next, node);
          queue.push(next);
        }
      }
    }
    return group.join(' <-> ');
  });
};

const PRODUCT = ['index.ts', 'src', 'sandbox', 'harness', 'scripts', 'bench'];
const graph = importGraph([...PRODUCT, 'test'].flatMap(tsFiles));
const product = new Map([...graph].filter(([file]) => !file.startsWith('test/')));

/** `from -> to` for each import from a file under `from` of a module under `to`. */
const importsBetween = (from: string, to: string) =>
  [...graph].flatMap(([file, targets]) =>
    file.startsWith(from) ? targets.filter((t) => t.startsWith(to)).map((t) => `${file} -> ${t}`) : [],
  );

test('the scan sees the whole code base (a wrong root would make every rule pass)', () => {
  expect(graph.get('index.ts')?.length).toBeGreaterThan(10);
  for (const dir of PRODUCT) expect([...graph.keys()].some((file) => file.startsWith(dir))).toBe(true);
});

test('no import cycle in index.ts, src/, sandbox/, harness/, scripts/, bench/ (type-only imports included)', () => {
  expect(cycles(product)).toEqual([]);
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

test('no file in src/ or sandbox/ is over 400 lines', () => {
  const lines = (file: string) =>
    readFileSync(join(ROOT, file), 'utf8').replace(/\n$/, '').split('\n').length;
  const over = [...tsFiles('src'), ...tsFiles('sandbox')]
    .map((file) => ({ file, lines: lines(file) }))
    .filter((f) => f.lines > 400)
    .map((f) => `${f.file}: ${f.lines} lines`);
  expect(over).toEqual([]);
});

const DOMAINS = ['submissions', 'forms', 'workspaces', 'integrations'];
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

// The routes sit on top of the sandbox: what they share with router.ts and db.ts lives beside those
// (sandbox/route-context.ts). Only server.ts, which assembles the sandbox, imports the routes.
test('no file at the root of sandbox/ but server.ts imports sandbox/routes/ (no import points up)', () => {
  const offenders = importsBetween('sandbox/', 'sandbox/routes/').filter(
    (edge) => !edge.startsWith('sandbox/routes/') && !edge.startsWith('sandbox/server.ts '),
  );
  expect(offenders).toEqual([]);
  expect(importsBetween('sandbox/server.ts', 'sandbox/routes/').length).toBeGreaterThan(5);
});

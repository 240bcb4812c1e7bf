// The code base as the layout's rules (test/architecture.test.ts) read it: its files, and each file's
// imports of our own modules, read with the TypeScript compiler's own import scanner
// (`ts.preProcessFile`: imports, `export ... from`, `require()` and `import()`, type-only ones included).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(__dirname, '..', '..');

/** Every .ts file under `dir` (relative to the root, with forward slashes). */
export const tsFiles = (dir: string): string[] => {
  const full = join(ROOT, dir);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return dir.endsWith('.ts') ? [dir] : [];
  return readdirSync(full)
    .filter((name) => name !== 'node_modules')
    .flatMap((name) => tsFiles(`${dir}/${name}`));
};

/** The module a relative specifier names, if it is one of our .ts files. */
export const resolveImport = (from: string, specifier: string): string | undefined => {
  if (!specifier.startsWith('.')) return undefined;
  const base = relative(ROOT, resolve(ROOT, dirname(from), specifier))
    .split('\\')
    .join('/');
  return [base, `${base}.ts`, `${base}/index.ts`].find(
    (candidate) => candidate.endsWith('.ts') && existsSync(join(ROOT, candidate)),
  );
};

/** Each file's imports of our own .ts modules. */
export const importGraph = (files: string[]): Map<string, string[]> =>
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
export const cycles = (graph: Map<string, string[]>): string[] => {
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

/**
 * Every code file (.ts, .mjs, .js) under `dir`. The recordings (`test/recorded/`,
 * `test/recorded-production-like/`) are data, not code; JSON files are data too (the definition snapshot).
 */
export const codeFiles = (dir: string): string[] => {
  const full = join(ROOT, dir);
  if (!existsSync(full) || /^test\/recorded/.test(dir)) return [];
  if (statSync(full).isFile()) return /\.(ts|mjs|js)$/.test(dir) ? [dir] : [];
  return readdirSync(full)
    .filter((name) => name !== 'node_modules')
    .flatMap((name) => codeFiles(`${dir}/${name}`));
};

/** The entries at the top of the repository, git-ignored ones (`.gitignore`'s top-level names) left out. */
export const topLevelEntries = (): string[] => {
  const patterns = readFileSync(join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim().replace(/^\//, '').replace(/\/$/, ''))
    .filter((line) => line !== '' && !line.startsWith('#') && !line.includes('/'))
    .map((glob) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`));
  return readdirSync(ROOT).filter(
    (name) => name !== '.git' && !patterns.some((pattern) => pattern.test(name)),
  );
};

/** What an entry lacks: a row in the table of docs/architecture.md's "The top level", or (stale) a file. */
export const topLevelProblems = (entries: string[], architecture: string): string[] => {
  const section = architecture.split('## The top level')[1]?.split('\n## ')[0] ?? '';
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  const named = rows.flatMap((row) =>
    [...(row.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((found) =>
      (found[1] as string).replace(/\/$/, ''),
    ),
  );
  return [
    ...entries
      .filter((entry) => !named.includes(entry))
      .map(
        (entry) => `${entry}: no row in docs/architecture.md, "The top level" (product or workshop, and why)`,
      ),
    ...named
      .filter((name) => !entries.includes(name))
      .map((name) => `${name}: a row in docs/architecture.md, "The top level", names no entry`),
  ];
};

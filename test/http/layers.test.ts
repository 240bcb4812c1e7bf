import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The layers of src/ (docs: design.md), one direction: src/http <- src/api <- src/<domain> <- index.ts.
 * Operation modules reach OpnForm only through src/api; src/api and src/http never import a domain.
 */
const SRC = join(__dirname, '../../src');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );

const importsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^;]*?from '([^']+)';/gms)].map(
    (m) => m[1] as string,
  );

const named = (files: string[]) => files.map((file) => relative(SRC, file));

// src/submissions joins this list when its branch lands (it moves to src/api/{submissions,exports,zapier}).
const DOMAINS = ['forms', 'workspaces', 'integrations', 'submissions'];

describe('src layers', () => {
  test('no operation module imports the HTTP client or the path helper', () => {
    const files = [...DOMAINS.flatMap((d) => filesUnder(join(SRC, d))), join(SRC, 'auth.ts')];
    const offending = files.filter((file) =>
      importsOf(file).some((from) => /\/http\/(client|path)$/.test(from)),
    );
    expect(named(offending)).toEqual([]);
  });

  test('src/api and src/http import no domain module', () => {
    const files = [...filesUnder(join(SRC, 'api')), ...filesUnder(join(SRC, 'http'))];
    const offending = files.filter((file) =>
      importsOf(file).some((from) => /^\.\.\/(forms|workspaces|integrations|submissions)\//.test(from)),
    );
    expect(named(offending)).toEqual([]);
  });

  test('src/http imports nothing from src/api', () => {
    const offending = filesUnder(join(SRC, 'http')).filter((file) =>
      importsOf(file).some((from) => /^\.\.\/api\//.test(from)),
    );
    expect(named(offending)).toEqual([]);
  });
});

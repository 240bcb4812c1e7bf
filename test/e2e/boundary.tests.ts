// The sandbox is a test double: nothing the Zapier bundle loads (index.ts, src/) may import it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..');

const tsFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? tsFiles(full) : full.endsWith('.ts') ? [full] : [];
  });

it('no file of the Zapier bundle imports sandbox/ or scripts/', () => {
  const offenders = [join(root, 'index.ts'), ...tsFiles(join(root, 'src'))].filter((file) =>
    /(from|require\()\s*['"][^'"]*\/(sandbox|scripts)\//.test(readFileSync(file, 'utf8')),
  );
  expect(offenders).toEqual([]);
});

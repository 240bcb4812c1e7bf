/**
 * No regular expression in src/ is worse than linear (issue 31): an email answer of 100,003 characters
 * kept Invite Member busy 33 s, because `/^[^\s@]+@[^\s@]+\.[^\s@]+$/` backtracks quadratically. Every
 * regular expression literal and every `new RegExp(...)` / `RegExp(...)` of src/ is found with the
 * TypeScript compiler's parser (not a pattern over the text) and proven linear by the ReDoS checker
 * `recheck` (its automaton checker: deterministic, no time limit, so a loaded machine changes how long
 * it takes, never the verdict). A pattern built at run time cannot be proven: write it as a literal.
 * recheck runs its native build (the `recheck-linux-x64` package) where npm installed it, else its
 * Java or JavaScript build.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { check } from 'recheck';
import ts from 'typescript';
import { ROOT, tsFiles } from '../helpers/source-scan';

interface Found {
  /** `src/inputs/values.ts:105` */
  where: string;
  source?: string;
  flags?: string;
  /** Why it cannot be checked (a pattern built at run time). */
  unchecked?: string;
}

const stringOf = (node: ts.Expression | undefined): string | undefined =>
  node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : undefined;

/** Every regular expression of a TypeScript source: literals, and `RegExp` built with or without `new`. */
const regexpsIn = (file: string, text: string): Found[] => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const end = node.text.lastIndexOf('/');
      found.push({ where: at(node), source: node.text.slice(1, end), flags: node.text.slice(end + 1) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [pattern, flags] = node.arguments ?? [];
      const patternText = stringOf(pattern);
      const flagsText = flags === undefined ? '' : stringOf(flags);
      found.push(
        patternText !== undefined && flagsText !== undefined
          ? { where: at(node), source: patternText, flags: flagsText }
          : { where: at(node), unchecked: node.getText().slice(0, 120) },
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

/** What is wrong with a pattern: undefined when recheck proves it linear. */
const problemOf = async (found: Found): Promise<string | undefined> => {
  if (found.unchecked !== undefined)
    return `${found.where} ${found.unchecked}: built at run time, so it cannot be checked; write it as a literal`;
  const result = await check(found.source ?? '', found.flags ?? '', { checker: 'automaton', timeout: null });
  if (result.status === 'safe') return undefined;
  const why =
    result.status === 'vulnerable'
      ? `${result.complexity.summary}, e.g. ${result.attack.pattern}`
      : `not proven linear (${result.error.kind})`;
  return `${found.where} /${found.source}/${found.flags}: ${why}`;
};

const SRC = tsFiles('src').filter((file) => !file.endsWith('.d.ts'));

test('no regular expression in src/ is worse than linear (recheck), nor built at run time', async () => {
  const every = SRC.flatMap((file) => regexpsIn(file, readFileSync(join(ROOT, file), 'utf8')));
  // the scan sees src/: a wrong root would make the rule pass
  expect(every.length).toBeGreaterThan(100);
  const problems: string[] = [];
  // one at a time: recheck's agent checks them no faster together on 2 cores
  for (const found of every) {
    const problem = await problemOf(found);
    if (problem !== undefined) problems.push(problem);
  }
  expect(problems).toEqual([]);
}, 60_000);

test('a quadratic pattern or one built at run time is named with its file, line and pattern', async () => {
  const planted = [
    'const EMAIL = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/;',
    'const trail = (t: string) => t.replace(/\\.+$/, "");',
    'const safe = new RegExp("^\\\\d{1,9}$", "u");',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a planted source text
    'const built = (d: number) => new RegExp(`^\\\\d{1,${d}}$`);',
  ].join('\n');
  const found = regexpsIn('src/planted.ts', planted);
  expect(found.map((f) => f.where)).toEqual([
    'src/planted.ts:1',
    'src/planted.ts:2',
    'src/planted.ts:3',
    'src/planted.ts:4',
  ]);
  expect(await Promise.all(found.map(problemOf))).toEqual([
    expect.stringMatching(
      /^src\/planted\.ts:1 \/\^\[\^\\s@\]\+@\[\^\\s@\]\+\\\.\[\^\\s@\]\+\$\/: \d+(st|nd|rd|th) degree polynomial/,
    ),
    expect.stringMatching(/^src\/planted\.ts:2 \/\\\.\+\$\/: \d+(st|nd|rd|th) degree polynomial/),
    undefined,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the planted source text
    'src/planted.ts:4 new RegExp(`^\\\\d{1,${d}}$`): built at run time, so it cannot be checked; write it as a literal',
  ]);
});

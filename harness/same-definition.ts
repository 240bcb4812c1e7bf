// The benchmark's closest baseline (issue 21): a bare zapier-platform-core app that carries exactly the
// connector's definition, with no code behind it. From the `definition.json` Zapier's build writes
// (core's `definition` answer: every function turned into `$func$<arity>$<t|f>$`), it writes the source
// of an index.js whose definition is that JSON as an object literal, each function revived as a no-op
// of the same arity (middleware passes its request or response through). Core answers `definition`
// for it with the same JSON, so a cold start against it costs the definition alone.
import { readFileSync, writeFileSync } from 'node:fs';

/** Core's placeholder for a function: its arity and whether its source mentions `arguments`. */
const FUNC = /^\$func\$(\d+)\$([tf])\$$/;
/** Lists of middleware, whose entries must hand their first argument on. */
const MIDDLEWARE = new Set(['beforeRequest', 'afterResponse']);

/** A no-op of `arity` parameters; `passes` returns the first argument (request or response). */
const noOp = (arity: number, usesArguments: boolean, passes: boolean): string => {
  const params = Array.from({ length: arity }, (_, i) => `p${i}`).join(', ');
  const first = usesArguments ? 'arguments[0]' : arity > 0 ? 'p0' : 'undefined';
  const body = passes ? `return ${first};` : usesArguments ? 'void arguments;' : '';
  return `function (${params}) {${body === '' ? '' : ` ${body} `}}`;
};

const literal = (value: unknown, passes = false): string => {
  if (typeof value === 'string') {
    const func = FUNC.exec(value);
    return func ? noOp(Number(func[1]), func[2] === 't', passes) : JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => literal(item, passes)).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${literal(item, MIDDLEWARE.has(key))}`)
      .join(',')}}`;
  return JSON.stringify(value);
};

/** The source of a CommonJS index.js exporting `definition` with no-op functions; core's own version. */
export const sameDefinitionSource = (definition: Record<string, unknown>): string =>
  [
    '// Written by harness/same-definition.ts: the definition of an app, with no code behind it.',
    "const { version } = require('zapier-platform-core');",
    `const app = ${literal(definition)};`,
    'app.platformVersion = version;',
    'module.exports = app;',
    '',
  ].join('\n');

/** Reads a built app's `definition.json` and writes the same-definition index.js to `outFile`. */
export const writeSameDefinitionApp = (definitionFile: string, outFile: string): void => {
  const definition = JSON.parse(readFileSync(definitionFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(outFile, sameDefinitionSource(definition));
};

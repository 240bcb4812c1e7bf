/**
 * `npm run examples`: one `npx zapier-platform invoke` line per step case (the cases at the end of each
 * step's module, harness/step-cases.ts), with the ids of the sandbox `npm run sandbox` serves.
 * `npm run examples -- --review`: where a reviewer runs each visible step, with its recorded evidence
 * (the `review` of its case), as a Markdown table, then the reviewer's note of each destructive step.
 */
import { everyCase, type FoundCase } from '../harness/step-cases';
import type { SandboxIds } from '../sandbox/seed';
import { startSandbox } from '../sandbox/server';

const COMMAND = {
  authentication: 'auth',
  triggers: 'trigger',
  creates: 'create',
  searches: 'search',
} as const;
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The invoke line of a case, or undefined when `invoke` cannot make the call (another method, bundle members). */
export const invokeLine = (c: FoundCase, ids: SandboxIds): string | undefined => {
  if ((c.method !== 'perform' && c.method !== 'test') || c.bundle(ids) !== undefined) return undefined;
  const input = c.inputData(ids);
  const data = Object.keys(input).length === 0 ? '' : ` --inputData ${quoted(JSON.stringify(input))}`;
  const command = `npx zapier-platform invoke ${COMMAND[c.step.kind]} ${c.step.key}${data}`;
  return c.name.endsWith(')') ? `${command}   # ${c.name.slice(c.name.indexOf('('))}` : command;
};

export const reviewTable = (cases: FoundCase[]): string[] => [
  '| step | key | where a reviewer runs it | evidence |',
  '|---|---|---|---|',
  ...cases.flatMap((c) =>
    c.review === undefined
      ? []
      : [
          `| ${c.step.label} | \`${c.step.key}\` | ${c.review.on} | ${c.review.evidence.map((e) => `\`${e}\``).join(', ')} |`,
        ],
  ),
];

/** The reviewer's note of each step that deletes, removes, cancels or leaves (docs/publishing.md repeats them). */
export const reviewNotes = (cases: FoundCase[]): string[] =>
  cases.flatMap((c) =>
    c.review?.note === undefined ? [] : [`- **${c.step.label}** (\`${c.step.key}\`): ${c.review.note}`],
  );

const main = async () => {
  const cases = everyCase();
  if (process.argv.includes('--review')) {
    console.log(
      [...reviewTable(cases), '', "Notes for the reviewer's destructive steps:", ...reviewNotes(cases)].join(
        '\n',
      ),
    );
    return;
  }
  const sandbox = await startSandbox();
  const { ids } = sandbox;
  await sandbox.close();
  const lines = cases.map((c) => [c, invokeLine(c, ids)] as const);
  console.log(
    [
      '# One call per step case, for the sandbox of `npm run sandbox -- --write-env` (run `npm run build:app` first).',
      '# The actions change its state: restart the sandbox to run them again on the seeded data. Exports stop at',
      '# the file stash (invoke has no Zapier file storage; npm start runs them with a local stand-in).',
      ...lines.flatMap(([, line]) => (line === undefined ? [] : [line])),
      `# not for invoke (a hook's own methods, bundle members; npm start runs them): ${lines
        .filter(([, line]) => line === undefined)
        .map(([c]) => c.name)
        .join(', ')}`,
    ].join('\n'),
  );
};

if (require.main === module)
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });

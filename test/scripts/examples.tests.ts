// `npm run examples` (scripts/examples.ts): an invoke line per step case, and the examples of the README and docs/sandbox.md are among them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { everyCase } from '../../harness/step-cases';
import { invokeLine, reviewTable } from '../../scripts/examples';
import { useSandbox } from '../e2e/helpers';

const sandbox = useSandbox();

test('every case invoke can make has its line: the connection, and each step by its kind and key', () => {
  const { ids } = sandbox();
  const lines = everyCase().map((c) => [c.name, invokeLine(c, ids)] as const);
  // invoke calls `perform` (or the connection test) with inputData only
  const left = lines.filter(([, line]) => line === undefined).map(([name]) => name);
  expect(left).toEqual(
    expect.arrayContaining(['new_submission.performList (Transfer page)', 'new_submission.performSubscribe']),
  );
  const made = lines.flatMap(([, line]) => (line === undefined ? [] : [line]));
  expect(made).toContain('npx zapier-platform invoke auth test');
  expect(made).toContain('npx zapier-platform invoke trigger workspace_list');
  expect(made).toContain(
    `npx zapier-platform invoke create create_submission --inputData '{"workspace_id":${ids.workspaceId},"form_id":${ids.emptyFormId},"answer__${ids.emptyFormFields.name}":"Case Created"}'   # (no editable submissions)`,
  );
  expect(made).toContain(
    `npx zapier-platform invoke search find_form --inputData '{"form":"${ids.formSlug}"}'`,
  );
});

test.each(['README.md', 'docs/sandbox.md'])(
  '%s: its invoke lines for the sandbox are lines `npm run examples` prints',
  (file) => {
    const { ids } = sandbox();
    const text = readFileSync(join(__dirname, '..', '..', file), 'utf8');
    const section = text.slice(text.indexOf('`zapier-platform invoke` against the sandbox\n'));
    const kept = section
      .slice(0, section.indexOf('\n## '))
      .split('\n')
      .filter((line) => line.startsWith('npx zapier-platform invoke '));
    expect(kept.length).toBeGreaterThanOrEqual(2);
    const made = everyCase().map((c) => invokeLine(c, ids));
    expect(kept.filter((line) => !made.includes(line))).toEqual([]);
  },
);

test('--review: a row per visible step, from its case', () => {
  const table = reviewTable(everyCase());
  expect(table.slice(0, 2)).toEqual([
    '| step | key | where a reviewer runs it | evidence |',
    '|---|---|---|---|',
  ]);
  expect(table).toContain('| Find Form | `find_form` | both | `forms--get-form#0` |');
  expect(table.some((row) => row.includes('`find_export`'))).toBe(false);
});

// The app definition's steps as the publishing checks (publishing*.test.ts) read them.
import { App } from './app';

export type Field = {
  key: string;
  label?: string;
  type?: string;
  dynamic?: string;
  search?: string;
  choices?: unknown;
  required?: boolean;
  list?: boolean;
};
export type OutputField = { key: string; type?: string; primary?: boolean };
export type Operation = {
  type?: string;
  inputFields?: unknown[];
  outputFields?: unknown[];
  sample?: Record<string, unknown>;
  performList?: unknown;
  performSubscribe?: unknown;
  canPaginate?: boolean;
};
export type Definition = {
  key: string;
  noun: string;
  display: { label: string; description: string; hidden?: boolean };
  operation: Operation;
};

const kinds = ['triggers', 'creates', 'searches'] as const;
export const all = kinds.flatMap((kind) =>
  Object.values((App as unknown as Record<string, Record<string, Definition>>)[kind] ?? {}).map((def) => ({
    kind,
    def,
  })),
);
export const visible = all.filter(({ def }) => !def.display.hidden);
export const staticFields = (op: Operation): Field[] =>
  (op.inputFields ?? []).filter((f): f is Field => typeof f === 'object' && f !== null && 'key' in f);
export const staticOutputs = (op: Operation): OutputField[] =>
  (op.outputFields ?? []).filter((f): f is OutputField => typeof f === 'object' && f !== null && 'key' in f);

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);
/** A word in brackets counts by its first letter: Zapier's own label "API Request (Beta)". */
export const isTitleCase = (label: string) =>
  label.split(/\s+/).every((word, i) => (i > 0 && SMALL_WORDS.has(word)) || /^\(?[A-Z0-9]/.test(word));

/**
 * What docs/steps.md (`text`) lacks: a section for each step, its heading naming the label and key
 * (`### Find Form (`find_form`)`, words after the key allowed), each heading listed in the page's Contents.
 */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
export const stepsDocProblems = (steps: ReadonlyArray<{ kind: string; def: Definition }>, text: string) => {
  const contents = text.slice(
    text.indexOf('## Contents'),
    text.indexOf('\n## ', text.indexOf('## Contents') + 1),
  );
  const headings = [...text.matchAll(/^#{2,4} (.+)$/gm)].map(([, title]) => title as string);
  return [
    ...steps
      .filter(({ def }) => !headings.some((h) => h.includes(`${def.display.label} (\`${def.key}\``)))
      .map(
        ({ kind, def }) =>
          `${kind}.${def.key}: docs/steps.md has no section for it: add \`### ${def.display.label} ` +
          `(\`${def.key}\`)\` under its domain (what it does, sends, refuses and outputs), ` +
          'and its Contents line',
      ),
    ...headings
      .filter((h) => h !== 'Contents' && !contents.includes(`[${h}](#${slug(h)})`))
      .map((h) => `docs/steps.md: the section "${h}" is not in its Contents: add - [${h}](#${slug(h)})`),
  ];
};

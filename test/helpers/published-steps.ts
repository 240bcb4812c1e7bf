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

import type { ZObject } from 'zapier-platform-core';
import type * as z from 'zod/mini';
import { invalidInput } from '../errors';

/** Any zod schema whose output is T. */
export type Schema<T> = z.ZodMiniType<T, unknown>;

type Issue = z.core.$ZodIssue;

const pathText = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>(
    (out, key) =>
      typeof key === 'number' ? `${out}[${key}]` : out === '' ? String(key) : `${out}.${String(key)}`,
    '',
  );

/** The kind of a value, never the value itself (it may be a secret). */
const describeValue = (value: unknown): string => {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'true/false';
  return 'an object';
};

/** One sentence for one zod issue, in words a no-code user can read. */
export const issueText = (issue: Issue): string => {
  if (issue.message !== '' && issue.message !== 'Invalid input') return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, got ${describeValue(issue.input)}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters' : ''}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters' : ''}`;
    case 'unrecognized_keys':
      return `has unknown keys ${issue.keys.join(', ')}`;
    default:
      return 'is not valid';
  }
};

/** The first few issues as `path: problem; ...`. */
export const summarize = (issues: readonly Issue[], limit = 3): string =>
  issues
    .slice(0, limit)
    .map((issue) => {
      const where = pathText(issue.path);
      return where === '' ? issueText(issue) : `${where}: ${issueText(issue)}`;
    })
    .join('; ') + (issues.length > limit ? ` (and ${issues.length - limit} more)` : '');

/** For an answer from OpnForm that does not have the shape we rely on. */
export const describeShapeError = (thing: string, error: z.core.$ZodError): string =>
  `OpnForm sent an unexpected answer for this ${thing} request (${summarize(error.issues)}). ` +
  'Check that the OpnForm URL points at an OpnForm API; if it does, the server may be a version this connector does not support yet.';

/** An input field as the step declares it (static fields; dynamic field functions have no label here). */
type LabelledField = { key: string; label?: string } | ((...args: never[]) => unknown);

/** The labels the user sees in the Zap editor, by input key, from a step's own `inputFields`. */
export const labelsOf = (fields: readonly LabelledField[]): Record<string, string> => {
  const labels: Record<string, string> = {};
  for (const field of fields) {
    if (typeof field === 'function' || field.label === undefined) continue;
    labels[field.key] = field.label;
  }
  return labels;
};

/**
 * Validates a step's input before any request is sent. A failure names each bad field (by key and
 * the label of the step's own input field) and what is allowed, as a Zapier error the user sees in
 * the Zap editor or history. Pass the step's `inputFields` (preferred: one source of labels) or a
 * label table.
 */
export const parseInput = <T>(
  zObj: ZObject,
  schema: Schema<T>,
  inputData: unknown,
  fields: readonly LabelledField[] | Readonly<Record<string, string>> = {},
): T => {
  const labels: Readonly<Record<string, string>> = Array.isArray(fields)
    ? labelsOf(fields)
    : (fields as Readonly<Record<string, string>>);
  const result = schema.safeParse(inputData ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const parts = result.error.issues.slice(0, 5).map((issue) => {
    const key = pathText(issue.path);
    const top = String(issue.path[0] ?? '');
    const label = labels[top];
    const name = key === '' ? 'Input' : label === undefined ? key : `${label} (${key})`;
    return `${name} ${issueText(issue)}`;
  });
  throw invalidInput(zObj, `${parts.join('; ')}.`);
};

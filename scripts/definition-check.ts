// The published definition of every step, as the built zip answers `definition`, compared with
// `scripts/definition.snapshot.json` (taken from the zip before the architecture rework of issue 14).
// Live Zaps store these keys, labels, inputs and samples: a refactor must not change one of them.
// A step in the snapshot must come back identical; a step not in it is new (listed, allowed).
// The intended differences: `search` hints on id inputs (SEARCH_HINTS below) and `canPaginate` on the
// two submission triggers (PAGINATED_TRIGGERS, issue 15 item 7).
//   UPDATE_DEFINITION_SNAPSHOT=1 npm run check:zapier   (re-take the snapshot from the built zip, on purpose)
// A re-take prints what `leanEquivalent` finds between the previous snapshot and the build: the lean
// definition of issue 21 was re-taken when it found nothing but help texts, default types,
// altersDynamicFields and output fields the samples say by themselves.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

export const SNAPSHOT = join(__dirname, 'definition.snapshot.json');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Function references (`$func$2$f$`) name a position in the bundle, not behaviour: compared as one token. */
export const normalize = (value: unknown): Json => {
  if (typeof value === 'string') return value.startsWith('$func$') ? '$func$' : value;
  if (Array.isArray(value)) return value.map(normalize);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const key of Object.keys(value).sort())
      out[key] = normalize((value as Record<string, unknown>)[key]);
    return out;
  }
  return value as Json;
};

/** `search` hints added on purpose (issue 14): operation key -> input key -> the search they name. */
export const SEARCH_HINTS: Readonly<Record<string, string>> = {
  submission_id: 'find_submission.id',
  user_id: 'find_member.id',
  invite_id: 'find_invite.id',
};

/**
 * `canPaginate: true` added on purpose (issue 15 item 7: Zapier's Transfer pages through these
 * triggers' history): trigger key -> the only difference allowed, checked to be exactly `true`.
 */
export const PAGINATED_TRIGGERS: ReadonlySet<string> = new Set(['new_submission', 'new_partial_submission']);

/**
 * Removes the intended `canPaginate: true` of a trigger in PAGINATED_TRIGGERS before comparing; given
 * `problems` (the built side), any other value is one (that it is there: test/submissions/transfer.tests.ts).
 */
const withoutPaging = (kind: string, key: string, def: Json, problems?: string[]): Json => {
  if (kind !== 'triggers' || !PAGINATED_TRIGGERS.has(key)) return def;
  const op = (def as { operation?: Record<string, Json> }).operation;
  if (!op) return def;
  const { canPaginate, ...rest } = op;
  if (problems !== undefined && canPaginate !== undefined && canPaginate !== true)
    problems.push(`${kind}.${key}: canPaginate ${String(canPaginate)}, expected true`);
  return { ...(def as object), operation: rest } as Json;
};

/** The first path where two normalized values differ (for a readable failure). */
const firstDifference = (a: Json, b: Json, at: string): string | undefined => {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const found = firstDifference(
        (a as Record<string, Json>)[key] ?? null,
        (b as Record<string, Json>)[key] ?? null,
        `${at}.${key}`,
      );
      if (found) return found;
    }
  }
  return `${at}: ${JSON.stringify(a)?.slice(0, 120)} (snapshot: ${JSON.stringify(b)?.slice(0, 120)})`;
};

const KINDS = ['triggers', 'creates', 'searches', 'searchOrCreates'] as const;

/** Removes the intended `search` hints (each checked to name the right search) before comparing. */
const withoutHints = (operationKey: string, def: Json, problems: string[]): Json => {
  const op = (def as { operation?: { inputFields?: Json[] } }).operation;
  if (!op?.inputFields) return def;
  const inputFields = op.inputFields.map((field) => {
    if (field === null || typeof field !== 'object' || Array.isArray(field) || !('search' in field))
      return field;
    const { search, ...rest } = field;
    const expected = SEARCH_HINTS[String(field.key)];
    if (search !== expected)
      problems.push(
        `${operationKey}.${String(field.key)}: search hint ${String(search)}, expected ${expected}`,
      );
    return rest;
  });
  return { ...(def as object), operation: { ...(op as object), inputFields } } as Json;
};

/** Differences between the built definition and the snapshot, in words; empty when they match. */
export const compareDefinition = (
  built: unknown,
  snapshot: unknown,
): { problems: string[]; added: string[] } => {
  const now = normalize(built) as Record<string, Record<string, Json>>;
  const before = normalize(snapshot) as Record<string, Record<string, Json>>;
  const problems: string[] = [];
  const added: string[] = [];
  const auth = firstDifference(now.authentication ?? null, before.authentication ?? null, 'authentication');
  if (auth) problems.push(`differs from the snapshot at ${auth}`);
  for (const kind of KINDS) {
    const was = before[kind] ?? {};
    const is = now[kind] ?? {};
    for (const key of Object.keys(was)) {
      if (!(key in is)) problems.push(`${kind}.${key} is missing`);
      else {
        const found = firstDifference(
          withoutHints(`${kind}.${key}`, withoutPaging(kind, key, is[key] ?? null, problems), problems),
          // a re-taken snapshot holds the hints and the paging too: compared without them on both sides
          withoutHints(`${kind}.${key}`, withoutPaging(kind, key, was[key] ?? null), []),
          `${kind}.${key}`,
        );
        if (found) problems.push(`differs from the snapshot at ${found}`);
      }
    }
    for (const key of Object.keys(is)) if (!(key in was)) added.push(`${kind}.${key}`);
  }
  return { problems, added };
};

/**
 * The label Zapier gives an output key it finds in a sample and no output field names: the key's
 * words in Title Case (`form_slug` -> "Form Slug"). Only plain words are trusted to come out alike
 * (an acronym such as ID or URL may not), so a field whose label is anything else is kept.
 */
export const automaticLabel = (key: string) =>
  key
    .split(/_+/)
    .filter((word) => word !== '')
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join(' ');

type Fields = Json[];
type Step = { display?: { hidden?: boolean }; operation?: Record<string, Json> };

/** Zapier flattens nested sample keys with `__`; arrays stay values (an output key `a[]b` reads `a`). */
const flatSample = (value: Json, prefix = '', out: Record<string, Json> = {}): Record<string, Json> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [key, inner] of Object.entries(value)) {
    out[`${prefix}${key}`] = inner;
    flatSample(inner, `${prefix}${key}__`, out);
  }
  return out;
};

/** A JSON value's Zapier type as a sample shows it; null says nothing, so it reads as the default, string. */
const sampleType = (value: Json): string | undefined => {
  if (value === null || typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return undefined;
};

const isFunction = (field: Json) => field === '$func$';
const hasFunctions = (op: Record<string, Json>) =>
  [op.inputFields, op.outputFields].some((list) => Array.isArray(list) && list.some(isFunction));

/**
 * A field with Zapier's defaults left out (a missing `type` is `string`, for inputs, connection fields
 * and outputs alike), without its help text, and without `altersDynamicFields` unless `dynamic`: only
 * a step with function-built fields (inputs or outputs) needs it.
 */
const leanField = (field: Json, dynamic: boolean, help: boolean): Json => {
  if (field === null || typeof field !== 'object' || Array.isArray(field)) return field;
  const { helpText, altersDynamicFields, ...rest } = field;
  if (rest.type === 'string') delete rest.type;
  return {
    ...rest,
    ...(help && helpText !== undefined ? { helpText } : {}),
    ...(dynamic && altersDynamicFields !== undefined ? { altersDynamicFields } : {}),
  };
};

/** Why a static output field could not be left out (undefined when it could), given the step's sample. */
const whyKept = (field: Json, sample: Record<string, Json>, hidden: boolean): string | undefined => {
  if (field === null || typeof field !== 'object' || Array.isArray(field)) return 'not a static field';
  const key = String(field.key);
  if (field.primary === true) return 'it is the primary key';
  if (!((key.split('[]')[0] ?? key) in sample)) return 'its key is not in the sample';
  if (hidden) return undefined; // a hidden step's output is never offered for mapping
  if (key.includes('[]')) return 'it describes list items';
  if (field.label !== automaticLabel(key))
    return `its label says more than the key ("${String(field.label)}")`;
  const type = typeof field.type === 'string' ? field.type : 'string';
  const shown = sampleType(sample[key] ?? null);
  if (type !== shown) return `its type (${type}) is not what the sample shows (${String(shown)})`;
  return undefined;
};

/**
 * Whether `after` is `before` made lean (issue 21) and nothing else: help texts, Zapier's default
 * `type: 'string'`, `altersDynamicFields` on steps without function-built fields, and static output
 * fields the sample says by itself (key in the sample, Zapier's automatic label, the type the sample
 * shows, not primary; on a hidden step any field whose key is in the sample) may differ. Anything
 * else is a problem, in words (empty: only lean differences).
 */
export const leanEquivalent = (before: unknown, after: unknown): string[] => {
  const was = normalize(before) as Record<string, Record<string, Json>>;
  const is = normalize(after) as Record<string, Record<string, Json>>;
  const problems: string[] = [];
  const leanAuth = (auth: Json | undefined): Json => {
    if (auth === undefined || auth === null || typeof auth !== 'object' || Array.isArray(auth))
      return auth ?? null;
    const fields = Array.isArray(auth.fields)
      ? auth.fields.map((f) => leanField(f, false, false))
      : auth.fields;
    return { ...auth, ...(fields === undefined ? {} : { fields }) };
  };
  const auth = firstDifference(leanAuth(is.authentication), leanAuth(was.authentication), 'authentication');
  if (auth) problems.push(`not a lean difference at ${auth}`);
  for (const kind of KINDS) {
    const steps = { ...(was[kind] ?? {}), ...(is[kind] ?? {}) };
    for (const key of Object.keys(steps)) {
      const old = was[kind]?.[key] as Step | undefined;
      const now = is[kind]?.[key] as Step | undefined;
      if (old === undefined || now === undefined) {
        problems.push(`${kind}.${key} is ${old === undefined ? 'new' : 'missing'}`);
        continue;
      }
      const leanStep = (step: Step, outputs?: Fields): Json => {
        const op = step.operation;
        if (op === undefined) return step as Json;
        const dynamic = hasFunctions(op);
        const lean = (list: Json | undefined, help: boolean) =>
          Array.isArray(list) ? list.map((f) => leanField(f, dynamic, help)) : list;
        const inputFields = lean(op.inputFields, false);
        const outputFields = lean(outputs ?? op.outputFields, true);
        const { outputFields: _listed, ...rest } = op;
        return {
          ...(step as Record<string, Json>),
          operation: {
            ...rest,
            ...(inputFields === undefined ? {} : { inputFields }),
            // no list and an empty one say the same: Zapier reads the sample
            ...(outputFields === undefined || (Array.isArray(outputFields) && outputFields.length === 0)
              ? {}
              : { outputFields }),
          },
        };
      };
      // the old output fields the new list still names, in their order; each one left out needs a reason
      const outputs = old.operation?.outputFields as Fields | undefined;
      const named = new Set(
        ((now.operation?.outputFields ?? []) as Fields).map((f) =>
          isFunction(f) ? '$func$' : JSON.stringify((f as { key?: Json })?.key),
        ),
      );
      const sample = flatSample(old.operation?.sample ?? null);
      const kept = outputs?.filter((field) => {
        const name = isFunction(field) ? '$func$' : JSON.stringify((field as { key?: Json })?.key);
        if (named.has(name)) return true;
        const why = whyKept(field, sample, old.display?.hidden === true);
        if (why !== undefined) problems.push(`${kind}.${key}: output field ${name} was left out, but ${why}`);
        return false;
      });
      const found = firstDifference(leanStep(now), leanStep(old, kept), `${kind}.${key}`);
      if (found) problems.push(`not a lean difference at ${found}`);
    }
  }
  return problems;
};

/**
 * Zapier's check D021: every trigger's description, hidden ones included, starts "Triggers when " and
 * ends with "." ("Triggers instantly when" is refused). The problems, in words; empty when all pass.
 */
export const triggerDescriptionProblems = (built: unknown): string[] =>
  Object.entries((built as { triggers?: Record<string, Step> }).triggers ?? {}).flatMap(([key, step]) => {
    const text = String((step.display as { description?: unknown } | undefined)?.description ?? '');
    return text.startsWith('Triggers when ') && text.endsWith('.')
      ? []
      : [`triggers.${key}: its description must start "Triggers when " and end with "." (D021): "${text}"`];
  });

export const readSnapshot = (): unknown => JSON.parse(readFileSync(SNAPSHOT, 'utf8'));

/** Re-takes the snapshot from a built definition (`UPDATE_DEFINITION_SNAPSHOT=1 npm run check:zapier`). */
export const writeSnapshot = (built: unknown) =>
  writeFileSync(SNAPSHOT, `${JSON.stringify(normalize(built), null, 2)}\n`);

// Zapier's breaking-change rules (its promotion check since 2026-05-12: all nine guardrails, and its
// migration rules), plus one of ours (an output key the public version gave is gone): a new version
// that breaks one of them needs a new MAJOR version, and users cannot be migrated across majors, so
// every live Zap would be stranded. `npm run check:zapier` runs them from the built zip's definition
// against the public version 1.0.4 (scripts/opnform-1.0.4.definition.json, written as data from the
// commit that published it) and against scripts/definition.snapshot.json; a failure names the rule and
// its guardrail number; test/scripts/breaking-change.tests.ts plants a violation of each.
//   https://docs.zapier.com/integrations/news/2026/version-promotion-guardrails
//   https://docs.zapier.com/integrations/manage/required-input (a new required input breaks Zaps too)
//   https://docs.zapier.com/platform/manage/auth-required (likewise for connection fields)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { incompatibleAt } from './json-schema-compat';

export const PUBLIC_DEFINITION = join(__dirname, 'opnform-1.0.4.definition.json');

/** Zapier's nine guardrails by number (its list), and ours: output keys live Zaps map. */
const GUARDRAILS = {
  1: 'a step removed',
  2: 'authentication type change',
  3: 'trigger type change',
  4: 'a search-or-create removed',
  5: 'an input field removed',
  6: 'an optional input made required',
  7: 'authentication field changes',
  8: 'input field type changes',
  9: 'incompatible JSON field schema changes',
  outputs: "not in Zapier's list: live Zaps map these keys",
} as const;

/** The rules, by the id a failure names: which guardrail each one is, and what it refuses. */
export const RULES = {
  'removed-step': {
    guardrail: 1,
    refuses:
      'a trigger, action or search of the public version is missing (hidden ones included: live Zaps hold their keys)',
  },
  'auth-type-changed': { guardrail: 2, refuses: 'the authentication type differs from the public version' },
  'trigger-type-changed': { guardrail: 3, refuses: 'a trigger switched between hook and polling' },
  'removed-search-or-create': {
    guardrail: 4,
    refuses: 'a search-or-create of the public version is missing',
  },
  'removed-input-field': { guardrail: 5, refuses: 'an input field key of the public version is missing' },
  'required-without-default': {
    guardrail: 6,
    refuses: 'an input field that was optional (or did not exist) is required and has no default',
  },
  'removed-auth-field': {
    guardrail: 7,
    refuses: 'a connection field of the public version is missing',
  },
  'required-auth-field': {
    guardrail: 7,
    refuses:
      'a connection field that was optional (or did not exist) is required (existing connections have no value for it, default or not)',
  },
  'auth-field-type-changed': {
    guardrail: 7,
    refuses: "a connection field's type differs (a field without one is a string: declare the old type)",
  },
  'input-type-changed': {
    guardrail: 8,
    refuses:
      "an input field's type differs (a field without one is a string; list, dict and children make a list, a dict, line items)",
  },
  'json-schema-incompatible': {
    guardrail: 9,
    refuses:
      "a json input's schema refuses a value the public one accepted (scripts/json-schema-compat.ts says what counts)",
  },
  'removed-output-key': {
    guardrail: 'outputs',
    refuses: "an output key the public version emitted is in neither the step's sample nor its output fields",
  },
} as const;
export type RuleId = keyof typeof RULES;

export interface BreakingChange {
  rule: RuleId;
  /** Where: `triggers.new_submission.inputFields.form_id`, `authentication.fields.base_url`, ... */
  at: string;
}

/** `rule-id (guardrail N: its name) at <where>: <what the rule refuses>`, the line a failure prints. */
export const describeChange = ({ rule, at }: BreakingChange) => {
  const { guardrail, refuses } = RULES[rule];
  const name = typeof guardrail === 'number' ? `Zapier guardrail ${guardrail}: ` : '';
  return `${rule} (${name}${GUARDRAILS[guardrail]}) at ${at}: ${refuses}`;
};

type Field = {
  key?: unknown;
  required?: unknown;
  default?: unknown;
  type?: unknown;
  list?: unknown;
  dict?: unknown;
  children?: unknown;
  schema?: unknown;
};
type Operation = { type?: unknown; inputFields?: unknown; sample?: unknown; outputFields?: unknown };
type Step = { operation?: Operation };
type Definition = {
  authentication?: { type?: unknown; fields?: unknown };
  triggers?: Record<string, Step>;
  creates?: Record<string, Step>;
  searches?: Record<string, Step>;
  searchOrCreates?: Record<string, unknown>;
  /** A published version written as data: the output keys each step gave (scripts/opnform-1.0.4.definition.json). */
  emitted?: Record<string, unknown>;
};

const STEP_KINDS = ['triggers', 'creates', 'searches'] as const;

/** The static fields of a list (dynamic ones are functions, `$func$...` in a built definition), by key. */
const fieldsByKey = (fields: unknown): Map<string, Field> => {
  const out = new Map<string, Field>();
  for (const field of Array.isArray(fields) ? fields : []) {
    if (field !== null && typeof field === 'object' && typeof (field as Field).key === 'string') {
      out.set((field as Field).key as string, field as Field);
    }
  }
  return out;
};

const hasDefault = (field: Field) =>
  field.default !== undefined && field.default !== null && String(field.default) !== '';

/**
 * What a field holds, as Zapier reads it: `children` make line items, `dict` a key/value map, `list`
 * a list of its type; a field without `type` is a string (Zapier's default), so leaving out
 * `type: 'string'` is no change, but string -> integer or string -> list is.
 */
const shapeOf = (field: Field): string => {
  if (Array.isArray(field.children) && field.children.length > 0) return 'line items';
  const type = typeof field.type === 'string' ? field.type : 'string';
  if (field.dict === true) return `dict of ${type}`;
  return field.list === true ? `list of ${type}` : type;
};

/** The rules that differ for connection fields (guardrail 7) and step inputs (5, 6, 8, 9). */
const FIELD_RULES = {
  auth: {
    removed: 'removed-auth-field',
    required: 'required-auth-field',
    type: 'auth-field-type-changed',
  },
  input: { removed: 'removed-input-field', required: 'required-without-default', type: 'input-type-changed' },
} as const;

/**
 * The field rules on one list: every key of `before` is still there, with the same type (line items'
 * children compared the same way; a json input's schema accepts what it accepted); a field required now
 * was required before (a step input may instead have a default). A field new in `after` counts as
 * optional before: the Zaps and connections made earlier have no value for it.
 */
const fieldChanges = (
  before: unknown,
  after: unknown,
  at: string,
  of: keyof typeof FIELD_RULES,
): BreakingChange[] => {
  const rules = FIELD_RULES[of];
  const was = fieldsByKey(before);
  const is = fieldsByKey(after);
  const changes: BreakingChange[] = [];
  for (const [key, old] of was) {
    const now = is.get(key);
    if (now === undefined) {
      changes.push({ rule: rules.removed, at: `${at}.${key}` });
      continue;
    }
    if (shapeOf(old) !== shapeOf(now)) changes.push({ rule: rules.type, at: `${at}.${key}` });
    else if (shapeOf(now) === 'line items')
      changes.push(...fieldChanges(old.children, now.children, `${at}.${key}.children`, of));
    else if (shapeOf(now) === 'json')
      for (const where of incompatibleAt(old.schema, now.schema, `${at}.${key}.schema`))
        changes.push({ rule: 'json-schema-incompatible', at: where });
  }
  for (const [key, field] of is) {
    if (field.required !== true || (of === 'input' && hasDefault(field))) continue;
    if (was.get(key)?.required !== true) changes.push({ rule: rules.required, at: `${at}.${key}` });
  }
  return changes;
};

/**
 * The output keys a step offers in its definition: its sample's keys, nested ones as Zapier names them
 * (`attribution__utm_source`, the parent key too), and its output fields' keys.
 */
const offeredKeys = (operation: Operation | undefined): Set<string> => {
  const keys = new Set<string>();
  const walk = (value: unknown, prefix: string) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      keys.add(`${prefix}${key}`);
      walk(inner, `${prefix}${key}__`);
    }
  };
  walk(operation?.sample, '');
  for (const field of fieldsByKey(operation?.outputFields).keys()) keys.add(field);
  return keys;
};

/** Output keys a published version (written as data, with `emitted`) gave that the candidate no longer offers. */
const outputChanges = (before: Definition, after: Definition): BreakingChange[] => {
  const changes: BreakingChange[] = [];
  for (const [key, emitted] of Object.entries(before.emitted ?? {})) {
    const kind = STEP_KINDS.find((k) => before[k]?.[key] !== undefined);
    const now = kind === undefined ? undefined : after[kind]?.[key];
    if (kind === undefined || now === undefined) continue; // removed-step says it
    const offered = offeredKeys(now.operation);
    for (const output of Array.isArray(emitted) ? emitted : []) {
      if (!offered.has(String(output)))
        changes.push({ rule: 'removed-output-key', at: `${kind}.${key}.output.${String(output)}` });
    }
  }
  return changes;
};

/** What would make `candidate` a major version after `published`: empty when a minor version will do. */
export const breakingChanges = (published: unknown, candidate: unknown): BreakingChange[] => {
  const before = (published ?? {}) as Definition;
  const after = (candidate ?? {}) as Definition;
  const changes: BreakingChange[] = [];

  if (before.authentication?.type !== after.authentication?.type) {
    changes.push({ rule: 'auth-type-changed', at: 'authentication.type' });
  }
  changes.push(
    ...fieldChanges(
      before.authentication?.fields,
      after.authentication?.fields,
      'authentication.fields',
      'auth',
    ),
  );

  for (const kind of STEP_KINDS) {
    for (const [key, step] of Object.entries(before[kind] ?? {})) {
      const now = after[kind]?.[key];
      if (now === undefined) {
        changes.push({ rule: 'removed-step', at: `${kind}.${key}` });
        continue;
      }
      // a trigger without a type is polling (Zapier's default)
      if (kind === 'triggers' && (step.operation?.type ?? 'polling') !== (now.operation?.type ?? 'polling')) {
        changes.push({ rule: 'trigger-type-changed', at: `${kind}.${key}.operation.type` });
      }
      changes.push(
        ...fieldChanges(
          step.operation?.inputFields,
          now.operation?.inputFields,
          `${kind}.${key}.inputFields`,
          'input',
        ),
      );
    }
  }

  for (const key of Object.keys(before.searchOrCreates ?? {})) {
    if (after.searchOrCreates?.[key] === undefined) {
      changes.push({ rule: 'removed-search-or-create', at: `searchOrCreates.${key}` });
    }
  }
  changes.push(...outputChanges(before, after));
  return changes;
};

export const readPublicDefinition = (): unknown => JSON.parse(readFileSync(PUBLIC_DEFINITION, 'utf8'));

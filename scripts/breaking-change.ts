// Zapier's breaking-change rules (its promotion check since 2026-05-12, and its migration rules): a
// new version that breaks one of them needs a new MAJOR version, and users cannot be migrated across
// majors, so every live Zap would be stranded. `npm run check:zapier` runs them from the built zip's
// definition against the public version 1.0.4 (scripts/opnform-1.0.4.definition.json, written as data
// from its public source) and against scripts/definition.snapshot.json; test/scripts/ tests each rule.
//   https://docs.zapier.com/integrations/news/2026/version-promotion-guardrails
//   https://docs.zapier.com/integrations/manage/required-input (a new required input breaks Zaps too)
//   https://docs.zapier.com/platform/manage/auth-required (likewise for connection fields)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const PUBLIC_DEFINITION = join(__dirname, 'opnform-1.0.4.definition.json');

/** The rules, by the id a failure names, with what each one refuses. */
export const RULES = {
  'removed-step':
    'a trigger, action or search of the public version is missing (hidden ones included: live Zaps hold their keys)',
  'auth-type-changed': 'the authentication type differs from the public version',
  'trigger-type-changed': 'a trigger switched between hook and polling',
  'removed-search-or-create': 'a search-or-create of the public version is missing',
  'removed-input-field':
    'an input field key of the public version is missing (a step input, or a connection field)',
  'required-without-default':
    'an input or connection field that was optional (or did not exist) is required and has no default',
} as const;
export type RuleId = keyof typeof RULES;

export interface BreakingChange {
  rule: RuleId;
  /** Where: `triggers.new_submission.inputFields.form_id`, `authentication.fields.base_url`, ... */
  at: string;
}

/** `rule-id at <where>: <what the rule refuses>`, the line a failure prints. */
export const describeChange = ({ rule, at }: BreakingChange) => `${rule} at ${at}: ${RULES[rule]}`;

type Field = { key?: unknown; required?: unknown; default?: unknown };
type Step = { operation?: { type?: unknown; inputFields?: unknown } };
type Definition = {
  authentication?: { type?: unknown; fields?: unknown };
  triggers?: Record<string, Step>;
  creates?: Record<string, Step>;
  searches?: Record<string, Step>;
  searchOrCreates?: Record<string, unknown>;
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
 * The two field rules on one list (a field's type is in none of Zapier's rules; a field without one
 * is a string, Zapier's default, so leaving `type: 'string'` out is no change either): every key of `before` is still there; a field required now and
 * without a default was required before too. A field new in `after` counts as optional before: the
 * Zaps and connections made earlier have no value for it.
 */
const fieldChanges = (before: unknown, after: unknown, at: string): BreakingChange[] => {
  const was = fieldsByKey(before);
  const is = fieldsByKey(after);
  const changes: BreakingChange[] = [];
  for (const key of was.keys()) {
    if (!is.has(key)) changes.push({ rule: 'removed-input-field', at: `${at}.${key}` });
  }
  for (const [key, field] of is) {
    if (field.required !== true || hasDefault(field)) continue;
    if (was.get(key)?.required !== true)
      changes.push({ rule: 'required-without-default', at: `${at}.${key}` });
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
    ...fieldChanges(before.authentication?.fields, after.authentication?.fields, 'authentication.fields'),
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
        ),
      );
    }
  }

  for (const key of Object.keys(before.searchOrCreates ?? {})) {
    if (after.searchOrCreates?.[key] === undefined) {
      changes.push({ rule: 'removed-search-or-create', at: `searchOrCreates.${key}` });
    }
  }
  return changes;
};

export const readPublicDefinition = (): unknown => JSON.parse(readFileSync(PUBLIC_DEFINITION, 'utf8'));

/**
 * Zapier's integration checks (run at `zapier-platform push`, which needs zapier.com) as a test over
 * the app definition, reported by check id, so publishing cannot surprise the OpnForm team.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { everyCase } from '../harness/step-cases';
import { App } from './helpers/app';

type Field = {
  key: string;
  label?: string;
  type?: string;
  dynamic?: string;
  search?: string;
  choices?: unknown;
  required?: boolean;
  list?: boolean;
};
type OutputField = { key: string; type?: string; primary?: boolean };
type Operation = {
  type?: string;
  inputFields?: unknown[];
  outputFields?: unknown[];
  sample?: Record<string, unknown>;
  performList?: unknown;
  performSubscribe?: unknown;
  canPaginate?: boolean;
};
type Definition = {
  key: string;
  noun: string;
  display: { label: string; description: string; hidden?: boolean };
  operation: Operation;
};

const kinds = ['triggers', 'creates', 'searches'] as const;
const all = kinds.flatMap((kind) =>
  Object.values((App as unknown as Record<string, Record<string, Definition>>)[kind] ?? {}).map((def) => ({
    kind,
    def,
  })),
);
const visible = all.filter(({ def }) => !def.display.hidden);
const staticFields = (op: Operation): Field[] =>
  (op.inputFields ?? []).filter((f): f is Field => typeof f === 'object' && f !== null && 'key' in f);
const staticOutputs = (op: Operation): OutputField[] =>
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
const isTitleCase = (label: string) =>
  label.split(/\s+/).every((word, i) => (i > 0 && SMALL_WORDS.has(word)) || /^\(?[A-Z0-9]/.test(word));

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const LOOKS_LIKE_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** Every string in a value, with its dotted path. */
const strings = (value: unknown, at = ''): Array<[string, string]> => {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => strings(v, at === '' ? k : `${at}.${k}`));
  }
  return [];
};

/** The pickers that only scope a search (which workspace, which form): never its search field. */
const SCOPE_PICKERS = new Set(['workspace_id', 'form_id']);

/** Zapier flattens nested sample keys with `__`. */
const flatten = (value: unknown, prefix = ''): Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>(
    (out, [k, v]) =>
      Object.assign(
        out,
        v !== null && typeof v === 'object' && !Array.isArray(v)
          ? flatten(v, `${prefix}${k}__`)
          : { [`${prefix}${k}`]: v },
      ),
    {},
  );
};

const TYPE_CHECKS: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  text: (v) => typeof v === 'string',
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
  datetime: (v) => typeof v === 'string' && ISO_WITH_OFFSET.test(v),
  file: (v) => typeof v === 'string',
  password: (v) => typeof v === 'string',
};

test('the app has operations to check', () => {
  expect(all.length).toBeGreaterThan(0);
});

describe.each(visible.map(({ kind, def }) => [`${kind}.${def.key}`, kind, def] as const))(
  '%s',
  (_name, kind, def) => {
    test('D018: label in Title Case', () => {
      expect(isTitleCase(def.display.label)).toBe(true);
    });

    test('D021 and copy: description wording', () => {
      const text = def.display.description;
      expect(text.endsWith('.')).toBe(true);
      if (kind === 'triggers') expect(text.startsWith('Triggers when ')).toBe(true);
      if (kind === 'searches') expect(text.startsWith('Finds ')).toBe(true);
      if (kind === 'creates') expect(text).toMatch(/^[A-Z][a-z]+s\b/); // present-tense verb: "Updates ...", "Exports ..."
    });

    test('D010/D012: a static sample with the primary key', () => {
      const sample = def.operation.sample;
      expect(sample).toBeDefined();
      const primary = staticOutputs(def.operation)
        .filter((f) => f.primary)
        .map((f) => f.key);
      for (const key of primary.length > 0 ? primary : ['id']) expect(flatten(sample)).toHaveProperty([key]);
    });

    test('D024: sample keys and types match the static output fields', () => {
      const flat = flatten(def.operation.sample);
      for (const field of staticOutputs(def.operation)) {
        if (!(field.key in flat) || field.type === undefined) continue;
        const value = flat[field.key];
        if (value === null || value === undefined) continue;
        const check = TYPE_CHECKS[field.type];
        expect({ key: field.key, type: field.type, ok: check === undefined || check(value) }).toEqual({
          key: field.key,
          type: field.type,
          ok: true,
        });
      }
      // every output field documented in the sample must exist there (no phantom fields)
      const documented = staticOutputs(def.operation).filter((f) => !f.key.includes('[]'));
      for (const field of documented) {
        const prefix = `${field.key}__`;
        expect({
          key: field.key,
          present: field.key in flat || Object.keys(flat).some((k) => k.startsWith(prefix)),
        }).toEqual({
          key: field.key,
          present: true,
        });
      }
    });

    test('D023: date-times in the sample are ISO 8601 with an offset', () => {
      for (const [at, value] of strings(def.operation.sample)) {
        if (LOOKS_LIKE_DATETIME.test(value))
          expect({ at, value, iso: ISO_WITH_OFFSET.test(value) }).toEqual({ at, value, iso: true });
      }
    });

    test('D004/D005: id inputs are dynamic dropdowns pointing at existing triggers', () => {
      for (const field of staticFields(def.operation)) {
        if (!/_id$/.test(field.key) || field.key === 'job_id') continue;
        expect({ key: field.key, dynamic: typeof field.dynamic }).toEqual({
          key: field.key,
          dynamic: 'string',
        });
        const [triggerKey, idField] = String(field.dynamic).split('.');
        const trigger = (App.triggers as unknown as Record<string, Definition>)[triggerKey ?? ''];
        expect({ key: field.key, trigger: trigger?.key }).toEqual({ key: field.key, trigger: triggerKey });
        expect(flatten(trigger?.operation.sample)).toHaveProperty([idField ?? '']);
      }
    });

    test('copy: no hand-typed "... ID" inputs', () => {
      for (const field of staticFields(def.operation)) {
        if (/\bID$/.test(field.label ?? ''))
          expect({ key: field.key, dynamic: field.dynamic !== undefined }).toEqual({
            key: field.key,
            dynamic: true,
          });
      }
    });

    if (kind === 'triggers' && def.operation.type === 'hook') {
      test('D006: hook triggers have performList', () => {
        expect(typeof def.operation.performList).toBe('function');
      });
    }

    if (kind === 'searches') {
      test('D009: a search has a search field the user types or maps', () => {
        // a dropdown of the very thing searched counts (Zapier's dropdowns take a typed or mapped value too:
        // Find Form's form, Find Submission by ID's submission); the scope pickers do not
        const free = staticFields(def.operation).filter(
          (f) =>
            (f.dynamic === undefined && f.choices === undefined) ||
            (f.dynamic !== undefined && f.required === true && !SCOPE_PICKERS.has(f.key)),
        );
        expect(free.length).toBeGreaterThan(0);
      });
    }

    if (kind === 'creates') {
      test('D022: creates have static input fields', () => {
        expect(staticFields(def.operation).length).toBeGreaterThan(0);
      });
    }
  },
);

/**
 * Delete warnings (issue 13, point 9): Zapier expects a visible note on every step that deletes or
 * removes something. Such a step (its label says remove, delete, cancel or leave, its description
 * starts with "Removes", "Deletes" or "Cancels", or its case declares a DELETE write) shows a
 * read-only `copy` field first that says it cannot be undone, and its description says so too.
 * test/cases.test.ts checks the same warning on every action whose case sends a DELETE.
 */
describe('delete warnings', () => {
  const byWords = ({ kind, def }: (typeof all)[number]) =>
    kind === 'creates' &&
    (/\b(Remove|Delete|Cancel|Leave)\b/.test(def.display.label) ||
      /^(Removes|Deletes|Cancels)\b/.test(def.display.description));
  const deleting = new Set(
    everyCase()
      .filter((c) => c.step.kind === 'creates' && c.writes?.test('DELETE /') === true)
      .map((c) => c.step.key),
  );
  const destructive = visible.filter((step) => byWords(step) || deleting.has(step.def.key));

  test('a step whose case declares a DELETE write is one the words find too', () => {
    expect(deleting.size).toBeGreaterThan(0);
    expect(
      visible.filter((step) => deleting.has(step.def.key) && !byWords(step)).map(({ def }) => def.key),
    ).toEqual([]);
  });

  test.each(destructive.map(({ def }) => [def.key, def] as const))(
    '%s shows a visible warning that it cannot be undone',
    (_key, def) => {
      const first = (def.operation.inputFields ?? [])[0] as Field & { helpText?: string };
      expect({ type: first?.type, warns: /cannot be undone/i.test(first?.helpText ?? '') }).toEqual({
        type: 'copy',
        warns: true,
      });
      expect(def.display.description).toMatch(/cannot be undone\.$/);
    },
  );
});

describe('hidden dropdown triggers', () => {
  test.each(
    all
      .filter(({ kind, def }) => kind === 'triggers' && def.display.hidden)
      .map(({ def }) => [def.key, def] as const),
  )('%s has a sample with id and a readable name or label', (_key, def) => {
    expect(def.operation.sample).toHaveProperty('id');
  });
});

describe('authentication', () => {
  test('D003: the connection label is set, short, and holds no secret', () => {
    const label = String(App.authentication?.connectionLabel ?? '');
    expect(label).not.toBe('');
    expect(label.length).toBeLessThan(60);
    expect(label).not.toMatch(/api_key|token|password|secret/i);
  });

  test('D002: the token help links to the page where tokens are created', () => {
    const apiKey = App.authentication?.fields?.find((f) => 'key' in f && f.key === 'api_key') as Field & {
      helpText?: string;
    };
    expect(apiKey.helpText).toMatch(/\]\(https:\/\/opnform\.com\/settings\/access-tokens\)/);
    expect(apiKey.type).toBe('password');
  });

  test('D026: the user-entered URL field is validated by hand (base_url)', () => {
    expect(App.authentication?.fields?.map((f) => ('key' in f ? f.key : ''))).toEqual([
      'base_url',
      'api_key',
    ]);
  });
});

test('D007: every URL in the definition is https', () => {
  const urls = strings(JSON.parse(JSON.stringify(App))).flatMap(([at, v]) =>
    [...v.matchAll(/\bhttps?:\/\/[^\s)"'\]]+/g)].map((m) => ({ at, url: m[0] })),
  );
  expect(urls.filter(({ url }) => !url.startsWith('https://'))).toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// Issue 13, point 8: static samples hold only keys every form has (Zapier's sample rules; its live
// checks flag form-specific keys). Per-form keys come from the dynamic output fields instead.
//
// The rule, for every key at every depth of every operation's static sample (hidden ones included,
// objects inside lists too):
//  1. the key is snake_case (`^[a-z][a-z0-9_]*$`): the connector's own keys all are, while a field
//     UUID, a custom header name (`X-Source`) or a question or matrix-row label is not;
//  2. no key is UUID-like: 8-4-4-4-12 hex digits with or without dashes, or 8+ hex characters mixing
//     letters and digits (an undashed field id would otherwise pass rule 1);
//  3. the per-form and per-integration maps are empty: `answers`, `answer_dates`, `answer_matrices`,
//     `answer_files` (keys `answers__<field id>`, ...) and `webhook_headers` (keys are header names);
//  4. `attribution` holds only the common keys, each with a static output field of the same
//     operation, and the common keys are exactly utm_source, utm_medium, utm_campaign, utm_term,
//     utm_content and gclid (the other OpnForm attribution keys pass through live, never in samples).
describe('samples hold only keys every form has (issue 13, point 8)', () => {
  const SNAKE_CASE = /^[a-z][a-z0-9_]*$/;
  const UUID_LIKE = /[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/i;
  const HEX_RUN = /(?=[a-f]*\d)(?=\d*[a-f])[0-9a-f]{8,}/i;
  const PER_FORM_MAPS = ['answers', 'answer_dates', 'answer_matrices', 'answer_files', 'webhook_headers'];
  const COMMON_ATTRIBUTION = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid'];

  /** Every key of a value with its path (`a.b[0].c`) and the value it holds. */
  const keysOf = (value: unknown, at = ''): Array<{ path: string; key: string; value: unknown }> => {
    if (Array.isArray(value)) return value.flatMap((v, i) => keysOf(v, `${at}[${i}]`));
    if (value === null || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([key, v]) => {
      const path = at === '' ? key : `${at}.${key}`;
      return [{ path, key, value: v }, ...keysOf(v, path)];
    });
  };

  const samples = all.map(({ kind, def }) => [`${kind}.${def.key}`, def] as const);

  test('the rule sees the form-specific keys it must refuse', () => {
    const bad = {
      answers: { 'a1d3c2e0-5b7f-4c1e-9a0b-1f2e3d4c5b6a': 'x' },
      webhook_headers: { 'X-Source': '********' },
      matrix: { a1d3c2e05b7f4c1e9a0b1f2e3d4c5b6a: 1, Speed: 'Good', deadbeef42: 2 },
    };
    const flagged = keysOf(bad).filter(
      ({ key }) => !SNAKE_CASE.test(key) || UUID_LIKE.test(key) || HEX_RUN.test(key),
    );
    expect(flagged.map(({ path }) => path)).toEqual([
      'answers.a1d3c2e0-5b7f-4c1e-9a0b-1f2e3d4c5b6a',
      'webhook_headers.X-Source',
      'matrix.a1d3c2e05b7f4c1e9a0b1f2e3d4c5b6a',
      'matrix.Speed',
      'matrix.deadbeef42',
    ]);
    expect(
      keysOf({ completion_time: 1, utm_id: 2, submission_id: 3 }).filter(({ key }) => HEX_RUN.test(key)),
    ).toEqual([]);
  });

  test.each(samples)('%s: every sample key is snake_case and not UUID-like', (_name, def) => {
    const offending = keysOf(def.operation.sample)
      .filter(({ key }) => !SNAKE_CASE.test(key) || UUID_LIKE.test(key) || HEX_RUN.test(key))
      .map(({ path }) => path);
    expect(offending).toEqual([]);
  });

  test.each(samples)('%s: per-form maps (answers, webhook headers) are empty', (_name, def) => {
    const filled = keysOf(def.operation.sample)
      .filter(({ key, value }) => PER_FORM_MAPS.includes(key) && value !== null && typeof value === 'object')
      .filter(({ value }) => Object.keys(value as object).length > 0)
      .map(({ path }) => path);
    expect(filled).toEqual([]);
  });

  test.each(samples)(
    '%s: attribution holds only the common keys, each a static output field',
    (_name, def) => {
      const outputs = new Set(staticOutputs(def.operation).map((f) => f.key));
      for (const { key, value } of keysOf(def.operation.sample)) {
        if (key !== 'attribution' || value === null || typeof value !== 'object') continue;
        for (const name of Object.keys(value)) {
          expect({
            name,
            common: COMMON_ATTRIBUTION.includes(name),
            output: outputs.has(`attribution__${name}`),
          }).toEqual({ name, common: true, output: true });
        }
      }
      const labelled = [...outputs].filter((k) => k.startsWith('attribution__')).map((k) => k.slice(13));
      expect(labelled.filter((name) => !COMMON_ATTRIBUTION.includes(name))).toEqual([]);
    },
  );
});

describe('search-or-create pairs', () => {
  type Pair = {
    key: string;
    display: { label: string; description: string };
    search: string;
    create: string;
  };
  const app = App as unknown as Record<string, Record<string, Definition> | undefined> & {
    searchOrCreates?: Record<string, Pair>;
  };
  const pairs = Object.entries(app.searchOrCreates ?? {});
  const keysOfSample = (def: Definition | undefined) => Object.keys(def?.operation.sample ?? {});
  const outputKeys = (def: Definition | undefined) => staticOutputs(def?.operation ?? {}).map((f) => f.key);
  const inputKeys = (def: Definition | undefined) => staticFields(def?.operation ?? {}).map((f) => f.key);

  test('the pairs are the ones expected', () => {
    expect(pairs.map(([name]) => name).sort()).toEqual([
      'find_or_create_submission',
      'find_or_invite_member',
    ]);
  });

  test("Zapier's schema accepts them (its key must be the search's key, not the pair's name)", () => {
    // functions (dynamic input fields, performs) as the definition Zapier stores them
    const stored = JSON.parse(JSON.stringify(App, (_k, v) => (typeof v === 'function' ? '$func$2$f$' : v)));
    // the schema package ships no types: its one function, typed here
    const { validateAppDefinition } = require('zapier-platform-schema') as {
      validateAppDefinition: (d: unknown) => { errors: Array<{ property: string; message: string }> };
    };
    const errors = validateAppDefinition(stored).errors.map((e) => `${e.property} ${e.message}`);
    expect(errors.filter((e) => e.includes('searchOrCreates'))).toEqual([]);
  });

  test.each(pairs)(
    '%s: keys exist, nouns match, the create returns what the search returns',
    (_name, pair) => {
      const search = app.searches?.[pair.search];
      const create = app.creates?.[pair.create];
      // Zapier: a search-or-create's key must be a search's key (zapier-platform-schema searchOrCreateKeys)
      expect(app.searches?.[pair.key]).toBeDefined();
      expect([search?.key, create?.key]).toEqual([pair.search, pair.create]);
      expect(create?.noun).toBe(search?.noun);
      expect(isTitleCase(pair.display.label)).toBe(true);
      expect(keysOfSample(search).filter((key) => !keysOfSample(create).includes(key))).toEqual([]);
      expect(outputKeys(search).filter((key) => !outputKeys(create).includes(key))).toEqual([]);
      // the search's pickers (workspace, form) are the create's too, under the same keys
      const pickers = inputKeys(search).filter((key) => /_id$/.test(key));
      expect(pickers.filter((key) => !inputKeys(create).includes(key))).toEqual([]);
    },
  );
});

/**
 * Issue 19, point 4: Zapier's review needs one successful live run of every visible step, so a step
 * that cannot succeed on any current OpnForm server is hidden (never deleted: its key stays). Where a
 * reviewer runs each visible step, with its recorded evidence, is in the step's case (`review`,
 * checked by test/cases.test.ts); the table "Which steps a reviewer can run" in docs/decisions.md
 * lists the hidden ones and why: every step there says "no" and is hidden.
 */
describe('only steps that can succeed are visible (docs/decisions.md)', () => {
  const decisions = readFileSync(join(__dirname, '..', 'docs', 'decisions.md'), 'utf8');
  const table = decisions.slice(decisions.indexOf('| step | key | can a reviewer run it? |'));
  const rows = [...table.matchAll(/^\| [^|]+ \| `([a-z_]+)` \| (yes|no)\b/gm)].map(([, key, run]) => ({
    key,
    run,
  }));
  const app = App as unknown as Record<string, Record<string, Definition> | undefined> & {
    searchOrCreates?: Record<string, { search: string; create: string }>;
  };

  test('the decision table lists only steps no reviewer can run (the visible ones say it in their case)', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.run !== 'no')).toEqual([]);
    const reviewed = new Set(everyCase().flatMap((c) => (c.review === undefined ? [] : [c.step.key])));
    expect(visible.map(({ def }) => def.key).filter((key) => !reviewed.has(key))).toEqual([]);
  });

  test('a step no reviewer can run is hidden, its key and everything else kept', () => {
    const no = rows.filter((row) => row.run === 'no').map((row) => row.key);
    expect(no).toEqual(['find_export']);
    expect(
      all.filter(({ def }) => no.includes(def.key)).map(({ def }) => [def.key, def.display.hidden]),
    ).toEqual([['find_export', true]]);
    const findExport = app.searches?.find_export;
    expect(findExport?.display).toEqual({
      hidden: true,
      label: 'Find Export',
      description: expect.stringMatching(/^Finds an export job /),
    });
    expect(findExport?.operation.sample).toHaveProperty('id');
  });

  test("a search-or-create's search and create are both visible (the pair offers both in the editor)", () => {
    const hidden = Object.entries(app.searchOrCreates ?? {}).flatMap(([name, pair]) =>
      [
        [pair.search, app.searches?.[pair.search]] as const,
        [pair.create, app.creates?.[pair.create]] as const,
      ]
        .filter(([, def]) => def === undefined || def.display.hidden === true)
        .map(([key]) => `${name}: ${key}`),
    );
    expect(hidden).toEqual([]);
  });
});

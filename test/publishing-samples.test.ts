/**
 * Zapier's integration checks over the app definition (see publishing.test.ts): static samples, the
 * search-or-create pairs, which steps are visible, and the copy an agent chooses a step by.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { everyCase } from '../harness/step-cases';
import { App } from './helpers/app';
import {
  all,
  type Definition,
  isTitleCase,
  staticFields,
  staticOutputs,
  visible,
} from './helpers/published-steps';

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

/**
 * Issue 31: Zapier's AI actions and MCP choose a step from its label, description and help texts only.
 * Each ambiguity an agent met is said where the step is chosen.
 */
describe('copy an agent reads: each step says what tells it apart', () => {
  const step = (kind: 'triggers' | 'creates' | 'searches', key: string) =>
    (all.find((s) => s.kind === kind && s.def.key === key)?.def ?? {}) as Definition;
  const help = (def: Definition, key: string) =>
    ((def.operation.inputFields ?? []) as Array<{ key?: string; helpText?: string }>).find(
      (f) => f.key === key,
    )?.helpText ?? '';

  test('New Submission (edits on) and New or Updated Submission: how they differ', () => {
    const single = step('triggers', 'new_submission');
    expect(single.display.description).toMatch(/when one is edited unless Also Trigger When a .+ is No\./);
    expect(help(single, 'include_edits')).toContain('as in New or Updated Submission');
    expect(step('triggers', 'new_or_updated_submission').display.description).toContain(
      'New Submission with edits always on',
    );
  });

  test('Update Webhook Integration: a new secret is not returned, only its last 4', () => {
    const def = step('creates', 'update_webhook_integration');
    expect(def.display.description).toContain('a new secret is never returned, only its last 4');
    expect(help(def, 'webhook_secret')).toContain('never returned: the output shows only its last 4');
  });

  test('Create Form makes a Draft, and says how to publish it', () => {
    const def = step('creates', 'create_form');
    expect(def.display.description).toContain(
      'as a Draft unless Visibility is Public (publish later with Update Form)',
    );
    expect(help(def, 'visibility')).toContain('hidden until published (Update Form, Visibility Public)');
  });

  test('a pending invitee is pointed to Cancel Invite (Remove Member, Find Workspace Member)', () => {
    expect(help(step('creates', 'remove_member'), 'destructive_warning')).toContain(
      'pending invitee (Cancel Invite)',
    );
    expect(help(step('searches', 'find_member'), 'email')).toContain('withdrawn by Cancel Invite');
  });

  test('New Failed Webhook Delivery watches one form and is polled', () => {
    const def = step('triggers', 'new_webhook_delivery_failure');
    expect(def.display.description).toMatch(
      /of the chosen form .+ Polled, not instant: the newest 100 per poll\.$/,
    );
    expect(help(def, 'form_id')).toContain('The one form watched');
  });

  test('Find Workspace Member returns the user id that Update Member Role and Remove Member take', () => {
    expect(step('searches', 'find_member').display.description).toContain(
      'Returns their user ID (what Update Member Role and Remove Member take)',
    );
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { everyCase } from '../harness/step-cases';
import { readPublicDefinition } from '../scripts/breaking-change';
import { reviewNotes } from '../scripts/examples';
import { App } from './helpers/app';
import {
  all,
  type Definition,
  type Field,
  isTitleCase,
  staticFields,
  staticOutputs,
  stepsDocProblems,
  visible,
} from './helpers/published-steps';

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

/** The verbs an action's description starts with. */
const ACTION_VERB =
  /^(Adds|Cancels|Changes|Copies|Creates|Deletes|Exports|Invites|Removes|Renames|Sends|Submits|Updates)$/;

/**
 * Zapier's copy guideline for a short description (its style guide's figure, 140 characters, the
 * length it sets for an app's own description): every step's description, hidden ones and the
 * find-or-create pairs included, must fit in it.
 */
const MAX_DESCRIPTION = 140;

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
      if (kind === 'triggers') expect(text).toMatch(/^Triggers when /);
      if (kind === 'searches') expect(text.startsWith('Finds ')).toBe(true);
      // a present-tense action verb, as every action's: "Updates ...", "Exports ..." (not "This is ...")
      if (kind === 'creates') expect(text.split(' ')[0]).toMatch(ACTION_VERB);
    });

    if (kind !== 'triggers') {
      test('copy: an action or search description says what it returns', () => {
        expect(def.display.description).toMatch(/\b[Rr]eturns\b/);
      });
    }

    test('copy: no input is labelled a bare "Status"', () => {
      // a bare "Status" reads like a question named Status: each status input says whose status it is
      expect(staticFields(def.operation).filter((f) => f.label === 'Status')).toEqual([]);
    });

    test('copy: dropdown choices are labelled (a raw lowercase value is not what a user reads)', () => {
      const raw = staticFields(def.operation).flatMap((f) =>
        (Array.isArray(f.choices) ? f.choices : [])
          .filter((c): c is string => typeof c === 'string' && c !== c.toUpperCase())
          .map((c) => `${f.key}: ${c}`),
      );
      expect(raw).toEqual([]);
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

      test('D009: with no required search field, each optional one says at least one must be filled', () => {
        const fields = staticFields(def.operation).filter((f) => !SCOPE_PICKERS.has(f.key));
        if (fields.some((f) => f.required === true)) return;
        const searchFields = fields.filter((f) => f.type !== 'copy') as Array<Field & { helpText?: string }>;
        expect(
          searchFields.filter((f) => !/\bFill this, .+ or both\./.test(f.helpText ?? '')).map((f) => f.key),
        ).toEqual([]);
      });
    }

    if (kind === 'creates') {
      test('D022: creates have static input fields', () => {
        expect(staticFields(def.operation).length).toBeGreaterThan(0);
      });
    }
  },
);

test("copy: every description fits Zapier's length guideline (hidden steps and find-or-create pairs too)", () => {
  const pairs = Object.entries(
    (App as unknown as { searchOrCreates?: Record<string, { display: { description: string } }> })
      .searchOrCreates ?? {},
  ).map(([key, def]) => [key, def.display.description] as const);
  const long = [...all.map(({ def }) => [def.key, def.display.description] as const), ...pairs]
    .filter(([, text]) => text.length > MAX_DESCRIPTION)
    .map(([key, text]) => `${key}: ${text.length}`);
  expect(long).toEqual([]);
});

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

  test('there are seven of them (delete, remove, cancel, leave)', () => {
    expect(destructive.map(({ def }) => def.key).sort()).toEqual([
      'cancel_invite',
      'delete_form',
      'delete_submission',
      'delete_webhook_integration',
      'delete_workspace',
      'leave_workspace',
      'remove_member',
    ]);
  });

  // Zapier's publishing requirements: avoid delete actions or justify them to the reviewer
  const publishing = readFileSync(join(__dirname, '..', 'docs', 'publishing.md'), 'utf8');
  test.each(destructive.map(({ def }) => [def.key] as const))(
    "%s carries a reviewer's note (why, then the non-permanent alternative), repeated in docs/publishing.md",
    (key) => {
      const reviewed = everyCase().filter((c) => c.step.key === key && c.review !== undefined);
      const note = reviewed[0]?.review?.note ?? '';
      expect({ key, note: /^Why: .{40,}\. Instead: .{30,}\.$/.test(note) }).toEqual({ key, note: true });
      expect(reviewNotes(reviewed).filter((line) => !publishing.includes(line))).toEqual([]);
    },
  );

  test('docs/publishing.md: T001 needs a run of each visible step; hidden: dropdowns, Find Export', () => {
    // no count there: a new visible step needs no edit of docs/publishing.md (issue 34)
    expect(publishing.replace(/\s+/g, ' ')).toContain(
      'for every visible step (the hidden dropdown triggers and Find Export need none)',
    );
    const hidden = all.filter(({ def }) => def.display.hidden);
    expect(hidden.filter(({ kind, def }) => kind !== 'triggers' && def.key !== 'find_export')).toEqual([]);
    expect(hidden.length).toBeGreaterThan(5);
  });

  test('only those steps carry a note', () => {
    const keys = new Set(destructive.map(({ def }) => def.key));
    expect(everyCase().filter((c) => c.review?.note !== undefined && !keys.has(c.step.key))).toEqual([]);
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
    expect(apiKey.helpText).toContain('](https://opnform.com/home?user-settings=access-tokens)');
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

/**
 * Issue 31: CHANGELOG's 1.1.0 section is what `promote` shows 1.0.4's users, whose Zaps had only New
 * Submission (and its two dropdowns): its fixes are fixes to what they had, never to steps they never had.
 */
test("CHANGELOG's 1.1.0 section: what you get, what changes for your Zaps, fixes only to 1.0.4's steps", () => {
  const changelog = readFileSync(join(__dirname, '..', 'CHANGELOG.md'), 'utf8');
  const section = changelog.slice(changelog.indexOf('## [Unreleased]')).split(/\n## /)[0] ?? '';
  expect([...section.matchAll(/^### (.+)$/gm)].map(([, heading]) => heading)).toEqual([
    'What you get',
    'What changes for your Zaps',
    'Fixes',
  ]);
  const fixes = section.slice(section.indexOf('### Fixes'));
  const had = readPublicDefinition() as Record<string, Record<string, unknown> | undefined>;
  const newSteps = all.filter(({ kind, def }) => had[kind]?.[def.key] === undefined);
  expect(newSteps.length).toBeGreaterThan(30);
  expect(newSteps.map(({ def }) => def.display.label).filter((label) => fixes.includes(label))).toEqual([]);
});

/** Issue 34: every visible step has its section in docs/steps.md (test/helpers/published-steps.ts). */
describe('docs/steps.md: a section for every visible step', () => {
  const text = readFileSync(join(__dirname, '..', 'docs', 'steps.md'), 'utf8');

  test('every visible step has a section titled with its label and key, listed in Contents', () => {
    expect(stepsDocProblems(visible, text)).toEqual([]);
  });

  test('a step without a section, or a section outside Contents, is named with the file to edit', () => {
    const def = { key: 'find_thing', noun: 'Thing', display: { label: 'Find Thing', description: '' } };
    const planted = [{ kind: 'searches', def: { ...def, operation: {} } }];
    const page = '## Contents\n\n- [Forms](#forms)\n\n## Forms\n\n### Find Thing (`find_thing`)\n';
    expect(stepsDocProblems(planted, page)).toEqual([
      'docs/steps.md: the section "Find Thing (`find_thing`)" is not in its Contents: add ' +
        '- [Find Thing (`find_thing`)](#find-thing-find_thing)',
    ]);
    expect(stepsDocProblems(planted, page.replace('### Find Thing', '### Find Things'))).toEqual([
      'searches.find_thing: docs/steps.md has no section for it: add `### Find Thing (`find_thing`)` under ' +
        'its domain (what it does, sends, refuses and outputs), and its Contents line',
      expect.stringMatching(/^docs\/steps\.md: the section "Find Things/),
    ]);
    const listed = page.replace(
      '- [Forms]',
      '- [Find Thing (`find_thing`)](#find-thing-find_thing)\n- [Forms]',
    );
    expect(stepsDocProblems(planted, listed)).toEqual([]);
  });
});

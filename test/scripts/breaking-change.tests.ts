import {
  type BreakingChange,
  breakingChanges,
  describeChange,
  RULES,
  readPublicDefinition,
} from '../../scripts/breaking-change';
import { readSnapshot } from '../../scripts/definition-check';
import { App } from '../helpers/app';
import { base, field, hookTrigger, type Json, withCreate } from './definitions';

/** The app as Zapier stores its definition: functions become references. */
const appDefinition = (): Json =>
  JSON.parse(JSON.stringify(App, (_key, value) => (typeof value === 'function' ? '$func$1$f$' : value)));

/** The public 1.0.4 definition, a fresh copy a test may change. */
const published = (): Json => JSON.parse(JSON.stringify(readPublicDefinition()));

type Def = { authentication: Json } & Record<'triggers' | 'creates' | 'searches', Record<string, Json>>;
const changed = (edit: (def: Def) => void): BreakingChange[] => {
  const after = base() as Def;
  edit(after);
  return breakingChanges(base(), after);
};

describe('the rules: each change that needs a new major version fails, naming its rule', () => {
  test('an unchanged definition passes', () => {
    expect(breakingChanges(base(), base())).toEqual([]);
  });

  test('removed-step: a trigger, an action or a search removed (a hidden one too)', () => {
    expect(
      changed((d) => {
        delete d.triggers.list_things;
        delete d.creates.make_thing;
        delete d.searches.find_thing;
      }),
    ).toEqual([
      { rule: 'removed-step', at: 'triggers.list_things' },
      { rule: 'removed-step', at: 'creates.make_thing' },
      { rule: 'removed-step', at: 'searches.find_thing' },
    ]);
  });

  test('auth-type-changed: custom became oauth2', () => {
    expect(changed((d) => Object.assign(d.authentication, { type: 'oauth2' }))).toEqual([
      { rule: 'auth-type-changed', at: 'authentication.type' },
    ]);
  });

  test('trigger-type-changed: hook became polling, and polling (no type) became hook', () => {
    expect(
      changed((d) => {
        d.triggers.new_thing = {
          ...hookTrigger(),
          operation: { ...hookTrigger().operation, type: 'polling' },
        };
        d.triggers.list_things = { key: 'list_things', operation: { type: 'hook' } };
      }),
    ).toEqual([
      { rule: 'trigger-type-changed', at: 'triggers.new_thing.operation.type' },
      { rule: 'trigger-type-changed', at: 'triggers.list_things.operation.type' },
    ]);
  });

  test('removed-search-or-create: the pair is gone, its steps stay', () => {
    expect(changed((d) => Object.assign(d, { searchOrCreates: {} }))).toEqual([
      { rule: 'removed-search-or-create', at: 'searchOrCreates.find_thing' },
    ]);
  });

  test('removed-input-field: a step input or a connection field key removed (renaming removes one, adds another)', () => {
    expect(
      changed((d) => {
        d.triggers.new_thing = hookTrigger([field('form', { required: true })]);
        d.authentication = { type: 'custom', fields: [field('token', { required: true })] };
      }),
    ).toEqual([
      { rule: 'removed-auth-field', at: 'authentication.fields.api_key' },
      { rule: 'required-auth-field', at: 'authentication.fields.token' },
      { rule: 'removed-input-field', at: 'triggers.new_thing.inputFields.form_id' },
      { rule: 'required-without-default', at: 'triggers.new_thing.inputFields.form' },
    ]);
  });

  test('required-without-default and required-auth-field: an optional input made required, a new required input or connection field', () => {
    expect(
      changed((d) => {
        d.creates.make_thing = {
          key: 'make_thing',
          operation: { inputFields: [field('name', { required: true })] },
        };
        d.triggers.new_thing = hookTrigger([
          field('form_id', { required: true }),
          field('extra', { required: true }),
        ]);
        d.authentication = {
          type: 'custom',
          fields: [field('base_url', { required: true }), field('api_key', { required: true })],
        };
      }),
    ).toEqual([
      { rule: 'required-auth-field', at: 'authentication.fields.base_url' },
      { rule: 'required-without-default', at: 'triggers.new_thing.inputFields.extra' },
      { rule: 'required-without-default', at: 'creates.make_thing.inputFields.name' },
    ]);
  });

  test('not breaking: a default, an optional new field, a required field made optional, new steps, dynamic fields', () => {
    expect(
      changed((d) => {
        d.creates.make_thing = {
          key: 'make_thing',
          operation: { inputFields: [field('name', { required: true, default: 'x' }), '$func$2$f$'] },
        };
        d.searches.find_thing = {
          key: 'find_thing',
          operation: { inputFields: [field('q'), field('more')] },
        };
        d.authentication = {
          type: 'custom',
          fields: [field('base_url', { required: false }), field('api_key', { required: true })],
        };
        d.triggers.brand_new = { key: 'brand_new', operation: { type: 'hook' } };
      }),
    ).toEqual([]);
  });

  test("not breaking: Zapier's default type left out (a missing type is a string), help texts and altersDynamicFields changed", () => {
    const lean = (fields: unknown[]) =>
      fields.map((f) => {
        const { type: _default, ...rest } = f as Json;
        return { ...rest, helpText: 'Short.', altersDynamicFields: false };
      });
    expect(
      changed((d) => {
        d.triggers.new_thing = hookTrigger(lean([field('form_id', { required: true })]));
        d.authentication = { type: 'custom', fields: lean([field('api_key', { required: true })]) };
      }),
    ).toEqual([]);
  });

  test('auth-field-type-changed (guardrail 7): string became password, a string field got no type (not a change)', () => {
    expect(
      changed((d) => {
        d.authentication = {
          type: 'custom',
          fields: [field('api_key', { required: true, type: 'password' })],
        };
      }),
    ).toEqual([{ rule: 'auth-field-type-changed', at: 'authentication.fields.api_key' }]);
    expect(
      changed((d) => {
        d.authentication = { type: 'custom', fields: [{ key: 'api_key', label: 'Key', required: true }] };
      }),
    ).toEqual([]);
  });

  test('required-auth-field (guardrail 7): a new required connection field counts even with a default', () => {
    expect(
      changed((d) => {
        d.authentication = {
          type: 'custom',
          fields: [field('api_key', { required: true }), field('region', { required: true, default: 'eu' })],
        };
      }),
    ).toEqual([{ rule: 'required-auth-field', at: 'authentication.fields.region' }]);
  });

  test('input-type-changed (guardrail 8): string became a list, an integer, a dict, line items', () => {
    expect(
      changed((d) => {
        d.creates.make_thing = {
          key: 'make_thing',
          operation: { inputFields: [field('name', { list: true })] },
        };
        d.searches.find_thing = {
          key: 'find_thing',
          operation: { inputFields: [field('q', { required: true, type: 'integer' })] },
        };
        d.triggers.new_thing = hookTrigger([field('form_id', { required: true, dict: true })]);
      }),
    ).toEqual([
      { rule: 'input-type-changed', at: 'triggers.new_thing.inputFields.form_id' },
      { rule: 'input-type-changed', at: 'creates.make_thing.inputFields.name' },
      { rule: 'input-type-changed', at: 'searches.find_thing.inputFields.q' },
    ]);
    const lineItems = (children: unknown[]) => withCreate([field('items', { children })]);
    expect(
      breakingChanges(
        lineItems([field('sku'), field('qty', { type: 'integer' })]),
        lineItems([field('sku', { type: 'integer' })]),
      ),
    ).toEqual([
      { rule: 'input-type-changed', at: 'creates.make_thing.inputFields.items.children.sku' },
      { rule: 'removed-input-field', at: 'creates.make_thing.inputFields.items.children.qty' },
    ]);
    // not a change: `type: 'string'` left out, `list: false` written out
    expect(breakingChanges(base(), withCreate([{ key: 'name', label: 'Name', list: false }]))).toEqual([]);
  });

  test('removed-output-key: a key the public version emitted is in neither the sample (nested keys as Zapier names them) nor the output fields', () => {
    expect(
      changed((d) => {
        const op = d.triggers.new_thing?.operation as Json;
        op.sample = { answers: {} };
        op.outputFields = [{ key: 'answers__b', label: 'B' }];
      }),
    ).toEqual([
      { rule: 'removed-output-key', at: 'triggers.new_thing.output.form_id' },
      { rule: 'removed-output-key', at: 'triggers.new_thing.output.answers__a' },
      { rule: 'removed-output-key', at: 'triggers.new_thing.output.edit_link' },
    ]);
    // a definition without `emitted` (the snapshot) says nothing of outputs: its samples are compared whole
    const { emitted: _none, ...snapshotLike } = base();
    const after = base() as Def;
    (after.triggers.new_thing?.operation as Json).sample = {};
    expect(breakingChanges(snapshotLike, after)).toEqual([]);
  });

  test('an empty default does not count as a default', () => {
    expect(
      changed((d) => {
        d.creates.make_thing = {
          key: 'make_thing',
          operation: { inputFields: [field('name', { required: true, default: '' })] },
        };
      }),
    ).toEqual([{ rule: 'required-without-default', at: 'creates.make_thing.inputFields.name' }]);
  });

  test('a failure line names the rule, the place and what the rule refuses', () => {
    expect(
      describeChange({ rule: 'trigger-type-changed', at: 'triggers.new_submission.operation.type' }),
    ).toBe(
      'trigger-type-changed (Zapier guardrail 3: trigger type change) at triggers.new_submission.operation.type: ' +
        'a trigger switched between hook and polling',
    );
    expect(describeChange({ rule: 'removed-output-key', at: 'triggers.new_submission.output.meta' })).toBe(
      "removed-output-key (not in Zapier's list: live Zaps map these keys) at triggers.new_submission.output.meta: " +
        "an output key the public version emitted is in neither the step's sample nor its output fields",
    );
    // every one of Zapier's nine guardrails has a rule, and so do the output keys
    expect([...new Set(Object.values(RULES).map((r) => r.guardrail))]).toEqual([
      1,
      2,
      3,
      4,
      5,
      6,
      7,
      8,
      9,
      'outputs',
    ]);
  });
});

describe('this app is a minor version of the public one', () => {
  test('from the public 1.0.4 (its definition as data) to the app: no breaking change', () => {
    expect(breakingChanges(readPublicDefinition(), appDefinition()).map(describeChange)).toEqual([]);
  });

  test('from the definition snapshot to the app: no breaking change', () => {
    expect(breakingChanges(readSnapshot(), appDefinition()).map(describeChange)).toEqual([]);
  });

  test("Find Submission's Question is required: breaking from a version that had it optional, and none did", () => {
    const app = appDefinition() as Def;
    const before = appDefinition() as Def;
    const question = (def: Def) =>
      ((def.searches.find_submission as { operation: { inputFields: Json[] } }).operation.inputFields.find(
        (f) => f.key === 'search_field',
      ) ?? {}) as Json;
    expect(question(app).required).toBe(true);
    question(before).required = false;
    const found = breakingChanges(before, app);
    expect(found).toEqual([
      { rule: 'required-without-default', at: 'searches.find_submission.inputFields.search_field' },
    ]);
    // no published version has the step (1.0.4 had only New Submission), so no live Zap holds it empty
    expect((readPublicDefinition() as Def).searches?.find_submission).toBeUndefined();
  });

  test("1.0.4's own connection would be refused if base_url were required", () => {
    const app = appDefinition() as { authentication: { fields: Json[] } };
    const baseUrl = app.authentication.fields.find((f) => f.key === 'base_url') as Json;
    baseUrl.required = true; // its default does not help: existing connections never got it
    expect(breakingChanges(published(), app)).toEqual([
      { rule: 'required-auth-field', at: 'authentication.fields.base_url' },
    ]);
  });

  test('the 1.0.4 data holds what live Zaps use: custom auth with api_key, the hook trigger, two hidden triggers', () => {
    const def = published() as {
      version: string;
      authentication: { type: string; fields: Json[] };
      triggers: Record<
        string,
        { display: { hidden: boolean }; operation: { type: string; inputFields?: Json[] } }
      >;
    };
    expect(def.version).toBe('1.0.4');
    expect(def.authentication.type).toBe('custom');
    expect(def.authentication.fields.map((f) => [f.key, f.required])).toEqual([['api_key', true]]);
    expect(
      Object.entries(def.triggers).map(([key, t]) => [
        key,
        t.operation.type,
        t.display.hidden,
        (t.operation.inputFields ?? []).map((f) => f.key),
      ]),
    ).toEqual([
      ['new_submission', 'hook', false, ['workspace_id', 'form_id']],
      ['list_workspaces', 'polling', true, []],
      ['list_forms', 'polling', true, ['workspace_id']],
    ]);
  });
});

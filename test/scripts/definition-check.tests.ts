import {
  automaticLabel,
  compareDefinition,
  leanEquivalent,
  normalize,
  readSnapshot,
  triggerDescriptionProblems,
} from '../../scripts/definition-check';

type Operation = { key?: string; operation?: { inputFields?: Array<Record<string, unknown>> } };
type Definition = Record<string, Record<string, Operation>>;

/** The snapshot itself, as the built zip would answer it (function references differ by position only). */
const built = () => JSON.parse(JSON.stringify(readSnapshot())) as Definition;

const findField = (def: Definition, kind: string, key: string, input: string) =>
  def[kind]?.[key]?.operation?.inputFields?.find((f) => f.key === input);

test('the snapshot compared with itself: no problem, nothing new', () => {
  expect(compareDefinition(built(), readSnapshot())).toEqual({ problems: [], added: [] });
});

test('a changed label is reported with its path and both values', () => {
  const def = built();
  (findField(def, 'creates', 'update_submission', 'submission_id') as Record<string, unknown>).label =
    'Entry';
  const { problems } = compareDefinition(def, readSnapshot());
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(
    /^differs from the snapshot at creates\.update_submission\.operation\.inputFields\.\d+\.label: "Entry" \(snapshot: "Submission"\)$/,
  );
});

test('a removed step is reported; a new step is listed as new', () => {
  const def = built();
  delete def.searches?.find_invite;
  (def.creates as Record<string, Operation>).brand_new = { key: 'brand_new' };
  expect(compareDefinition(def, readSnapshot())).toEqual({
    problems: ['searches.find_invite is missing'],
    added: ['creates.brand_new'],
  });
});

test('search hints: the allowed one passes, a wrong one is reported', () => {
  const def = built();
  const field = findField(def, 'creates', 'remove_member', 'user_id') as Record<string, unknown>;
  field.search = 'find_member.id';
  expect(compareDefinition(def, readSnapshot()).problems).toEqual([]);
  field.search = 'find_invite.id';
  expect(compareDefinition(def, readSnapshot()).problems).toEqual([
    'creates.remove_member.user_id: search hint find_invite.id, expected find_member.id',
  ]);
});

describe('trigger descriptions (D021, checked by npm run check:zapier)', () => {
  type Display = { display: { description: string } };
  const triggers = (def: Definition) => def.triggers as unknown as Record<string, Display>;

  test('the snapshot passes: every trigger starts "Triggers when "', () => {
    expect(triggerDescriptionProblems(built())).toEqual([]);
  });

  test.each([
    ['Triggers instantly when a form receives a new completed submission.', 'instantly'],
    ['Fires when a form receives a submission.', 'another verb'],
    ['Triggers when a form receives a submission', 'no final period'],
  ])('a planted "%s" (%s) is reported, naming the trigger', (description) => {
    const def = built();
    const step = triggers(def).new_submission as Display;
    step.display.description = description;
    expect(triggerDescriptionProblems(def)).toEqual([
      `triggers.new_submission: its description must start "Triggers when " and end with "." (D021): "${description}"`,
    ]);
  });
});

test('function references compare as one token, whatever their position in the bundle', () => {
  expect(normalize({ perform: '$func$2$f$', b: 1, a: ['$func$7$f$'] })).toEqual({
    a: ['$func$'],
    b: 1,
    perform: '$func$',
  });
});

describe('leanEquivalent: only the lean differences of issue 21 pass', () => {
  type Def = Record<string, unknown>;
  /** Sets (or, given undefined, deletes) the value at a dotted path: `triggers.new_thing.operation.sample.name`. */
  const set = (def: Def, path: string, value: unknown) => {
    const keys = path.split('.');
    const last = keys.pop() as string;
    const parent = keys.reduce((node, key) => node[key] as Def, def);
    if (value === undefined) delete parent[last];
    else parent[last] = value;
  };
  /** A small published definition: a connection field, a trigger, a hidden list, an action with a function-built field. */
  const published = (): Def => ({
    authentication: {
      type: 'custom',
      fields: [{ key: 'api_key', label: 'Key', type: 'string', required: true, helpText: 'A long help.' }],
    },
    triggers: {
      new_thing: {
        key: 'new_thing',
        display: { label: 'New Thing', description: 'Triggers when a thing is new.' },
        operation: {
          inputFields: [
            {
              key: 'workspace_id',
              label: 'Workspace',
              type: 'string',
              altersDynamicFields: true,
              helpText: 'Pick.',
            },
          ],
          sample: {
            id: 1,
            name: 'A',
            count: 2,
            when: '2026-11-21T14:03:27+00:00',
            gone: null,
            nested: { deep: 'x' },
          },
          outputFields: [
            { key: 'id', label: 'Thing ID', type: 'integer', primary: true },
            { key: 'name', label: 'Name', type: 'string' },
            { key: 'count', label: 'Count', type: 'integer' },
            { key: 'when', label: 'When', type: 'datetime' },
            { key: 'gone', label: 'Gone', type: 'string' },
            { key: 'nested__deep', label: 'Nested Deep', type: 'string' },
            { key: 'missing', label: 'Missing', type: 'string' },
          ],
        },
      },
      thing_list: {
        key: 'thing_list',
        display: { label: 'List Things', hidden: true },
        operation: {
          sample: { id: 1, name: 'A' },
          outputFields: [
            { key: 'id', label: 'Thing ID', type: 'integer' },
            { key: 'name', label: 'Name', type: 'string' },
          ],
        },
      },
    },
    creates: {
      make_thing: {
        key: 'make_thing',
        display: { label: 'Make Thing', description: 'Makes a thing.' },
        operation: {
          inputFields: [
            {
              key: 'form_id',
              label: 'Form',
              type: 'string',
              altersDynamicFields: true,
              helpText: 'Pick one.',
            },
            { key: 'size', label: 'Size', type: 'integer' },
            '$func$3$f$',
          ],
          sample: { id: 5, made: true },
          outputFields: [
            { key: 'id', label: 'Thing ID', type: 'integer' },
            { key: 'made', label: 'Made', type: 'boolean' },
          ],
        },
      },
    },
  });
  /** The same definition made lean: every difference leanEquivalent allows. */
  const lean = (): Def => {
    const def = published();
    set(def, 'authentication.fields.0', { key: 'api_key', label: 'Key', required: true, helpText: 'Short.' });
    set(def, 'triggers.new_thing.operation.inputFields.0', { key: 'workspace_id', label: 'Workspace' });
    set(def, 'triggers.new_thing.operation.outputFields', [
      { key: 'id', label: 'Thing ID', type: 'integer', primary: true },
      { key: 'when', label: 'When', type: 'datetime' },
      { key: 'missing', label: 'Missing' },
    ]);
    set(def, 'triggers.thing_list.operation.outputFields', undefined);
    set(def, 'creates.make_thing.operation.inputFields.0', {
      key: 'form_id',
      label: 'Form',
      altersDynamicFields: true,
      helpText: 'Choose one.',
    });
    set(def, 'creates.make_thing.operation.outputFields', [
      { key: 'id', label: 'Thing ID', type: 'integer' },
    ]);
    return def;
  };
  const problems = (...edits: Array<[string, unknown]>) => {
    const def = lean();
    for (const [path, value] of edits) set(def, path, value);
    return leanEquivalent(published(), def);
  };

  test('help texts, default types, altersDynamicFields without function-built fields, output fields the sample says: equivalent', () => {
    expect(leanEquivalent(published(), lean())).toEqual([]);
    expect(leanEquivalent(readSnapshot(), readSnapshot())).toEqual([]);
  });

  test('Zapier labels plain keys in Title Case; acronyms are not trusted to match', () => {
    expect([
      automaticLabel('form_slug'),
      automaticLabel('attribution__utm_source'),
      automaticLabel('id'),
    ]).toEqual(['Form Slug', 'Attribution Utm Source', 'Id']);
  });

  test('a missing type reads as string: a removed integer type is a change, a removed string type is not', () => {
    expect(problems(['creates.make_thing.operation.inputFields.1', { key: 'size', label: 'Size' }])).toEqual([
      'not a lean difference at creates.make_thing.operation.inputFields.1.type: null (snapshot: "integer")',
    ]);
  });

  test('an output field left out needs a reason: primary, a label or type that says more, a key the sample lacks', () => {
    expect(
      problems(
        ['triggers.new_thing.operation.outputFields', []],
        ['creates.make_thing.operation.outputFields', []],
      ),
    ).toEqual([
      'triggers.new_thing: output field "id" was left out, but it is the primary key',
      'triggers.new_thing: output field "when" was left out, but its type (datetime) is not what the sample shows (string)',
      'triggers.new_thing: output field "missing" was left out, but its key is not in the sample',
      'creates.make_thing: output field "id" was left out, but its label says more than the key ("Thing ID")',
    ]);
  });

  test('anything else is reported: a label, a sample, altersDynamicFields where fields are built, a step', () => {
    expect(
      problems(
        ['authentication.fields.0.required', false],
        ['triggers.new_thing.operation.outputFields.1.label', 'Then'],
        ['creates.make_thing.operation.inputFields.0.altersDynamicFields', undefined],
        ['searches', { find_thing: { key: 'find_thing' } }],
        ['triggers.thing_list', undefined],
      ),
    ).toEqual([
      'not a lean difference at authentication.fields.0.required: false (snapshot: true)',
      'not a lean difference at triggers.new_thing.operation.outputFields.1.label: "Then" (snapshot: "When")',
      'triggers.thing_list is missing',
      'not a lean difference at creates.make_thing.operation.inputFields.0.altersDynamicFields: null (snapshot: true)',
      'searches.find_thing is new',
    ]);
    expect(problems(['triggers.new_thing.operation.sample.name', 'B'])).toEqual([
      'not a lean difference at triggers.new_thing.operation.sample.name: "B" (snapshot: "A")',
    ]);
  });
});

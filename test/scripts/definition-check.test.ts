import { compareDefinition, normalize, readSnapshot } from '../../scripts/definition-check';

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

test('function references compare as one token, whatever their position in the bundle', () => {
  expect(normalize({ perform: '$func$2$f$', b: 1, a: ['$func$7$f$'] })).toEqual({
    a: ['$func$'],
    b: 1,
    perform: '$func$',
  });
});

// The definition snapshot's allowed differences (scripts/definition-check.ts): `canPaginate: true` on
// the two submission triggers (issue 15 item 7, Transfer) and nothing else.
import { compareDefinition, readSnapshot } from '../../scripts/definition-check';

type Definition = { triggers: Record<string, { operation: Record<string, unknown> }> };
const snapshot = () => readSnapshot() as Definition;
/** The snapshot as the built app answers it now: both submission triggers paginate, then `changes`. */
const built = (changes: Record<string, unknown> = {}) => {
  const now = snapshot();
  for (const [key, value] of Object.entries({
    new_submission: true,
    new_partial_submission: true,
    ...changes,
  })) {
    const trigger = now.triggers[key];
    if (trigger === undefined) throw new Error(`no trigger ${key} in the snapshot`);
    trigger.operation.canPaginate = value;
  }
  return now;
};

test('canPaginate: true on New Submission and New Partial Submission is the one allowed difference', () => {
  expect(compareDefinition(built(), snapshot())).toEqual({ problems: [], added: [] });
});

test('either of them with another value is a difference', () => {
  expect(compareDefinition(built({ new_submission: false }), snapshot()).problems).toEqual([
    'triggers.new_submission: canPaginate false, expected true',
  ]);
  expect(compareDefinition(built({ new_partial_submission: 'yes' }), snapshot()).problems).toEqual([
    'triggers.new_partial_submission: canPaginate yes, expected true',
  ]);
});

test('a snapshot re-taken with canPaginate compares equal too', () => {
  expect(compareDefinition(built(), built())).toEqual({ problems: [], added: [] });
});

test('canPaginate on another trigger is a difference', () => {
  const { problems } = compareDefinition(built({ new_form: true }), snapshot());
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(
    /^differs from the snapshot at triggers\.new_form\.operation\.canPaginate: true/,
  );
});

import { answerEquals, searchKeepsMatches } from '../../src/answers/exact-match';

const is = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra });

test.each([
  ['email', 'ann@example.org', ' Ann@Example.ORG ', true],
  ['email', 'joann@example.org', 'ann@example.org', false],
  ['email', 'ann@example.org.uk', 'ann@example.org', false],
  ['text', 'Ada Lovelace', 'ada lovelace', true],
  ['text', 'Ada Lovelace', 'Lovelace', false],
  ['phone_number', '+1 (202) 555-0143', '+12025550143', true],
  ['phone_number', '+12025550143', '+1202555014', false],
  ['number', 42, '42.0', true],
  ['number', 42, '4', false],
  ['number', 42, 'forty-two', false],
  ['rating', 4, ' 4 ', true],
  ['checkbox', true, 'yes', true],
  ['checkbox', false, 'No', true],
  ['checkbox', true, 'maybe', false],
  ['multi_select', ['Math', 'Space'], 'space', true],
  ['multi_select', ['Math', 'Space'], 'Spa', false],
  ['date', '2026-11-05', '2026-11-05T00:00:00-05:00', true],
  ['date', '2026-11-05', '2026-11-06', false],
  ['date', ['2026-12-14', '2026-12-20'], '2026-12-20', true],
  ['files', [{ file_url: 'https://x/cv.pdf?sig=1', file_name: 'cv.pdf' }], 'CV.pdf', true],
])('%s answer %j, value %j: %s', (type, answer, wanted, expected) => {
  expect(answerEquals(is(type), answer, wanted)).toBe(expected);
});

test('a date with time matches the same instant in another offset, not another time', () => {
  const meeting = is('date', { with_time: true });
  expect(answerEquals(meeting, '2026-11-25T09:05:00.000Z', '2026-11-25T10:05:00+01:00')).toBe(true);
  expect(answerEquals(meeting, '2026-11-25T09:05:00.000Z', '2026-11-25T09:06:00Z')).toBe(false);
});

test('no question chosen: any answer equal as text, never a part of one', () => {
  expect(answerEquals(undefined, 'JOANN', 'ann')).toBe(false);
  expect(answerEquals(undefined, ['One', 'Ann'], ' ann ')).toBe(true);
});

test("OpnForm's search pre-filters only where every exact match contains the typed text", () => {
  expect(['email', 'text', 'select', 'multi_select', 'url'].map((t) => searchKeepsMatches(is(t)))).toEqual([
    true,
    true,
    true,
    true,
    true,
  ]);
  expect(
    ['phone_number', 'number', 'rating', 'checkbox', 'date'].map((t) => searchKeepsMatches(is(t))),
  ).toEqual([false, false, false, false, false]);
  expect(searchKeepsMatches(undefined)).toBe(true);
});

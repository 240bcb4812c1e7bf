import { isoDateTime, parseTimestamp } from '../../src/shared/dates';

test.each([
  ['2026-05-27T10:00:00.000000Z', '2026-05-27T10:00:00+00:00'],
  ['2026-05-27T12:00:00+02:00', '2026-05-27T10:00:00+00:00'],
  ['2026-05-27 10:00:00', '2026-05-27T10:00:00+00:00'],
  ['2026-05-27T10:00', '2026-05-27T10:00:00+00:00'],
])('isoDateTime(%s) = %s', (input, expected) => {
  expect(isoDateTime(input)).toBe(expected);
});

test('missing values are null; unreadable ones are kept, not lost', () => {
  expect(isoDateTime(null)).toBeNull();
  expect(isoDateTime(undefined)).toBeNull();
  expect(isoDateTime(' ')).toBeNull();
  expect(isoDateTime('next tuesday')).toBe('next tuesday');
  expect(parseTimestamp('next tuesday')).toBeUndefined();
});

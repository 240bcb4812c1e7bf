import { isoWithOffset, parseTimestamp } from '../../src/shared/iso-date';

test.each([
  ['2026-05-27T10:00:00.000000Z', '2026-05-27T10:00:00+00:00'],
  ['2026-05-27T12:00:00+02:00', '2026-05-27T10:00:00+00:00'],
  ['2026-05-27 10:00:00', '2026-05-27T10:00:00+00:00'],
  ['2026-05-27T10:00', '2026-05-27T10:00:00+00:00'],
])('isoWithOffset(%s) = %s', (input, expected) => {
  expect(isoWithOffset(input)).toBe(expected);
});

test('missing values are null; unreadable ones are kept, not lost', () => {
  expect(isoWithOffset(null)).toBeNull();
  expect(isoWithOffset(undefined)).toBeNull();
  expect(isoWithOffset(' ')).toBeNull();
  expect(isoWithOffset('next tuesday')).toBe('next tuesday');
  expect(parseTimestamp('next tuesday')).toBeUndefined();
});

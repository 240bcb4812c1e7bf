import { isoDate, isoDateTime, isoTimestamp, parseTimestamp } from '../../src/shared/dates';

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

// moved from test/submissions/shape.tests.ts with the functions (src/shared/dates.ts)
describe('dates', () => {
  test.each([
    ['2026-11-21', '2026-11-21'],
    ['2026-02-30', null],
    ['21/11/2026', '2026-11-21'],
    ['11/21/2026', '2026-11-21'],
    ['07/07/2026', '2026-07-07'],
    ['05/11/2026', null],
    ['21/11/2026 14:30', '2026-11-21T14:30:00+00:00'],
    ['11/21/2026 2:30 PM', '2026-11-21T14:30:00+00:00'],
    ['11/21/2026 12:05 am', '2026-11-21T00:05:00+00:00'],
    ['2026-11-21T09:00:00+01:00', '2026-11-21T09:00:00+01:00'],
    ['2026-11-21T09:00:00.000Z', '2026-11-21T09:00:00+00:00'],
    ['2026-11-21T09:00', '2026-11-21T09:00:00+00:00'],
    ['tomorrow', null],
  ])('isoDate(%p) = %p', (given, iso) => {
    expect(isoDate(given)).toBe(iso);
  });

  test.each([
    ['2026-11-21 14:03:27', '2026-11-21T14:03:27+00:00'],
    ['2026-11-21T14:03:27Z', '2026-11-21T14:03:27+00:00'],
    ['2026-11-21T14:03:27.000000Z', '2026-11-21T14:03:27.000000+00:00'],
    ['2026-11-21T15:03:27+0100', '2026-11-21T15:03:27+01:00'],
    ['not a time', null],
    [undefined, null],
  ])('isoTimestamp(%p) = %p', (given, iso) => {
    expect(isoTimestamp(given)).toBe(iso);
  });
});

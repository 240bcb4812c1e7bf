import { dateMs, isoDateTime } from '../../src/shared/dates';

test.each([
  ['2026-11-22T07:00:00.000000Z', '2026-11-22T07:00:00+00:00'],
  ['2026-11-22T09:00:00+02:00', '2026-11-22T07:00:00+00:00'],
  ['2026-11-22 07:00:00', '2026-11-22T07:00:00+00:00'],
  ['2026-11-22 07:00', '2026-11-22T07:00:00+00:00'],
  ['not a date', 'not a date'],
  ['', null],
  [null, null],
  [undefined, null],
])('isoDateTime(%j) = %j', (input, output) => {
  expect(isoDateTime(input)).toBe(output);
});

test('dateMs sorts missing and unreadable dates last', () => {
  expect(dateMs('2026-11-22 07:00:00')).toBe(Date.UTC(2026, 10, 22, 7));
  expect(dateMs(null)).toBe(Number.NEGATIVE_INFINITY);
  expect(dateMs('soon')).toBe(Number.NEGATIVE_INFINITY);
});

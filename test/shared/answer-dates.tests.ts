// Date answers: a delivered date is right for every day of the month once the question's date_format is known.
import { dateOrderOf, isAmbiguousDate, isoAnswerDate, isoAnswerDates } from '../../src/shared/dates';

describe('a date on the 5th of a month, under both date formats', () => {
  test.each([
    // d/m/Y (OpnForm's default dd/MM/yyyy): 05/11/2026 is 5 November
    ['05/11/2026', 'dmy', '2026-11-05'],
    // m/d/Y (MM/dd/yyyy): 11/05/2026 is 5 November too
    ['11/05/2026', 'mdy', '2026-11-05'],
    // and the other way round: the same text under the other format is 11 May
    ['05/11/2026', 'mdy', '2026-05-11'],
    ['11/05/2026', 'dmy', '2026-05-11'],
  ] as const)('%s read as %s = %s', (text, order, iso) => {
    expect(isoAnswerDate(text, { order })).toBe(iso);
  });

  test('without the format, an ambiguous date gives no ISO form (never a wrong one)', () => {
    expect(isoAnswerDate('05/11/2026')).toBeNull();
    expect(isAmbiguousDate('05/11/2026')).toBe(true);
    expect(isAmbiguousDate('14/12/2026 - 20/12/2026')).toBe(false);
    expect(isAmbiguousDate('07/07/2026')).toBe(false);
  });

  test('every day of every month round-trips under both formats', () => {
    for (let month = 1; month <= 12; month += 1) {
      for (let day = 1; day <= 28; day += 1) {
        const d = String(day).padStart(2, '0');
        const m = String(month).padStart(2, '0');
        const iso = `2026-${m}-${d}`;
        expect(isoAnswerDate(`${d}/${m}/2026`, { order: 'dmy' })).toBe(iso);
        expect(isoAnswerDate(`${m}/${d}/2026`, { order: 'mdy' })).toBe(iso);
      }
    }
  });
});

describe('with a time: ISO 8601 with an offset', () => {
  test.each([
    ['05/11/2026 9:05am', 'dmy', '2026-11-05T09:05:00+00:00'],
    ['11/05/2026 9:05pm', 'mdy', '2026-11-05T21:05:00+00:00'],
    ['05/11/2026 12:00am', 'dmy', '2026-11-05T00:00:00+00:00'],
    ['05/11/2026 17:45', 'dmy', '2026-11-05T17:45:00+00:00'],
  ] as const)('%s (%s) = %s', (text, order, iso) => {
    expect(isoAnswerDate(text, { order, withTime: true })).toBe(iso);
  });

  test('/open values: the stored offset is kept; a date-only question keeps its calendar day', () => {
    expect(isoAnswerDate('2026-11-25T09:05:00.000Z', { withTime: true })).toBe('2026-11-25T09:05:00+00:00');
    expect(isoAnswerDate('2026-02-03T00:00:00-05:00', { withTime: true })).toBe('2026-02-03T00:00:00-05:00');
    expect(isoAnswerDate('2026-02-03T00:00:00-05:00', { withTime: false })).toBe('2026-02-03');
  });

  test('impossible dates and times give null', () => {
    expect(isoAnswerDate('31/02/2026', { order: 'dmy' })).toBeNull();
    expect(isoAnswerDate('05/11/2026 13:05pm', { order: 'dmy' })).toBeNull();
    expect(isoAnswerDate('tomorrow', { order: 'dmy' })).toBeNull();
  });
});

describe('a range', () => {
  test('delivered as "start - end" text under either format', () => {
    expect(isoAnswerDates('05/12/2026 - 06/12/2026', { order: 'dmy', range: true })).toEqual({
      start: '2026-12-05',
      end: '2026-12-06',
      range: true,
    });
    expect(isoAnswerDates('12/05/2026 - 12/06/2026', { order: 'mdy', range: true })).toEqual({
      start: '2026-12-05',
      end: '2026-12-06',
      range: true,
    });
  });

  test('listed by /open as [start, end]', () => {
    expect(isoAnswerDates(['2026-12-14', '2026-12-20'])).toEqual({
      start: '2026-12-14',
      end: '2026-12-20',
      range: true,
    });
  });
});

test("a block's date_format: dd/MM/yyyy (or none) is d/m/Y, anything else m/d/Y, as OpnForm's formatter reads it", () => {
  expect(dateOrderOf(undefined)).toBe('dmy');
  expect(dateOrderOf('dd/MM/yyyy')).toBe('dmy');
  expect(dateOrderOf('MM/dd/yyyy')).toBe('mdy');
});

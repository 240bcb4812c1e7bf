/**
 * What each question type's answer becomes in a pre-filled link, read back as OpnForm's public form
 * reads it (../helpers/opnform-reader.ts, a model of its client at 57dfb923) by viewers west of UTC, in
 * UTC and east of it (src/forms/prefill-answers.ts): what each sees, and what the form sends untouched.
 */
import { carbonDay, phoneBox, readLink, shownDate } from '../helpers/opnform-reader';
import {
  a,
  BLOCKS,
  everywhere,
  FORM,
  ID,
  link,
  refusal,
  SHARE,
  seenIn,
  variant,
  ZONES,
} from '../helpers/prefill-form';

test('a date-only question shows the same day in every time zone, and untouched is stored as that day', async () => {
  // Zapier hands a date over as a date-time in the Zap's zone; a bare date is accepted too
  for (const given of ['2026-03-05T00:00:00-05:00', '2026-03-05', '2026-03-05T23:30:00+09:00']) {
    const out = await link({ [a(ID.visit)]: given });
    expect(out.url).toBe(`${SHARE}?${ID.visit}=2026-03-05T12%3A00%3A00`);
    expect(seenIn(out.url, ID.visit)).toEqual(everywhere('05/03/2026', '2026-03-05T12:00:00'));
    // stored verbatim: the submissions table (OpenDate.vue, the same new Date + format) and Carbon's d/m/Y
    for (const zone of ZONES) expect(shownDate('2026-03-05T12:00:00', zone)).toBe('05/03/2026');
    expect(carbonDay('2026-03-05T12:00:00')).toBe('05/03/2026');
  }
  // what the link used to carry: the model shows the day before west of UTC
  expect(seenIn(`${SHARE}?${ID.visit}=2026-03-05`, ID.visit).map(([zone, shown]) => [zone, shown])).toEqual([
    ['America/Los_Angeles', '04/03/2026'],
    ['America/New_York', '04/03/2026'],
    ['UTC', '05/03/2026'],
    ['Asia/Tokyo', '05/03/2026'],
    ['Pacific/Honolulu', '04/03/2026'],
    ['Pacific/Kiritimati', '05/03/2026'],
  ]);
});

test('a date range is `<id>[]` twice, each end at noon local: the same days in every time zone', async () => {
  const out = await link({
    [`${a(ID.stay)}__start`]: '2026-04-01',
    [`${a(ID.stay)}__end`]: '2026-04-03T00:00:00-07:00',
  });
  expect(out.url).toBe(
    `${SHARE}?${ID.stay}%5B%5D=2026-04-01T12%3A00%3A00&${ID.stay}%5B%5D=2026-04-03T12%3A00%3A00`,
  );
  expect(seenIn(out.url, ID.stay)).toEqual(
    everywhere('01/04/2026 - 03/04/2026', ['2026-04-01T12:00:00', '2026-04-03T12:00:00']),
  );
});

test('a date-time keeps its moment (each viewer sees it in their own time); without an offset it is the same wall time', async () => {
  const moment = await link({ [a(ID.meeting)]: '2026-03-05T14:30:00+01:00' });
  expect(moment.url).toBe(`${SHARE}?${ID.meeting}=2026-03-05T14%3A30%3A00%2B01%3A00`);
  expect(seenIn(moment.url, ID.meeting).map(([zone, shown]) => [zone, shown])).toEqual([
    ['America/Los_Angeles', '05/03/2026 05:30'],
    ['America/New_York', '05/03/2026 08:30'],
    ['UTC', '05/03/2026 13:30'],
    ['Asia/Tokyo', '05/03/2026 22:30'],
    ['Pacific/Honolulu', '05/03/2026 03:30'],
    ['Pacific/Kiritimati', '06/03/2026 03:30'],
  ]);
  // written as ECMAScript reads it alike in every browser: T, seconds, +hh:mm
  expect((await link({ [a(ID.meeting)]: '2026-03-05 14:30+0100' })).values).toEqual({
    [ID.meeting]: '2026-03-05T14:30:00+01:00',
  });
  const wall = await link({ [a(ID.meeting)]: '2026-03-05T14:30' });
  expect(seenIn(wall.url, ID.meeting)).toEqual(everywhere('05/03/2026 14:30', '2026-03-05T14:30:00'));
  const day = await link({ [a(ID.meeting)]: '2026-03-05' });
  expect(seenIn(day.url, ID.meeting)).toEqual(everywhere('05/03/2026 00:00', '2026-03-05T00:00:00'));
});

test('a day the calendar does not have is refused (browsers would roll it into the next month)', async () => {
  const error = await refusal({ [a(ID.visit)]: '2026-02-30' });
  expect(error.message).toBe(
    `Invalid input: Visit Date (${a(ID.visit)}) is not a day and time of the calendar (got "2026-02-30"). No link was made.`,
  );
});

test('a number is kept as written when written as a person writes one (007, 3.50)', async () => {
  for (const given of ['007', '3.50', '-2', 42]) {
    const out = await link({ [a(ID.age)]: given });
    expect(out.url).toBe(`${SHARE}?${ID.age}=${given}`);
    expect(seenIn(out.url, ID.age)).toEqual(everywhere(String(given), String(given)));
  }
});

test('a number written otherwise (hex, exponent, a decimal comma, text) is refused by name', async () => {
  const error = await refusal({ [a(ID.age)]: '0x1A' });
  expect(error).toEqual({
    name: 'AppError',
    code: 'invalid_input',
    status: 400,
    message:
      `Invalid input: Age (${a(ID.age)}) must be a number written with digits and an optional decimal point, ` +
      'such as 42 or 3.50 (got "0x1A"). No link was made.',
  });
  for (const given of ['1e3', '3,5', 'Infinity', 'twelve'])
    expect((await refusal({ [a(ID.age)]: given })).message).toContain(`Age (${a(ID.age)}) must be a number`);
});

test('a rating is a whole number of its stars: 4 lights 4; 7 of 5 and 2.5 are refused with the range', async () => {
  const out = await link({ [a(ID.rating)]: 4 });
  expect(out.url).toBe(`${SHARE}?${ID.rating}=4`);
  expect(seenIn(out.url, ID.rating)).toEqual(everywhere(4, '4'));
  for (const given of [7, '2.5', 0])
    expect((await refusal({ [a(ID.rating)]: given })).message).toBe(
      `Invalid input: Rating (${a(ID.rating)}) must be a whole number of stars from 1 to 5 (got ${Number(given)}). No link was made.`,
    );
});

test('a scale is one of its answers; outside its bounds or step refused; a fractional step refused with why', async () => {
  const out = await link({ [a(ID.scale)]: '7' });
  expect(out.url).toBe(`${SHARE}?${ID.scale}=7`);
  expect(seenIn(out.url, ID.scale)).toEqual(everywhere(7, 7));
  expect((await refusal({ [a(ID.scale)]: 11 })).message).toBe(
    `Invalid input: Satisfaction (${a(ID.scale)}) must be one of the scale's answers, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 (got 11). No link was made.`,
  );
  const halves = variant({ [ID.scale]: { scale_min_value: 1, scale_max_value: 3, scale_step_value: 0.5 } });
  expect((await refusal({ [a(ID.scale)]: 2.5 }, halves)).message).toBe(
    `Invalid input: Satisfaction (${a(ID.scale)}) must be a whole number: OpnForm's form reads a scale answer from a ` +
      'link as a whole number (2.5 would show as 2) (got 2.5). No link was made.',
  );
  // the reason, in the model: 2.5 in a link shows and sends 2
  expect(seenIn(`${SHARE}?${ID.scale}=2.5`, ID.scale, halves.properties)).toEqual(everywhere(2, 2));
  expect((await link({ [a(ID.scale)]: 2 }, halves)).values).toEqual({ [ID.scale]: '2' });
});

test('a slider is a number from its minimum to its maximum on its step; anything else is refused with them', async () => {
  const out = await link({ [a(ID.slider)]: 35 });
  expect(out.url).toBe(`${SHARE}?${ID.slider}=35`);
  expect(seenIn(out.url, ID.slider)).toEqual(everywhere(35, '35'));
  for (const given of [33, 105, -5])
    expect((await refusal({ [a(ID.slider)]: given })).message).toBe(
      `Invalid input: Effort (${a(ID.slider)}) must be a number from 0 to 100 in steps of 5 (got ${given}). No link was made.`,
    );
});

test('a phone number is written as the phone box writes it, <ISO><+dial><national>, and shows in the box', async () => {
  for (const given of ['+33 6 12 34 56 78', 'FR+33612345678', '+33612345678']) {
    const out = await link({ [a(ID.phone)]: given });
    expect(out.url).toBe(`${SHARE}?${ID.phone}=FR%2B33612345678`);
    expect(seenIn(out.url, ID.phone)).toEqual(
      everywhere({ country: 'FR', number: '612345678' }, 'FR+33612345678'),
    );
  }
  const us = await link({ [a(ID.phone)]: '+1 (212) 555-0123' });
  expect(seenIn(us.url, ID.phone)).toEqual(
    everywhere({ country: 'US', number: '2125550123' }, 'US+12125550123'),
  );
  // what a national number does in the box: empty, and US
  expect(phoneBox('0612345678')).toEqual({ country: 'US', box: null, kept: '0612345678' });
});

test('a national phone number is refused naming the format, unless the question has a default country', async () => {
  for (const given of ['0612345678', '(212) 555-0123'])
    expect((await refusal({ [a(ID.phone)]: given })).message).toBe(
      `Invalid input: Phone (${a(ID.phone)}) must start with + and the country code, for example +33 6 12 34 56 78 ` +
        `(the form reads only international numbers) (got "${given}"). No link was made.`,
    );
  const french = variant({ [ID.phone]: { prefill: 'FR+33' } });
  const out = await link({ [a(ID.phone)]: '06 12 34 56 78' }, french);
  expect(out.values).toEqual({ [ID.phone]: 'FR+33612345678' });
  expect(seenIn(out.url, ID.phone, french.properties)).toEqual(
    everywhere({ country: 'FR', number: '612345678' }, 'FR+33612345678'),
  );
  expect((await refusal({ [a(ID.phone)]: '12' }, french)).message).toBe(
    `Invalid input: Phone (${a(ID.phone)}) must be a number of FR or start with + and the country code, for example ` +
      '+33 ... (got "12"). No link was made.',
  );
  const noFrance = variant({ [ID.phone]: { unavailable_countries: ['FR'] } });
  expect((await refusal({ [a(ID.phone)]: '+33612345678' }, noFrance)).message).toBe(
    `Invalid input: Phone (${a(ID.phone)}) is a number of FR, a country this question does not offer ` +
      '(got "+33612345678"). No link was made.',
  );
  expect((await refusal({ [a(ID.phone)]: '+33 6 12 34 56 78 ext. 12' })).message).toBe(
    `Invalid input: Phone (${a(ID.phone)}) has an extension, which the form's phone box cannot hold ` +
      '(got "+33 6 12 34 56 78 ext. 12"). No link was made.',
  );
  const simple = variant({ [ID.phone]: { use_simple_text_input: true } });
  expect((await link({ [a(ID.phone)]: '0612345678' }, simple)).url).toBe(`${SHARE}?${ID.phone}=0612345678`);
});

test('text that is JSON, or a line break in a one-line question, is refused with the reason', async () => {
  const json = await refusal({ [a(ID.fullName)]: '{"name": "Ada"}' });
  expect(json.message).toBe(
    `Invalid input: Full Name (${a(ID.fullName)}) starts with "{" and is JSON, which OpnForm's form reads as data, ` +
      'not text (the respondent would see [object Object]): give the text without the leading "{". No link was made.',
  );
  expect(seenIn(`${SHARE}?${ID.fullName}=%7B%22name%22%3A1%7D`, ID.fullName)[0]?.[1]).toBe('[object Object]');
  const lines = await refusal({ [a(ID.comments)]: 'line one\nline two' });
  expect(lines.message).toBe(
    `Invalid input: Comments (2) (${a(ID.comments)}) has a line break, which this one-line question's box drops on ` +
      'screen (the respondent would send text they did not see): remove it, or make the question multi-line in ' +
      'OpnForm. No link was made.',
  );
  // kept: braces that are not JSON, a line break in a multi-line or a hidden question
  const out = await link({
    [a(ID.fullName)]: '{Ada}',
    [a(ID.longComments)]: 'line one\nline two',
    [a(ID.internalRef)]: 'a\nb',
  });
  expect(seenIn(out.url, ID.fullName)).toEqual(everywhere('{Ada}', '{Ada}'));
  expect(seenIn(out.url, ID.longComments)).toEqual(everywhere('line one\nline two', 'line one\nline two'));
});

test('a name the form reads itself is refused: as an extra parameter, and as a question id', async () => {
  for (const name of ['submission_id', 'data[]', 'errors']) {
    const error = await refusal({ query_params: { [name]: 'x' } });
    expect(error.message).toBe(
      `Invalid input: Extra Query Parameters (query_params) names "${name}", which OpnForm's form reads itself ` +
        '(not as an answer): use another name. No link was made.',
    );
  }
  expect(readLink(`${SHARE}?submission_id=abc`, BLOCKS, 'UTC').loadsSubmission).toBe(true);
  const body = {
    ...FORM,
    properties: BLOCKS.map((b) => (b.id === ID.internalRef ? { ...b, id: 'submission_id' } : b)),
  };
  const error = await refusal({ answer__submission_id: 'x' }, body as ReturnType<typeof variant>);
  expect(error.message).toBe(
    'Invalid input: Internal Ref (answer__submission_id) cannot be filled from a link: its id "submission_id" is a ' +
      "name OpnForm's form reads itself. No link was made.",
  );
});

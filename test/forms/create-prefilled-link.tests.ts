/**
 * Create Pre-filled Form Link against the recorded "Every Block Form" (forms--get-form #1: every
 * question type, a hidden one, workspace 6, share_url `{front_url}/forms/every-block-form-0bv2sb`),
 * or that form with one thing changed (a phone question's default country, an "allow creation"
 * select, a fractional scale, a draft, another share_url). The link's layout is OpnForm's generator's
 * (client/components/open/forms/components/FormUrlPrefill.vue: share_url + "?" + URLSearchParams of
 * each answered block in form order, a list as repeated `<id>[]`, then "&" + the extra parameters);
 * every link is then read back as OpnForm's public form reads it (../helpers/opnform-reader.ts, a model
 * of its client at 57dfb923) by viewers in several time zones. The form read is the only request: nock
 * refuses any other (disableNetConnect) and every test checks the read was made.
 */
import type nock from 'nock';
import { App, failure, op, run, TOKEN } from '../helpers/app';
import { carbonDay, phoneBox, readLink, shownDate } from '../helpers/opnform-reader';
import { recorded, recordedScope } from '../helpers/recorded';
import { api } from '../helpers/scopes';

const perform = op('creates.create_prefilled_link.operation.perform');
const RECORDED = recorded('forms--get-form').exchange(1);
const READ = () => recordedScope(RECORDED);
const FORM = RECORDED.response.body as {
  properties: Array<Record<string, unknown> & { id: string; type: string }>;
};
const BLOCKS = FORM.properties;
const SHARE = 'https://forms.example.org/forms/every-block-form-0bv2sb';
const PICK = { workspace_id: 6, form_id: 13 };
/** West of UTC (the whole Americas), UTC, east of UTC, and the zones furthest apart (UTC-10, UTC+14). */
const ZONES = [
  'America/Los_Angeles',
  'America/New_York',
  'UTC',
  'Asia/Tokyo',
  'Pacific/Honolulu',
  'Pacific/Kiritimati',
];

const ID = {
  fullName: 'b25602d4-a4c4-4d85-b359-f75cd6520fee',
  email: 'b27cd8f9-2004-4df7-a598-457bdf11e26d',
  website: '630179c8-542a-4b35-9dc2-a47b78cbbfb3',
  phone: 'c902302d-7ee5-4a88-b522-a9b9d9ffed1d',
  plan: '3e07d301-d172-448c-9007-28d8a30b7e16',
  interests: '0b0070f3-6149-414f-a483-451827bca29e',
  visit: '3bb821f6-b201-49a7-a5f7-66dbe1e7be2a',
  meeting: '738828de-ac43-4015-8c71-4ac2a09a6571',
  stay: 'cc702e41-ce3b-4c35-81db-a28dfb3ac3a4',
  subscribe: '817e654d-ea40-456e-a9ea-52652a063511',
  age: 'ef135658-9e42-45ed-bff3-e1c833095d89',
  rating: 'b5dd22a2-b2a7-4287-93bb-9b444dcf89de',
  scale: 'bcb281e9-8c05-4bef-a022-fcb2d555c0fc',
  slider: '419af108-74e7-4f84-9a79-abfbda5003f4',
  feedback: '2cbdd080-b6e8-4d98-a784-b4a4b17f9f88',
  attachments: '7de3cf55-e7c2-4aac-8c4e-c8fbb8bc2e68',
  internalRef: '4b681407-9b5a-43ad-926a-22f8fae8939a',
  longComments: 'cfe8c094-d4ad-467e-9605-3e3bdd2463ff',
  comments: 'ff4f44a3-4c9d-40dd-802c-12e3064c77ad',
};
const a = (id: string) => `answer__${id}`;

/** The recorded form with some of its questions changed (by id) and other form keys set. */
const variant = (blocks: Record<string, Record<string, unknown>>, form: Record<string, unknown> = {}) => ({
  ...FORM,
  ...form,
  properties: BLOCKS.map((b) => ({ ...b, ...blocks[b.id] })),
});
const readVariant = (body: object) =>
  api()
    .get('/open/forms/13')
    .reply(200, body as nock.Body);

/** Runs the step with the given answers; returns the output after checking the form read was the one request. */
const link = async (inputs: Record<string, unknown>, body?: ReturnType<typeof variant>) => {
  const scope = body === undefined ? READ() : readVariant(body);
  const out = (await run(perform, { ...PICK, ...inputs })) as Record<string, unknown> & { url: string };
  expect(scope.isDone()).toBe(true);
  return out;
};

/** The step's error for the given answers, after checking the form read was the one request. */
const refusal = async (inputs: Record<string, unknown>, body?: ReturnType<typeof variant>) => {
  const scope = body === undefined ? READ() : readVariant(body);
  const error = await failure(run(perform, { ...PICK, ...inputs }));
  expect(scope.isDone()).toBe(true);
  return error;
};

/** What a viewer in each zone is shown for one question, and what the form sends untouched, as [zone, shown, sent]. */
const seenIn = (url: string, id: string, blocks: readonly (typeof BLOCKS)[number][] = BLOCKS) =>
  ZONES.map((zone) => {
    const reading = readLink(url, blocks, zone);
    return [zone, reading.shown[id], reading.submitted[id]];
  });
const everywhere = (shown: unknown, sent: unknown) => ZONES.map((zone) => [zone, shown, sent]);

test('text and a hidden question: one parameter each, keyed by the question id, spaces as "+" (URLSearchParams)', async () => {
  const out = await link({ [a(ID.internalRef)]: 'CRM 42/7', [a(ID.fullName)]: 'Ada Lovelace' });
  expect(out).toEqual({
    url: `${SHARE}?${ID.fullName}=Ada+Lovelace&${ID.internalRef}=CRM+42%2F7`,
    form_id: 13,
    form_slug: 'every-block-form-0bv2sb',
    form_title: 'Every Block Form',
    share_url: SHARE,
    values: { [ID.fullName]: 'Ada Lovelace', [ID.internalRef]: 'CRM 42/7' },
  });
  expect(seenIn(out.url, ID.fullName)).toEqual(everywhere('Ada Lovelace', 'Ada Lovelace'));
  // hidden: not shown, sent as given (instead of its own default REF-DEFAULT)
  expect(seenIn(out.url, ID.internalRef)).toEqual(everywhere(undefined, 'CRM 42/7'));
});

test("a choice (select) carries the option's name as the form stores it", async () => {
  const out = await link({ [a(ID.plan)]: 'pro' });
  expect(out.url).toBe(`${SHARE}?${ID.plan}=Pro`);
  expect(seenIn(out.url, ID.plan)).toEqual(everywhere('Pro', 'Pro'));
});

test('a select that allows creation accepts a value outside its options (the form shows and sends it)', async () => {
  const body = variant({ [ID.plan]: { allow_creation: true }, [ID.interests]: { allow_creation: true } });
  const out = await link({ [a(ID.plan)]: 'Gold', [a(ID.interests)]: ['math', 'Poetry'] }, body);
  expect(out.url).toBe(`${SHARE}?${ID.plan}=Gold&${ID.interests}%5B%5D=Math&${ID.interests}%5B%5D=Poetry`);
  expect(seenIn(out.url, ID.plan, body.properties)).toEqual(everywhere('Gold', 'Gold'));
  expect(seenIn(out.url, ID.interests, body.properties)).toEqual(
    everywhere(['Math', 'Poetry'], ['Math', 'Poetry']),
  );
});

test('a multi-select repeats `<id>[]` once per option, in the order given', async () => {
  const out = await link({ [a(ID.interests)]: ['Code', 'Math'] });
  expect(out.url).toBe(`${SHARE}?${ID.interests}%5B%5D=Code&${ID.interests}%5B%5D=Math`);
  expect(seenIn(out.url, ID.interests)).toEqual(everywhere(['Code', 'Math'], ['Code', 'Math']));
});

test('a multi-select option with a comma stays whole; options mapped as one "a, b" text are split', async () => {
  const options = [
    { id: 'Yes, please', name: 'Yes, please' },
    { id: 'No', name: 'No' },
    { id: 'Maybe', name: 'Maybe' },
  ];
  const body = variant({ [ID.interests]: { multi_select: { options } } });
  const whole = await link({ [a(ID.interests)]: ['Yes, please', 'no'] }, body);
  expect(whole.url).toBe(`${SHARE}?${ID.interests}%5B%5D=Yes%2C+please&${ID.interests}%5B%5D=No`);
  expect(seenIn(whole.url, ID.interests, body.properties)).toEqual(
    everywhere(['Yes, please', 'No'], ['Yes, please', 'No']),
  );
  expect((await link({ [a(ID.interests)]: 'Yes, please' }, body)).values).toEqual({
    [ID.interests]: ['Yes, please'],
  });
  expect((await link({ [a(ID.interests)]: ['No, Maybe'] }, body)).values).toEqual({
    [ID.interests]: ['No', 'Maybe'],
  });
  const error = await refusal({ [a(ID.interests)]: ['Yes, thanks'] }, body);
  expect(error.message).toBe(
    `Invalid input: Interests (${a(ID.interests)}) must be one of Yes, please, No, Maybe (got "Yes, thanks"). No link was made.`,
  );
});

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

test('a checkbox is "true" or "false", the words the form turns back into a tick', async () => {
  const on = await link({ [a(ID.subscribe)]: 'yes' });
  expect(on.url).toBe(`${SHARE}?${ID.subscribe}=true`);
  expect(seenIn(on.url, ID.subscribe)).toEqual(everywhere(true, true));
  const off = await link({ [a(ID.subscribe)]: false });
  expect(off.url).toBe(`${SHARE}?${ID.subscribe}=false`);
  expect(seenIn(off.url, ID.subscribe)).toEqual(everywhere(false, false));
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

test('a matrix is its JSON object (the form parses a value starting with "{")', async () => {
  const out = await link({ [`${a(ID.feedback)}__row__Support`]: 'Good' });
  expect(out.url).toBe(`${SHARE}?${ID.feedback}=%7B%22Support%22%3A%22Good%22%7D`);
  expect(seenIn(out.url, ID.feedback)).toEqual(everywhere({ Support: 'Good' }, { Support: 'Good' }));
});

test('answers follow the form order, then the extra query parameters after "&"', async () => {
  const out = await link({
    [a(ID.email)]: 'ada@example.org',
    [a(ID.fullName)]: 'Ada',
    query_params: { utm_source: 'zapier', ref: 'a&b' },
  });
  expect(out.url).toBe(
    `${SHARE}?${ID.fullName}=Ada&${ID.email}=ada%40example.org&utm_source=zapier&ref=a%26b`,
  );
});

test('no answers: the share link itself (with extra parameters only, "?" and them)', async () => {
  expect((await link({})).url).toBe(SHARE);
  expect((await link({ query_params: { utm_source: 'zapier' } })).url).toBe(`${SHARE}?utm_source=zapier`);
});

test('the share_url\'s own query is kept, the answers after "&"; its #fragment is dropped', async () => {
  const body = variant({}, { share_url: `${SHARE}?embed=1#top` });
  const out = await link({ [a(ID.fullName)]: 'Ada', query_params: { utm_source: 'zapier' } }, body);
  expect(out.url).toBe(`${SHARE}?embed=1&${ID.fullName}=Ada&utm_source=zapier`);
  expect(seenIn(out.url, ID.fullName)).toEqual(everywhere('Ada', 'Ada'));
  const odd = variant({}, { share_url: `${SHARE}?q=a?b` });
  expect((await link({ [a(ID.fullName)]: 'Ada' }, odd)).url).toBe(`${SHARE}?q=a%3Fb&${ID.fullName}=Ada`);
});

test('a share_url that is not an https address of a form is a clear error; no link is made', async () => {
  const cases: Array<[string, string]> = [
    ['javascript:alert(1)', 'is not an https:// address'],
    ['data:text/html,hi', 'is not an https:// address'],
    ['http://forms.example.org/forms/x', 'is not an https:// address'],
    ['http://localhost:3000/forms/x', 'is not an https:// address'],
    ['forms/x', 'is not a web address'],
    [`${SHARE}\r\nX: y`, 'contains spaces, line breaks or control characters'],
    ['', 'is empty'],
  ];
  for (const [shareUrl, why] of cases) {
    const error = await refusal({ [a(ID.fullName)]: 'Ada' }, variant({}, { share_url: shareUrl }));
    expect(error).toEqual({
      name: 'AppError',
      code: 'bad_response',
      status: 502,
      message: `OpnForm gave the form's public link (share_url) as ${JSON.stringify(shareUrl)}, which ${why}. No link was made.`,
    });
  }
});

test('http is accepted only for a loopback form while the connection itself is the development setting', async () => {
  const local = 'http://127.0.0.1:8000/api';
  const scope = api(local)
    .get('/open/forms/13')
    .reply(
      200,
      variant({}, { share_url: 'http://localhost:3000/forms/every-block-form-0bv2sb' }) as nock.Body,
    );
  const out = (await run(
    perform,
    { ...PICK, [a(ID.fullName)]: 'Ada' },
    {
      authData: { base_url: local, api_key: TOKEN },
    },
  )) as { url: string };
  expect(scope.isDone()).toBe(true);
  expect(out.url).toBe(`http://localhost:3000/forms/every-block-form-0bv2sb?${ID.fullName}=Ada`);
});

test('a draft form is refused (its page does not open); a closed form still gets its link', async () => {
  const error = await refusal({ [a(ID.fullName)]: 'Ada' }, variant({}, { visibility: 'draft' }));
  expect(error).toEqual({
    name: 'AppError',
    code: 'form_closed',
    status: 400,
    message:
      'Form "Every Block Form" is a draft, so its public page does not open (OpnForm answers "not found"): publish ' +
      'it in OpnForm (set its visibility to Public) first. No link was made.',
  });
  const closed = await link(
    { [a(ID.fullName)]: 'Ada' },
    variant({}, { visibility: 'closed', is_closed: true }),
  );
  expect(closed.url).toBe(`${SHARE}?${ID.fullName}=Ada`);
});

test('a form of another workspace than the one chosen is refused, naming both', async () => {
  const scope = READ();
  const error = await failure(run(perform, { workspace_id: 9, form_id: 13, [a(ID.fullName)]: 'Ada' }));
  expect(scope.isDone()).toBe(true);
  expect(error.message).toBe(
    'Invalid input: Form (form_id) 13 is in workspace 6, not in the chosen Workspace (workspace_id) 9. Choose ' +
      'workspace 6, or a form of workspace 9. No link was made.',
  );
});

test('a file question cannot be filled from a link: a value mapped to one is left out', async () => {
  const out = await link({ [a(ID.attachments)]: 'https://files.example.org/a.pdf', [a(ID.age)]: 7 });
  expect(out.url).toBe(`${SHARE}?${ID.age}=7`);
});

test('values outside the choices are refused by name, with what is allowed; no link is made', async () => {
  const error = await refusal({ [a(ID.plan)]: 'Gold', [a(ID.interests)]: ['Math', 'Poetry'] });
  expect(error).toEqual({
    name: 'AppError',
    code: 'invalid_input',
    status: 400,
    message:
      `Invalid input: Plan (${a(ID.plan)}) must be one of Free, Pro, Enterprise (got "Gold"); ` +
      `Interests (${a(ID.interests)}) must be one of Math, Space, Code (got "Poetry"). No link was made.`,
  });
});

test("a date range's end without its start is refused (the form would read it as the start); no link is made", async () => {
  const error = await refusal({ [`${a(ID.stay)}__end`]: '2026-04-03' });
  expect(error).toMatchObject({
    code: 'invalid_input',
    message: `Invalid input: Stay (End) is given without a start: fill in ${a(ID.stay)}__start too. No link was made.`,
  });
});

test("an extra parameter named like a question's id is refused (the form would read it as the answer)", async () => {
  const error = await refusal({ query_params: { [`${ID.plan}[]`]: 'Pro' } });
  expect(error.message).toBe(
    `Invalid input: Extra Query Parameters (query_params) names the question id "${ID.plan}[]": give its answer in ` +
      "the question's own field. No link was made.",
  );
});

test('the inputs: one per question the link can fill, with what the link does with each in its help', async () => {
  const scope = READ();
  const fields = (await run(op('creates.create_prefilled_link.operation.inputFields.2'), PICK)) as Array<{
    key: string;
    required?: boolean;
    choices?: unknown[];
    type?: string;
    helpText?: string;
  }>;
  expect(scope.isDone()).toBe(true);
  expect(fields.some((f) => f.required === true)).toBe(false);
  expect(fields.some((f) => f.type === 'file')).toBe(false);
  expect(fields.find((f) => f.key === a(ID.plan))?.choices).toHaveLength(3);
  expect(fields.map((f) => f.key)).toContain(a(ID.internalRef));
  const help = (key: string) => fields.find((f) => f.key === key)?.helpText;
  expect(help(a(ID.phone))).toBe('Start with + and the country code (+33 6 12 34 56 78).');
  expect(help(a(ID.interests))).toBe('An option whose name has a comma: give it as one item of the list.');
  expect(help(a(ID.visit))).toContain('Every respondent sees that day, in any time zone.');
  expect(help(a(ID.age))).toBe('Digits and an optional decimal point (42, 3.50), kept as written.');
});

test("the Extra Query Parameters help names the names OpnForm's form reads itself", () => {
  const fields = (App.creates as Record<string, { operation: { inputFields: unknown[] } }>)
    .create_prefilled_link?.operation.inputFields as Array<{ key?: string; helpText?: string }>;
  const field = fields.find((f) => f.key === 'query_params');
  expect(field?.helpText).toContain(
    "Nor can a name OpnForm's form reads itself: submission_id, busy, successful,",
  );
  expect(field?.helpText).toContain('data, keys,');
});

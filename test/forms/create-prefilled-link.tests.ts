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
import {
  a,
  everywhere,
  ID,
  link,
  PICK,
  perform,
  READ,
  refusal,
  SHARE,
  seenIn,
  variant,
} from '../helpers/prefill-form';
import { api } from '../helpers/scopes';

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

test('a checkbox is "true" or "false", the words the form turns back into a tick', async () => {
  const on = await link({ [a(ID.subscribe)]: 'yes' });
  expect(on.url).toBe(`${SHARE}?${ID.subscribe}=true`);
  expect(seenIn(on.url, ID.subscribe)).toEqual(everywhere(true, true));
  const off = await link({ [a(ID.subscribe)]: false });
  expect(off.url).toBe(`${SHARE}?${ID.subscribe}=false`);
  expect(seenIn(off.url, ID.subscribe)).toEqual(everywhere(false, false));
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

test('an email of 100,003 characters: refused by its length before any pattern reads it, no link made', async () => {
  const scope = READ();
  const error = await failure(run(perform, { ...PICK, [a(ID.email)]: `${'a'.repeat(100_000)}@b.` }));
  expect(scope.isDone()).toBe(true);
  expect(error.message).toBe(
    `Invalid input: Email (${a(ID.email)}) must be an email address of at most 320 characters (got 100003 ` +
      'characters). No link was made.',
  );
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
  expect(help(a(ID.rating))).toBe('A whole number of stars from 1 to 5.');
  expect(help(a(ID.scale))).toBe("One of the scale's answers, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10.");
  expect(help(a(ID.slider))).toBe('A number from 0 to 100 in steps of 5.');
});

test("the Extra Query Parameters help names the names OpnForm's form reads itself", () => {
  const fields = (App.creates as Record<string, { operation: { inputFields: unknown[] } }>)
    .create_prefilled_link?.operation.inputFields as Array<{ key?: string; helpText?: string }>;
  const field = fields.find((f) => f.key === 'query_params');
  expect(field?.helpText).toContain(
    "nor a name OpnForm's form reads itself: submission_id, busy, successful,",
  );
  expect(field?.helpText).toContain('data, keys,');
});

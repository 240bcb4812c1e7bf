/**
 * Create Pre-filled Form Link against the recorded "Every Block Form" (forms--get-form #1: every
 * question type, a hidden one, share_url `{front_url}/forms/every-block-form-0bv2sb`). Each expected
 * link is written from OpnForm's own generator, client/components/open/forms/components/FormUrlPrefill.vue
 * (share_url + "?" + URLSearchParams of each block that has a value, in form order, keyed by the block's
 * id, a list as repeated `<id>[]` entries, then "&" + the extra query string), read back by the public
 * form in client/composables/forms/useFormInitialization.js (`applyUrlParameters`, `resetAndFill`).
 * The form read is the only request: nock refuses any other (disableNetConnect) and every test checks
 * the read was made.
 */
import { failure, op, run } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';

const perform = op('creates.create_prefilled_link.operation.perform');
const READ = () => recordedScope(recorded('forms--get-form').exchange(1));
const SHARE = 'https://forms.example.org/forms/every-block-form-0bv2sb';
const PICK = { workspace_id: 9, form_id: 13 };

const ID = {
  fullName: 'b25602d4-a4c4-4d85-b359-f75cd6520fee',
  email: 'b27cd8f9-2004-4df7-a598-457bdf11e26d',
  plan: '3e07d301-d172-448c-9007-28d8a30b7e16',
  interests: '0b0070f3-6149-414f-a483-451827bca29e',
  visit: '3bb821f6-b201-49a7-a5f7-66dbe1e7be2a',
  meeting: '738828de-ac43-4015-8c71-4ac2a09a6571',
  stay: 'cc702e41-ce3b-4c35-81db-a28dfb3ac3a4',
  subscribe: '817e654d-ea40-456e-a9ea-52652a063511',
  age: 'ef135658-9e42-45ed-bff3-e1c833095d89',
  rating: 'b5dd22a2-b2a7-4287-93bb-9b444dcf89de',
  feedback: '2cbdd080-b6e8-4d98-a784-b4a4b17f9f88',
  attachments: '7de3cf55-e7c2-4aac-8c4e-c8fbb8bc2e68',
  internalRef: '4b681407-9b5a-43ad-926a-22f8fae8939a',
};
const a = (id: string) => `answer__${id}`;

/** Runs the step with the given answers; returns the output after checking the form read was the one request. */
const link = async (inputs: Record<string, unknown>) => {
  const scope = READ();
  const out = (await run(perform, { ...PICK, ...inputs })) as Record<string, unknown>;
  expect(scope.isDone()).toBe(true);
  return out;
};

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
});

test("a choice (select) carries the option's name as the form stores it", async () => {
  const out = await link({ [a(ID.plan)]: 'pro' });
  expect(out.url).toBe(`${SHARE}?${ID.plan}=Pro`);
  expect(out.values).toEqual({ [ID.plan]: 'Pro' });
});

test('a multi-select repeats `<id>[]` once per option, in the order given', async () => {
  const out = await link({ [a(ID.interests)]: ['Code', 'Math'] });
  expect(out.url).toBe(`${SHARE}?${ID.interests}%5B%5D=Code&${ID.interests}%5B%5D=Math`);
  expect(out.values).toEqual({ [ID.interests]: ['Code', 'Math'] });
});

test('dates: a date-only question gets the date as written, a date-time keeps its time, a range is `<id>[]` twice', async () => {
  const out = await link({
    [a(ID.visit)]: '2026-03-05T00:00:00-05:00',
    [a(ID.meeting)]: '2026-03-05T14:30:00+01:00',
    [`${a(ID.stay)}__start`]: '2026-04-01',
    [`${a(ID.stay)}__end`]: '2026-04-03',
  });
  expect(out.url).toBe(
    `${SHARE}?${ID.visit}=2026-03-05&${ID.meeting}=2026-03-05T14%3A30%3A00%2B01%3A00` +
      `&${ID.stay}%5B%5D=2026-04-01&${ID.stay}%5B%5D=2026-04-03`,
  );
});

test('a checkbox is "true" or "false", the words the form turns back into a tick', async () => {
  expect((await link({ [a(ID.subscribe)]: 'yes' })).url).toBe(`${SHARE}?${ID.subscribe}=true`);
  expect((await link({ [a(ID.subscribe)]: false })).url).toBe(`${SHARE}?${ID.subscribe}=false`);
});

test('numbers (number, rating) are their text', async () => {
  const out = await link({ [a(ID.age)]: '42', [a(ID.rating)]: 4 });
  expect(out.url).toBe(`${SHARE}?${ID.age}=42&${ID.rating}=4`);
  expect(out.values).toEqual({ [ID.age]: '42', [ID.rating]: '4' });
});

test('a matrix is its JSON object (the form parses a value starting with "{")', async () => {
  const out = await link({ [`${a(ID.feedback)}__row__Support`]: 'Good' });
  expect(out.url).toBe(`${SHARE}?${ID.feedback}=%7B%22Support%22%3A%22Good%22%7D`);
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

test('a file question cannot be filled from a link: a value mapped to one is left out', async () => {
  const out = await link({ [a(ID.attachments)]: 'https://files.example.org/a.pdf', [a(ID.age)]: 7 });
  expect(out.url).toBe(`${SHARE}?${ID.age}=7`);
});

test('values outside the choices are refused by name, with what is allowed; no link is made', async () => {
  const scope = READ();
  const error = await failure(
    run(perform, { ...PICK, [a(ID.plan)]: 'Gold', [a(ID.interests)]: ['Math', 'Poetry'] }),
  );
  expect(scope.isDone()).toBe(true);
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
  const scope = READ();
  const error = await failure(run(perform, { ...PICK, [`${a(ID.stay)}__end`]: '2026-04-03' }));
  expect(scope.isDone()).toBe(true);
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
  const scope = READ();
  const error = await failure(run(perform, { ...PICK, query_params: { [`${ID.plan}[]`]: 'Pro' } }));
  expect(scope.isDone()).toBe(true);
  expect(error.message).toBe(
    `Invalid input: Extra Query Parameters (query_params) names the question id "${ID.plan}[]": give its answer in ` +
      "the question's own field. No link was made.",
  );
});

test('the inputs: one per question the link can fill (hidden included, choices as dropdowns, none required, no files)', async () => {
  const scope = READ();
  const fields = (await run(op('creates.create_prefilled_link.operation.inputFields.2'), PICK)) as Array<{
    key: string;
    required?: boolean;
    choices?: unknown[];
    type?: string;
  }>;
  expect(scope.isDone()).toBe(true);
  expect(fields.some((f) => f.required === true)).toBe(false);
  expect(fields.some((f) => f.type === 'file')).toBe(false);
  expect(fields.find((f) => f.key === a(ID.plan))?.choices).toHaveLength(3);
  expect(fields.map((f) => f.key)).toContain(a(ID.internalRef));
});

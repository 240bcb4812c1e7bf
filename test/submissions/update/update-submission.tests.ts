import { KEEP_NOTE } from '../../../src/answers/answer-inputs';
import { failure, op, run } from '../../helpers/app';
import { api } from '../../helpers/scopes';
import { ANSWERS, FORM, FORM_ID, fillers, item, page, shaped } from '../sample-form';
import { formScope, input, LIST, OUTPUT, REAL_REPLY, SENT } from './fixtures';

const perform = op('creates.update_submission.operation.perform');
const answerFields = op('creates.update_submission.operation.inputFields.3');

/** A PUT scope that records the body it received. */
const capturePut = (reply: object) => {
  const sent: Record<string, unknown> = {};
  api()
    .put(`${LIST}/512`, (body) => {
      Object.assign(sent, body);
      return true;
    })
    .reply(200, reply);
  return sent;
};

describe('merge before update', () => {
  test('current answers on page 1: the PUT holds every current answer plus the change (3 requests)', async () => {
    const form = formScope();
    const list = api()
      .get(LIST)
      .query({ page: '1', per_page: '100' })
      .reply(200, page([item(513), item(512), item(511)], 1, 4));
    const put = api()
      .put(`${LIST}/512`, { ...SENT, 'f-plan': 'Pro', completion_time: 80 })
      .reply(200, REAL_REPLY({ 'f-plan': 'Pro' }));
    await expect(run(perform, input({ 'answer__f-plan': 'Pro' }))).resolves.toEqual(
      OUTPUT({ 'f-plan': 'Pro' }),
    );
    expect([form.isDone(), list.isDone(), put.isDone()]).toEqual([true, true, true]);
  });

  test('required answers the user did not touch (Name, Email), files and hidden answers are sent unchanged', async () => {
    formScope();
    api()
      .get(LIST)
      .query(true)
      .reply(200, page([item(512)], 1, 1));
    const sent = capturePut(REAL_REPLY({ 'f-age': 37 }));
    await run(perform, input({ 'answer__f-age': '37', completion_time: '120' }));
    expect(sent['f-name']).toBe('Ada Lovelace');
    expect(sent['f-email']).toBe('ada@example.org');
    expect(sent['f-cv']).toEqual(['cv.pdf']);
    expect(sent['f-ref']).toBe('newsletter');
    expect(sent).toEqual({ ...SENT, 'f-age': 37, completion_time: 120 });
    expect(Object.keys(sent)).not.toEqual(
      expect.arrayContaining(['status', 'created_at', 'id', 'submission_id']),
    );
  });

  test('found on page 2: pages are built with per_page each time, then the PUT', async () => {
    formScope();
    const p1 = api()
      .get(LIST)
      .query({ page: '1', per_page: '100' })
      .reply(200, page(fillers(700, 100), 1, 9));
    const p2 = api()
      .get(LIST)
      .query({ page: '2', per_page: '100' })
      .reply(200, page([...fillers(600, 50), item(512), ...fillers(511, 49)], 2, 9));
    const put = api()
      .put(`${LIST}/512`)
      .reply(200, REAL_REPLY({ 'f-agree': false }));
    await run(perform, input({ 'answer__f-agree': 'no' }));
    expect([p1.isDone(), p2.isDone(), put.isDone()]).toEqual([true, true, true]);
  });

  test('not among the 500 newest: a clear error after 5 pages, and no PUT', async () => {
    formScope();
    const pages = [1, 2, 3, 4, 5].map((n) =>
      api()
        .get(LIST)
        .query({ page: String(n), per_page: '100' })
        .reply(200, page(fillers(2000 - n * 100, 100), n, 20)),
    );
    // no PUT interceptor: a PUT would match nothing and fail the step with nock's error, not this one
    const error = await failure(run(perform, input({ 'answer__f-plan': 'Pro' })));
    expect(error).toEqual({
      name: 'AppError',
      code: 'not_found',
      status: 404,
      message:
        'Submission 512 was not found among the 500 newest submissions of form 42, so nothing was changed. ' +
        'OpnForm replaces every answer on update, so the current answers must be read first, and access tokens ' +
        'can only read them from the list of recent submissions. Check that the submission belongs to this form.',
    });
    expect(pages.every((p) => p.isDone())).toBe(true);
  });

  test('not on the form at all (last page read): says so, no PUT', async () => {
    formScope();
    api()
      .get(LIST)
      .query({ page: '1', per_page: '100' })
      .reply(200, page([item(600)], 1, 1));
    // no PUT interceptor: a PUT would match nothing and fail the step with nock's error, not this one
    const error = await failure(run(perform, input({ 'answer__f-plan': 'Pro' })));
    expect(error.message).toMatch(
      /^Submission 512 was not found among the submissions of form 42, so nothing was changed\./,
    );
  });

  test('Answers to Clear sends null for that question and keeps the rest', async () => {
    formScope();
    api()
      .get(LIST)
      .query(true)
      .reply(200, page([item(512)], 1, 1));
    const put = api()
      .put(`${LIST}/512`, { ...SENT, 'f-ref': null, completion_time: 80 })
      .reply(200, REAL_REPLY({ 'f-ref': null }));
    const out = (await run(perform, input({ clear_fields: ['f-ref'] }))) as {
      answers: Record<string, unknown>;
    };
    expect(out.answers).toEqual({ ...shaped(512).answers, 'f-ref': undefined });
    expect('f-ref' in out.answers).toBe(false); // the shared shape leaves empty answers out
    expect(put.isDone()).toBe(true);
  });
});

describe('values are checked against the block before anything is sent', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['number', { 'answer__f-age': 'old' }, 'Age (answer__f-age) must be a number (got "old")'],
    [
      'select option',
      { 'answer__f-plan': 'Gold' },
      'Plan (answer__f-plan) must be one of Basic, Pro (got "Gold")',
    ],
    [
      'multi-select option',
      { 'answer__f-tags': ['Red', 'Pink'] },
      'Tags (answer__f-tags) must be one of Red, Green, Blue (got "Pink")',
    ],
    [
      'date',
      { 'answer__f-when': 'next week' },
      'Visit (answer__f-when) must be a date such as 2026-11-20 or 2026-11-20T14:30:00+01:00 (got "next week")',
    ],
    [
      'email',
      { 'answer__f-email': 'ada-at-home' },
      'Email (answer__f-email) must be an email address (got "ada-at-home")',
    ],
    [
      'email of 100,003 characters (refused by its length before any pattern reads it)',
      { 'answer__f-email': `${'a'.repeat(100_000)}@b.` },
      'Email (answer__f-email) must be an email address of at most 320 characters (got 100003 characters)',
    ],
    [
      'boolean',
      { 'answer__f-agree': 'maybe' },
      'Agree (answer__f-agree) must be true or false (got "maybe")',
    ],
    [
      'url',
      { 'answer__f-site': 'example.org' },
      'Website (answer__f-site) must be a web address starting with https:// or http:// (got "example.org")',
    ],
    [
      'matrix',
      { 'answer__f-grid': 'Speed=Good' },
      'Ratings (answer__f-grid) must be a JSON object of row: column, for example {"Speed": "Good"} (got "Speed=Good")',
    ],
    [
      'clearing a required question',
      { clear_fields: 'f-email' },
      'Answers to Clear (clear_fields) lists "Email", a required question: it cannot be empty',
    ],
    [
      'clearing an unknown question',
      { clear_fields: 'Shoe size' },
      'Answers to Clear (clear_fields) names no question of this form (got "Shoe size")',
    ],
  ];

  test.each(cases)('%s', async (_kind, values, message) => {
    const form = formScope();
    const error = await failure(run(perform, input(values)));
    expect(error).toEqual({
      name: 'AppError',
      code: 'invalid_input',
      status: 400,
      message: `Invalid input: ${message}. Nothing was changed.`,
    });
    expect(form.isDone()).toBe(true); // only the form was read: no list, no PUT (nock would refuse them)
  });

  test('several bad fields are named in one error', async () => {
    formScope();
    const error = await failure(run(perform, input({ 'answer__f-age': 'x', 'answer__f-plan': 'y' })));
    expect(error.message).toBe(
      'Invalid input: Plan (answer__f-plan) must be one of Basic, Pro (got "y"); Age (answer__f-age) must be a ' +
        'number (got "x"). Nothing was changed.',
    );
  });

  test('good values are converted to what OpnForm stores', async () => {
    formScope();
    api()
      .get(LIST)
      .query(true)
      .reply(200, page([item(512)], 1, 1));
    const sent = capturePut(REAL_REPLY({}));
    await run(
      perform,
      input({
        'answer__f-age': '41.5',
        'answer__f-plan': 'pro',
        'answer__f-tags': 'Green, blue',
        'answer__f-agree': 'false',
        'answer__f-when': '2026-12-01T10:00:00+01:00',
        'answer__f-grid': '{"Speed": "Good"}',
        'answer__f-name': '  Ada King  ',
        'answer__f-site': '',
      }),
    );
    expect(sent).toMatchObject({
      'f-age': 41.5,
      'f-plan': 'Pro',
      'f-tags': ['Green', 'Blue'],
      'f-agree': false,
      // a date-only question: the date part as written, no time zone conversion
      'f-when': '2026-12-01',
      'f-grid': { Speed: 'Good' },
      'f-name': 'Ada King',
    });
    expect('f-site' in sent).toBe(false);
  });

  test('an id that is not a number is refused before any request', async () => {
    const error = await failure(run(perform, input({ submission_id: 'abc' })));
    expect(error.message).toBe(
      "Invalid input: Submission (submission_id) must be the submission's ID (a whole number) or its UUID (as in " +
        'its edit link), got "abc".',
    );
  });

  test.each([
    ['5682109906624604', '5682109906624604'],
    [5682109906624604, '5682109906624604'],
    ['c2FuZGJveC1zdWJtaXNzaW9uLTE', 'c2FuZGJveC1zdWJtaXNzaW9uLTE'],
  ])(
    'an id that cannot be real (%p: a made-up test id or a hashed one) gets a short, plain message, no request',
    async (given, shown) => {
      const error = await failure(run(perform, input({ submission_id: given })));
      expect(error).toMatchObject({
        code: 'invalid_input',
        message: `Invalid input: Submission (submission_id) is not a real submission id: ${shown}. Use a submission from a live run or pick one in the Submission dropdown.`,
      });
    },
  );

  test('nothing to change: a halt (routine, not an error) after reading the form only', async () => {
    const scope = formScope();
    const error = await failure(run(perform, input({ 'answer__f-plan': '  ' })));
    expect(scope.isDone()).toBe(true);
    expect(error).toEqual({
      name: 'HaltedError',
      message:
        'Nothing to update: every answer field is empty (empty means "keep the current answer"). Fill in at least ' +
        'one answer, list a question in Answers to Clear, or set the completion time.',
    });
  });
});

describe("both documented answer shapes (and the real server's)", () => {
  const setup = (reply: object) => {
    formScope();
    api()
      .get(LIST)
      .query(true)
      .reply(200, page([item(512)], 1, 1));
    api().put(`${LIST}/512`).reply(200, reply);
  };

  test('spec (a): {message, data: {submission_id, form_id, submitted_at, data}}', async () => {
    setup({
      message: 'Submission updated successfully',
      data: {
        submission_id: 512,
        form_id: FORM_ID,
        submitted_at: '2026-11-21T09:00:00+00:00',
        data: { ...ANSWERS, 'f-plan': 'Pro' },
      },
    });
    await expect(run(perform, input({ 'answer__f-plan': 'Pro' }))).resolves.toEqual(
      OUTPUT({ 'f-plan': 'Pro' }),
    );
  });

  test('spec (b): a bare Submission', async () => {
    setup({
      id: 512,
      form_id: FORM_ID,
      completion_time: 80,
      data: { ...item(512).data, 'f-plan': 'Pro' },
      meta: null,
    });
    await expect(run(perform, input({ 'answer__f-plan': 'Pro' }))).resolves.toEqual(
      OUTPUT({ 'f-plan': 'Pro' }),
    );
  });

  test('a reply of another shape fails clearly', async () => {
    setup({ message: 'ok' });
    const error = await failure(run(perform, input({ 'answer__f-plan': 'Pro' })));
    expect(error.code).toBe('bad_response');
  });
});

describe('input fields', () => {
  test('one input per answerable question, typed from the block; layout excluded; a file input per file question; hidden included', async () => {
    formScope();
    const fields = (await run(answerFields, { form_id: String(FORM_ID) })) as Array<Record<string, unknown>>;
    expect(fields[0]).toEqual({ key: 'answers_note', type: 'copy', helpText: KEEP_NOTE });
    const answers = fields.slice(1);
    expect(answers.map((f) => [f.key, f.label, f.type, f.list ?? false])).toEqual([
      ['answer__f-name', 'Name', 'string', false],
      ['answer__f-email', 'Email', 'string', false],
      ['answer__f-plan', 'Plan', 'string', false],
      ['answer__f-tags', 'Tags', 'string', true],
      ['answer__f-age', 'Age', 'number', false],
      ['answer__f-agree', 'Agree', 'boolean', false],
      ['answer__f-when', 'Visit', 'datetime', false],
      ['answer__f-site', 'Website', 'string', false],
      // a matrix whose rows cannot be read keeps the single JSON input
      ['answer__f-grid', 'Ratings', 'text', false],
      // a files question: a Zapier file input, a list (it takes several files)
      ['answer__f-cv', 'CV', 'file', true],
      ['answer__f-ref', 'Referrer', 'string', false],
    ]);
    // the block's help ends with a full stop before the next sentence (it had none: "...name Leave empty...")
    expect(answers[0]?.helpText).toBe('Your full name.');
    expect(answers[2]?.choices).toEqual([
      { value: 'Basic', label: 'Basic', sample: 'Basic' },
      { value: 'Pro', label: 'Pro', sample: 'Pro' },
    ]);
    expect(answers[6]?.helpText).toBe(
      'A date-only question: the date part is kept as written in the value (no time zone conversion).',
    );
    // the file input says what the question takes (no limit set: the workspace's, or the upload route's 5 MB),
    // and that a file given replaces the question's files
    expect(answers[9]?.helpText).toBe(
      'Any file, up to 50 MB (5 MB on a self-hosted server). Replaces all the files this question has now (they ' +
        'are not added to).',
    );
    expect(answers[10]?.helpText).toBe('This question is hidden on the form.');
    expect(answers.every((f) => f.required === false)).toBe(true);
  });

  test('no form chosen yet, or a form id that is not one (an unresolved mapping): no answer inputs, no request', async () => {
    await expect(run(answerFields, {})).resolves.toEqual([]);
    await expect(run(answerFields, { form_id: '{{123__form_id}}' })).resolves.toEqual([]);
  });
});

test('a form of another workspace than the chosen one: refused naming both after the form read; no list, no PUT', async () => {
  const form = api()
    .get(`/open/forms/${FORM_ID}`)
    .reply(200, { ...FORM, workspace_id: 9 });
  const error = await failure(run(perform, input({ 'answer__f-name': 'Grace Hopper' })));
  expect(form.isDone()).toBe(true);
  expect(error).toMatchObject({
    code: 'invalid_input',
    message:
      'Invalid input: Form (form_id) 42 is in workspace 9, not in the chosen Workspace (workspace_id) 7. Choose ' +
      'workspace 9, or a form of workspace 7. Nothing was changed.',
  });
});

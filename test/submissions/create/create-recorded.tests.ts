// Create Submission and Find or Create Submission against the exchanges recorded from a real OpnForm
// server: the public answer endpoint (submissions--public-create.json) called without the token, as a
// respondent calls it, and the created submission read back from the /open list (submissions--list.json,
// submissions--update.json) by its answers or its public UUID. Every refusal happens before any write.
import { failure, op, run } from '../../helpers/app';
import { recorded, recordedScope } from '../../helpers/recorded';
import { formScope } from '../recorded-forms';

const create = op('creates.create_submission.operation.perform');

const FIRST_PAGE = { page: '1', per_page: '100' };

const publicCreate = recorded('submissions--public-create');
const FORM_6 = recorded('forms--update-form').exchange(1).response.body;
const FORM_13 = recorded('forms--get-form').find('GET', '/open/forms/13', 200).response.body;
/** Form 6's list after every public-create exchange: 2063, 2058, 2059, 2061 (partial), then older ones. */
const LIST_6 = recorded('submissions--list').exchange(0);
const list6 = (keep: (id: number) => boolean) => {
  const body = LIST_6.response.body as { data: Array<{ id: number }> };
  return {
    ...LIST_6,
    response: { ...LIST_6.response, body: { ...body, data: body.data.filter((i) => keep(i.id)) } },
  };
};

/** The answers of the recorded `POST /forms/zapier-test-form-corpus-bnml9u/answer` (exchange 0), as step inputs. */
const ADA = {
  workspace_id: 6,
  form_id: 6,
  'answer__30816303-36b4-46cd-8cff-8658ca969c86': 'Ada Lovelace',
  'answer__18423e4e-0427-44b2-8fee-1b2e73a5aa95': 'ada@example.test',
  'answer__769663c6-77d2-497a-b45c-fa1acfdc38e4': 'Second',
  'answer__089235ec-fdb1-4be2-8d70-e8e274a4d640': ['One', 'Two'],
  'answer__7c99a4d1-b593-4a33-a822-83392bba7112': '2026-01-15T00:00:00-05:00',
  'answer__ddae102a-1a0c-427e-acaf-46db1ecf1547': 'yes',
};

/** Form 6 before the recorded POST (newest id 1054) and after it (2058 new; 2063 not yet made). */
const adaScopes = (flags: Record<string, unknown> = {}) => [
  formScope(6, FORM_6, flags),
  recordedScope(
    list6((id) => id < 2058),
    { query: FIRST_PAGE },
  ),
  // the request is the recorded one byte for byte, with no Authorization header (publicApi)
  recordedScope(publicCreate.exchange(0), { anonymous: true }),
];

describe('Create Submission (submissions--public-create.json)', () => {
  test('sends the recorded answer without the token and returns the real integer id: 4 requests', async () => {
    const scopes = adaScopes();
    const after = recordedScope(
      list6((id) => id !== 2063),
      { query: FIRST_PAGE },
    );
    const out = (await run(create, ADA)) as {
      id: number;
      answers: Record<string, unknown>;
      status: string;
      outcome: string;
      message: string;
    };
    expect([...scopes, after].map((s) => s.isDone())).toEqual([true, true, true, true]);
    // 2059 ("Ada With Token") arrived at the same moment with other answers: not taken
    expect(out.id).toBe(2058);
    expect(out.status).toBe('completed');
    expect(out.outcome).toBe('created');
    expect(out.message).toBe('Submission 2058 created.');
    expect(out.answers['30816303-36b4-46cd-8cff-8658ca969c86']).toBe('Ada Lovelace');
  });

  test('two new submissions with exactly these answers: said so, no id guessed, no error', async () => {
    const scopes = adaScopes();
    recordedScope(LIST_6, { query: FIRST_PAGE });
    const out = (await run(create, ADA)) as { id: number | null; outcome: string; message: string };
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(out.id).toBeNull();
    expect(out.outcome).toBe('unconfirmed');
    expect(out.message).toBe(
      'The answers were saved, but 2 submissions with exactly these answers appeared at the same moment (ids ' +
        '2063, 2058), so which one this step made cannot be told and no submission id is given. Do not re-run ' +
        'this step for these answers: it would submit them again.',
    );
  });

  test('a form with editable submissions: found by the public UUID the endpoint returned, 3 requests', async () => {
    const scopes = [
      formScope(13, FORM_13),
      recordedScope(publicCreate.exchange(2), { anonymous: true }),
      recordedScope(recorded('submissions--update').exchange(0), { query: FIRST_PAGE }),
    ];
    const out = (await run(create, {
      workspace_id: 6,
      form_id: 13,
      'answer__b25602d4-a4c4-4d85-b359-f75cd6520fee': 'Grace Editable',
      'answer__3e07d301-d172-448c-9007-28d8a30b7e16': 'free',
    })) as { id: number };
    expect(scopes.map((s) => s.isDone())).toEqual([true, true, true]);
    expect(out.id).toBe(2060);
  });

  test('Find or Create: the searched value answers its question when the create leaves it empty', async () => {
    const scopes = adaScopes();
    recordedScope(
      list6((id) => id !== 2063),
      { query: FIRST_PAGE },
    );
    const { 'answer__18423e4e-0427-44b2-8fee-1b2e73a5aa95': _email, ...withoutEmail } = ADA;
    const out = (await run(
      create,
      { ...withoutEmail, search_field: 'Email', search: 'ada@example.test' },
      { meta: { withSearch: 'find_submission' } },
    )) as { id: number };
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(out.id).toBe(2058);
  });
});

describe('refused before any write', () => {
  // a form id mapped from another step, of another workspace than the chosen one: a real server stores
  // the answer and runs that form's webhooks, so only the form is read (nock refuses any other request)
  test.each([
    ['Create Submission', {}],
    ['Find or Create Submission', { meta: { withSearch: 'find_submission' } }],
  ])('%s: a form of another workspace, both workspaces named', async (_step, extra) => {
    const read = formScope(6, FORM_6);
    const error = await failure(
      run(create, { ...ADA, workspace_id: 7, search_field: 'Email', search: 'ada@example.test' }, extra),
    );
    expect(read.isDone()).toBe(true);
    expect(error).toMatchObject({
      code: 'invalid_input',
      message:
        'Invalid input: Form (form_id) 6 is in workspace 6, not in the chosen Workspace (workspace_id) 7. ' +
        'Choose workspace 6, or a form of workspace 7. Nothing was submitted.',
    });
  });

  test('a captcha form (submissions--captcha-form.json): only the form is read', async () => {
    const captchaForm = (recorded('submissions--captcha-form').exchange(0).response.body as { form: unknown })
      .form;
    formScope(17, captchaForm);
    const error = await failure(
      run(create, { workspace_id: 6, form_id: 17, 'answer__737615a5-97b3-447d-a1bc-e67f7d6aaa81': 'Robot?' }),
    );
    expect(error.message).toBe(
      'Form "Captcha Form" requires a captcha, which OpnForm demands on every submission and an automation ' +
        "cannot solve. To create submissions through Zapier, turn the captcha off in the form's settings " +
        '(Security & Privacy). Nothing was submitted.',
    );
    expect(error.code).toBe('captcha_form');
  });

  test.each([
    [
      { visibility: 'closed', is_closed: true },
      'form_closed',
      'Form "Zapier Test Form (corpus)" is closed, so',
    ],
    [{ closes_at: '2020-01-01 00:00:00' }, 'form_closed', 'is closed (it closed at 2020-01-01 00:00:00), so'],
    [{ max_submissions_count: 5 }, 'submission_limit', 'has reached its limit of 5 submissions (it has 5)'],
    [{ max_number_of_submissions_reached: true }, 'submission_limit', 'has reached its limit'],
    // the sqlite read's `password` is "0", which OpnForm (PHP) counts as no password: nothing to answer with
    [
      { has_password: true, is_password_protected: true },
      'password_form',
      'is protected by a password, and OpnForm did not show it to the connected account',
    ],
    [
      { visibility: 'draft' },
      'form_closed',
      'Form "Zapier Test Form (corpus)" is a draft, so it takes no submissions',
    ],
  ])('%j: %s', async (flags, code, words) => {
    formScope(6, FORM_6, flags);
    const error = await failure(run(create, ADA));
    expect(error.code).toBe(code);
    expect(error.message).toContain(words);
    expect(error.message).toMatch(/Nothing was submitted\.$/);
  });

  test('bad values are each named with what is allowed', async () => {
    formScope(6, FORM_6);
    const error = await failure(
      run(create, {
        ...ADA,
        'answer__18423e4e-0427-44b2-8fee-1b2e73a5aa95': 'not-an-email',
        'answer__769663c6-77d2-497a-b45c-fa1acfdc38e4': 'Third',
      }),
    );
    expect(error.message).toBe(
      'Invalid input: Email (answer__18423e4e-0427-44b2-8fee-1b2e73a5aa95) must be an email address (got ' +
        '"not-an-email"); Select (answer__769663c6-77d2-497a-b45c-fa1acfdc38e4) must be one of First, Second ' +
        '(got "Third"). Nothing was submitted.',
    );
  });

  test('an email answer of 100,003 characters: refused by its length before any pattern reads it, nothing submitted', async () => {
    // the form read says which question is an email; no write follows (an unused interceptor fails the test)
    formScope(6, FORM_6);
    const error = await failure(
      run(create, { ...ADA, 'answer__18423e4e-0427-44b2-8fee-1b2e73a5aa95': `${'a'.repeat(100_000)}@b.` }),
    );
    expect(error.message).toBe(
      'Invalid input: Email (answer__18423e4e-0427-44b2-8fee-1b2e73a5aa95) must be an email address of at most ' +
        '320 characters (got 100003 characters). Nothing was submitted.',
    );
  });

  test('a required question left empty (Full Name on form 13)', async () => {
    formScope(13, FORM_13);
    const error = await failure(
      run(create, { workspace_id: 6, form_id: 13, 'answer__3e07d301-d172-448c-9007-28d8a30b7e16': 'Free' }),
    );
    expect(error.message).toBe(
      'Invalid input: "Full Name" (answer__b25602d4-a4c4-4d85-b359-f75cd6520fee) is required. Nothing was submitted.',
    );
  });

  test("a date range's end without its start (Stay on form 13): refused, the form would read it as the start", async () => {
    formScope(13, FORM_13);
    const error = await failure(
      run(create, {
        workspace_id: 6,
        form_id: 13,
        'answer__b25602d4-a4c4-4d85-b359-f75cd6520fee': 'Ada',
        'answer__cc702e41-ce3b-4c35-81db-a28dfb3ac3a4__end': '2026-04-03',
      }),
    );
    expect(error.message).toBe(
      'Invalid input: Stay (End) is given without a start: fill in ' +
        'answer__cc702e41-ce3b-4c35-81db-a28dfb3ac3a4__start too. Nothing was submitted.',
    );
  });

  test('every answer empty: a halt, nothing sent', async () => {
    formScope(6, FORM_6);
    const error = await failure(run(create, { workspace_id: 6, form_id: 6 }));
    expect(error.message).toBe('Nothing to submit: every answer field is empty. Nothing was submitted.');
  });
});

describe('what is not refused, and what only the server knows', () => {
  test.each([
    [{ closes_at: '2999-01-01 00:00:00' }],
    [{ max_submissions_count: 6 }],
    [{ password: '0', has_password: false }],
  ])('%j: created', async (flags) => {
    const scopes = adaScopes(flags);
    recordedScope(
      list6((id) => id !== 2063),
      { query: FIRST_PAGE },
    );
    const out = (await run(create, ADA)) as { id: number };
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(out.id).toBe(2058);
  });

  test("a 422 of the answer endpoint (the server's own rules) names the questions", async () => {
    formScope(13, FORM_13);
    recordedScope(publicCreate.exchange(3), { anonymous: true, body: () => true });
    const error = await failure(
      run(create, {
        workspace_id: 6,
        form_id: 13,
        'answer__b25602d4-a4c4-4d85-b359-f75cd6520fee': 'Grace',
        'answer__c902302d-7ee5-4a88-b522-a9b9d9ffed1d': '12',
      }),
    );
    // the recorded answer to a body with many bad values: every field id is named by its question
    expect(error.message).toBe(
      'OpnForm rejected the request (422): The Full Name field is required. (and 10 more errors) Full Name: The ' +
        'Full Name field is required.; Email: The Email must be a valid email address.; Website: The Website ' +
        'format is invalid.; Phone: The Phone must be at least 6 characters. The Phone is not a valid phone ' +
        'number.; Plan: The selected Plan is invalid.; Visit Date: The Visit Date is not a valid date.; Stay: ' +
        'From date must be before or equal to To date; Age: The Age must be a number.; Feedback: Invalid value ' +
        "'Excellent' for row 'Support'.; Interests: The selected 0b0070f3-6149-414f-a483-451827bca29e.1 is invalid.",
    );
  });
});

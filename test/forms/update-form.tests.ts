/**
 * Update Form against the recorded real server (`forms--update-form`, `forms--get-form`, and the
 * production-like `forms--update-form-race`): the form is read, read again right before the save,
 * sent back exactly as read with only the user's changes (every other key deep-equal to the recorded
 * read), and read back after the save; that form comes out in Find Form's shape plus `changed`.
 * Concurrent saves: update-form-race.tests.ts.
 */
import { failure, op, run } from '../helpers/app';
import { api, recorded, recordedScope } from '../helpers/recorded';
import { capture } from './update-form-helpers';

const perform = op('creates.update_form.operation.perform');
const update = () => recorded('forms--update-form');
/** The recorded read of form 6 (the seeded simple form). */
const READ = () => update().exchange(1);
const READ_BODY = () => READ().response.body as Record<string, unknown>;
/** The recorded 200 answer of the update (its form is what the step outputs). */
const SAVED = () => update().exchange(2);
const SELECT_ID = '769663c6-77d2-497a-b45c-fa1acfdc38e4';
const MULTI_ID = '089235ec-fdb1-4be2-8d70-e8e274a4d640';
const FORM_6 = { workspace_id: 6, form_id: 6 };

const without = (value: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));

type Block = { id: string; [key: string]: unknown };
const blocks = (body: Record<string, unknown>) => body.properties as Block[];

/**
 * The four requests of a change: the read, the same read again right before the save, the save (the
 * recorded answer `reply`; its body kept in `sent`) and the read after it, which answers the form as
 * the server stored what was sent (recorded: a save's answer and the next read hold the body sent).
 */
const saving = (read = READ(), reply = SAVED()) => {
  const { sent, match } = capture();
  const scopes = [
    recordedScope(read),
    recordedScope(read),
    recordedScope(reply, { body: match }),
    api()
      .get('/open/forms/6')
      .reply(200, () => ({ ...sent[0], updated_at: '2026-11-23T17:45:00.000000Z' })),
  ];
  return { sent, done: () => scopes.every((scope) => scope.isDone()) };
};

test('the recording itself: the read sent back as-is, one setting changed, is what the real server accepts', () => {
  const read = READ_BODY();
  const put = update().exchange(2).request.body as Record<string, unknown>;
  expect(update().exchange(0).response.status).toBe(422);
  expect(without(put, ['enable_partial_submissions'])).toEqual(without(read, ['enable_partial_submissions']));
  expect(update().exchange(2).response.status).toBe(200);
});

test('closing a form: every other key is sent back deep-equal to the recorded read; output is the saved form', async () => {
  const { sent, done } = saving();
  const out = await run(perform, {
    ...FORM_6,
    visibility: 'closed',
    title: 'Zapier Test Form (closed)',
    max_submissions_count: '250',
    closes_at: '2099-12-31T23:00:00+01:00',
  });
  expect(done()).toBe(true);
  const [body] = sent as [Record<string, unknown>];
  const changed = ['visibility', 'title', 'max_submissions_count', 'closes_at'];
  expect(without(body, changed)).toEqual(without(READ_BODY(), changed));
  expect(Object.keys(body).sort()).toEqual(Object.keys(READ_BODY()).sort());
  expect(body).toMatchObject({
    visibility: 'closed',
    title: 'Zapier Test Form (closed)',
    max_submissions_count: 250,
    closes_at: '2099-12-31T22:00:00.000Z',
  });
  // int booleans of the sqlite read travel back as read (0/1), not converted
  expect(body).toMatchObject({ re_fillable: 0, uppercase_labels: 1, editable_submissions: 0 });
  // the output is the form read back after the save
  expect(out).toEqual({
    id: 6,
    slug: 'zapier-test-form-corpus-bnml9u',
    title: 'Zapier Test Form (closed)',
    visibility: 'closed',
    tags: [],
    workspace_id: 6,
    closes_at: '2099-12-31T22:00:00+00:00',
    is_closed: false,
    max_submissions_count: 250,
    submissions_count: 5,
    share_url: 'https://forms.example.org/forms/zapier-test-form-corpus-bnml9u',
    language: 'en',
    submission_retention_value: null,
    submission_retention_unit: null,
    enable_partial_submissions: false,
    editable_submissions: false,
    question_count: 7,
    questions: expect.any(Array),
    questions_text: expect.stringContaining('Select (select)'),
    changed: ['title', 'visibility', 'closes_at', 'max_submissions_count'],
  });
});

test('adding and removing choices changes only that question; other blocks and keys as read', async () => {
  const { sent, done } = saving();
  const out = await run(perform, {
    ...FORM_6,
    choice_field: MULTI_ID,
    add_choices: ['Four', ' Five '],
    remove_choices: ['two'],
  });
  expect(done()).toBe(true);
  const [body] = sent as [Record<string, unknown>];
  expect(without(body, ['properties'])).toEqual(without(READ_BODY(), ['properties']));
  const before = blocks(READ_BODY());
  const after = blocks(body);
  expect(after.map((b) => b.id)).toEqual(before.map((b) => b.id));
  after.forEach((block, i) => {
    if (block.id !== MULTI_ID) expect(block).toEqual(before[i]);
  });
  const multi = after.find((b) => b.id === MULTI_ID) as Block;
  expect(without(multi, ['multi_select'])).toEqual(
    without(before.find((b) => b.id === MULTI_ID) as Block, ['multi_select']),
  );
  expect(multi.multi_select).toEqual({
    options: [
      { id: 'One', name: 'One' },
      { id: 'Three', name: 'Three' },
      { id: 'Four', name: 'Four' },
      { id: 'Five', name: 'Five' },
    ],
  });
  expect((out as { changed: string[] }).changed).toEqual(['properties']);
});

test('replacing choices: kept choices keep their stored object, new ones get their name as id', async () => {
  const { sent, done } = saving();
  await run(perform, { ...FORM_6, choice_field: 'Select', replace_choices: ['Second', 'Third'] });
  expect(done()).toBe(true);
  const select = blocks(sent[0] as Record<string, unknown>).find((b) => b.id === SELECT_ID) as Block;
  expect(select.select).toEqual({
    options: [
      { id: 'Second', name: 'Second' },
      { id: 'Third', name: 'Third' },
    ],
  });
});

test('clearing the closing date and the limit sends null for both', async () => {
  const read = READ();
  (read.response.body as Record<string, unknown>).closes_at = '2099-01-01T00:00:00.000000Z';
  (read.response.body as Record<string, unknown>).max_submissions_count = 10;
  const { sent, done } = saving(read);
  const out = await run(perform, { ...FORM_6, clear_closes_at: 'yes', clear_max_submissions_count: true });
  expect(done()).toBe(true);
  expect(sent[0]).toMatchObject({ closes_at: null, max_submissions_count: null });
  expect((out as { changed: string[] }).changed).toEqual(['closes_at', 'max_submissions_count']);
});

test('nothing differs from the form as read: no update is sent (1 request), changed is empty', async () => {
  const get = recordedScope(READ());
  const out = await run(perform, { ...FORM_6, visibility: 'public', title: 'Zapier Test Form (corpus)' });
  expect(get.isDone()).toBe(true);
  expect(out).toMatchObject({ id: 6, visibility: 'public', changed: [] });
});

test('a token without forms-write: the read works, the recorded 403 of the update names the ability', async () => {
  const reads = [recordedScope(READ()), recordedScope(READ())];
  const put = recordedScope(update().exchange(6), { body: () => true });
  const error = await failure(run(perform, { ...FORM_6, visibility: 'closed' }));
  expect(reads.every((r) => r.isDone()) && put.isDone()).toBe(true);
  expect(error).toMatchObject({ code: 'forbidden', status: 403 });
  expect(error.message).toContain('"forms-write"');
  expect(error.message).toContain('This action is unauthorized.');
});

test("another user's form: the read is refused (recorded 403), so no update is sent", async () => {
  const get = recordedScope(recorded('forms--get-form').exchange(4), { path: '/open/forms/9' });
  const error = await failure(run(perform, { workspace_id: 6, form_id: 9, visibility: 'closed' }));
  expect(get.isDone()).toBe(true);
  expect(error).toMatchObject({ code: 'forbidden', status: 403 });
});

test('a 422 of the update (recorded: invalid visibility) names the step field', async () => {
  const reads = [recordedScope(READ()), recordedScope(READ())];
  const put = recordedScope(update().exchange(4), { body: () => true });
  const error = await failure(run(perform, { ...FORM_6, title: 'New title' }));
  expect(reads.every((r) => r.isDone()) && put.isDone()).toBe(true);
  expect(error).toMatchObject({ code: 'validation_failed', status: 422 });
  expect(error.message).toBe(
    'OpnForm rejected the request (422): The selected visibility is invalid. Visibility (visibility): The ' +
      'selected visibility is invalid.',
  );
});

const ALL =
  'Visibility (visibility), Title (title), Closes At (closes_at), Remove Closing Date (clear_closes_at), ' +
  'Max Submissions (max_submissions_count), Remove Submission Limit (clear_max_submissions_count), ' +
  'Set Choices To (replace_choices), Add Choices (add_choices), Remove Choices (remove_choices)';

describe('refused before any request', () => {
  test.each([
    [{}, `Invalid input: Nothing to update: set at least one of ${ALL}.`],
    [{ visibility: 'open' }, 'Invalid input: Visibility (visibility) must be one of public, closed, draft.'],
    [
      { max_submissions_count: '0' },
      'Invalid input: Max Submissions (max_submissions_count) must be a whole number of at least 1 (got "0").',
    ],
    [
      { closes_at: 'next friday' },
      'Invalid input: Closes At (closes_at) must be a date and time such as 2026-12-31T23:00:00Z (got "next friday").',
    ],
    [
      { closes_at: '2099-01-01T00:00:00Z', clear_closes_at: true },
      'Invalid input: Closes At (closes_at) and Remove Closing Date (clear_closes_at) are both set. Leave Closes At ' +
        'empty to remove, or set Remove Closing Date to No to use the new value.',
    ],
    [
      { title: 'T'.repeat(256) },
      'Invalid input: Title (title) must be at most 255 characters (it has 256): OpnForm would cut a longer ' +
        'title without saying so.',
    ],
    [
      { title: '😀'.repeat(256) },
      'Invalid input: Title (title) must be at most 255 characters (it has 256): OpnForm would cut a longer ' +
        'title without saying so.',
    ],
    [
      { add_choices: ['x'] },
      'Invalid input: Question (choice_field) is needed to change choices: pick the select or multi-select question.',
    ],
    [
      { choice_field: SELECT_ID },
      'Invalid input: Question (choice_field) is set but no choices are: fill in Set Choices To (replace_choices), ' +
        'Add Choices (add_choices) or Remove Choices (remove_choices).',
    ],
    [
      { choice_field: SELECT_ID, replace_choices: ['a'], add_choices: ['b'] },
      'Invalid input: Set Choices To (replace_choices) gives the whole list: leave Add Choices (add_choices) and ' +
        'Remove Choices (remove_choices) empty, or use only those two.',
    ],
  ])('%j', async (input, message) => {
    const error = await failure(run(perform, { ...FORM_6, ...input }));
    expect(error.message).toBe(message);
    expect(error.code).toBe('invalid_input');
  });
});

describe('checked against the form as read (the read only, no update)', () => {
  test.each([
    [
      { choice_field: 'Email', add_choices: ['x'] },
      'Invalid input: Question (choice_field) "Email" is a question of type email, not a select or multi-select one; ' +
        'its select and multi-select questions are "Select", "Multi Select".',
    ],
    [
      { choice_field: 'Colour', add_choices: ['x'] },
      'Invalid input: Question (choice_field) "Colour" is not a question of this form; its select and ' +
        'multi-select questions are "Select", "Multi Select".',
    ],
    [
      { choice_field: SELECT_ID, remove_choices: ['First', 'Third', 'Fourth'] },
      'Invalid input: Remove Choices (remove_choices): "Third", "Fourth" are not choices of "Select"; its choices ' +
        'are "First", "Second".',
    ],
    [
      { choice_field: SELECT_ID, add_choices: ['second'] },
      'Invalid input: Add Choices (add_choices): "second" is already a choice of "Select" (its choices are ' +
        '"First", "Second"); leave it out of the choices to add.',
    ],
    [
      { choice_field: SELECT_ID, remove_choices: ['First', 'Second'] },
      'Invalid input: Remove Choices (remove_choices): "Select" would have no choice left (its choices are ' +
        '"First", "Second"); keep at least one.',
    ],
    [
      { choice_field: SELECT_ID, replace_choices: ['A', 'a'] },
      'Invalid input: Set Choices To (replace_choices): "a" is given more than once.',
    ],
  ])('%j', async (input, message) => {
    const get = recordedScope(READ());
    const error = await failure(run(perform, { ...FORM_6, ...input }));
    expect(get.isDone()).toBe(true);
    expect(error.message).toBe(message);
  });

  test('a name two choice questions share is refused, naming both (never the first silently)', async () => {
    const read = READ();
    const multi = blocks(read.response.body as Record<string, unknown>).find(
      (b) => b.id === MULTI_ID,
    ) as Block;
    multi.name = 'Select';
    const get = recordedScope(read);
    const error = await failure(run(perform, { ...FORM_6, choice_field: 'select', add_choices: ['x'] }));
    expect(get.isDone()).toBe(true);
    expect(error.message).toBe(
      'Invalid input: Question (choice_field) "select" is the name of 2 questions of this form ("Select (1)", ' +
        '"Select (2)"): map one of those labels, as the dropdown shows them, or the question\'s id.',
    );
  });

  test('opening a form whose closing date is past: refused, naming both ways out', async () => {
    const read = READ();
    (read.response.body as Record<string, unknown>).visibility = 'closed';
    (read.response.body as Record<string, unknown>).closes_at = '2001-01-01T00:00:00.000000Z';
    const get = recordedScope(read);
    const error = await failure(run(perform, { ...FORM_6, visibility: 'public' }));
    expect(get.isDone()).toBe(true);
    expect(error.message).toBe(
      "Invalid input: Visibility (visibility) is public, but the form's closing date 2001-01-01T00:00:00.000000Z " +
        'is in the past, so it would stay closed: set Closes At (closes_at) to a future date, or Remove Closing ' +
        'Date (clear_closes_at) to Yes.',
    );
  });

  test('opening with a past closing date given in the same step: refused', async () => {
    const get = recordedScope(READ());
    const error = await failure(
      run(perform, { ...FORM_6, visibility: 'public', closes_at: '2001-01-01T00:00:00Z' }),
    );
    expect(get.isDone()).toBe(true);
    expect(error.message).toContain('closing date 2001-01-01T00:00:00.000Z is in the past');
  });

  test('opening a form at its submission limit: refused', async () => {
    const get = recordedScope(READ());
    const error = await failure(run(perform, { ...FORM_6, visibility: 'public', max_submissions_count: 5 }));
    expect(get.isDone()).toBe(true);
    expect(error.message).toBe(
      'Invalid input: Visibility (visibility) is public, but the form already has 5 submissions of at most 5, so ' +
        'it would stay closed: set Max Submissions (max_submissions_count) above 5, or Remove Submission Limit ' +
        '(clear_max_submissions_count) to Yes.',
    );
  });
});

test('a form of another workspace than the chosen one: refused naming both after the read; no save', async () => {
  const get = recordedScope(READ());
  const error = await failure(run(perform, { workspace_id: 8, form_id: 6, visibility: 'closed' }));
  expect(get.isDone()).toBe(true);
  expect(error).toMatchObject({
    code: 'invalid_input',
    message:
      'Invalid input: Form (form_id) 6 is in workspace 6, not in the chosen Workspace (workspace_id) 8. Choose ' +
      'workspace 6, or a form of workspace 8. Nothing was changed.',
  });
});

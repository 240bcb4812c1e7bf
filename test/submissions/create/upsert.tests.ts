// Create Submission on forms that update existing submissions (production-like
// submissions--database-fields-update): `database_fields_update: [Email]` makes OpnForm replace the
// submission whose Email equals the answer (exact, case-sensitive; its other answers are lost), and
// replace an ARBITRARY submission when the Email answer is missing or empty. The step requires the
// match answers before any request, reads the submissions holding them (the `search` pre-filter of
// PostgreSQL), and says `created` or `updated_existing` with the real id, never another row's.
import { failure, op, run } from '../../helpers/app';
import { api, recorded, recordedScope } from '../../helpers/recorded';
import { formScope } from '../recorded-forms';
import { FIRST_PAGE, keepItems, listLooks, searched, useStepClock, widened } from './fixtures';

const create = op('creates.create_submission.operation.perform');
const time = useStepClock();

const upsert = recorded('production-like/submissions--database-fields-update');
const FORM_19 = upsert.exchange(1).response.body;
const EMAIL = 'cccccccc-0000-4000-8000-000000000001';
const NAME = 'cccccccc-0000-4000-8000-000000000002';
const NOTE = 'cccccccc-0000-4000-8000-000000000003';

/** Form 19's list: alice (20, with a Note) and bob (21); after answer 3: alice without her Note; after answer 4: ALICE (22). */
const TWO_ROWS = upsert.exchange(4);
const ALICE_REPLACED = upsert.exchange(6);
const ALICE_UPPER_ADDED = upsert.exchange(8);

const searchPage = (term: string) => ({ ...FIRST_PAGE, search: term });

type Out = { id: number | null; outcome: string; message: string; answers: Record<string, unknown> };

const input = (answers: Record<string, string>) => ({
  workspace_id: 1,
  form_id: 19,
  ...Object.fromEntries(Object.entries(answers).map(([id, value]) => [`answer__${id}`, value])),
});

describe('a form that replaces the submission matched on Email (no editable submissions: matched in the worker)', () => {
  test("alice's answer again without a Note: her submission 20 is replaced (updated_existing), not created", async () => {
    const term = 'alice@example.test';
    const scopes = [
      formScope(19, FORM_19),
      // before the write: the rows holding alice's Email (PostgreSQL filters with `search`)
      recordedScope(searched(TWO_ROWS, term), { query: searchPage(term) }),
      recordedScope(upsert.exchange(5), { anonymous: true }),
      // first look: the worker has not run yet; second look: alice's row holds the new answers
      recordedScope(searched(TWO_ROWS, term), { query: searchPage(term) }),
      recordedScope(searched(ALICE_REPLACED, term), { query: searchPage(term) }),
    ];
    const out = (await run(create, input({ [EMAIL]: term, [NAME]: 'Alice v2' }))) as Out;
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(time.sleeps).toEqual([500]);
    expect(out.id).toBe(20);
    expect(out.outcome).toBe('updated_existing');
    expect(out.answers).toEqual({ [EMAIL]: term, [NAME]: 'Alice v2' });
    expect(out.message).toBe(
      'Form "Upsert PG Form" replaces the submission whose answers to "Email" equal the ones sent: submission 20 ' +
        'was replaced with these answers (its answers not sent here were removed; its id and date were kept).',
    );
  });

  test('ALICE@ in other case is another Email (the match is exact): a new submission 22, created', async () => {
    const term = 'ALICE@example.test';
    const scopes = [
      formScope(19, FORM_19),
      // PostgreSQL's search ignores case and answers alice's row: not a match for OpnForm's exact condition
      recordedScope(searched(ALICE_REPLACED, term), { query: searchPage(term) }),
      recordedScope(upsert.exchange(7), { anonymous: true }),
      recordedScope(searched(ALICE_UPPER_ADDED, term), { query: searchPage(term) }),
    ];
    const out = (await run(create, input({ [EMAIL]: term, [NAME]: 'Alice upper' }))) as Out;
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(out).toMatchObject({ id: 22, outcome: 'created', message: 'Submission 22 created.' });
  });

  test('the same answers sent again: the submission that already holds exactly them is the one replaced, no look', async () => {
    const term = 'alice@example.test';
    const scopes = [
      formScope(19, FORM_19),
      recordedScope(searched(ALICE_REPLACED, term), { query: searchPage(term) }),
      recordedScope(upsert.exchange(5), { anonymous: true }),
    ];
    const out = (await run(create, input({ [EMAIL]: term, [NAME]: 'Alice v2' }))) as Out;
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(out).toMatchObject({ id: 20, outcome: 'updated_existing' });
  });

  test('not replaced within the budget: queued, no id, and which submission it will replace', async () => {
    const term = 'alice@example.test';
    const scopes = [
      formScope(19, FORM_19),
      recordedScope(searched(TWO_ROWS, term), { query: searchPage(term) }),
      recordedScope(upsert.exchange(5), { anonymous: true }),
      ...listLooks(searched(TWO_ROWS, term), 10, searchPage(term)),
    ];
    const out = (await run(create, input({ [EMAIL]: term, [NAME]: 'Alice v2' }))) as Out;
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(out).toMatchObject({ id: null, outcome: 'queued', status: 'queued' });
    expect(out.message).toContain(
      'OpnForm stores them when its queue worker runs. They will replace submission 20, which holds the same ' +
        'answers to "Email". Do not re-run this step for these answers: it would submit them again.',
    );
  });

  test('a server without `search` (sqlite answers 500): the rows are read without it, before and after', async () => {
    const term = 'alice@example.test';
    const sqliteSearch = recorded('submissions--list').find('GET', '/open/forms/6/submissions', 500);
    const scopes = [
      formScope(19, FORM_19),
      recordedScope(sqliteSearch, { path: '/open/forms/19/submissions', query: searchPage(term) }),
      recordedScope(TWO_ROWS, { query: FIRST_PAGE }),
      recordedScope(upsert.exchange(5), { anonymous: true }),
      recordedScope(ALICE_REPLACED, { query: FIRST_PAGE }),
    ];
    const out = (await run(create, input({ [EMAIL]: term, [NAME]: 'Alice v2' }))) as Out;
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(out).toMatchObject({ id: 20, outcome: 'updated_existing' });
  });

  test("a wide form's pages without `search` (past the 20 MB a page read whole may be): read as a stream", async () => {
    const term = 'alice@example.test';
    const sqliteSearch = recorded('submissions--list').find('GET', '/open/forms/6/submissions', 500);
    const json = { 'Content-Type': 'application/json' };
    const scopes = [
      formScope(19, FORM_19),
      recordedScope(sqliteSearch, { path: '/open/forms/19/submissions', query: searchPage(term) }),
      api()
        .get('/open/forms/19/submissions')
        .query(FIRST_PAGE)
        .reply(200, widened(TWO_ROWS, 21, NOTE), json),
      recordedScope(upsert.exchange(5), { anonymous: true }),
      api()
        .get('/open/forms/19/submissions')
        .query(FIRST_PAGE)
        .reply(200, widened(ALICE_REPLACED, 21, NOTE), json),
    ];
    const out = (await run(create, input({ [EMAIL]: term, [NAME]: 'Alice v2' }))) as Out;
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(out).toMatchObject({ id: 20, outcome: 'updated_existing' });
  });

  test.each([
    ['missing (recorded answer 5: Bob was overwritten)', { [NAME]: 'No key given', [NOTE]: 'email missing' }],
    ['empty (recorded answer 6: Alice was overwritten)', { [EMAIL]: '', [NAME]: 'Empty key', [NOTE]: 'x' }],
  ])('the Email answer %s: refused before any write, naming it', async (_case, answers) => {
    const scope = formScope(19, FORM_19);
    const error = await failure(run(create, input(answers)));
    expect(scope.isDone()).toBe(true);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(
      'Invalid input: form "Upsert PG Form" replaces the existing submission whose answer to "Email" equals this ' +
        `one, so "Email" (answer__${EMAIL}) must be answered (not empty, 0 or unchecked): without it, OpnForm ` +
        'would replace an arbitrary existing submission. Nothing was submitted.',
    );
  });

  test('a match answer PHP counts as false ("0"): refused like an empty one (no condition would be added)', async () => {
    const scope = formScope(19, FORM_19, { database_fields_update: [NAME] });
    const error = await failure(run(create, input({ [EMAIL]: 'zero@example.test', [NAME]: '0' })));
    expect(scope.isDone()).toBe(true);
    expect(error.message).toContain(
      `so "Name" (answer__${NAME}) must be answered (not empty, 0 or unchecked)`,
    );
  });

  test('two submissions already hold the Email: refused before any write (OpnForm would replace either)', async () => {
    const term = 'alice@example.test';
    // derived from the recorded list: bob's row given alice's Email (the recording has no such pair)
    const list = TWO_ROWS.response.body as { data: Array<{ data: Record<string, unknown> }> };
    const twins = structuredClone(TWO_ROWS);
    (twins.response.body as typeof list).data = list.data.map((row) => ({
      ...row,
      data: { ...row.data, [EMAIL]: term },
    }));
    const scopes = [formScope(19, FORM_19), recordedScope(twins, { query: searchPage(term) })];
    const error = await failure(run(create, input({ [EMAIL]: term, [NAME]: 'Alice v3' })));
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(error.code).toBe('conflict');
    expect(error.message).toBe(
      'Form "Upsert PG Form" replaces the existing submission whose answer to "Email" equals this one, and 2 ' +
        'submissions have these answers (ids 21, 20): OpnForm would replace any one of them. Delete the ' +
        'duplicates in OpnForm to create or update submissions of this form through Zapier. Nothing was submitted.',
    );
  });

  test('a match question the form no longer has: every answer would replace an arbitrary row, refused', async () => {
    const scope = formScope(19, FORM_19, {
      database_fields_update: ['dddddddd-0000-4000-8000-000000000009'],
    });
    const error = await failure(run(create, input({ [EMAIL]: 'x@example.test', [NAME]: 'X' })));
    expect(scope.isDone()).toBe(true);
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(
      /^Form "Upsert PG Form" is set to update existing submissions matched on questions/,
    );
  });
});

describe('a form that replaces matched submissions, with editable submissions (matched inline, UUID returned)', () => {
  const upsertForm = (upsert.exchange(13).response.body as { form: Record<string, unknown> }).form;
  const FORM_20 = { id: 20, ...upsertForm };
  const AFTER = upsert.exchange(18);

  test('dave: no submission holds his Email, the UUID returned is a new row: created, id 24', async () => {
    const term = 'dave@example.test';
    const scopes = [
      formScope(20, FORM_20),
      recordedScope(
        keepItems(AFTER, () => false),
        { query: searchPage(term) },
      ),
      recordedScope(upsert.exchange(16), { anonymous: true }),
      recordedScope(searched(AFTER, term), { query: searchPage(term) }),
    ];
    const out = (await run(create, {
      workspace_id: 1,
      form_id: 20,
      [`answer__${EMAIL}`]: term,
      [`answer__${NAME}`]: 'Dave',
    })) as Out;
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(out).toMatchObject({ id: 24, outcome: 'created' });
  });

  test("carol again: the UUID returned is her submission's (recorded answer 2): updated_existing, id 23", async () => {
    const term = 'carol@example.test';
    // row 23 as it was after the recorded answers 1 and 2 (the recorded list shows it later, overwritten)
    const row23With = (answers: Record<string, string>) => {
      const ex = keepItems(AFTER, (item) => item.id === 23);
      const body = ex.response.body as { data: Array<{ data: Record<string, unknown> }> };
      body.data = body.data.map((item) => ({ ...item, data: { ...item.data, ...answers } }));
      return ex;
    };
    const v1 = row23With({ [EMAIL]: term, [NAME]: 'Carol v1' });
    const v2 = row23With({ [EMAIL]: term, [NAME]: 'Carol v2' });
    const scopes = [
      formScope(20, FORM_20),
      recordedScope(v1, { query: searchPage(term) }),
      recordedScope(upsert.exchange(15), { anonymous: true }),
      recordedScope(v2, { query: searchPage(term) }),
    ];
    const out = (await run(create, {
      workspace_id: 1,
      form_id: 20,
      [`answer__${EMAIL}`]: term,
      [`answer__${NAME}`]: 'Carol v2',
    })) as Out;
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(out).toMatchObject({ id: 23, outcome: 'updated_existing' });
    expect(out.answers).toMatchObject({ [EMAIL]: term, [NAME]: 'Carol v2' });
  });
});

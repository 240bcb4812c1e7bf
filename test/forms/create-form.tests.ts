/**
 * Create Form against the recorded real server (`forms--create-form`, and the production-like
 * `submissions--public-create-refused` #0, a draft created with this step's body): one
 * `POST /open/forms` with the 15 keys OpnForm requires, the questions as OpnForm's editor stores them
 * (each a new UUID), and the new form out in Find Form's shape with the server's message. Every bad
 * input is refused before any request.
 */
import { App, failure, op, run } from '../helpers/app';
import { formRefused } from '../helpers/forbidden';
import { recorded, recordedScope } from '../helpers/recorded';

const perform = op('creates.create_form.operation.perform');
const CREATE = recorded('forms--create-form');
const DRAFT = recorded('production-like/submissions--public-create-refused').exchange(0);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Body = Record<string, unknown> & { properties: Record<string, unknown>[] };

/** A POST body matcher that keeps what was sent. */
const capture = () => {
  const sent: Body[] = [];
  return { sent, match: (body: Body) => sent.push(body) > 0 };
};

/** The blocks without their ids (new UUIDs each run), after checking each id is a fresh UUID v4. */
const withoutIds = (blocks: Record<string, unknown>[]) => {
  const ids = blocks.map((b) => b.id);
  expect(ids.every((id) => typeof id === 'string' && UUID.test(id))).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  return blocks.map(({ id: _id, ...rest }) => rest);
};
const bodyWithoutIds = (body: Body) => ({ ...body, properties: withoutIds(body.properties) });

test('the recorded minimal form: the 15 required keys exactly as recorded; the new form comes out, its switches as stored (off)', async () => {
  const ex = CREATE.exchange(2);
  const { sent, match } = capture();
  const scope = recordedScope(ex, { body: match });
  const out = await run(perform, {
    workspace_id: '6',
    title: ' Minimal API Form ',
    questions: [{ name: 'Your name', type: 'text', required: 'false', options: '' }],
    visibility: 'public',
  });
  expect(scope.isDone()).toBe(true);
  expect(bodyWithoutIds(sent[0] as Body)).toEqual(bodyWithoutIds(ex.request.body as Body));
  expect(Object.keys(sent[0] as Body)).toEqual(Object.keys(ex.request.body as Body));
  expect(out).toEqual({
    id: 12,
    slug: 'minimal-api-form-ziqr7v',
    title: 'Minimal API Form',
    visibility: 'public',
    tags: [],
    workspace_id: 6,
    closes_at: null,
    is_closed: false,
    max_submissions_count: null,
    submissions_count: 0,
    share_url: 'https://forms.example.org/forms/minimal-api-form-ziqr7v',
    language: 'en',
    submission_retention_value: null,
    submission_retention_unit: null,
    // not in the answer (only what was sent): OpnForm stores both off
    enable_partial_submissions: false,
    editable_submissions: false,
    question_count: 1,
    questions: [
      {
        id: 'c29fee32-b629-46bf-afb4-1c3f7cde1ff9',
        name: 'Your name',
        type: 'text',
        required: false,
        hidden: false,
      },
    ],
    questions_text: 'Your name (text)',
    message: 'Form created.',
  });
});

test('by default a draft (production-like recording): the server says so in the message', async () => {
  const { sent, match } = capture();
  const scope = recordedScope(DRAFT, { body: match });
  const out = await run(perform, {
    workspace_id: 1,
    title: 'Draft PG Form',
    questions: [{ name: 'Name', required: true }],
  });
  expect(scope.isDone()).toBe(true);
  expect(bodyWithoutIds(sent[0] as Body)).toEqual(bodyWithoutIds(DRAFT.request.body as Body));
  expect(out).toMatchObject({
    title: 'Draft PG Form',
    visibility: 'draft',
    question_count: 1,
    questions_text: 'Name (text, required)',
    message:
      "Form created. But other people won't be able to see the form since it's currently in draft mode",
  });
});

test('every offered type is built as the recorded every-block form built it', async () => {
  const ex = CREATE.exchange(5);
  const recordedBlocks = withoutIds((ex.request.body as Body).properties);
  const byName = (name: string, extra: Record<string, unknown> = {}) => {
    const found = recordedBlocks.filter(
      (b) => b.name === name && Object.keys(extra).every((k) => b[k] === extra[k]),
    );
    expect(found).toHaveLength(1);
    return found[0];
  };
  const { sent, match } = capture();
  const scope = recordedScope(ex, { body: match });
  await run(perform, {
    workspace_id: 6,
    title: 'Every Block Form',
    visibility: 'public',
    questions: [
      { name: 'Full Name', type: 'text', required: 'yes' },
      { name: 'Email', type: 'email' },
      { name: 'Website', type: 'URL' },
      { name: 'Phone', type: 'phone_number' },
      { name: 'Plan', type: 'select', options: 'Free, Pro,Enterprise' },
      { name: 'Interests', type: 'multi_select', options: ['Math', 'Space', ' Code '] },
      { name: 'Visit Date', type: 'date' },
      { name: 'Subscribe', type: 'checkbox' },
      { name: 'Age', type: 'number' },
      { name: 'Rating', type: 'rating' },
      { name: 'Attachments', type: 'files' },
      { name: 'Comments', type: 'long_text' },
    ],
  });
  expect(scope.isDone()).toBe(true);
  const built = withoutIds((sent[0] as Body).properties);
  expect(built).toEqual([
    byName('Full Name'),
    byName('Email'),
    byName('Website'),
    byName('Phone'),
    byName('Plan'),
    byName('Interests'),
    byName('Visit Date'),
    byName('Subscribe'),
    byName('Age'),
    byName('Rating'),
    byName('Attachments'),
    byName('Comments', { multi_lines: true }),
  ]);
});

test.each([
  [6, 'a workspace the user is not a member of'],
  [7, 'a token without forms-write'],
])('exchange #%s, %s (403): an error naming the ability and membership', async (n) => {
  const ex = CREATE.exchange(n);
  const { sent, match } = capture();
  const scope = recordedScope(ex, { body: match });
  const body = ex.request.body as Body;
  const error = await failure(
    run(perform, {
      workspace_id: body.workspace_id,
      title: body.title,
      visibility: 'public',
      questions: [{ name: 'X' }],
    }),
  );
  expect(scope.isDone()).toBe(true);
  expect(bodyWithoutIds(sent[0] as Body)).toEqual(bodyWithoutIds(body));
  expect(error).toMatchObject({ name: 'AppError', code: 'forbidden', status: 403 });
  expect(error.message).toBe(formRefused('forms-write'));
});

const Q = 'Invalid input: Questions (questions)';
test.each([
  ['no question', undefined, `${Q} needs at least one question (a name and a type). Nothing was created.`],
  [
    'only empty rows',
    [{ name: ' ', type: '' }],
    `${Q} needs at least one question (a name and a type). Nothing was created.`,
  ],
  [
    'a question without a name',
    [{ name: 'A' }, { type: 'email', required: true }],
    `${Q} question 2: Name (name) is required. Nothing was created.`,
  ],
  [
    'an unknown type',
    [{ name: 'Pay', type: 'payment' }],
    `${Q} question 1: Type (type) must be one of text, long_text, email, number, phone_number, url, date, ` +
      'checkbox, select, multi_select, rating, files (got "payment"). Nothing was created.',
  ],
  [
    'a select without options',
    [{ name: 'Plan', type: 'select', options: ' , ' }],
    `${Q} question 1 is a select question: Options (options) needs its choices, separated by commas. Nothing was created.`,
  ],
  [
    'the same option twice (OpnForm would accept it: forms--create-form #3)',
    [{ name: 'Plan', type: 'multi_select', options: 'Free, Pro, free' }],
    `${Q} question 1: Options (options) "free" is given more than once. Nothing was created.`,
  ],
  [
    'options on a text question',
    [{ name: 'Name', options: 'A, B' }],
    `${Q} question 1: Options (options) are only for select and multi_select. Nothing was created.`,
  ],
  [
    'a required flag that is not yes or no',
    [{ name: 'Name', required: 'maybe' }],
    `${Q} question 1: Required (required) must be yes or no. Nothing was created.`,
  ],
])('%s is refused before any request', async (_why, questions, message) => {
  const error = await failure(run(perform, { workspace_id: 6, title: 'T', questions }));
  expect(error).toMatchObject({ code: 'invalid_input', message });
});

test('a title over 255 characters, a missing title and an unknown visibility are refused before any request', async () => {
  const questions = [{ name: 'A' }];
  const long = await failure(run(perform, { workspace_id: 6, title: 'é'.repeat(256), questions }));
  expect(long.message).toBe(
    'Invalid input: Title (title) must be at most 255 characters (it has 256): OpnForm would cut a longer ' +
      'title without saying so.',
  );
  const none = await failure(run(perform, { workspace_id: 6, title: '  ', questions }));
  expect(none.message).toBe('Invalid input: Title (title) is required (the form title).');
  const visibility = await failure(
    run(perform, { workspace_id: 6, title: 'T', questions, visibility: 'open' }),
  );
  expect(visibility.message).toBe(
    'Invalid input: Visibility (visibility) must be one of draft, public, closed.',
  );
});

test('the editor: questions are a line-item group of name, type, required and options; draft by default', () => {
  const fields = App.creates.create_form.operation.inputFields as Array<Record<string, unknown>>;
  expect(fields.map((f) => f.key)).toEqual(['workspace_id', 'title', 'questions', 'visibility']);
  const questions = fields[2] as { children: Array<{ key: string }> };
  expect(questions.children.map((c) => c.key)).toEqual(['name', 'type', 'required', 'options']);
  expect(fields[3]).toMatchObject({
    default: 'draft',
    choices: [
      { value: 'draft', label: 'Draft', sample: 'draft' },
      { value: 'public', label: 'Public', sample: 'public' },
      { value: 'closed', label: 'Closed', sample: 'closed' },
    ],
  });
});

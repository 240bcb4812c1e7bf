/**
 * Duplicate Form against the recorded real server (`forms--duplicate-form`): the form is read
 * (`GET /open/forms/23`, #5) and posted back to `POST /open/forms` without its `slug`, with the
 * title, workspace and visibility replaced (#7, #8: every other key deep-equal to the read, in its
 * order); the copy comes out in Find Form's shape with the source's id and the server's message.
 */
import App from '../../index';
import { authData, failure, op, run } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';
import { api, apiJson } from '../helpers/scopes';

const perform = op('creates.duplicate_form.operation.perform');
const DUPLICATE = recorded('forms--duplicate-form');
const READ = () => DUPLICATE.exchange(5);
const READ_BODY = () => READ().response.body as Record<string, unknown>;
const SOURCE = { workspace_id: 10, form_id: 23 };

/** The output of the recorded copy #7 (form 24, the source's questions and settings). */
const COPY_24 = {
  id: 24,
  slug: 'copy-of-duplicate-source-urc9j8',
  title: 'Copy of Duplicate Source',
  visibility: 'public',
  tags: ['crm', 'leads'],
  workspace_id: 10,
  closes_at: null,
  is_closed: false,
  max_submissions_count: null,
  submissions_count: 0,
  share_url: 'https://forms.example.org/forms/copy-of-duplicate-source-urc9j8',
  language: 'en',
  submission_retention_value: null,
  submission_retention_unit: null,
  enable_partial_submissions: false,
  editable_submissions: false,
  question_count: 4,
  questions: [
    {
      id: 'b5fc7a91-5097-4ecb-afc7-9695273c6867',
      name: 'Full name',
      type: 'text',
      required: true,
      hidden: false,
    },
    {
      id: '596e9085-97c0-4bd9-acf2-833a3ad46439',
      name: 'Email',
      type: 'email',
      required: false,
      hidden: false,
    },
    {
      id: '7b9ad1bb-1402-443e-9185-8e74b7fa352c',
      name: 'Plan',
      type: 'select',
      required: false,
      hidden: false,
    },
    expect.objectContaining({ type: 'files', required: false, hidden: false }),
  ],
  questions_text: expect.stringMatching(
    /^Full name \(text, required\)\nEmail \(email\)\nPlan \(select\)\n.+ \(files\)$/,
  ),
  source_form_id: 23,
  message: 'Form created.',
};

test('the recording itself: the copy is the read minus slug with a new title (#7) or workspace too (#8)', () => {
  const { slug: _slug, ...rest } = READ_BODY();
  expect(DUPLICATE.exchange(7).request.body).toEqual({ ...rest, title: 'Copy of Duplicate Source' });
  expect(DUPLICATE.exchange(8).request.body).toEqual({
    ...rest,
    title: 'Copy in another workspace',
    workspace_id: 16,
  });
});

test('visibility "original", default title: read, then the exact recorded body (#7); the copy comes out', async () => {
  const scopes = [recordedScope(READ()), recordedScope(DUPLICATE.exchange(7))];
  const out = await run(perform, { ...SOURCE, visibility: 'original' });
  expect(scopes.every((s) => s.isDone())).toBe(true);
  expect(out).toEqual(COPY_24);
});

test('into another workspace of the user under a given title (#8)', async () => {
  const scopes = [recordedScope(READ()), recordedScope(DUPLICATE.exchange(8))];
  const out = await run(perform, {
    ...SOURCE,
    title: 'Copy in another workspace',
    to_workspace_id: '16',
    visibility: 'Original',
  });
  expect(scopes.every((s) => s.isDone())).toBe(true);
  expect(out).toMatchObject({
    id: 25,
    title: 'Copy in another workspace',
    source_form_id: 23,
    message: 'Form created.',
  });
});

test('by default the copy is a draft: the same body with visibility "draft"', async () => {
  const copy = DUPLICATE.exchange(7);
  const reply = copy.response.body as { form: Record<string, unknown> };
  const draftMessage =
    "Form created. But other people won't be able to see the form since it's currently in draft mode";
  const scopes = [
    recordedScope(READ()),
    // the recorded answer to #7, as the server answers a draft (message: production-like
    // submissions--public-create-refused #0)
    apiJson()
      .post('/open/forms', { ...(copy.request.body as object), visibility: 'draft' })
      .reply(200, { ...reply, message: draftMessage, form: { ...reply.form, visibility: 'draft' } }),
  ];
  const out = await run(perform, SOURCE);
  expect(scopes.every((s) => s.isDone())).toBe(true);
  expect(out).toEqual({ ...COPY_24, visibility: 'draft', message: draftMessage });
});

test('a long source title: "Copy of" + title cut to 255 characters; a given title over 255 is refused', async () => {
  const title = `${'Ü'.repeat(250)}end`;
  const read = READ();
  (read.response.body as Record<string, unknown>).title = title;
  const copy = DUPLICATE.exchange(7);
  const cut = `Copy of ${'Ü'.repeat(247)}`;
  const scopes = [
    recordedScope(read),
    recordedScope(copy, { body: { ...(copy.request.body as object), title: cut } }),
  ];
  await run(perform, { ...SOURCE, visibility: 'original' });
  expect(scopes.every((s) => s.isDone())).toBe(true);
  expect([...cut].length).toBe(255);

  const long = await failure(run(perform, { ...SOURCE, title: 'x'.repeat(256) }));
  expect(long).toMatchObject({
    code: 'invalid_input',
    message:
      'Invalid input: Title (title) must be at most 255 characters (it has 256): OpnForm would cut a longer ' +
      'title without saying so.',
  });
});

test('a target workspace the user is not a member of (#10): the 403 after the read, nothing created', async () => {
  const scopes = [recordedScope(READ()), recordedScope(DUPLICATE.exchange(10))];
  const error = await failure(
    run(perform, {
      ...SOURCE,
      title: 'Copy into a foreign workspace',
      to_workspace_id: 11,
      visibility: 'original',
    }),
  );
  expect(scopes.every((s) => s.isDone())).toBe(true);
  expect(error).toMatchObject({ name: 'AppError', code: 'forbidden', status: 403 });
  expect(error.message).toMatch(
    /^OpnForm refused this step \(403\): "This action is unauthorized\." Either the access token lacks the "forms-write" ability/,
  );
});

test('bad inputs are refused before any request, naming the field', async () => {
  const cases: Array<[Record<string, unknown>, string]> = [
    [
      { to_workspace_id: 'ten' },
      'Invalid input: Copy To Workspace (to_workspace_id) must be a whole number (an OpnForm id), got "ten".',
    ],
    [
      { visibility: 'hidden' },
      'Invalid input: Visibility (visibility) must be one of draft, public, closed, original.',
    ],
  ];
  for (const [input, message] of cases) {
    expect(await failure(run(perform, { ...SOURCE, ...input }))).toMatchObject({
      code: 'invalid_input',
      message,
    });
  }
});

// core's internal handler (what Zapier runs) has no type declarations
const createLambdaHandler: (
  app: unknown,
) => (event: Record<string, unknown>) => Promise<{ results: unknown }> =
  require('zapier-platform-core/src/tools/create-lambda-handler');

test("the form's password travels in the read and the copy's body, never into Zapier's log", async () => {
  const PASSWORD = 'Respondent-Pass-7731';
  const read = READ();
  (read.response.body as Record<string, unknown>).password = PASSWORD;
  const copy = DUPLICATE.exchange(7);
  const reply = copy.response.body as { form: Record<string, unknown> };
  const scopes = [
    recordedScope(read),
    api()
      .post('/open/forms', (body: Record<string, unknown>) => body.password === PASSWORD)
      .reply(200, { ...reply, form: { ...reply.form, password: PASSWORD } }),
  ];
  const logs: string[] = [];
  const { results } = await createLambdaHandler(App)({
    command: 'execute',
    method: 'creates.duplicate_form.operation.perform',
    bundle: { authData, inputData: SOURCE },
    customLogger: (message: string, data: unknown) => logs.push(`${message} ${JSON.stringify(data)}`),
  });
  expect(scopes.every((s) => s.isDone())).toBe(true);
  expect(results).toMatchObject({ id: 24, source_form_id: 23 });
  expect(logs.some((line) => line.includes('form #23 read (5 blocks)'))).toBe(true);
  expect(logs.some((line) => line.includes('form #24 created (5 blocks)'))).toBe(true);
  expect(logs.filter((line) => line.includes(PASSWORD))).toEqual([]);
  expect(JSON.stringify(results)).not.toContain(PASSWORD);
});

test('a source form of another workspace than the chosen one: refused naming both after the read; no copy', async () => {
  const read = recordedScope(READ());
  const error = await failure(run(perform, { workspace_id: 8, form_id: 23, to_workspace_id: 10 }));
  expect(read.isDone()).toBe(true);
  expect(error).toMatchObject({
    code: 'invalid_input',
    message:
      'Invalid input: Form (form_id) 23 is in workspace 10, not in the chosen Workspace (workspace_id) 8. Choose ' +
      'workspace 10, or a form of workspace 8. Nothing was copied.',
  });
});

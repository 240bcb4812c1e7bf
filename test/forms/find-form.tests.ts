import nock from 'nock';
import { App, failure, op, run, TOKEN } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';
import { api } from '../helpers/scopes';

const perform = op('searches.find_form.operation.perform');

const FORM = {
  id: 42,
  slug: 'contact-us-3fa2b1',
  title: 'Contact Us',
  visibility: 'public',
  tags: ['sales'],
  language: 'fr',
  closes_at: '2026-12-31T23:00:00.000000Z',
  is_closed: false,
  max_submissions_count: 500,
  submissions_count: 12,
  submission_retention_value: 90,
  submission_retention_unit: 'day',
  enable_partial_submissions: false,
  editable_submissions: true,
  workspace_id: 7,
  share_url: 'https://forms.example.org/forms/contact-us-3fa2b1',
  theme: 'default',
  properties: [
    { id: 'b-title', type: 'nf-text', name: 'Intro' },
    { id: 'b-name', type: 'text', name: 'Name', required: true },
    { id: 'b-page', type: 'nf-page-break', name: 'Page 2' },
    { id: 'b-email', type: 'email', name: 'Email', required: false, hidden: true },
    { id: 'b-color', type: 'select', name: ' ', select: { options: [{ id: 'r', name: 'Red' }] } },
  ],
};

const QUESTIONS = [
  { id: 'b-name', name: 'Name', type: 'text', required: true, hidden: false },
  { id: 'b-email', name: 'Email', type: 'email', required: false, hidden: true },
  { id: 'b-color', name: 'Untitled select field', type: 'select', required: false, hidden: false },
];

test('finds a form by slug: settings, ISO dates and its questions (layout blocks left out)', async () => {
  const scope = api().get('/open/forms/contact-us-3fa2b1').reply(200, FORM);
  const out = await run(perform, { form: ' contact-us-3fa2b1 ' });
  expect(scope.isDone()).toBe(true);
  expect(out).toEqual([
    {
      id: 42,
      slug: 'contact-us-3fa2b1',
      title: 'Contact Us',
      visibility: 'public',
      tags: ['sales'],
      workspace_id: 7,
      closes_at: '2026-12-31T23:00:00+00:00',
      is_closed: false,
      max_submissions_count: 500,
      submissions_count: 12,
      share_url: 'https://forms.example.org/forms/contact-us-3fa2b1',
      language: 'fr',
      submission_retention_value: 90,
      submission_retention_unit: 'day',
      enable_partial_submissions: false,
      editable_submissions: true,
      question_count: 3,
      questions: QUESTIONS,
      questions_text: 'Name (text, required)\nEmail (email, hidden)\nUntitled select field (select)',
    },
  ]);
});

test('finds a form by UUID and by the slug in a pasted share link', async () => {
  const uuid = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
  const scope = api()
    .get(`/open/forms/${uuid}`)
    .reply(200, { ...FORM, slug: uuid })
    .get('/open/forms/contact-us-3fa2b1')
    .reply(200, FORM);
  await expect(run(perform, { form: uuid })).resolves.toMatchObject([{ id: 42, slug: uuid }]);
  await expect(
    run(perform, { form: 'https://opnform.com/forms/contact-us-3fa2b1?embed=1' }),
  ).resolves.toMatchObject([{ id: 42 }]);
  expect(scope.isDone()).toBe(true);
});

test('a spec-shaped form without the optional fields: nulls, and on OpnForm Cloud the share link from the slug', async () => {
  const minimal = { id: 5, slug: 'feedback', title: 'Feedback', properties: [] };
  api('https://api.opnform.com').get('/open/forms/feedback').reply(200, minimal);
  const out = await run(
    perform,
    { form: 'feedback' },
    {
      authData: { base_url: '', api_key: TOKEN },
    },
  );
  expect(out).toEqual([
    {
      id: 5,
      slug: 'feedback',
      title: 'Feedback',
      visibility: null,
      tags: [],
      workspace_id: null,
      closes_at: null,
      is_closed: null,
      max_submissions_count: null,
      submissions_count: null,
      share_url: 'https://opnform.com/forms/feedback',
      language: null,
      submission_retention_value: null,
      submission_retention_unit: null,
      enable_partial_submissions: null,
      editable_submissions: null,
      question_count: 0,
      questions: [],
      questions_text: '',
    },
  ]);
});

test('a self-hosted form without share_url has no share link (the front-end address is unknown)', async () => {
  api().get('/open/forms/feedback').reply(200, { id: 5, slug: 'feedback', title: 'Feedback' });
  await expect(run(perform, { form: 'feedback' })).resolves.toMatchObject([
    { share_url: null, questions: [] },
  ]);
});

test('no form found: an empty list, not an error', async () => {
  const scope = api()
    .get('/open/forms/gone-form')
    .reply(404, { message: 'No query results for model [Form].' });
  await expect(run(perform, { form: 'gone-form' })).resolves.toEqual([]);
  expect(scope.isDone()).toBe(true);
});

test('403 (recorded: a token with neither forms-read nor manage-integrations) names both alternatives', async () => {
  const scope = recordedScope(recorded('forms--get-form').exchange(6));
  const error = await failure(run(perform, { form: '13' }));
  expect(scope.isDone()).toBe(true);
  expect(error).toEqual({
    name: 'AppError',
    code: 'forbidden',
    status: 403,
    message:
      'OpnForm refused this step (403): "This action is unauthorized." Either the access token lacks the ' +
      '"forms-read" or "manage-integrations" ability (then create a new token with it ticked in OpnForm, Settings > ' +
      'Access Tokens, and reconnect), or the connected user is not a member of the workspace (then ask an admin ' +
      'of the workspace; a new token does not help).',
  });
});

test('a token with manage-integrations only reads the form (recorded 200)', async () => {
  const scope = recordedScope(recorded('forms--get-form').exchange(5));
  await expect(run(perform, { form: '13' })).resolves.toMatchObject([{ id: 13, editable_submissions: true }]);
  expect(scope.isDone()).toBe(true);
});

test('an unknown slug (recorded 404 without the id) is no match: []', async () => {
  const scope = recordedScope(recorded('forms--get-form').exchange(2));
  await expect(run(perform, { form: 'no-such-form-slug' })).resolves.toEqual([]);
  expect(scope.isDone()).toBe(true);
});

const HINT =
  'Invalid input: Form (form) must be a form slug, UUID or id, such as contact-us-3fa2b1 (letters, digits, - and _ only)';

test.each([
  ['../workspaces', `${HINT}; got "../workspaces".`],
  ['a/b', `${HINT}; got "a/b".`],
  ['.', `${HINT}; got ".".`],
  ['..', `${HINT}; got "..".`],
  ['form?x=1', `${HINT}; got "form?x=1".`],
  ['form%2F..', `${HINT}; got "form%2F..".`],
  ['https://opnform.com/settings', `${HINT}; got "https://opnform.com/settings".`],
  ['https://opnform.com/forms/..%2Fx', `${HINT}; got "https://opnform.com/forms/..%2Fx".`],
  ['', `${HINT}.`],
])('refuses %j before any request', async (form, message) => {
  const attempts: string[] = [];
  const onNoMatch = (req: { path?: string }) => attempts.push(String(req.path));
  nock.emitter.on('no match', onNoMatch);
  const error = await failure(run(perform, { form }));
  nock.emitter.removeListener('no match', onNoMatch);
  expect(error).toEqual({ name: 'AppError', code: 'invalid_input', status: 400, message });
  expect(attempts).toEqual([]);
});

test('a numeric id is accepted', async () => {
  const scope = api().get('/open/forms/42').reply(200, FORM);
  await expect(run(perform, { form: 42 })).resolves.toMatchObject([{ id: 42 }]);
  expect(scope.isDone()).toBe(true);
});

describe('the Form dropdown (issue 22)', () => {
  const fields = App.searches.find_form.operation.inputFields as Array<Record<string, unknown>>;

  test('an optional Workspace comes first; Form is a dropdown of form_list that depends on nothing', () => {
    expect(fields.map((f) => [f.key, f.required])).toEqual([
      ['workspace_id', false],
      ['form', true],
    ]);
    expect(fields[0]?.dynamic).toBe('workspace_list.id.name');
    expect(fields[1]?.dynamic).toBe('form_list.id.name');
    expect(fields[1]).not.toHaveProperty('dependsOn');
  });

  test('a form picked in the dropdown (its id) with its workspace: one read by id, the workspace not sent', async () => {
    const scope = api().get('/open/forms/42').reply(200, FORM);
    await expect(run(perform, { workspace_id: '7', form: '42' })).resolves.toMatchObject([
      { id: 42, workspace_id: 7 },
    ]);
    expect(scope.isDone()).toBe(true);
  });

  test('a mapped slug with an empty workspace still finds the form', async () => {
    const scope = api().get('/open/forms/contact-us-3fa2b1').reply(200, FORM);
    await expect(run(perform, { workspace_id: '', form: 'contact-us-3fa2b1' })).resolves.toMatchObject([
      { id: 42 },
    ]);
    expect(scope.isDone()).toBe(true);
  });

  test('a workspace that is not an id is refused before any request, naming the field', async () => {
    const error = await failure(run(perform, { workspace_id: 'Sales', form: 'contact-us-3fa2b1' }));
    expect(error).toEqual({
      name: 'AppError',
      code: 'invalid_input',
      status: 400,
      message: 'Invalid input: Workspace (workspace_id) must be a whole number (an OpnForm id), got "Sales".',
    });
  });
});

// The sandbox's form routes as a real OpnForm server answers them (recordings `forms--*.json`), with
// both boolean forms: true/false (PostgreSQL, default) and 0/1 (`intBooleans`, a self-hosted server on
// sqlite or MySQL). The connector's reads of a 0/1 form: test/forms/int-booleans.tests.ts.
import { type Sandbox, startSandbox } from '../../sandbox/server';
import { call, REQUIRED_FORM_BODY } from './helpers';

const REQUIRED_BODY = REQUIRED_FORM_BODY;
const FORM = 101;

describe.each([
  ['true/false (PostgreSQL, default)', false],
  ['0/1 (sqlite/MySQL, intBooleans)', true],
])('booleans as %s', (_name, intBooleans) => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ submissions: 5, largeFormSubmissions: 5, intBooleans });
  });
  afterAll(() => sandbox.close());
  const yes = intBooleans ? 1 : true;
  const no = intBooleans ? 0 : false;

  test('GET /open/forms/{id} and GET /open/forms serve the boolean columns in that form', async () => {
    const one = await call(sandbox, 'GET', `/open/forms/${FORM}`);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({
      id: FORM,
      use_captcha: no,
      re_fillable: no,
      can_be_indexed: yes,
      auto_focus: yes,
      enable_partial_submissions: expect.any(Boolean),
      is_closed: false,
      removed_properties: [],
      workspace_id: 11,
      workspace: { id: 11, is_admin: true },
    });
    const all = await call(sandbox, 'GET', '/open/forms');
    expect(all.json.find((f: { id: number }) => f.id === FORM)).toMatchObject({
      use_captcha: no,
      auto_focus: yes,
    });
  });
});

describe('form routes (recorded behaviour)', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ submissions: 5, largeFormSubmissions: 5 });
  });
  afterEach(() => sandbox.close());

  test('POST /open/forms: an empty body lists all 15 required fields; a minimal body creates the form', async () => {
    const empty = await call(sandbox, 'POST', '/open/forms', { body: {} });
    expect(empty.status).toBe(422);
    expect(empty.json.message).toBe('The title field is required. (and 14 more errors)');
    expect(Object.keys(empty.json.errors)).toHaveLength(15);
    const created = await call(sandbox, 'POST', '/open/forms', { body: REQUIRED_BODY });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      type: 'success',
      message: 'Form created.',
      users_first_form: false,
      form: {
        title: 'Minimal API Form',
        workspace_id: 11,
        creator_id: 1,
        uppercase_labels: false,
        tags: null,
      },
    });
    const read = await call(sandbox, 'GET', `/open/forms/${created.json.form.slug}`);
    expect(read.json).toMatchObject({ id: created.json.form.id, title: 'Minimal API Form' });
  });

  test('POST /open/forms: per-block errors; payment refused only when self-hosted; 403s', async () => {
    const bad = await call(sandbox, 'POST', '/open/forms', {
      body: { ...REQUIRED_BODY, properties: [{ type: 'text' }] },
    });
    expect(bad.json).toEqual({
      message: 'The form block number 1 is missing an id. (and 2 more errors)',
      errors: {
        'properties.0.id': ['The form block number 1 is missing an id.'],
        'properties.0.name': ['The form block number 1 is missing a name.'],
        properties: ['One or more properties have validation errors.'],
      },
    });
    const payment = { ...REQUIRED_BODY, properties: [{ id: 'p', type: 'payment', name: 'Pay' }] };
    expect((await call(sandbox, 'POST', '/open/forms', { body: payment })).status).toBe(200);
    const selfHosted = await startSandbox({ submissions: 1, largeFormSubmissions: 1, selfHosted: true });
    try {
      const refused = await call(selfHosted, 'POST', '/open/forms', { body: payment });
      expect(refused.status).toBe(422);
      expect(refused.json.errors['properties.0.type']).toEqual([
        'Payment block is not allowed on self hosted. Please use our hosted version.',
      ]);
    } finally {
      await selfHosted.close();
    }
    expect(
      await call(sandbox, 'POST', '/open/forms', { body: REQUIRED_BODY, token: 'readonly' }),
    ).toMatchObject({
      status: 403,
      json: { message: 'This action is unauthorized.' },
    });
  });

  test('PUT /open/forms/{id} replaces the whole form: one setting alone is 422; the read body sent back works', async () => {
    const partial = await call(sandbox, 'PUT', `/open/forms/${FORM}`, { body: { visibility: 'draft' } });
    expect(partial.status).toBe(422);
    expect(partial.json.message).toBe('The title field is required. (and 12 more errors)');
    const current = (await call(sandbox, 'GET', `/open/forms/${FORM}`)).json;
    const kept = current.properties.slice(1);
    const updated = await call(sandbox, 'PUT', `/open/forms/${FORM}`, {
      body: { ...current, enable_partial_submissions: true, use_captcha: 1, properties: kept },
    });
    expect(updated.status).toBe(200);
    // the answer echoes the booleans as sent
    expect(updated.json).toMatchObject({
      type: 'success',
      message: 'Form updated.',
      form: { use_captcha: 1 },
    });
    const after = (await call(sandbox, 'GET', `/open/forms/${FORM}`)).json;
    expect(after).toMatchObject({ enable_partial_submissions: true, use_captcha: true });
    expect(after.removed_properties.map((b: { id: string }) => b.id)).toEqual([current.properties[0].id]);
    const invalid = await call(sandbox, 'PUT', `/open/forms/${FORM}`, {
      body: { ...current, visibility: 'secret' },
    });
    expect(invalid.json).toEqual({
      message: 'The selected visibility is invalid.',
      errors: { visibility: ['The selected visibility is invalid.'] },
    });
    // validation runs before authorization: another form's slug is a 422 even where the user may not write
    const taken = await call(sandbox, 'PUT', '/open/forms/103', {
      body: { ...current },
      token: 'readonlyMember',
    });
    expect(taken.json.errors.slug).toEqual(['This slug is already in use. Please choose another one.']);
  });

  test('DELETE /open/forms/{id}: 200, then 404 on delete and read; gone from the lists', async () => {
    expect(await call(sandbox, 'DELETE', '/open/forms/103', { token: 'readonly' })).toMatchObject({
      status: 403,
    });
    expect(await call(sandbox, 'DELETE', '/open/forms/103')).toMatchObject({
      status: 200,
      json: { type: 'success', message: 'Form was deleted.' },
    });
    expect(await call(sandbox, 'DELETE', '/open/forms/103')).toMatchObject({
      status: 404,
      json: { message: 'No query results for model [App\\Models\\Forms\\Form] 103' },
    });
    expect((await call(sandbox, 'GET', '/open/forms/103')).status).toBe(404);
    const list = await call(sandbox, 'GET', '/open/workspaces/11/forms?per_page=100');
    expect(list.json.data.map((f: { id: number }) => f.id)).not.toContain(103);
  });

  test('GET /open/workspaces/{id}/forms: per_page above 100 is capped silently, links keep the query', async () => {
    const page = await call(sandbox, 'GET', '/open/workspaces/11/forms?per_page=500');
    expect(page.status).toBe(200);
    expect(page.json.meta.per_page).toBe(100);
    expect(page.json.links.first).toMatch(/\?per_page=500&page=1$/);
    expect(page.json.data[0]).toMatchObject({ plan_tier: 'pro', workspace_id: 11 });
    expect(page.json.data[0].created_at).toMatch(/\+00:00$/);
    const past = await call(sandbox, 'GET', '/open/workspaces/11/forms?per_page=2&page=99');
    expect(past.json).toMatchObject({ data: [], meta: { from: null, to: null, current_page: 99 } });
  });
});

// Copying a form with a token, as a real OpnForm server allows it (recorded: forms--duplicate-form):
// OpnForm's duplicate route is closed to tokens; reading a form and posting it back to
// POST /open/forms without its slug makes a copy (questions and settings kept, new id and slug).
// A create's `slug` is a custom slug on a self-hosted server only (OpnForm Cloud ignores it, read
// from the code). Also the public form a respondent loads (GET /forms/{slug}).
import { createHash } from 'node:crypto';
import { type Sandbox, startSandbox } from '../../sandbox/server';
import { call } from './helpers';

let cloud: Sandbox;
let selfHosted: Sandbox;
beforeAll(async () => {
  cloud = await startSandbox({ submissions: 5, largeFormSubmissions: 5 });
  selfHosted = await startSandbox({ submissions: 5, largeFormSubmissions: 5, selfHosted: true });
});
afterAll(async () => {
  await cloud.close();
  await selfHosted.close();
});

/** A form (default: the main one) as GET /open/forms/{id} gives it, with a new title. */
const readBack = async (s: Sandbox, title: string, formId = s.ids.formId) => {
  const read = await call(s, 'GET', `/open/forms/${formId}`);
  expect(read.status).toBe(200);
  return { ...read.json, title };
};

test("OpnForm's duplicate route: 404 with an empty message for a token, 401 without one", async () => {
  const path = `/open/forms/${cloud.ids.formId}/duplicate`;
  const withToken = await call(cloud, 'POST', path);
  expect([withToken.status, withToken.json]).toEqual([404, { message: '' }]);
  expect(withToken.headers.get('x-ratelimit-limit')).toBeNull();
  const without = await call(cloud, 'POST', path, { token: null });
  expect([without.status, without.json]).toEqual([401, { message: 'Unauthenticated.' }]);
});

test('a form read and posted back without its slug is a copy: new id and slug, same questions, read-only keys ignored', async () => {
  const s = cloud;
  const { slug: _slug, ...body } = await readBack(s, 'Copy of Customer Feedback');
  const before = s.state.forms.length;
  const made = await call(s, 'POST', '/open/forms', {
    body: { ...body, workspace_id: s.ids.otherWorkspaceId },
  });
  expect(made.status).toBe(200);
  const copy = made.json.form;
  expect(copy.id).not.toBe(s.ids.formId);
  expect(copy.slug).toMatch(/^copy-of-customer-feedback-[a-z0-9]{6}$/);
  expect(copy.workspace_id).toBe(s.ids.otherWorkspaceId);
  expect(copy.share_url).toBe(`${s.origin}/forms/${copy.slug}`);
  expect(copy.properties).toEqual(body.properties);
  // keys a read has but a create does not take are not echoed (as recorded, #7)
  for (const key of ['description', 'deleted_at', 'auto_increment_sequence', 'pdf_template_id']) {
    expect(body).toHaveProperty(key);
    expect(copy).not.toHaveProperty(key);
  }
  expect(copy.clear_empty_fields_on_update).toBeNull();
  expect(s.state.forms).toHaveLength(before + 1);
  // no submission or integration comes with the copy
  expect(s.state.submissions.filter((x) => x.form_id === copy.id)).toEqual([]);
  expect(s.state.integrations.filter((i) => i.form_id === copy.id)).toEqual([]);
  const read = await call(s, 'GET', `/open/forms/${copy.id}`);
  expect(read.json.properties).toEqual(body.properties);
  // empty objects are stored as PHP arrays, a null closed text as ""
  expect([read.json.seo_meta, read.json.settings, read.json.translations]).toEqual([[], [], []]);
  expect(read.json.closed_text).toBe('');
});

test("OpnForm Cloud ignores a create's slug (a new one is made); a self-hosted server takes it as a custom slug", async () => {
  const onCloud = await call(cloud, 'POST', '/open/forms', { body: await readBack(cloud, 'Slug kept') });
  expect(onCloud.status).toBe(200);
  expect(onCloud.json.form.slug).toMatch(/^slug-kept-[a-z0-9]{6}$/);

  // the newsletter form: the main one has a payment block, which a self-hosted server refuses
  const source = await readBack(selfHosted, 'Slug taken', selfHosted.ids.largeFormId);
  expect(await call(selfHosted, 'POST', '/open/forms', { body: source })).toMatchObject({
    status: 422,
    json: {
      message: 'This slug is already in use. Please choose another one.',
      errors: { slug: ['This slug is already in use. Please choose another one.'] },
    },
  });
  expect(
    await call(selfHosted, 'POST', '/open/forms', { body: { ...source, slug: 'Not A Slug' } }),
  ).toMatchObject({
    status: 422,
    json: { errors: { slug: ['The custom slug can only contain lowercase letters, numbers, and hyphens.'] } },
  });
  const custom = await call(selfHosted, 'POST', '/open/forms', {
    body: { ...source, slug: 'feedback-copy' },
  });
  expect(custom.status).toBe(200);
  expect(custom.json.form.slug).toBe('feedback-copy');
  expect(custom.json.form.share_url).toBe(`${selfHosted.origin}/forms/feedback-copy`);
});

test("users_first_form is true on the creator's first form only", async () => {
  const s = await startSandbox({ submissions: 5, largeFormSubmissions: 5 });
  try {
    const body = { ...(await readBack(s, 'Member form')), slug: undefined, workspace_id: s.ids.workspaceId };
    const first = await call(s, 'POST', '/open/forms', { body, token: 'member' });
    expect(first.json.users_first_form).toBe(true);
    const second = await call(s, 'POST', '/open/forms', { body, token: 'member' });
    expect(second.json.users_first_form).toBe(false);
  } finally {
    await s.close();
  }
});

describe('GET /forms/{slug}: the form a respondent loads', () => {
  test('a public form, without the owner-only keys and with the workspace reduced', async () => {
    const reply = await call(cloud, 'GET', `/forms/${cloud.ids.formSlug}`, { token: null });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({
      id: cloud.ids.formId,
      slug: cloud.ids.formSlug,
      is_password_protected: false,
    });
    expect(reply.json.workspace).toEqual({ id: cloud.ids.workspaceId, max_file_size: 50, settings: [] });
    for (const key of ['password', 'tags', 'removed_properties', 'submissions_count', 'views_count'])
      expect(reply.json).not.toHaveProperty(key);
    expect(reply.headers.get('x-ratelimit-limit')).not.toBeNull();
  });

  test('a password form shows only its look, unless `form-password` holds the sha256 of the password', async () => {
    const s = await startSandbox({ submissions: 5, largeFormSubmissions: 5 });
    try {
      const form = s.state.forms.find((f) => f.id === s.ids.emptyFormId);
      if (form === undefined) throw new Error('no empty form');
      form.attributes = { ...form.attributes, password: 'opensesame' };
      const locked = await call(s, 'GET', `/forms/${form.slug}`, { token: null });
      expect(locked.json).toMatchObject({
        id: form.id,
        is_password_protected: true,
        has_password: true,
        properties: [],
      });
      const hash = createHash('sha256').update('opensesame').digest('hex');
      const response = await fetch(`${s.baseUrl}/forms/${form.slug}`, { headers: { 'form-password': hash } });
      const open = await response.json();
      expect(open).toMatchObject({
        is_password_protected: false,
        has_password: true,
        properties: form.properties,
      });
      expect(open).not.toHaveProperty('password');
    } finally {
      await s.close();
    }
  });

  test('a draft is 404 with an empty message; an unknown slug names the model', async () => {
    const draft = cloud.state.forms.find((f) => f.id === cloud.ids.draftFormId);
    expect(await call(cloud, 'GET', `/forms/${draft?.slug}`, { token: null })).toMatchObject({
      status: 404,
      json: { message: '' },
    });
    expect(await call(cloud, 'GET', '/forms/no-such-form', { token: null })).toMatchObject({
      status: 404,
      json: { message: 'No query results for model [App\\Models\\Forms\\Form].' },
    });
  });
});

// The sandbox's production mode (a queue worker, PostgreSQL) and what both modes now share: the
// form policy's refusals of the public answer, database_fields_update upserts and PostgreSQL's
// search, as recorded in test/recorded-production-like/. The worker runs only when a test says so
// (`auto: false`), so nothing here waits on the clock.
import { createHash } from 'node:crypto';
import { type Sandbox, startSandbox } from '../../sandbox/server';
import type { Form } from '../../sandbox/state';
import { fakeDateOnly } from '../helpers/clock';
import { call, useSandbox } from './helpers';

const production = useSandbox({ mode: 'production', worker: { auto: false } });
const sync = useSandbox();
const MODES: Array<[string, () => Sandbox]> = [
  ['sync', sync],
  ['production', production],
];

let made = 0;
/** A copy of the seeded "Empty Form" (Name required, Email, Agreed) with these settings. */
const addForm = (s: Sandbox, changes: Partial<Form> & { attributes?: Record<string, unknown> } = {}) => {
  const base = s.state.forms.find((f) => f.id === s.ids.emptyFormId) as Form;
  made += 1;
  const form: Form = {
    ...structuredClone(base),
    id: 900 + made,
    slug: `made-${made}`,
    title: `Made ${made}`,
    ...changes,
    attributes: { ...(base.attributes ?? {}), ...(changes.attributes ?? {}) },
  };
  s.state.forms.push(form);
  const [name, email, ok] = form.properties.map((b) => b.id) as [string, string, string];
  return { form, name, email, ok };
};

/** The public answer endpoint, as a respondent's browser calls it (no token unless `token`). */
const answer = async (
  s: Sandbox,
  slug: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => {
  const response = await fetch(`${s.baseUrl}/forms/${slug}/answer`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

const stored = (s: Sandbox, formId: number) => s.state.submissions.filter((x) => x.form_id === formId);

/** `submit()` with the worker run (production mode: it settles once the worker stored the answer). */
const submitted = async (s: Sandbox, formId: number, answers: Record<string, unknown>) => {
  const done = s.submit(formId, answers);
  await s.worker?.run();
  return done;
};

// every test starts with an empty queue (what an earlier test left queued is run first)
beforeEach(async () => {
  await production().worker?.run();
});

describe.each(MODES)('the form policy refuses an answer before looking at it (%s)', (_mode, sandbox) => {
  const UNAUTHORIZED = { status: 403, json: { message: 'This action is unauthorized.' } };

  test('draft, closed, past closing date, at the limit: the bare 403, even with an invalid answer', async () => {
    const s = sandbox();
    const cases = [
      addForm(s, { visibility: 'draft' }),
      addForm(s, { visibility: 'closed', attributes: { closed_text: '<p>Closed.</p>' } }),
      addForm(s, { closes_at: '2026-01-01T00:00:00+00:00' }),
    ];
    for (const { form } of cases) {
      expect(await answer(s, form.slug, {})).toEqual(UNAUTHORIZED);
      expect(stored(s, form.id)).toEqual([]);
    }
    const full = addForm(s, { max_submissions_count: 1 });
    await submitted(s, full.form.id, { [full.name]: 'First' });
    expect(await answer(s, full.form.slug, { [full.name]: 'Second' })).toEqual(UNAUTHORIZED);
    expect(stored(s, full.form.id)).toHaveLength(1);
  });

  test('a password form: "Form is protected." unless form-password is the sha256 hex; a token does not pass', async () => {
    const s = sandbox();
    const { form, name } = addForm(s, { attributes: { password: 'opensesame' } });
    const protectedForm = { status: 403, json: { status: 'Unauthorized', message: 'Form is protected.' } };
    const sha = createHash('sha256').update('opensesame').digest('hex');
    expect(await answer(s, form.slug, { [name]: 'A' })).toEqual(protectedForm);
    expect(await answer(s, form.slug, { [name]: 'B' }, { 'form-password': 'opensesame' })).toEqual(
      protectedForm,
    );
    expect(
      await answer(s, form.slug, { [name]: 'C' }, { Authorization: `Bearer ${s.tokens.admin}` }),
    ).toEqual(protectedForm);
    const ok = await answer(s, form.slug, { [name]: 'D' }, { 'form-password': sha });
    expect(ok).toMatchObject({ status: 200, json: { message: 'Form submission saved.' } });
    const read = await call(s, 'GET', `/open/forms/${form.id}`);
    expect(read.json).toMatchObject({ has_password: true, is_password_protected: false });
  });
});

describe('production mode: the queue worker', () => {
  test('an answer to a form without editable submissions: 200 with no id, stored only when the worker runs', async () => {
    const s = production();
    const { form, name, email } = addForm(s);
    const reply = await answer(s, form.slug, { [name]: 'Queued Quinn', [email]: 'q@example.org' });
    expect(reply).toEqual({
      status: 200,
      json: {
        type: 'success',
        message: 'Form submission saved.',
        submission_id: null,
        is_first_submission: true,
        redirect: false,
      },
    });
    expect(stored(s, form.id)).toEqual([]);
    expect(s.worker?.pending().map((j) => [j.kind, j.formId])).toEqual([['store', form.id]]);
    const listed = await call(s, 'GET', `/open/forms/${form.id}/submissions`);
    expect(listed.json.meta.total).toBe(0);
    expect(await s.worker?.run()).toBe(2); // the store job and the notify job it queued
    expect((await call(s, 'GET', `/open/forms/${form.id}/submissions`)).json.data[0].data[name]).toBe(
      'Queued Quinn',
    );
  });

  test('an editable form stores at once and returns the UUID; its deliveries still wait for the worker', async () => {
    const s = production();
    const { formSlug, fields } = s.ids;
    const before = s.deliveries().length;
    const reply = await answer(s, formSlug, {
      [fields.full_name as string]: 'Eve Editable',
      [fields.email as string]: 'eve@example.org',
      [fields.plan as string]: 'Pro',
    });
    const created = s.state.submissions.at(-1);
    expect(reply.json).toMatchObject({ submission_id: created?.uuid, is_first_submission: false });
    expect(created?.answers[fields.full_name as string]).toBe('Eve Editable');
    expect(s.deliveries().length).toBe(before);
    expect(s.worker?.pending().map((j) => j.kind)).toEqual(['notify']);
    await s.worker?.run();
    expect(
      s
        .deliveries()
        .slice(before)
        .map((d) => d.url),
    ).toEqual(['https://hooks.example.com/opnform/feedback']);
    expect(JSON.parse(s.deliveries().at(-1)?.body ?? '{}').submission_id).toBe(created?.id);
  });

  test('two answers queued before the worker ran both pass a limit of 1 (is_first_submission true twice); the third is refused', async () => {
    const s = production();
    const { form, name } = addForm(s, { max_submissions_count: 1 });
    const a = await answer(s, form.slug, { [name]: 'Racer A' });
    const b = await answer(s, form.slug, { [name]: 'Racer B' });
    expect([a.json.is_first_submission, b.json.is_first_submission]).toEqual([true, true]);
    await s.worker?.run();
    expect(stored(s, form.id).map((x) => x.answers[name])).toEqual(['Racer A', 'Racer B']);
    expect((await answer(s, form.slug, { [name]: 'Racer C' })).status).toBe(403);
  });

  test('an admin PUT is visible at once; its deliveries come from the worker', async () => {
    const s = production();
    const { formId, fields, latestSubmissionId } = s.ids;
    const before = s.deliveries().length;
    const put = await call(s, 'PUT', `/open/forms/${formId}/submissions/${latestSubmissionId}`, {
      body: {
        [fields.full_name as string]: 'Edited',
        [fields.email as string]: 'edited@example.org',
        [fields.plan as string]: 'Pro',
      },
    });
    expect(put.status).toBe(200);
    expect(
      s.state.submissions.find((x) => x.id === latestSubmissionId)?.answers[fields.full_name as string],
    ).toBe('Edited');
    expect(s.deliveries().length).toBe(before);
    await s.worker?.run();
    expect(s.deliveries().length).toBe(before + 1);
  });

  test('a paused worker stores and sends nothing; on resume it catches up (control routes)', async () => {
    const s = production();
    const { form, name } = addForm(s);
    const control = (path: string, method = 'POST') =>
      fetch(`${s.origin}/__sandbox/worker${path}`, { method }).then(async (r) => ({
        status: r.status,
        json: (await r.json()) as Record<string, unknown>,
      }));
    expect((await control('/pause')).json).toMatchObject({ paused: true, auto: false, delayMs: 3000 });
    await answer(s, form.slug, { [name]: 'While Paused' });
    expect((await control('/run')).json).toMatchObject({
      ran: 0,
      pending: [{ kind: 'store', formId: form.id }],
    });
    expect(stored(s, form.id)).toEqual([]);
    expect((await control('/resume')).json).toMatchObject({ paused: false });
    // the store job and the notify job it queued
    expect((await control('/run')).json).toMatchObject({ ran: 2, pending: [] });
    expect(stored(s, form.id)).toHaveLength(1);
    expect(await fetch(`${sync().origin}/__sandbox/worker`).then((r) => r.status)).toBe(404);
  });

  test('form reads show true/false; a sqlite switch is refused in production mode', async () => {
    const s = production();
    const read = await call(s, 'GET', `/open/forms/${s.ids.formId}`);
    expect([read.json.editable_submissions, read.json.use_captcha, read.json.auto_focus]).toEqual([
      true,
      false,
      true,
    ]);
    await expect(startSandbox({ mode: 'production', intBooleans: true })).rejects.toThrow(/intBooleans/);
  });

  test('submit() settles once the worker stored the answer (auto worker, no delay)', async () => {
    const s = await startSandbox({ mode: 'production', worker: { delayMs: 0 } });
    try {
      const { form, name } = addForm(s);
      const { id } = await s.submit(form.id, { [name]: 'Auto' });
      expect(stored(s, form.id).map((x) => x.id)).toEqual([id]);
    } finally {
      await s.close();
    }
  });
});

describe.each(MODES)('database_fields_update upserts (%s)', (mode, sandbox) => {
  test('the row matched on the key answer is replaced (id, UUID, creation kept; omitted answers lost); case-sensitive; no key: the least recently written row', async () => {
    const s = sandbox();
    const { form, name, email, ok } = addForm(s, { attributes: {} });
    form.attributes = { ...form.attributes, database_fields_update: [email] };
    const send = async (body: Record<string, unknown>) => {
      await answer(s, form.slug, body);
      await s.worker?.run();
    };
    await send({ [name]: 'Alice v1', [email]: 'alice@example.org', [ok]: true });
    await send({ [name]: 'Bob v1', [email]: 'bob@example.org' });
    const [alice] = stored(s, form.id);
    const original = structuredClone(alice);
    await send({ [name]: 'Alice v2', [email]: 'alice@example.org' });
    expect(stored(s, form.id)).toHaveLength(2);
    expect(alice).toMatchObject({ id: original?.id, uuid: original?.uuid, created_at: original?.created_at });
    expect(alice?.answers).toEqual({ [name]: 'Alice v2', [email]: 'alice@example.org' });
    await send({ [name]: 'Alice upper', [email]: 'ALICE@example.org' });
    expect(stored(s, form.id)).toHaveLength(3);
    // no key: the least recently written row (Bob's), then the next (Alice's, written before ALICE)
    await send({ [name]: 'No key' });
    await send({ [name]: 'Empty key', [email]: '' });
    expect(stored(s, form.id).map((x) => x.answers[name])).toEqual(['Alice upper', 'No key', 'Empty key']);
    expect(
      stored(s, form.id)
        .map((x) => x.id)
        .sort(),
    ).toEqual([original?.id, original ? original.id + 1 : 0, original ? original.id + 2 : 0].sort());
    if (mode === 'production') expect(s.worker?.pending()).toEqual([]);
  });

  test('with editable submissions the answer returns the matched row UUID', async () => {
    const s = sandbox();
    const { form, name, email } = addForm(s, { editable_submissions: true });
    form.attributes = { ...form.attributes, database_fields_update: [email] };
    const first = await answer(s, form.slug, { [name]: 'Carol v1', [email]: 'carol@example.org' });
    const again = await answer(s, form.slug, { [name]: 'Carol v2', [email]: 'carol@example.org' });
    expect(again.json).toMatchObject({ submission_id: first.json.submission_id, is_first_submission: false });
    expect(stored(s, form.id).map((x) => x.answers[name])).toEqual(['Carol v2']);
  });
});

describe('search as on PostgreSQL (both modes)', () => {
  test('values as text (arrays as JSON, booleans, numbers), % and _ as wildcards, keys and status not searched, meta.total filtered', async () => {
    const s = sync();
    const { form, name, email, ok } = addForm(s);
    await s.submit(form.id, { [name]: 'Zoë Ångström', [email]: 'zoe@example.org', [ok]: true });
    await s.submit(form.id, { [name]: '100% Pure_Value', [email]: 'pure@example.org' });
    // both stored within the same second: the list shows ties in id order
    const search = async (term: string) => {
      const reply = await call(
        s,
        'GET',
        `/open/forms/${form.id}/submissions?search=${encodeURIComponent(term)}`,
      );
      return [
        reply.json.meta.total,
        ...reply.json.data.map((x: { data: Record<string, unknown> }) => x.data[name]),
      ];
    };
    expect(await search('ZOË')).toEqual([1, 'Zoë Ångström']);
    expect(await search('Angstrom')).toEqual([0]);
    expect(await search('true')).toEqual([1, 'Zoë Ångström']);
    expect(await search('%')).toEqual([2, 'Zoë Ångström', '100% Pure_Value']);
    expect(await search('e_v')).toEqual([1, '100% Pure_Value']);
    expect(await search('completed')).toEqual([0]);
    expect(await search(name.slice(0, 8))).toEqual([0]);
    // punctuation is plain text to ILIKE (not a 500): hyphens, slashes, brackets, a backslash
    expect(await search('pure@example.org')).toEqual([1, '100% Pure_Value']);
    expect(await search('no-such/answer[x]\\y')).toEqual([0]);
    expect(await search('ZOE@EXAMPLE-ORG')).toEqual([0]);
  });
});

describe('production mode: async exports go through the worker', () => {
  test('queued until the worker takes it, then processing in chunks of 500, then completed', async () => {
    const s = await startSandbox({
      mode: 'production',
      worker: { auto: false },
      exportStatusForTokens: true,
      largeFormSubmissions: 1200,
    });
    try {
      fakeDateOnly(new Date('2026-11-25T12:00:00Z'));
      const { largeFormId } = s.ids;
      const post = await call(s, 'POST', `/open/forms/${largeFormId}/submissions/export`, {
        body: { columns: { created_at: true } },
      });
      const status = async () =>
        (await call(s, 'GET', `/open/forms/${largeFormId}/submissions/export/${post.json.job_id}/status`))
          .json;
      expect(await status()).toMatchObject({
        status: 'queued',
        processed_submissions: null,
        total_submissions: null,
        file_url: null,
      });
      jest.setSystemTime(Date.now() + 60_000);
      expect((await status()).status).toBe('queued');
      await s.worker?.run();
      jest.setSystemTime(Date.now() + 200);
      expect(await status()).toMatchObject({
        status: 'processing',
        processed_submissions: 500,
        progress: 37,
        total_submissions: 1200,
      });
      jest.setSystemTime(Date.now() + 1000);
      const done = await status();
      expect(done).toMatchObject({ status: 'completed', progress: 100, processed_submissions: 1200 });
      const file = await fetch(done.file_url);
      expect([file.status, file.headers.get('content-disposition')]).toEqual([
        200,
        expect.stringMatching(
          /^attachment; filename="newsletter-signup-submissions-2026-11-25-12-01-\d\d\.csv"$/,
        ),
      ]);
    } finally {
      jest.useRealTimers();
      await s.close();
    }
  });
});

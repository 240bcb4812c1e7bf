// Update Form against the sandbox over loopback (real HTTP, no nock): the form read back after the
// update equals the form before it in every key but the changed ones (and the server's own bookkeeping).
import { failure } from '../helpers/app';
import { call, MODES, modeOptions, runOn, useSandbox } from './helpers';

describe.each(MODES)('%s mode', (mode) => {
  const sandbox = useSandbox(modeOptions(mode));

  /** Keys the server itself changes on every save (not sent by the connector). */
  const BOOKKEEPING = [
    'updated_at',
    'last_edited_human',
    'form_pending_submission_key',
    'closed_text',
    'translations',
    'settings',
  ];

  // biome-ignore lint/suspicious/noExplicitAny: e2e assertions walk the sandbox's JSON freely; a wrong path fails the assertion
  type Json = Record<string, any>;

  const read = async (): Promise<Json> => {
    const s = sandbox();
    const reply = await call(s, 'GET', `/open/forms/${s.ids.formId}`);
    expect(reply.status).toBe(200);
    return reply.json as Json;
  };
  const without = (value: Json, keys: readonly string[]) =>
    Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));

  const update = (inputData: Json, token: 'admin' | 'readonlyMember' = 'admin') => {
    const s = sandbox();
    return runOn<Json>(
      s,
      'creates.update_form.operation.perform',
      { workspace_id: s.ids.workspaceId, form_id: s.ids.formId, ...inputData },
      token,
    );
  };

  beforeEach(() => sandbox().resetRequests());

  test('closing the form, a limit, a closing date, a title and new choices: nothing else changes (4 requests)', async () => {
    const s = sandbox();
    const before = await read();
    s.resetRequests();
    const out = await update({
      visibility: 'closed',
      title: 'Customer Feedback (paused)',
      max_submissions_count: 1000,
      closes_at: '2099-06-30T12:00:00Z',
      choice_field: s.ids.fields.plan,
      add_choices: ['Team'],
      remove_choices: ['Free'],
    });
    // the read, the read right before the save (nothing changed meanwhile), the save, the read back
    expect(s.requests().map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /open/forms/${s.ids.formId}`,
      `GET /open/forms/${s.ids.formId}`,
      `PUT /open/forms/${s.ids.formId}`,
      `GET /open/forms/${s.ids.formId}`,
    ]);
    expect(out).toMatchObject({
      id: s.ids.formId,
      title: 'Customer Feedback (paused)',
      visibility: 'closed',
      max_submissions_count: 1000,
      closes_at: '2099-06-30T12:00:00+00:00',
      changed: ['title', 'visibility', 'closes_at', 'max_submissions_count', 'properties'],
    });
    const after = await read();
    const changed = ['title', 'visibility', 'closes_at', 'max_submissions_count', 'properties', 'is_closed'];
    expect(without(after, [...changed, ...BOOKKEEPING])).toEqual(
      without(before, [...changed, ...BOOKKEEPING]),
    );
    // every question but Plan as before; Plan keeps its other choices' stored ids
    const plan = s.ids.fields.plan;
    expect(after.properties.filter((b: Json) => b.id !== plan)).toEqual(
      before.properties.filter((b: Json) => b.id !== plan),
    );
    const [planBefore] = before.properties.filter((b: Json) => b.id === plan);
    const [planAfter] = after.properties.filter((b: Json) => b.id === plan);
    expect(planAfter.select.options).toEqual([
      ...planBefore.select.options.filter((o: Json) => o.name !== 'Free'),
      { id: 'Team', name: 'Team' },
    ]);
    expect(after).toMatchObject({
      title: 'Customer Feedback (paused)',
      visibility: 'closed',
      max_submissions_count: 1000,
    });
  });

  test('opening it again and clearing the date and the limit', async () => {
    const out = await update({
      visibility: 'public',
      clear_closes_at: true,
      clear_max_submissions_count: true,
    });
    expect(out).toMatchObject({ visibility: 'public', closes_at: null, max_submissions_count: null });
    expect(out.changed).toEqual(['visibility', 'closes_at', 'max_submissions_count']);
    expect(await read()).toMatchObject({
      visibility: 'public',
      closes_at: null,
      max_submissions_count: null,
    });
  });

  test('a read-only member: the sandbox refuses the update (403), the form is unchanged', async () => {
    const before = await read();
    const error = await failure(update({ title: 'Hijacked' }, 'readonlyMember'));
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect((await read()).title).toBe(before.title);
  });

  test('the sandbox refuses what OpnForm refuses: a bad closing date and a limit below 1', async () => {
    const s = sandbox();
    const body = await read();
    const reply = await call(s, 'PUT', `/open/forms/${s.ids.formId}`, {
      body: { ...body, closes_at: 'soon', max_submissions_count: 0 },
    });
    expect(reply.status).toBe(422);
    expect(reply.json.errors).toEqual({
      closes_at: ['The closes at field must be a valid date.'],
      max_submissions_count: ['The max submissions count field must be at least 1.'],
    });
  });
});

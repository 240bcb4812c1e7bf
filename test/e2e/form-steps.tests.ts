// Create Form, Duplicate Form and Delete Form against the sandbox over loopback, in both modes: a form
// created from questions is served with those blocks, its copy (another workspace, same question ids,
// every setting but id, slug and title as the source) is a draft unless asked, and a deleted form is
// gone (a second delete halts; a read answers 404).
import { failure } from '../helpers/app';
import { call, MODES, modeOptions, runOn, useSandbox } from './helpers';

// biome-ignore lint/suspicious/noExplicitAny: e2e assertions walk the sandbox's JSON freely; a wrong path fails the assertion
type Json = Record<string, any>;

describe.each(MODES)('%s mode', (mode) => {
  const sandbox = useSandbox(modeOptions(mode));

  test('create, duplicate into another workspace, delete both', async () => {
    const s = sandbox();
    const created = await runOn<Json>(s, 'creates.create_form.operation.perform', {
      workspace_id: s.ids.workspaceId,
      title: 'Volunteer Sign-up',
      questions: [
        { name: 'Full name', type: 'text', required: 'true' },
        { name: 'Shift', type: 'select', options: 'Morning, Evening', required: 'false' },
        { name: 'Notes', type: 'long_text' },
      ],
    });
    expect(created).toMatchObject({
      title: 'Volunteer Sign-up',
      visibility: 'draft',
      workspace_id: s.ids.workspaceId,
      question_count: 3,
      questions_text: 'Full name (text, required)\nShift (select)\nNotes (text)',
      message:
        "Form created. But other people won't be able to see the form since it's currently in draft mode",
    });
    const stored = (await call(s, 'GET', `/open/forms/${created.id}`)).json as Json;
    expect(created.share_url).toBe(stored.share_url);
    expect(created.share_url).toMatch(new RegExp(`/forms/${created.slug}$`));
    expect(stored.properties).toEqual([
      expect.objectContaining({ name: 'Full name', type: 'text', required: true, hidden: false }),
      expect.objectContaining({
        name: 'Shift',
        type: 'select',
        required: false,
        allow_creation: false,
        select: {
          options: [
            { id: 'Morning', name: 'Morning' },
            { id: 'Evening', name: 'Evening' },
          ],
        },
      }),
      expect.objectContaining({ name: 'Notes', type: 'text', multi_lines: true }),
    ]);

    const copy = await runOn<Json>(s, 'creates.duplicate_form.operation.perform', {
      workspace_id: s.ids.workspaceId,
      form_id: created.id,
      to_workspace_id: s.ids.otherWorkspaceId,
      visibility: 'public',
    });
    expect(copy).toMatchObject({
      title: 'Copy of Volunteer Sign-up',
      visibility: 'public',
      workspace_id: s.ids.otherWorkspaceId,
      source_form_id: created.id,
      questions: created.questions,
      message: 'Form created.',
    });
    expect(copy.id).not.toBe(created.id);
    expect(copy.slug).not.toBe(created.slug);

    // each from its own workspace: the copy's is the other one (another would be refused)
    for (const [id, workspace_id] of [
      [copy.id, s.ids.otherWorkspaceId],
      [created.id, s.ids.workspaceId],
    ]) {
      const deleted = await runOn<Json>(s, 'creates.delete_form.operation.perform', {
        workspace_id,
        form_id: id,
      });
      expect(deleted).toEqual({ id, deleted: true, message: 'Form was deleted.' });
      expect((await call(s, 'GET', `/open/forms/${id}`)).status).toBe(404);
    }
    const again = await failure(
      runOn(s, 'creates.delete_form.operation.perform', {
        workspace_id: s.ids.workspaceId,
        form_id: created.id,
      }),
    );
    expect(again).toEqual({
      name: 'HaltedError',
      message: `Form ${created.id} is not there (any more): it was already deleted, or never existed. Nothing was deleted.`,
    });
  });

  test('a copy keeps every setting of a seeded form but its id, slug, title and visibility (draft)', async () => {
    const s = sandbox();
    const before = (await call(s, 'GET', `/open/forms/${s.ids.formId}`)).json as Json;
    const copy = await runOn<Json>(s, 'creates.duplicate_form.operation.perform', {
      workspace_id: s.ids.workspaceId,
      form_id: s.ids.formId,
      title: 'Feedback (copy)',
    });
    expect(copy).toMatchObject({
      title: 'Feedback (copy)',
      visibility: 'draft',
      source_form_id: s.ids.formId,
    });
    const after = (await call(s, 'GET', `/open/forms/${copy.id}`)).json as Json;
    expect(after.properties).toEqual(before.properties);
    const same = [
      'description',
      'submit_button_text',
      'color',
      'theme',
      'language',
      'tags',
      'max_submissions_count',
    ];
    for (const key of same) expect([key, after[key]]).toEqual([key, before[key]]);
    await runOn(s, 'creates.delete_form.operation.perform', {
      workspace_id: s.ids.workspaceId,
      form_id: copy.id,
    });
  });

  test('the readonly member may not create (403, nothing created); a token without forms-write may not delete', async () => {
    const s = sandbox();
    const count = async () =>
      (await call(s, 'GET', `/open/workspaces/${s.ids.workspaceId}/forms?per_page=100`)).json.meta.total;
    const before = await count();
    const refused = await failure(
      runOn(
        s,
        'creates.create_form.operation.perform',
        { workspace_id: s.ids.workspaceId, title: 'Nope', questions: [{ name: 'A' }] },
        'readonlyMember',
      ),
    );
    expect(refused).toMatchObject({ code: 'forbidden', status: 403 });
    expect(await count()).toBe(before);
    const notDeleted = await failure(
      runOn(
        s,
        'creates.delete_form.operation.perform',
        { workspace_id: s.ids.workspaceId, form_id: s.ids.emptyFormId },
        'readonly',
      ),
    );
    expect(notDeleted).toMatchObject({ code: 'forbidden', status: 403 });
    expect((await call(s, 'GET', `/open/forms/${s.ids.emptyFormId}`)).status).toBe(200);
  });
  test("a pre-filled link opens the form with its answers filled in, as OpnForm's client reads the query", async () => {
    const s = sandbox();
    const f = (name: string): string => s.ids.fields[name] ?? name;
    const out = await runOn<Json>(s, 'creates.create_prefilled_link.operation.perform', {
      workspace_id: s.ids.workspaceId,
      form_id: s.ids.formId,
      [`answer__${f('full_name')}`]: 'Ada Lovelace',
      [`answer__${f('plan')}`]: 'pro',
      [`answer__${f('interests')}`]: ['Forms', 'Design'],
      [`answer__${f('subscribe')}`]: 'yes',
      [`answer__${f('rating')}`]: 4,
      [`answer__${f('stay')}__start`]: '2026-04-01',
      [`answer__${f('stay')}__end`]: '2026-04-03',
      [`answer__${f('satisfaction')}__row__Support`]: 'Good',
      [`answer__${f('referrer')}`]: 'crm-42',
      query_params: { utm_source: 'zapier' },
    });
    const page = await fetch(out.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    const data = JSON.parse(
      /<script type="application\/json" id="prefilled">(.*)<\/script>/.exec(html)?.[1] ?? '{}',
    );
    expect(data).toEqual({
      [f('full_name')]: 'Ada Lovelace',
      // each end at noon local: every viewer sees 1-3 April (src/forms/prefill-answers.ts)
      [f('stay')]: ['2026-04-01T12:00:00', '2026-04-03T12:00:00'],
      [f('subscribe')]: true,
      [f('plan')]: 'Pro',
      [f('interests')]: ['Forms', 'Design'],
      [f('satisfaction')]: { Support: 'Good' },
      [f('rating')]: '4',
      [f('referrer')]: 'crm-42',
      utm_source: 'zapier',
    });
    expect(html).toContain(
      `<li data-id="${f('referrer')}"><label>Referrer (hidden)</label> <output>crm-42</output></li>`,
    );
  });
});

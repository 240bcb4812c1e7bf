// Issue 22's finds and New or Updated Submission against the sandbox, in both modes: Find Form through
// its dropdown, Find Submission by ID deep in the large form, Find Submission's wider window, and the
// new trigger from subscribe to unsubscribe over a local hook catcher.
import type { HookCatcher } from '../../harness/hook-catcher';
import { startHookCatcher } from '../../harness/hook-catcher';
import { op } from '../helpers/app';
import { withCache } from '../submissions/cache';
import { call, MODES, modeOptions, runOn, useSandbox } from './helpers';

type Item = { id: number; is_edit?: boolean | null; answers?: Record<string, unknown> };

describe.each(MODES)('%s mode', (mode) => {
  const sandbox = useSandbox({ ...modeOptions(mode), largeFormSubmissions: 1200 });
  let catcher: HookCatcher;
  beforeAll(async () => {
    catcher = await startHookCatcher();
  });
  afterAll(async () => {
    await catcher.close();
  });
  const lines = () =>
    sandbox()
      .requests()
      .map((r) => `${r.method} ${r.path}`);

  test('Find Form: a form picked in the dropdown (its id), and a typed slug with no workspace', async () => {
    const s = sandbox();
    const listed = await runOn<Array<{ id: number; name: string }>>(
      s,
      'triggers.form_list.operation.perform',
      {
        workspace_id: s.ids.workspaceId,
      },
    );
    const picked = listed.find((f) => f.id === s.ids.formId);
    expect(picked).toBeDefined();
    const [byId] = await runOn<Array<{ id: number; slug: string }>>(
      s,
      'searches.find_form.operation.perform',
      {
        workspace_id: s.ids.workspaceId,
        form: String(picked?.id),
      },
    );
    expect(byId?.id).toBe(s.ids.formId);
    const bySlug = await runOn<Array<{ id: number }>>(s, 'searches.find_form.operation.perform', {
      form: byId?.slug,
    });
    expect(bySlug.map((f) => f.id)).toEqual([s.ids.formId]);
  });

  test('Find Submission by ID: a submission ten pages deep is found; an id above the newest is [] after one page', async () => {
    const s = sandbox();
    const form = { workspace_id: s.ids.workspaceId, form_id: s.ids.largeFormId };
    const page10 = await call(s, 'GET', `/open/forms/${s.ids.largeFormId}/submissions?per_page=100&page=10`);
    const deep = (page10.json.data as Array<{ id: number }>)[50]?.id as number;
    s.resetRequests();
    const [found] = await runOn<Item[]>(s, 'searches.find_submission_by_id.operation.perform', {
      ...form,
      submission_id: deep,
    });
    expect(found?.id).toBe(deep);
    const pages = lines().filter((l) => l === `GET /open/forms/${s.ids.largeFormId}/submissions`);
    expect(pages).toHaveLength(10);
    expect(lines()).toContain(`GET /open/forms/${s.ids.largeFormId}`);

    const newest = (
      (await call(s, 'GET', `/open/forms/${s.ids.largeFormId}/submissions?per_page=1`)).json.data as Array<{
        id: number;
      }>
    )[0]?.id as number;
    s.resetRequests();
    await expect(
      runOn(s, 'searches.find_submission_by_id.operation.perform', { ...form, submission_id: newest + 1000 }),
    ).resolves.toEqual([]);
    expect(lines()).toEqual([`GET /open/forms/${s.ids.largeFormId}/submissions`]);
  });

  test("Find Submission's window: all 1200 submissions read with a window of 1500, [] for no match", async () => {
    const s = sandbox();
    // a yes/no question: compared by value, so no `search` pre-filter shortens the pages
    const { json: form } = await call(s, 'GET', `/open/forms/${s.ids.largeFormId}`);
    const checkbox = (form.properties as Array<{ id: string; type: string }>).find(
      (b) => b.type === 'checkbox',
    );
    const input = {
      workspace_id: s.ids.workspaceId,
      form_id: s.ids.largeFormId,
      search_field: checkbox?.id,
      search: 'maybe',
    };
    s.resetRequests();
    await expect(
      runOn(s, 'searches.find_submission.operation.perform', { ...input, search_window: '1500' }),
    ).resolves.toEqual([]);
    const list = `GET /open/forms/${s.ids.largeFormId}/submissions`;
    expect(lines().filter((l) => l === list)).toHaveLength(12);
    // the default window stops at 500
    s.resetRequests();
    await expect(runOn(s, 'searches.find_submission.operation.perform', input)).resolves.toEqual([]);
    expect(lines().filter((l) => l === list)).toHaveLength(5);
  });

  test('New or Updated Submission: subscribe, a new submission, its edit, an unchanged repeat, unsubscribe', async () => {
    const s = sandbox();
    const { formId, workspaceId, fields: F } = s.ids;
    const input = { workspace_id: workspaceId, form_id: formId };
    const step = (name: string) => op(`triggers.new_or_updated_submission.operation.${name}` as never);
    const hookUrl = catcher.url('e2e-new-or-updated');
    const subscribeData = await runOn<Record<string, unknown>>(
      s,
      step('performSubscribe') as never,
      input,
      'admin',
      { targetUrl: hookUrl },
    );
    expect(s.hooks(formId)).toEqual([{ formId, hookUrl }]);

    const answers = {
      [F.full_name as string]: 'Mary Jackson',
      [F.email as string]: 'mary@example.org',
      [F.plan as string]: 'Pro',
    };
    const { id } = await s.submit(formId, answers);
    const cache = new Map<string, unknown>();
    const deliver = async () => {
      const delivery = await catcher.next();
      return (bundle: object = {}) =>
        runOn<Item[]>(s, withCache(step('perform'), cache) as never, input, 'admin', {
          cleanedRequest: delivery.json,
          subscribeData,
          ...bundle,
        });
    };
    const first = await deliver();
    const [created] = await first();
    expect(created).toMatchObject({ id, is_edit: false });
    expect(created).not.toHaveProperty('submission_id');

    await s.edit(id, { ...answers, [F.full_name as string]: 'Mary W. Jackson' });
    const again = await deliver();
    const [edited] = await again();
    expect(edited).toMatchObject({
      id,
      is_edit: true,
      answers: { [F.full_name as string]: 'Mary W. Jackson' },
    });
    // the same delivery once more (a Zap's own unchanged update coming back): nothing
    await expect(again()).resolves.toEqual([]);

    const sample = await runOn<Item[]>(s, step('performList') as never, input);
    expect(sample[0]).toMatchObject({ is_edit: false });
    expect(Object.keys(sample[0] as object).sort()).toEqual(Object.keys(created as object).sort());

    await runOn(s, step('performUnsubscribe') as never, input, 'admin', { subscribeData });
    expect(s.hooks(formId)).toEqual([]);
  });
});

// Create Submission end to end against the sandbox, which serves the public answer endpoint as the
// recorded real server does (submissions--public-create.json): the answers are sent as a respondent
// sends them and the created submission is read back with its real id (refusals before any write:
// test/submissions/create/refused.tests.ts and create-recorded.tests.ts). In both modes where the
// connector already behaves: a form with editable submissions is stored in the request on a production
// server too. A form without them is stored later by a production server's worker: that case is sync
// mode only here (the production behaviour is issue 20, point 1).
import type { Sandbox } from '../../sandbox/server';
import { call, MODES, type Mode, modeOptions, runOn, useSandbox } from './helpers';

const CREATE = 'creates.create_submission.operation.perform';
const sandboxes: Record<Mode, () => Sandbox> = {
  sync: useSandbox(modeOptions('sync')),
  production: useSandbox(modeOptions('production')),
};
let sandbox = sandboxes.sync;

type Out = { id: number; answers: Record<string, unknown>; status: string };

const newestIds = async (formId: number): Promise<number[]> => {
  const reply = await call(sandbox(), 'GET', `/open/forms/${formId}/submissions?page=1&per_page=100`);
  return (reply.json.data as Array<{ id: number }>).map((item) => item.id);
};

const sent = () =>
  sandbox()
    .requests()
    .map((r) => `${r.method} ${r.path}`);

const each = (tests: () => void) =>
  describe.each(MODES)('%s mode', (mode) => {
    beforeEach(() => {
      sandbox = sandboxes[mode];
      sandbox().resetRequests();
    });
    tests();
  });

each(() => {
  test('the main form (editable submissions): created through /forms/{slug}/answer, real id, 3 requests', async () => {
    const s = sandbox();
    const { formId, fields } = s.ids;
    const out = await runOn<Out>(s, CREATE, {
      workspace_id: s.ids.workspaceId,
      form_id: formId,
      [`answer__${fields.full_name}`]: 'Zed Created',
      [`answer__${fields.email}`]: 'zed@example.org',
      [`answer__${fields.plan}`]: 'pro',
      [`answer__${fields.interests}`]: 'Forms, Design',
      [`answer__${fields.satisfaction}__row__Support`]: 'Good',
      [`answer__${fields.stay}__start`]: '2026-12-01',
      [`answer__${fields.stay}__end`]: '2026-12-03',
    });
    expect(sent()).toEqual([
      'GET /open/forms/101',
      `POST /forms/${s.ids.formSlug}/answer`,
      'GET /open/forms/101/submissions',
    ]);
    expect((await newestIds(formId)).includes(out.id)).toBe(true);
    expect(Number.isInteger(out.id) && out.id < 2 ** 52).toBe(true);
    expect(out.status).toBe('completed');
    expect(out.answers[fields.plan as string]).toBe('Pro');
    expect(out.answers[fields.interests as string]).toEqual(['Forms', 'Design']);
  });
});

describe('sync mode only', () => {
  beforeEach(() => {
    sandbox = sandboxes.sync;
    sandbox().resetRequests();
  });

  test('a form without editable submissions: newest id before, then the exact answers: 4 requests', async () => {
    const s = sandbox();
    const formId = s.ids.emptyFormId;
    const form = await call(s, 'GET', `/open/forms/${formId}`);
    const [name, email] = (form.json.properties as Array<{ id: string }>).map((b) => b.id);
    s.resetRequests();
    const out = await runOn<Out>(s, CREATE, {
      workspace_id: s.ids.workspaceId,
      form_id: formId,
      [`answer__${name}`]: 'First Ever',
      [`answer__${email}`]: 'first@example.org',
    });
    expect(sent()).toEqual([
      `GET /open/forms/${formId}`,
      `GET /open/forms/${formId}/submissions`,
      'POST /forms/empty-form/answer',
      `GET /open/forms/${formId}/submissions`,
    ]);
    expect(await newestIds(formId)).toContain(out.id);
    expect(out.answers[name as string]).toBe('First Ever');
  });
});

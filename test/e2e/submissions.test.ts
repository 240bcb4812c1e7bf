// End to end against the sandbox (a loopback OpnForm that behaves like a real server): update one
// answer and read it back with every other answer unchanged; find. Exports: test/e2e/exports.test.ts.
import type { Bundle, ZObject } from 'zapier-platform-core';
import { op, run } from '../helpers/app';
import { call, useSandbox } from './helpers';

const sandbox = useSandbox();

const on = <T>(perform: (z: ZObject, bundle: Bundle) => unknown, inputData: Record<string, unknown>) =>
  run(perform as never, inputData, {
    authData: { base_url: sandbox().baseUrl, api_key: sandbox().tokens.admin },
  } as Partial<Bundle>) as Promise<T>;

const listed = async (formId: number) => {
  const all: Array<{ id: number; data: Record<string, unknown>; completion_time: number | null }> = [];
  for (let page = 1; ; page += 1) {
    const reply = await call(sandbox(), 'GET', `/open/forms/${formId}/submissions?page=${page}&per_page=100`);
    all.push(...reply.json.data);
    if (page >= reply.json.meta.last_page) return all;
  }
};

const env = { ...process.env };
afterEach(() => {
  process.env = { ...env };
});

test('update one answer: read back, every other answer (files, hidden, required) unchanged', async () => {
  const { formId, fileSubmissionId, fields } = sandbox().ids;
  const before = (await listed(formId)).find((s) => s.id === fileSubmissionId);
  expect(before).toBeDefined();
  const newPlan = before?.data[fields.plan!] === 'Enterprise' ? 'Pro' : 'Enterprise';
  sandbox().resetRequests();
  const out = await on<{ id: number; answers: Record<string, unknown> }>(
    op('creates.update_submission.operation.perform'),
    {
      workspace_id: sandbox().ids.workspaceId,
      form_id: formId,
      submission_id: fileSubmissionId,
      [`answer__${fields.plan}`]: newPlan,
    },
  );
  expect(out.id).toBe(fileSubmissionId);
  expect(out.answers[fields.plan!]).toBe(newPlan);
  const after = (await listed(formId)).find((s) => s.id === fileSubmissionId);
  const strip = (data: Record<string, unknown>) => {
    const { [fields.plan!]: _plan, ...rest } = data;
    // file links are re-signed on every read: compare the file names
    return JSON.parse(JSON.stringify(rest).replace(/"file_url":"[^"]*"/g, '"file_url":"<signed>"'));
  };
  expect(after?.data[fields.plan!]).toBe(newPlan);
  expect(strip(after?.data ?? {})).toEqual(strip(before?.data ?? {}));
  const names = (value: unknown) => (value as Array<{ file_name: string }>).map((file) => file.file_name);
  expect(names(before?.data[fields.attachments!]).length).toBeGreaterThan(0);
  expect(names(after?.data[fields.attachments!])).toEqual(names(before?.data[fields.attachments!]));
  // the form, the page holding the current answers, the PUT
  expect(
    sandbox()
      .requests()
      .map((r) => `${r.method} ${r.path}`)
      .slice(0, 3),
  ).toEqual([
    `GET /open/forms/${formId}`,
    `GET /open/forms/${formId}/submissions`,
    `PUT /open/forms/${formId}/submissions/${fileSubmissionId}`,
  ]);
});

test('find_submission: newest match first, [] for no match', async () => {
  const { formId, workspaceId } = sandbox().ids;
  const perform = op('searches.find_submission.operation.perform');
  const found = await on<Array<{ id: number; answers: Record<string, unknown> }>>(perform, {
    workspace_id: workspaceId,
    form_id: formId,
    search: 'lovelace',
  });
  expect(found.length).toBeGreaterThan(0);
  const ids = found.map((s) => s.id);
  expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  await expect(
    on(perform, { workspace_id: workspaceId, form_id: formId, search: 'no-such-answer-anywhere' }),
  ).resolves.toEqual([]);
});

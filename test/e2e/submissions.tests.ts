// End to end against the sandbox (a loopback OpnForm that behaves like a real server): update one
// answer and read it back with every other answer unchanged; find. Exports: test/e2e/exports.tests.ts.
import type { Bundle, ZObject } from 'zapier-platform-core';
import { op, run } from '../helpers/app';
import { call, MODES, modeOptions, useSandbox } from './helpers';

describe.each(MODES)('%s mode', (mode) => {
  const sandbox = useSandbox(modeOptions(mode));

  const on = <T>(perform: (z: ZObject, bundle: Bundle) => unknown, inputData: Record<string, unknown>) =>
    run(perform, inputData, {
      authData: { base_url: sandbox().baseUrl, api_key: sandbox().tokens.admin },
    }) as Promise<T>;

  const listed = async (formId: number) => {
    const all: Array<{ id: number; data: Record<string, unknown>; completion_time: number | null }> = [];
    for (let page = 1; ; page += 1) {
      const reply = await call(
        sandbox(),
        'GET',
        `/open/forms/${formId}/submissions?page=${page}&per_page=100`,
      );
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
    const plan = String(fields.plan);
    const attachments = String(fields.attachments);
    const before = (await listed(formId)).find((s) => s.id === fileSubmissionId);
    expect(before).toBeDefined();
    const newPlan = before?.data[plan] === 'Enterprise' ? 'Pro' : 'Enterprise';
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
    expect(out.answers[plan]).toBe(newPlan);
    const after = (await listed(formId)).find((s) => s.id === fileSubmissionId);
    const strip = (data: Record<string, unknown>) => {
      const { [plan]: _plan, ...rest } = data;
      // file links are re-signed on every read: compare the file names
      return JSON.parse(JSON.stringify(rest).replace(/"file_url":"[^"]*"/g, '"file_url":"<signed>"'));
    };
    expect(after?.data[plan]).toBe(newPlan);
    expect(strip(after?.data ?? {})).toEqual(strip(before?.data ?? {}));
    const names = (value: unknown) => (value as Array<{ file_name: string }>).map((file) => file.file_name);
    expect(names(before?.data[attachments]).length).toBeGreaterThan(0);
    expect(names(after?.data[attachments])).toEqual(names(before?.data[attachments]));
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

  test('find_submission: an exact answer to the chosen question, newest first; no question chosen is refused', async () => {
    const { formId, workspaceId, fields } = sandbox().ids;
    const perform = op('searches.find_submission.operation.perform');
    const name = (await listed(formId)).find((s) => typeof s.data[fields.full_name as string] === 'string')
      ?.data[fields.full_name as string] as string;
    const question = { workspace_id: workspaceId, form_id: formId, search_field: fields.full_name };
    const found = await on<Array<{ id: number; answers: Record<string, unknown> }>>(perform, {
      ...question,
      search: name.toUpperCase(),
    });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((s) => s.answers[fields.full_name as string] === name)).toBe(true);
    const ids = found.map((s) => s.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    // a part of an answer is no match
    await expect(on(perform, { ...question, search: name.slice(1) })).resolves.toEqual([]);
    // no question: refused (an equal answer to another question would make Find or Create skip the create)
    await expect(on(perform, { workspace_id: workspaceId, form_id: formId, search: name })).rejects.toThrow(
      'Invalid input: Question (search_field) is empty',
    );
  });

  test('find_submission exact match: ann@example.org finds Ann, not the newer joann@example.org; then update Ann', async () => {
    const { formId, workspaceId, fields } = sandbox().ids;
    const ann = await sandbox().submit(formId, {
      [fields.full_name as string]: 'Ann Example',
      [fields.email as string]: 'ann@example.org',
      [fields.plan as string]: 'Pro',
    });
    const joann = await sandbox().submit(formId, {
      [fields.full_name as string]: 'Joann Example',
      [fields.email as string]: 'joann@example.org',
      [fields.plan as string]: 'Pro',
    });
    expect(joann.id).toBeGreaterThan(ann.id);
    const find = op('searches.find_submission.operation.perform');
    const found = await on<Array<{ id: number; answers: Record<string, unknown> }>>(find, {
      workspace_id: workspaceId,
      form_id: formId,
      search_field: fields.email,
      search: ' ANN@example.org ',
    });
    expect(found.map((s) => [s.id, s.answers[fields.email as string]])).toEqual([
      [ann.id, 'ann@example.org'],
    ]);
    // the Find -> Update Zap edits Ann, and Joann is untouched
    const updated = await on<{ id: number; answers: Record<string, unknown> }>(
      op('creates.update_submission.operation.perform'),
      {
        workspace_id: workspaceId,
        form_id: formId,
        submission_id: found[0]?.id,
        [`answer__${fields.full_name}`]: 'Ann Updated',
      },
    );
    expect([updated.id, updated.answers[fields.full_name as string]]).toEqual([ann.id, 'Ann Updated']);
    const after = await listed(formId);
    expect(after.find((s) => s.id === joann.id)?.data[fields.full_name as string]).toBe('Joann Example');
    await expect(
      on(find, {
        workspace_id: workspaceId,
        form_id: formId,
        search_field: fields.email,
        search: 'nn@example.org',
      }),
    ).resolves.toEqual([]);
  });

  test('update one matrix row and a date range start: the other row and the end stay as they were', async () => {
    const { formId, workspaceId, fields } = sandbox().ids;
    const [matrix, stay] = [fields.satisfaction as string, fields.stay as string];
    const created = await sandbox().submit(formId, {
      [fields.full_name as string]: 'Row Person',
      [fields.email as string]: 'row@example.org',
      [fields.plan as string]: 'Pro',
      [matrix]: { Support: 'Bad', Product: 'OK' },
      [stay]: ['2026-12-14', '2026-12-20'],
    });
    await on(op('creates.update_submission.operation.perform'), {
      workspace_id: workspaceId,
      form_id: formId,
      submission_id: created.id,
      [`answer__${matrix}__row__Support`]: 'Good',
      [`answer__${stay}__start`]: '2026-12-15T00:00:00+00:00',
    });
    const after = (await listed(formId)).find((s) => s.id === created.id);
    expect(after?.data[matrix]).toEqual({ Support: 'Good', Product: 'OK' });
    expect(after?.data[stay]).toEqual(['2026-12-15', '2026-12-20']);
  });
});

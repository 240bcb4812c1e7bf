// End to end against the sandbox: Delete Submission (one request; already gone halts) and Zapier's
// Transfer paging through New Submission and New Partial Submission (issue 15 items 2 and 7).
import type { StepPath } from '../helpers/app';
import { runOn, useSandbox } from './helpers';

const sandbox = useSandbox();
const DELETE: StepPath = 'creates.delete_submission.operation.perform';
const GONE =
  'This submission is not on the form (any more): it was already deleted, or it belongs to another form. ' +
  'Nothing was deleted.';

const ofForm = (formId: number, status?: string) =>
  sandbox()
    .state.submissions.filter((s) => s.form_id === formId && (status === undefined || s.status === status))
    .map((s) => s.id);
const sent = () =>
  sandbox()
    .requests()
    .filter((r) => !r.path.startsWith('/__sandbox/'))
    .map((r) => `${r.method} ${r.path}`);

describe('delete_submission', () => {
  test('the form read, then one DELETE; the submission is gone; a second delete halts, nothing else changes', async () => {
    const { workspaceId, formId } = sandbox().ids;
    const [id] = ofForm(formId).slice(-1);
    const before = ofForm(formId).length;
    sandbox().resetRequests();
    await expect(
      runOn(sandbox(), DELETE, { workspace_id: workspaceId, form_id: formId, submission_id: id }),
    ).resolves.toEqual({ id, form_id: formId, deleted: true, message: 'Record successfully removed.' });
    expect(sent()).toEqual([`GET /open/forms/${formId}`, `DELETE /open/forms/${formId}/submissions/${id}`]);
    expect(ofForm(formId)).not.toContain(id);
    await expect(
      runOn(sandbox(), DELETE, { workspace_id: workspaceId, form_id: formId, submission_id: id }),
    ).rejects.toMatchObject({ name: 'HaltedError', message: GONE });
    expect(ofForm(formId)).toHaveLength(before - 1);
  });
});

describe('Transfer (bulk read, canPaginate)', () => {
  /** Asks for Zapier pages 0, 1, 2, ... until one comes back empty, as Transfer does. */
  const transfer = async (method: StepPath, formId: number) => {
    const ids: number[] = [];
    const requests: number[] = [];
    for (let page = 0; page < 50; page += 1) {
      sandbox().resetRequests();
      const items = await runOn<Array<{ id: number }>>(
        sandbox(),
        method,
        { workspace_id: sandbox().ids.workspaceId, form_id: formId },
        'admin',
        { meta: { isBulkRead: true, page } },
      );
      requests.push(sent().length);
      if (items.length === 0) return { ids, requests, pages: page + 1 };
      ids.push(...items.map((item) => item.id));
    }
    throw new Error('the transfer never ended');
  };

  test('New Submission: every completed submission once, newest first, 100 a page; an empty page ends it', async () => {
    const { formId } = sandbox().ids;
    const completed = ofForm(formId, 'completed');
    const { ids, requests, pages } = await transfer('triggers.new_submission.operation.performList', formId);
    expect(ids).toEqual([...completed].sort((a, b) => b - a));
    expect(pages).toBe(Math.ceil(completed.length / 100) + 1);
    // the form + one list page per Zapier page
    expect(requests.every((n) => n === 2)).toBe(true);
  });

  test('New Partial Submission: every partial submission once, none held back by the idle time', async () => {
    const { formId } = sandbox().ids;
    const partial = ofForm(formId, 'partial');
    expect(partial.length).toBeGreaterThan(0);
    const { ids } = await transfer('triggers.new_partial_submission.operation.perform', formId);
    expect([...ids].sort((a, b) => a - b)).toEqual([...partial].sort((a, b) => a - b));
  });
});

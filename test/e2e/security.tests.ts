/**
 * Issue 12 end to end against the sandbox: a stored answer holding "{{bundle.x}}" (any respondent can
 * type it) is updated like any other text (L-1); the write comes right after the read of the current
 * answers, with no request between them (L-3: the window in which a respondent's edit is lost).
 */
import type { Bundle, ZObject } from 'zapier-platform-core';
import { op, run } from '../helpers/app';
import { call, useSandbox } from './helpers';

const sandbox = useSandbox();

const on = <T>(inputData: Record<string, unknown>) =>
  run(op('creates.update_submission.operation.perform') as (z: ZObject, b: Bundle) => Promise<T>, inputData, {
    authData: { base_url: sandbox().baseUrl, api_key: sandbox().tokens.admin },
  } as Partial<Bundle>) as Promise<T>;

const TYPED = 'Hi {{bundle.authData.api_key}} and {{process.env.HOME}} {{ bundle.x }}';

test('an answer containing {{bundle.x}} is updated end to end, stored and sent back exactly', async () => {
  const s = sandbox();
  const { formId, workspaceId, fields } = s.ids;
  const { id } = await s.submit(formId, {
    'Full Name': '{{bundle.inputData.x}}',
    Email: 'curly@example.org',
    Plan: 'Free',
  });
  s.resetRequests();
  const out = await on<{ id: number; answers: Record<string, unknown> }>({
    workspace_id: workspaceId,
    form_id: formId,
    submission_id: id,
    [`answer__${fields.comments_text}`]: TYPED,
  });
  const requests = s.requests().map((r) => `${r.method} ${r.path}`);
  expect(out.id).toBe(id);
  expect(out.answers[fields.comments_text as string]).toBe(TYPED);
  const page = await call(s, 'GET', `/open/forms/${formId}/submissions?page=1&per_page=100`);
  const stored = (page.json.data as Array<{ id: number; data: Record<string, unknown> }>).find(
    (x) => x.id === id,
  );
  expect(stored?.data[fields.comments_text as string]).toBe(TYPED);
  // the answer typed by the respondent went back untouched too
  expect(stored?.data[fields.full_name as string]).toBe('{{bundle.inputData.x}}');
  // L-3: the read of the current answers is the last request before the write
  const put = requests.indexOf(`PUT /open/forms/${formId}/submissions/${id}`);
  expect(put).toBeGreaterThan(0);
  expect(requests[put - 1]).toBe(`GET /open/forms/${formId}/submissions`);
  expect(requests.slice(put + 1)).toEqual([]);
});

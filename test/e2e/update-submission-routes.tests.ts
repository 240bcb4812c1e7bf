// The sandbox's submission routes answer raw requests like the recorded real server: its admin PUT
// (submissions--update.json), the public answer, delete and signed file routes, and the list.
import { call, MODES, modeOptions, useSandbox } from './helpers';
import { fileNames, lister } from './update-submission-helpers';

describe.each(MODES)('%s mode', (mode) => {
  const sandbox = useSandbox(modeOptions(mode));
  const listed = lister(sandbox);
  describe('the sandbox PUT, as recorded (submissions--update.json)', () => {
    const put = (id: number, body: Record<string, unknown>) =>
      call(sandbox(), 'PUT', `/open/forms/${sandbox().ids.formId}/submissions/${id}`, { body });

    const fileSubmissionBody = async () => {
      const s = sandbox();
      const item = await listed(s.ids.formId, s.ids.fileSubmissionId);
      const body: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(item?.data ?? {}))
        if (!['status', 'created_at', 'id', 'submission_id'].includes(key)) body[key] = value;
      return body;
    };

    test('files sent back as listed (objects): 500, nothing written', async () => {
      const s = sandbox();
      const body = await fileSubmissionBody();
      const before = JSON.stringify(
        s.state.submissions.find((x) => x.id === s.ids.fileSubmissionId)?.answers,
      );
      const reply = await put(s.ids.fileSubmissionId, body);
      expect([reply.status, reply.json]).toEqual([500, { message: 'Server Error' }]);
      expect(JSON.stringify(s.state.submissions.find((x) => x.id === s.ids.fileSubmissionId)?.answers)).toBe(
        before,
      );
    });

    test('a signature as a list: 422 "must be a valid text"; as its link: 200 and silently cleared', async () => {
      const s = sandbox();
      const F = s.ids.fields;
      const body = await fileSubmissionBody();
      const files = fileNames(body[F.attachments as string]);
      const signatureItems = body[F.signature as string] as Array<{ file_url: string; file_name: string }>;
      body[F.attachments as string] = files;
      const asList = await put(s.ids.fileSubmissionId, body);
      expect(asList.status).toBe(422);
      expect(asList.json.errors).toEqual({
        [F.signature as string]: ['The Signature must be a valid text.'],
      });
      const asLink = await put(s.ids.fileSubmissionId, {
        ...body,
        [F.signature as string]: signatureItems[0]?.file_url,
      });
      expect(asLink.status).toBe(200);
      expect(asLink.json.data.data[F.signature as string]).toBeNull();
      expect(fileNames(asLink.json.data.data[F.attachments as string])).toEqual(files);
      const restored = await put(s.ids.fileSubmissionId, {
        ...body,
        [F.signature as string]: signatureItems[0]?.file_name,
      });
      expect(fileNames(restored.json.data.data[F.signature as string])).toEqual([
        signatureItems[0]?.file_name,
      ]);
    });

    test('is_partial: true on a form with partial submissions wipes every answer', async () => {
      const s = sandbox();
      const F = s.ids.fields;
      const { id } = await s.submit(s.ids.formId, {
        [F.full_name as string]: 'Wiped',
        [F.email as string]: 'w@example.org',
        [F.plan as string]: 'Free',
      });
      const reply = await put(id, { [F.full_name as string]: 'Sent with is_partial', is_partial: true });
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.json.data.data).sort()).toEqual([
        'created_at',
        'id',
        'status',
        'submission_id',
      ]);
    });
  });

  describe('public and delete routes (submissions--public-create.json, submissions--delete.json, --file-links)', () => {
    test('POST /forms/{slug}/answer needs no token; partial answers a hash; an empty partial is 422', async () => {
      const s = sandbox();
      const F = s.ids.fields;
      const form = s.state.forms.find((f) => f.id === s.ids.formId);
      const answer = (body: unknown) => call(s, 'POST', `/forms/${form?.slug}/answer`, { token: null, body });
      const ok = await answer({
        [F.full_name as string]: 'Public',
        [F.email as string]: 'p@example.org',
        [F.plan as string]: 'Free',
      });
      expect(ok.status).toBe(200);
      expect(ok.json).toEqual({
        type: 'success',
        message: 'Form submission saved.',
        submission_id: form?.editable_submissions ? expect.any(String) : null,
        is_first_submission: false,
        redirect: false,
      });
      const partial = await answer({ [F.full_name as string]: 'Half', is_partial: true });
      expect(partial.json).toEqual({
        type: 'success',
        message: 'Partial submission saved',
        submission_hash: expect.any(String),
      });
      expect((await answer({ is_partial: true })).json).toEqual({
        type: 'error',
        message: 'At least one field must have a value for partial submissions.',
      });
      const missing = await call(s, 'POST', '/forms/no-such-form/answer', { token: null, body: {} });
      expect([missing.status, missing.json]).toEqual([
        404,
        { message: 'No query results for model [App\\Models\\Forms\\Form].' },
      ]);
    });

    test('DELETE a submission: 200, then 404 with an empty message; forms-write needed', async () => {
      const s = sandbox();
      const { id } = await s.submit(s.ids.formId, {
        [s.ids.fields.full_name as string]: 'Delete Me',
        [s.ids.fields.email as string]: 'd@example.org',
        [s.ids.fields.plan as string]: 'Free',
      });
      const path = `/open/forms/${s.ids.formId}/submissions/${id}`;
      expect((await call(s, 'DELETE', path, { token: 'readonly' })).status).toBe(403);
      const ok = await call(s, 'DELETE', path);
      expect([ok.status, ok.json]).toEqual([
        200,
        { type: 'success', message: 'Record successfully removed.' },
      ]);
      const again = await call(s, 'DELETE', path);
      expect([again.status, again.json]).toEqual([404, { message: '' }]);
    });

    test('the signed file route serves the file without a token; a tampered signature is 403', async () => {
      const s = sandbox();
      const item = await listed(s.ids.formId, s.ids.fileSubmissionId);
      const [file] = (item?.data[s.ids.fields.attachments as string] ?? []) as Array<{
        file_url: string;
        file_name: string;
      }>;
      const ok = await fetch(file?.file_url as string);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-disposition')).toBe(`attachment; filename=${file?.file_name}`);
      expect(ok.headers.get('content-type')).toBe('application/octet-stream');
      const tampered = await fetch(
        String(file?.file_url).replace(/signature=\w+/, `signature=${'0'.repeat(64)}`),
      );
      expect([tampered.status, await tampered.json()]).toEqual([403, { message: 'Invalid signature.' }]);
    });

    test('list: per_page=0 gives 15, an unknown status is ignored', async () => {
      const s = sandbox();
      const zero = await call(s, 'GET', `/open/forms/${s.ids.formId}/submissions?per_page=0`);
      expect([zero.status, zero.json.meta.per_page, zero.json.data.length]).toEqual([200, 15, 15]);
      const bogus = await call(s, 'GET', `/open/forms/${s.ids.formId}/submissions?status=bogus&per_page=1`);
      const all = await call(s, 'GET', `/open/forms/${s.ids.formId}/submissions?per_page=1`);
      expect([bogus.status, bogus.json.meta.total]).toEqual([200, all.json.meta.total]);
    });
  });
});

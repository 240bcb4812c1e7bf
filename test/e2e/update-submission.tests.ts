// Update Submission end to end against the sandbox, which answers the admin PUT like the recorded
// real server (submissions--*.json): files and signatures kept, partial submissions and answers to
// removed questions refused before any write unless asked for, captcha forms refused, dates
// date-only (a 422 naming the question and a read-only member's 403: test/submissions/update/ and
// test/http/forbidden.tests.ts). The sandbox's own routes: update-submission-routes.tests.ts.
import type { Block } from '../../sandbox/state';
import { failure } from '../helpers/app';
import { call, MODES, modeOptions, runOn, useSandbox } from './helpers';
import { fileNames, lister } from './update-submission-helpers';

describe.each(MODES)('%s mode', (mode) => {
  const sandbox = useSandbox(modeOptions(mode));
  const UPDATE = 'creates.update_submission.operation.perform';
  const listed = lister(sandbox);

  /** The sandbox's write requests (PUT) since the last reset. */
  const writes = () =>
    sandbox()
      .requests()
      .filter((r) => r.method === 'PUT');

  test('a submission with files and a signature: updated, every file and the signature still there', async () => {
    const s = sandbox();
    const { formId, fileSubmissionId, fields } = s.ids;
    const before = await listed(formId, fileSubmissionId);
    const files = fileNames(before?.data[fields.attachments as string]);
    const signature = fileNames(before?.data[fields.signature as string]);
    expect(files).toHaveLength(2);
    expect(signature).toHaveLength(1);
    const out = await runOn<{ answer_files: Record<string, Array<{ name: string }>> }>(s, UPDATE, {
      workspace_id: s.ids.workspaceId,
      form_id: formId,
      submission_id: fileSubmissionId,
      [`answer__${fields.age}`]: '51',
    });
    expect(out.answer_files[fields.attachments as string]?.map((f) => f.name)).toEqual(files);
    expect(out.answer_files[fields.signature as string]?.map((f) => f.name)).toEqual(signature);
    const after = await listed(formId, fileSubmissionId);
    expect(after?.data[fields.age as string]).toBe(51);
    expect(fileNames(after?.data[fields.attachments as string])).toEqual(files);
    expect(fileNames(after?.data[fields.signature as string])).toEqual(signature);
  });

  describe('partial submissions', () => {
    test('refused before any write; with complete_partial it is completed and the hooks fire', async () => {
      const s = sandbox();
      const { formId, fields } = s.ids;
      const { id } = await s.submit(formId, { [fields.full_name as string]: 'Half Done' }, { partial: true });
      const input = {
        workspace_id: s.ids.workspaceId,
        form_id: formId,
        submission_id: id,
        [`answer__${fields.email}`]: 'half@example.org',
        [`answer__${fields.plan}`]: 'Pro',
      };
      s.resetRequests();
      const refused = await failure(runOn(s, UPDATE, input));
      expect(refused.message).toMatch(/^Submission \d+ is a partial submission/);
      expect(writes()).toEqual([]);
      expect(s.state.submissions.find((x) => x.id === id)?.status).toBe('partial');

      const deliveriesBefore = s.deliveries().length;
      const out = await runOn<{ status: string }>(s, UPDATE, { ...input, complete_partial: true });
      expect(out.status).toBe('completed');
      expect(s.state.submissions.find((x) => x.id === id)?.status).toBe('completed');
      // the form's integrations ran for it, as the help text warns (production: from the worker)
      await s.worker?.run();
      expect(s.deliveries().length).toBeGreaterThan(deliveriesBefore);
    });

    test('complete_partial without a required answer: refused before any write, naming it', async () => {
      const s = sandbox();
      const { formId, fields } = s.ids;
      const { id } = await s.submit(
        formId,
        { [fields.full_name as string]: 'Still Half' },
        { partial: true },
      );
      s.resetRequests();
      const error = await failure(
        runOn(s, UPDATE, {
          workspace_id: s.ids.workspaceId,
          form_id: formId,
          submission_id: id,
          [`answer__${fields.age}`]: '40',
          complete_partial: 'yes',
        }),
      );
      expect(error.message).toBe(
        `Submission ${id} is partial and completing it needs every required answer; missing: "Email" ` +
          `(answer__${fields.email}), "Plan" (answer__${fields.plan}). Nothing was changed. Fill in these answers ` +
          'in this step.',
      );
      expect(writes()).toEqual([]);
    });

    test('the Submission dropdown marks it', async () => {
      const s = sandbox();
      const { id } = await s.submit(
        s.ids.formId,
        { [s.ids.fields.full_name as string]: 'Dropdown Partial' },
        { partial: true },
      );
      const items = await runOn<Array<{ id: number; label: string }>>(
        s,
        'triggers.submission_list.operation.perform',
        {
          workspace_id: s.ids.workspaceId,
          form_id: s.ids.formId,
        },
      );
      expect(items.find((item) => item.id === id)?.label).toMatch(/^Dropdown Partial · .* UTC, partial$/);
    });
  });

  test('answers to a removed question: refused, then dropped on request and listed in the output', async () => {
    const s = sandbox();
    const { formId, fields } = s.ids;
    const form = s.state.forms.find((f) => f.id === formId);
    const phone = fields.phone as string;
    const { id } = await s.submit(formId, {
      [fields.full_name as string]: 'Removed Phone',
      [fields.email as string]: 'rp@example.org',
      [fields.plan as string]: 'Free',
      [phone]: '+33612345678',
    });
    const properties = form?.properties as Block[];
    const removed = properties.find((b) => b.id === phone) as Block;
    (form as { properties: Block[] }).properties = properties.filter((b) => b.id !== phone);
    (form as { removed_properties?: Block[] }).removed_properties = [removed];
    try {
      const input = {
        workspace_id: s.ids.workspaceId,
        form_id: formId,
        submission_id: id,
        [`answer__${fields.plan}`]: 'Pro',
      };
      s.resetRequests();
      const error = await failure(runOn(s, UPDATE, input));
      expect(error.message).toMatch(/holds answers to questions no longer on the form \("Phone"\)/);
      expect(writes()).toEqual([]);
      const out = await runOn<{ dropped_answers: unknown }>(s, UPDATE, {
        ...input,
        drop_removed_answers: true,
      });
      expect(out.dropped_answers).toEqual([{ id: phone, name: 'Phone', value: '+33612345678' }]);
      expect((await listed(formId, id))?.data).not.toHaveProperty(phone);
    } finally {
      (form as { properties: Block[] }).properties = properties;
      (form as { removed_properties?: Block[] }).removed_properties = [];
    }
  });

  test('a captcha form: the connector refuses before any write; the sandbox answers a raw PUT with 422', async () => {
    const s = sandbox();
    const form = s.state.forms.find((f) => f.id === s.ids.formId);
    const attributes = form?.attributes ?? {};
    (form as { attributes?: Record<string, unknown> }).attributes = {
      ...attributes,
      use_captcha: true,
      captcha_provider: 'hcaptcha',
    };
    try {
      s.resetRequests();
      const error = await failure(
        runOn(s, UPDATE, {
          workspace_id: s.ids.workspaceId,
          form_id: s.ids.formId,
          submission_id: s.ids.latestSubmissionId,
          [`answer__${s.ids.fields.age}`]: '30',
        }),
      );
      expect(error.message).toMatch(
        /^Form "[^"]+" requires a captcha, which OpnForm demands on API updates too/,
      );
      expect(s.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /open/forms/${s.ids.formId}`]);
      const raw = await call(
        s,
        'PUT',
        `/open/forms/${s.ids.formId}/submissions/${s.ids.latestSubmissionId}`,
        {
          body: {},
        },
      );
      expect(raw.status).toBe(422);
      expect(raw.json).toEqual({
        message: 'Please complete the captcha.',
        errors: { 'h-captcha-response': ['Please complete the captcha.'] },
      });
    } finally {
      (form as { attributes?: Record<string, unknown> }).attributes = attributes;
    }
  });

  test('a Zapier ISO date-time in a date-only question is stored as its date part', async () => {
    const s = sandbox();
    const { formId, fields } = s.ids;
    const form = s.state.forms.find((f) => f.id === formId);
    const visit = form?.properties.find((b) => b.id === fields.visit_date) as Block;
    visit.with_time = false;
    try {
      const { id } = await s.submit(formId, {
        [fields.full_name as string]: 'Date Only',
        [fields.email as string]: 'do@example.org',
        [fields.plan as string]: 'Free',
      });
      await runOn(s, UPDATE, {
        workspace_id: s.ids.workspaceId,
        form_id: formId,
        submission_id: id,
        [`answer__${fields.visit_date}`]: '2026-02-03T23:30:00-05:00',
      });
      expect((await listed(formId, id))?.data[fields.visit_date as string]).toBe('2026-02-03');
    } finally {
      visit.with_time = true;
    }
  });
});

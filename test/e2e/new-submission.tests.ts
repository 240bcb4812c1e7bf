// The submission triggers against the sandbox over loopback: subscribe with a local hook catcher, a
// delivery, the trigger's output, an edit, samples, unsubscribe, zero hooks left (the empty sample and
// New Partial Submission: test/submissions/new-submission.recorded.tests.ts and
// new-partial-submission.tests.ts).
import type { Bundle, ZObject } from 'zapier-platform-core';
import { type HookCatcher, startHookCatcher } from '../../harness/hook-catcher';
import type { Sandbox } from '../../sandbox/server';
import { submissionFile } from '../../src/submissions/output/files';
import type { SubmissionOutput } from '../../src/submissions/output/output-types';
import { App, type BundleExtra, op, run } from '../helpers/app';
import { withCache } from '../submissions/cache';
import { MODES, modeOptions, useSandbox } from './helpers';

describe.each(MODES)('%s mode', (mode) => {
  const sandbox = useSandbox(modeOptions(mode));
  let catcher: HookCatcher;
  beforeAll(async () => {
    catcher = await startHookCatcher();
  });
  afterAll(async () => {
    await catcher.close();
  });

  type Fn = (z: ZObject, bundle: Bundle) => unknown;
  const on = <T>(s: Sandbox, fn: Fn, inputData: Record<string, unknown>, extra: BundleExtra = {}) =>
    run(fn, inputData, {
      authData: { base_url: s.baseUrl, api_key: s.tokens.admin },
      ...extra,
    }) as Promise<T>;

  const trigger = (name: 'performSubscribe' | 'performUnsubscribe' | 'performList' | 'perform') =>
    op(`triggers.new_submission.operation.${name}`);

  test('subscribe, a delivery, the trigger output, an edit, unsubscribe: zero hooks left', async () => {
    const s = sandbox();
    const { formId, workspaceId, fields: F } = s.ids;
    const hookUrl = catcher.url('e2e-zap');
    // a Zap made with this version saves the input's default, edits off
    const input = { workspace_id: workspaceId, form_id: formId, include_edits: 'no' };

    const subscribeData = await on<Record<string, unknown>>(s, trigger('performSubscribe'), input, {
      targetUrl: hookUrl,
    });
    expect(subscribeData).toEqual({ hookUrl, form_id: formId });
    expect(s.hooks(formId)).toEqual([{ formId, hookUrl }]);

    const { id } = await s.submit(
      formId,
      {
        [F.full_name as string]: 'Katherine Johnson',
        [F.email as string]: 'katherine@example.org',
        [F.visit_date as string]: '2026-11-21T14:30:00+00:00',
        [F.stay as string]: ['2026-11-05', '2026-11-21'],
        [F.subscribe as string]: true,
        [F.plan as string]: 'Pro',
        [F.interests as string]: ['Forms', 'Automation'],
        [F.satisfaction as string]: { Support: 'Good', Product: 'OK' },
        [F.age as string]: 41,
        [F.attachments as string]: ['orbit.pdf'],
        [F.signature as string]: ['kj-signature.png'],
        [F.referrer as string]: 'newsletter',
      },
      { attribution: { utm_source: 'newsletter', gclid: 'Cj0KCQ' } },
    );
    const delivery = await catcher.next();
    const cache = new Map<string, unknown>();
    s.resetRequests();
    const [item] = await on<SubmissionOutput[]>(s, withCache(trigger('perform'), cache), input, {
      cleanedRequest: delivery.json,
      subscribeData,
    });
    // Stay "11/05/2026 - ..." is ambiguous without its date format: perform reads the form once
    expect(s.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`GET /open/forms/${formId}`]);
    expect(item).toMatchObject({
      id,
      form_id: formId,
      form_slug: 'customer-feedback',
      status: 'completed',
      is_edit: false,
      attribution: { utm_source: 'newsletter', gclid: 'Cj0KCQ' },
    });
    expect(item?.edit_link).toMatch(/\/forms\/customer-feedback\?submission_id=/);
    expect(item?.answers).toMatchObject({
      [F.full_name as string]: 'Katherine Johnson',
      [F.visit_date as string]: '2026-11-21T14:30:00+00:00',
      [F.stay as string]: '2026-11-05 - 2026-11-21',
      [F.subscribe as string]: true,
      [F.interests as string]: ['Forms', 'Automation'],
      [F.satisfaction as string]: 'Support: Good\nProduct: OK',
      [F.age as string]: 41,
      [F.referrer as string]: 'newsletter',
    });
    expect(item?.answer_dates[F.visit_date as string]).toEqual({
      start: '2026-11-21T14:30:00+00:00',
      end: null,
    });
    // the sandbox delivers Stay as MM/dd/yyyy: "11/05/2026" is 5 November
    expect(item?.answer_dates[F.stay as string]).toEqual({ start: '2026-11-05', end: '2026-11-21' });
    expect(item?.answer_matrices[F.satisfaction as string]).toEqual({ Support: 'Good', Product: 'OK' });
    const [file] = item?.answer_files[F.attachments as string] ?? [];
    expect(file?.name).toBe('orbit.pdf');
    expect(item?.answers[F.attachments as string]).toEqual([
      expect.stringMatching(/^hydrate\|\|\|.*orbit\.pdf/),
    ]);

    // the file link is signed: the hydrator downloads it without the token and stashes it
    const stashed: string[] = [];
    const stash: Fn = (z, bundle) => {
      (z as { stashFile: unknown }).stashFile = async (response: { text(): Promise<string> }) => {
        stashed.push(await response.text());
        return 'https://zapier-stash.example/orbit.pdf';
      };
      return submissionFile(z, bundle);
    };
    await expect(on(s, stash, { url: file?.url, name: file?.name })).resolves.toBe(
      'https://zapier-stash.example/orbit.pdf',
    );
    expect(stashed).toEqual(['sandbox file orbit.pdf']);

    // an edit re-fires the hook with the same id: skipped by default, delivered when edits are on
    await s.edit(id, {
      [F.full_name as string]: 'Katherine G. Johnson',
      [F.email as string]: 'katherine@example.org',
      [F.plan as string]: 'Pro',
    });
    const edit = await catcher.next();
    const bundle = { cleanedRequest: edit.json, subscribeData };
    s.resetRequests();
    await expect(on(s, withCache(trigger('perform'), cache), input, bundle)).resolves.toEqual([]);
    const [edited] = await on<SubmissionOutput[]>(
      s,
      withCache(trigger('perform'), cache),
      { ...input, include_edits: true },
      bundle,
    );
    expect(edited).toMatchObject({
      id,
      is_edit: true,
      submitted_at: null,
      answers: { [F.full_name as string]: 'Katherine G. Johnson' },
    });
    expect(s.requests()).toEqual([]); // the date formats came from the cache

    // samples: the form and one page of /open submissions; real ids, the same keys as a delivery
    s.resetRequests();
    const samples = await on<SubmissionOutput[]>(s, trigger('performList'), input);
    expect(s.requests().map((r) => `${r.method} ${r.path} ${r.query}`)).toEqual([
      `GET /open/forms/${formId} `,
      `GET /open/forms/${formId}/submissions page=1&per_page=3&status=completed`,
    ]);
    const [sample] = samples;
    expect(sample).toMatchObject({ id, form_id: formId, is_edit: false });
    expect(sample?.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect(sample?.edit_link).toBe(item?.edit_link);
    expect(Object.keys(sample as object).sort()).toEqual(Object.keys(item as object).sort());
    // the newest state of the submission (after the edit), shaped exactly as its delivery was
    expect(sample?.answers).toEqual(edited?.answers);
    expect(sample?.answer_dates).toEqual(edited?.answer_dates);

    // the flagship Zap in the editor: every sample id is one Update Submission accepts
    for (const each of samples) {
      const updated = await on<SubmissionOutput>(s, op('creates.update_submission.operation.perform'), {
        ...input,
        submission_id: each.id,
        [`answer__${F.referrer}`]: 'zapier-test',
      });
      expect(updated).toMatchObject({ id: each.id, answers: { [F.referrer as string]: 'zapier-test' } });
    }

    await expect(on(s, trigger('performUnsubscribe'), input, { subscribeData })).resolves.toEqual({
      hookUrl,
      form_id: formId,
      form_gone: false,
    });
    expect(s.hooks(formId)).toEqual([]);
    expect(s.hooks()).toEqual([]);
    // a guard against a hang, not a speed check: a few seconds on a quiet machine, past 20 s seen under load
  }, 120_000);

  test('output fields: one request, every question of the form labelled, duplicates told apart', async () => {
    const s = sandbox();
    s.resetRequests();
    const fields = ((App.triggers?.new_submission?.operation.outputFields ?? []) as unknown[]).find(
      (f) => typeof f === 'function',
    ) as Fn;
    const out = await on<Array<{ key: string; label: string }>>(s, fields, {
      workspace_id: 11,
      form_id: s.ids.formId,
    });
    expect(s.requests()).toHaveLength(1);
    const labels = out.filter((f) => f.key.startsWith('answers__')).map((f) => f.label);
    expect(labels).toContain('Comments (1)');
    expect(labels).toContain('Comments (2)');
    expect(labels).toHaveLength(21);
  });
});

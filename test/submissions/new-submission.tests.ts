import { newSubmission } from '../../src/submissions/new-submission';
import { SEEN_TTL_SECONDS } from '../../src/submissions/reading/submission-hook';
import { failure, op, run } from '../helpers/app';
import { formReadScope } from '../helpers/recorded';
import { api, apiJson } from '../helpers/scopes';
import { withCache } from './cache';
import { F, FORM, REAL_DELIVERY, SPEC_DELIVERY } from './fixtures';

const HOOK = 'https://hooks.zapier.com/hooks/standard/1234/abcd/';
const subscribe = op('triggers.new_submission.operation.performSubscribe');
const unsubscribe = op('triggers.new_submission.operation.performUnsubscribe');
const perform = op('triggers.new_submission.operation.perform');

describe('performSubscribe', () => {
  test('reads the form, POSTs {hookUrl, form_id} and stores both for unsubscribing (OpnForm returns no id)', async () => {
    const read = formReadScope(42, 7);
    const scope = apiJson().post('/external/zapier/webhook', { hookUrl: HOOK, form_id: 42 }).reply(200, []);
    await expect(run(subscribe, { workspace_id: '7', form_id: '42' }, { targetUrl: HOOK })).resolves.toEqual({
      hookUrl: HOOK,
      form_id: 42,
    });
    expect(read.isDone() && scope.isDone()).toBe(true);
  });

  test('a form that is not an id is refused before any request', async () => {
    const error = await failure(
      run(subscribe, { workspace_id: 7, form_id: 'contact-us' }, { targetUrl: HOOK }),
    );
    expect(error.message).toBe(
      'Invalid input: Form (form_id) must be a whole number (an OpnForm id), got "contact-us".',
    );
  });

  test("OpnForm's refusal of the hook URL is shown with its field", async () => {
    formReadScope(42, 7);
    api()
      .post('/external/zapier/webhook')
      .reply(422, {
        message: 'The hook url field must be a valid URL.',
        errors: { hookUrl: ['The hook url field must be a valid URL.'] },
      });
    const error = await failure(run(subscribe, { workspace_id: 7, form_id: 42 }, { targetUrl: HOOK }));
    expect(error.message).toBe(
      'OpnForm rejected the request (422): The hook url field must be a valid URL. hookUrl: The hook url field must be a valid URL.',
    );
  });
});

describe('performUnsubscribe', () => {
  const deleteHook = () => apiJson().delete('/external/zapier/webhook', { hookUrl: HOOK, form_id: 42 });

  test('DELETEs the stored hook URL and form id (not the current input)', async () => {
    const scope = deleteHook().reply(200, []);
    await expect(
      run(unsubscribe, { form_id: '99' }, { subscribeData: { hookUrl: HOOK, form_id: 42 } }),
    ).resolves.toEqual({ hookUrl: HOOK, form_id: 42, form_gone: false });
    expect(scope.isDone()).toBe(true);
  });

  test('succeeds when nothing matched (real server 200 [], a spec server 204 without a body)', async () => {
    const real = deleteHook().reply(200, []);
    await run(unsubscribe, {}, { subscribeData: { hookUrl: HOOK, form_id: 42 } });
    const spec = deleteHook().reply(204);
    await expect(
      run(unsubscribe, {}, { subscribeData: { hookUrl: HOOK, form_id: 42 } }),
    ).resolves.toMatchObject({ form_gone: false });
    expect(real.isDone() && spec.isDone()).toBe(true);
  });

  test('succeeds when the form was deleted (404): its hooks went with it', async () => {
    const scope = deleteHook().reply(404, {
      message: 'No query results for model [App\\Models\\Forms\\Form].',
    });
    await expect(run(unsubscribe, {}, { subscribeData: { hookUrl: HOOK, form_id: 42 } })).resolves.toEqual({
      hookUrl: HOOK,
      form_id: 42,
      form_gone: true,
    });
    expect(scope.isDone()).toBe(true);
  });

  test('without stored data (older subscriptions) falls back to the target URL and the form input', async () => {
    const scope = deleteHook().reply(200, []);
    await run(
      unsubscribe,
      { workspace_id: 7, form_id: '42' },
      { targetUrl: HOOK, subscribeData: { id: 'legacy' } },
    );
    expect(scope.isDone()).toBe(true);
  });

  test('other failures are not hidden: the hook may still exist, so the user is told', async () => {
    deleteHook().reply(403, { message: 'Invalid ability provided.' });
    const error = await failure(run(unsubscribe, {}, { subscribeData: { hookUrl: HOOK, form_id: 42 } }));
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
  });
});

describe('perform (a delivery; the form is read only for an ambiguous date)', () => {
  /** `GET /open/forms/42`: REAL_DELIVERY's Stay "05/11/2026 - ..." needs the question's date format. */
  const formRead = () => api().get('/open/forms/42').reply(200, FORM);

  test('shapes a real-server delivery: every block type, files, attribution; the delivered keys kept for 1.0.4 Zaps', async () => {
    const form = formRead();
    const [item, ...rest] = (await run(
      withCache(perform, new Map()),
      { workspace_id: 7, form_id: '42' },
      {
        cleanedRequest: REAL_DELIVERY,
        subscribeData: { hookUrl: HOOK, form_id: 42 },
      },
    )) as Array<Record<string, unknown>>;
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      id: 1843,
      form_id: 42,
      form_slug: 'contact-us',
      form_title: 'Contact Us',
      edit_link: 'https://opnform.com/forms/contact-us?submission_id=Vx3kq9',
      status: 'completed',
      attribution: { utm_source: 'newsletter', utm_campaign: 'november', gclid: 'Cj0KCQ' },
    });
    // the delivery's own keys, as delivered: Zaps made with version 1.0.4 map them
    expect(item).toMatchObject({
      submission_id: REAL_DELIVERY.submission_id,
      submission: REAL_DELIVERY.submission,
      data: REAL_DELIVERY.data,
      message: REAL_DELIVERY.message,
    });
    expect((item?.answers as Record<string, unknown> | undefined)?.[F.consent]).toBe(true);
    // Stay has no date_format: OpnForm's default d/m/Y, so 05/11 is 5 November
    expect((item?.answers as Record<string, unknown> | undefined)?.[F.stay]).toBe('2026-11-05 - 2026-11-21');
    expect((item?.answer_dates as Record<string, unknown> | undefined)?.[F.stay]).toEqual({
      start: '2026-11-05',
      end: '2026-11-21',
    });
    expect(form.isDone()).toBe(true);
  });

  test('a delivery without an ambiguous date reads nothing from OpnForm', async () => {
    const { [F.stay]: _stay, ...data } = REAL_DELIVERY.data;
    const items = await run(
      withCache(perform, new Map()),
      { workspace_id: 7, form_id: '42' },
      { cleanedRequest: { ...REAL_DELIVERY, data }, subscribeData: { hookUrl: HOOK, form_id: 42 } },
    );
    expect(items).toHaveLength(1);
  });

  test('edits off (default): a second delivery of the same submission to this Zap is skipped', async () => {
    const store = new Map<string, unknown>();
    const calls: string[] = [];
    const form = formRead();
    const bundle = { cleanedRequest: REAL_DELIVERY, subscribeData: { hookUrl: HOOK, form_id: 42 } };
    await expect(
      run(withCache(perform, store, calls), { workspace_id: 7, form_id: '42' }, bundle),
    ).resolves.toHaveLength(1);
    await expect(
      run(withCache(perform, store, calls), { workspace_id: 7, form_id: '42' }, bundle),
    ).resolves.toEqual([]);
    const delivered = calls.filter((call) => call.includes('opnform:delivered:'));
    const key = delivered[0]?.slice(4) ?? '';
    expect(key).toMatch(/^opnform:delivered:[0-9a-f]{64}$/);
    expect(delivered).toEqual([`get ${key}`, `set ${key} ${SEEN_TTL_SECONDS}`, `get ${key}`]);
    expect(form.isDone()).toBe(true);
    // another Zap on the same form (another hook URL) still gets it
    const other = { ...bundle, subscribeData: { hookUrl: `${HOOK}other/`, form_id: 42 } };
    await expect(
      run(withCache(perform, store), { workspace_id: 7, form_id: '42' }, other),
    ).resolves.toHaveLength(1);
    // another submission still triggers
    const next = { ...bundle, cleanedRequest: { ...REAL_DELIVERY, submission_id: 1844 } };
    await expect(
      run(withCache(perform, store), { workspace_id: 7, form_id: '42' }, next),
    ).resolves.toHaveLength(1);
  });

  test('edits on: every delivery that changes the answers triggers; an unchanged re-delivery is skipped (no loop)', async () => {
    const store = new Map<string, unknown>();
    const form = formRead();
    const bundle = { cleanedRequest: REAL_DELIVERY, subscribeData: { hookUrl: HOOK, form_id: 42 } };
    const input = { workspace_id: 7, form_id: '42', include_edits: 'yes' };
    const deliver = (cleanedRequest: unknown) =>
      run(withCache(perform, store), input, { ...bundle, cleanedRequest });
    // the submission, then the Zap's own Update Submission delivered back (answers changed): both trigger
    await expect(deliver(REAL_DELIVERY)).resolves.toHaveLength(1);
    const data = REAL_DELIVERY.data as Record<string, { value: unknown }>;
    const [first] = Object.keys(data).filter((id) => typeof data[id]?.value === 'string');
    const edited = {
      ...REAL_DELIVERY,
      data: { ...data, [first as string]: { ...data[first as string], value: 'Processed by Zapier' } },
    };
    await expect(deliver(edited)).resolves.toHaveLength(1);
    // the same update again writes the same answers: its delivery is skipped, which ends the loop
    await expect(deliver(edited)).resolves.toEqual([]);
    // a later real edit triggers again
    await expect(deliver(REAL_DELIVERY)).resolves.toMatchObject([{ is_edit: true }]);
    expect(form.isDone()).toBe(true);
  });

  test('edits trigger by default, as in 1.0.4; the help text says when to choose No (the Update Submission loop)', () => {
    const field = (
      newSubmission.operation.inputFields as Array<{ key: string; helpText?: string; default?: string }>
    ).find((f) => f.key === 'include_edits');
    expect(field?.default).toBe('yes');
    expect(field?.helpText).toBe(
      '**Yes** (default, as before): edits that change the answers trigger too, as in New or Updated ' +
        'Submission. **No**: new submissions only (choose it when this Zap updates its own submission).',
    );
  });

  test('deliveries without a submission id never share an id (two identical submissions both trigger)', async () => {
    const store = new Map<string, unknown>();
    const { submission_id: _id, ...noId } = SPEC_DELIVERY;
    const bundle = { cleanedRequest: noId, subscribeData: { hookUrl: HOOK, form_id: 42 } };
    const ids = new Set<number>();
    for (let i = 0; i < 50; i += 1) {
      const items = (await run(
        withCache(perform, store),
        { workspace_id: 7, form_id: '42' },
        bundle,
      )) as Array<{
        id: number;
        is_edit: boolean | null;
      }>;
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ is_edit: null });
      expect(Number.isSafeInteger(items[0]?.id)).toBe(true);
      ids.add(items[0]?.id as number);
    }
    expect(ids.size).toBe(50);
  });

  test('when the cache fails the delivery still triggers (a duplicate beats a lost submission)', async () => {
    const bundle = { cleanedRequest: SPEC_DELIVERY, subscribeData: { hookUrl: HOOK, form_id: 42 } };
    // whether it is an edit cannot be known then: is_edit is null, not a guess
    await expect(
      run(withCache(perform, 'broken'), { workspace_id: 7, form_id: 42 }, bundle),
    ).resolves.toMatchObject([{ id: 1843, is_edit: null }]);
  });

  test('a delivery is shaped whatever the pickers hold (they only matter when subscribing)', async () => {
    const items = await run(withCache(perform, new Map()), {}, { cleanedRequest: SPEC_DELIVERY });
    expect(items).toHaveLength(1);
  });

  test('a body that is not a delivery fails clearly', async () => {
    const error = await failure(
      run(
        withCache(perform, new Map()),
        { workspace_id: 7, form_id: 42 },
        { cleanedRequest: { data: 'oops', form_id: 42 } },
      ),
    );
    expect(error.message).toMatch(/^The delivery OpnForm sent to this Zap is not a submission \(data: /);
  });

  test('a yes/no input that is neither is refused', async () => {
    const error = await failure(
      run(
        perform,
        { workspace_id: 7, form_id: 42, include_edits: 'maybe' },
        { cleanedRequest: SPEC_DELIVERY },
      ),
    );
    expect(error.message).toBe(
      'Invalid input: Also Trigger When a Submission Is Edited (include_edits) must be yes or no (got "maybe").',
    );
  });
});

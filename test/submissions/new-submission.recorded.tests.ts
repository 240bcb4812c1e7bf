import { failure, op, run } from '../helpers/app';
import { api, recorded, recordedScope } from '../helpers/recorded';
import { withCache } from './cache';
import {
  EVERY_BLOCK,
  formScope,
  GET_FORM,
  HOOK,
  perform,
  RECEIVED,
  SUBSCRIBE,
  subscribe,
  UNSUBSCRIBE,
  unsubscribe,
  useReceivedClock,
} from './new-submission-recorded';

useReceivedClock();

describe('performSubscribe (the form read, then POST /external/zapier/webhook, as recorded)', () => {
  /** The recorded read of form 6 (workspace 6). */
  const form6 = () => recordedScope(recorded('forms--update-form').exchange(1));

  test('sends {hookUrl, form_id} as the recording does; OpnForm answers 200 [] and the subscription is stored', async () => {
    const scopes = [form6(), recordedScope(SUBSCRIBE.exchange(0))];
    await expect(run(subscribe, { workspace_id: '6', form_id: '6' }, { targetUrl: HOOK })).resolves.toEqual({
      hookUrl: HOOK,
      form_id: 6,
    });
    expect(scopes.map((s) => s.isDone())).toEqual([true, true]);
  });

  test.each([
    ['New Submission', subscribe],
    ['New or Updated Submission', op('triggers.new_or_updated_submission.operation.performSubscribe')],
  ])('%s: a form of another workspace is refused, both named; no hook subscribed', async (_step, step) => {
    // a real server subscribes it: that form's submissions would run this Zap (only the read is answered)
    const read = form6();
    const error = await failure(run(step, { workspace_id: 7, form_id: 6 }, { targetUrl: HOOK }));
    expect(read.isDone()).toBe(true);
    expect(error).toMatchObject({
      code: 'invalid_input',
      message:
        'Invalid input: Form (form_id) 6 is in workspace 6, not in the chosen Workspace (workspace_id) 7. ' +
        'Choose workspace 6, or a form of workspace 7. Nothing was subscribed.',
    });
  });

  test('a form OpnForm does not have (its read: 404): said so, no hook subscribed', async () => {
    const scope = recordedScope(GET_FORM.exchange(3));
    const error = await failure(run(subscribe, { workspace_id: 6, form_id: 999999 }, { targetUrl: HOOK }));
    expect(scope.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
  });

  test('a token without manage-integrations (403 Invalid ability provided.) is told which ability', async () => {
    const scopes = [form6(), recordedScope(SUBSCRIBE.exchange(9))];
    const error = await failure(run(subscribe, { workspace_id: 6, form_id: 6 }, { targetUrl: HOOK }));
    expect(scopes.map((s) => s.isDone())).toEqual([true, true]);
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(error.message).toContain('"Invalid ability provided."');
    expect(error.message).toContain('"manage-integrations" ability');
  });
});

describe('performUnsubscribe (DELETE /external/zapier/webhook, as recorded)', () => {
  const saved = { subscribeData: { hookUrl: HOOK, form_id: 6 } };

  test('removes the stored hook: 200 [] (also when nothing matched)', async () => {
    const first = recordedScope(UNSUBSCRIBE.exchange(0));
    const again = recordedScope(UNSUBSCRIBE.exchange(2));
    await expect(run(unsubscribe, {}, saved)).resolves.toEqual({
      hookUrl: HOOK,
      form_id: 6,
      form_gone: false,
    });
    await expect(run(unsubscribe, {}, saved)).resolves.toEqual({
      hookUrl: HOOK,
      form_id: 6,
      form_gone: false,
    });
    expect(first.isDone() && again.isDone()).toBe(true);
  });

  test.each([
    ['[] (what OpnForm answered)', []],
    ['{}', {}],
    ['missing', undefined],
  ])(
    "a hook subscribed by version 1.0.4 (subscribeData %s) is removed by the Zap's hook URL and its form_id",
    async (_name, subscribeData) => {
      // 1.0.4 stored OpnForm's answer `[]`, and its own unsubscribe sent an empty hookUrl (hooks were left behind)
      const scope = recordedScope(UNSUBSCRIBE.exchange(0));
      await expect(
        run(
          unsubscribe,
          { workspace_id: '6', form_id: '6' },
          {
            targetUrl: HOOK,
            ...(subscribeData === undefined ? {} : { subscribeData: subscribeData as never }),
          },
        ),
      ).resolves.toEqual({ hookUrl: HOOK, form_id: 6, form_gone: false });
      expect(scope.isDone()).toBe(true);
    },
  );

  test('a deleted form (404): its hooks went with it, the Zap turns off cleanly', async () => {
    const ex = UNSUBSCRIBE.exchange(9);
    const scope = recordedScope(ex);
    const hookUrl = (ex.request.body as { hookUrl: string }).hookUrl;
    await expect(run(unsubscribe, {}, { subscribeData: { hookUrl, form_id: 15 } })).resolves.toEqual({
      hookUrl,
      form_id: 15,
      form_gone: true,
    });
    expect(scope.isDone()).toBe(true);
  });

  test('a form id OpnForm has no row for at all (422 "The selected form id is invalid."): no hook can be left, the Zap turns off cleanly', async () => {
    const scope = recordedScope(UNSUBSCRIBE.exchange(4));
    await expect(
      run(unsubscribe, {}, { subscribeData: { hookUrl: HOOK, form_id: 999999 } }),
    ).resolves.toEqual({ hookUrl: HOOK, form_id: 999999, form_gone: true });
    expect(scope.isDone()).toBe(true);
  });

  test('a token without manage-integrations (403): the hook may still exist, so the user is told', async () => {
    const scope = recordedScope(UNSUBSCRIBE.exchange(10));
    const error = await failure(run(unsubscribe, {}, saved));
    expect(scope.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(error.message).toContain('"manage-integrations" ability');
  });
});

describe('performList (the editor test: the newest completed submissions from /open, shaped like a delivery)', () => {
  const performList = op('triggers.new_submission.operation.performList');
  const listScope = () =>
    recordedScope(EVERY_BLOCK.find('GET', '/open/forms/13/submissions', 200), {
      query: { page: 1, per_page: 3, status: 'completed' },
    });
  /** File links are signed anew on every read: compare them without their signature. */
  const unsigned = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replace(/expires=\d+&signature=[0-9a-f]+/g, 'expires=X&signature=X'));

  test('two requests (the form, one page); the real id 1049 and time; every key and value as the delivery gives', async () => {
    const form = formScope();
    const list = listScope();
    const items = (await run(performList, { workspace_id: 6, form_id: 13 })) as Array<
      Record<string, unknown>
    >;
    expect(form.isDone() && list.isDone()).toBe(true);
    expect(items).toHaveLength(1);
    const [sample] = items;
    expect(sample).toMatchObject({
      id: 1049,
      submitted_at: '2026-11-23T17:39:05+00:00',
      received_at: RECEIVED,
      is_edit: false,
      status: 'completed',
    });
    // the delivery of the same submission, through perform
    const formAgain = formScope();
    const [delivered] = (await run(
      withCache(perform, new Map()),
      { workspace_id: 6, form_id: 13 },
      {
        cleanedRequest: EVERY_BLOCK.exchange(2).request.body,
        subscribeData: { hookUrl: 'https://hooks.example.net/hooks/zapier-everyblock', form_id: 13 },
      },
    )) as Array<Record<string, unknown>>;
    expect(formAgain.isDone()).toBe(true);
    expect(Object.keys(sample as object).sort()).toEqual(Object.keys(delivered as object).sort());
    const { submitted_at: _s, completion_time: _c, ...sampleRest } = sample as Record<string, unknown>;
    const { submitted_at: _d, completion_time: _dc, ...deliveredRest } = delivered as Record<string, unknown>;
    expect(unsigned(sampleRest)).toEqual(unsigned(deliveredRest));
    // the list knows the completion time; deliveries do not carry it
    expect(sample?.completion_time).toBe(74);
  });

  test('a form without completed submissions: no sample (Zapier then asks for a submission)', async () => {
    const form = formScope();
    const list = api()
      .get('/open/forms/13/submissions')
      .query({ page: '1', per_page: '3', status: 'completed' })
      .reply(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 3, total: 0 } });
    await expect(run(performList, { workspace_id: 6, form_id: 13 })).resolves.toEqual([]);
    expect(form.isDone() && list.isDone()).toBe(true);
  });
});

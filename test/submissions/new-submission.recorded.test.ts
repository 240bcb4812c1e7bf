// New Submission against the real server's recorded answers (external--webhook-subscribe,
// external--webhook-unsubscribe, external--hook-delivery-every-block).
import nock from 'nock';
import { failure, op, run } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';
import { withCache } from './cache';

const subscribe = op('triggers.new_submission.operation.performSubscribe');
const unsubscribe = op('triggers.new_submission.operation.performUnsubscribe');
const perform = op('triggers.new_submission.operation.perform');

const SUBSCRIBE = recorded('external--webhook-subscribe');
const UNSUBSCRIBE = recorded('external--webhook-unsubscribe');
const EVERY_BLOCK = recorded('external--hook-delivery-every-block');
const HOOK = 'https://hooks.example.net/hooks/zapier-form6';

afterEach(() => nock.cleanAll());

describe('performSubscribe (POST /external/zapier/webhook, as recorded)', () => {
  test('sends {hookUrl, form_id} as the recording does; OpnForm answers 200 [] and the subscription is stored', async () => {
    const scope = recordedScope(SUBSCRIBE.exchange(0));
    await expect(run(subscribe, { workspace_id: '6', form_id: '6' }, { targetUrl: HOOK })).resolves.toEqual({
      hookUrl: HOOK,
      form_id: 6,
    });
    expect(scope.isDone()).toBe(true);
  });

  test('a form OpnForm no longer has: its 422 is shown with the field', async () => {
    const scope = recordedScope(SUBSCRIBE.exchange(5));
    const error = await failure(run(subscribe, { workspace_id: 6, form_id: 999999 }, { targetUrl: HOOK }));
    expect(scope.isDone()).toBe(true);
    expect(error).toMatchObject({
      code: 'validation_failed',
      status: 422,
      message:
        'OpnForm rejected the request (422): The selected form id is invalid. form_id: The selected form id is invalid.',
    });
  });

  test("another user's form (403 This action is unauthorized.) names the ability and the role needed", async () => {
    const scope = recordedScope(SUBSCRIBE.exchange(8));
    const error = await failure(run(subscribe, { workspace_id: 9, form_id: 9 }, { targetUrl: HOOK }));
    expect(scope.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(error.message).toContain('"This action is unauthorized."');
    expect(error.message).toContain('"manage-integrations" ability');
  });

  test('a token without manage-integrations (403 Invalid ability provided.) is told which ability', async () => {
    const scope = recordedScope(SUBSCRIBE.exchange(9));
    const error = await failure(run(subscribe, { workspace_id: 6, form_id: 6 }, { targetUrl: HOOK }));
    expect(scope.isDone()).toBe(true);
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(error.message).toContain('"Invalid ability provided."');
    expect(error.message).toContain('"manage-integrations" ability');
  });
});

describe('performUnsubscribe (DELETE /external/zapier/webhook, as recorded)', () => {
  const saved = { subscribeData: { hookUrl: HOOK, form_id: 6 } as never };

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

  test('a deleted form (404): its hooks went with it, the Zap turns off cleanly', async () => {
    const ex = UNSUBSCRIBE.exchange(9);
    const scope = recordedScope(ex);
    const hookUrl = (ex.request.body as { hookUrl: string }).hookUrl;
    await expect(run(unsubscribe, {}, { subscribeData: { hookUrl, form_id: 15 } as never })).resolves.toEqual(
      { hookUrl, form_id: 15, form_gone: true },
    );
    expect(scope.isDone()).toBe(true);
  });

  test('a form id OpnForm has no row for at all (422 "The selected form id is invalid."): no hook can be left, the Zap turns off cleanly', async () => {
    const scope = recordedScope(UNSUBSCRIBE.exchange(4));
    await expect(
      run(unsubscribe, {}, { subscribeData: { hookUrl: HOOK, form_id: 999999 } as never }),
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

describe('perform (the recorded delivery of the every-block submission 1049)', () => {
  const FILE = 'https://forms.example.org/api/open/forms/13/submissions/file';
  const files = {
    cv: {
      name: 'cv_27059e85-7a14-40c3-9d36-862669b1ecc7.pdf',
      url: `${FILE}/Y3ZfMjcwNTllODUtN2ExNC00MGMzLTlkMzYtODYyNjY5YjFlY2M3LnBkZg?expires=1795541945&signature=2362e89286949d422d4d7521c7bc44a7107d0de0da4a5f59fe4a170543a111d1`,
    },
    notes: {
      name: 'notes_7ac1bb82-d070-4535-9055-6e129b6f1cf1.txt',
      url: `${FILE}/bm90ZXNfN2FjMWJiODItZDA3MC00NTM1LTkwNTUtNmUxMjliNmYxY2YxLnR4dA?expires=1795541945&signature=ef83e5155a3810317231adbfb78ddb77738108b9e58a1c2ae8cdb4193f2efd30`,
    },
    sign: {
      name: 'sign_282bb531-ae6e-48fa-ad79-842141cb53c5.png',
      url: `${FILE}/c2lnbl8yODJiYjUzMS1hZTZlLTQ4ZmEtYWQ3OS04NDIxNDFjYjUzYzUucG5n?expires=1795541945&signature=ffdc1cc41785039c30f2f4c799bd8c03b0fb089ae1f958fc1abb78bc8e67f672`,
    },
  };
  /** A file answer as the Zap gets it: hydrated (downloaded by Zapier on use), named by the bundle. */
  const hydrated = (file: { name: string; url: string }) =>
    `hydrate|||${JSON.stringify({ type: 'file', method: 'hydrators.submissionFile', bundle: { url: file.url, name: file.name } })}|||hydrate`;

  const deliver = (index: number, include_edits?: string, store = new Map<string, unknown>()) =>
    run(
      withCache(perform, store),
      { workspace_id: 6, form_id: 13, ...(include_edits === undefined ? {} : { include_edits }) },
      {
        cleanedRequest: EVERY_BLOCK.exchange(index).request.body,
        subscribeData: { hookUrl: 'https://hooks.example.net/hooks/zapier-everyblock', form_id: 13 } as never,
      },
    ) as Promise<Array<Record<string, unknown>>>;

  test('gives exactly this item: every block type, both "Comments" answers, the hidden field, files, attribution', async () => {
    expect(EVERY_BLOCK.exchange(2).kind).toBe('delivery');
    await expect(deliver(2)).resolves.toEqual([
      {
        id: 1049,
        form_id: 13,
        form_slug: 'every-block-form-0bv2sb',
        form_title: 'Every Block Form',
        edit_link:
          'https://forms.example.org/forms/every-block-form-0bv2sb?submission_id=69476d2f-47ea-4f08-ab1d-6436a675f438',
        submitted_at: null,
        status: 'completed',
        completion_time: null,
        attribution: { utm_source: 'newsletter', utm_medium: 'email', fbclid: 'fb-123' },
        answers: {
          'b25602d4-a4c4-4d85-b359-f75cd6520fee': 'Katherine Johnson',
          'b27cd8f9-2004-4df7-a598-457bdf11e26d': 'katherine@example.test',
          'e537fe7d-7d57-4b50-97e3-7c8a85dc4630': '<p>Mathematician at <strong>NASA</strong></p>',
          '630179c8-542a-4b35-9dc2-a47b78cbbfb3': 'https://example.test/kj',
          'c902302d-7ee5-4a88-b522-a9b9d9ffed1d': '+12025550143',
          '3e07d301-d172-448c-9007-28d8a30b7e16': 'Pro',
          '0b0070f3-6149-414f-a483-451827bca29e': ['Math', 'Space'],
          '3bb821f6-b201-49a7-a5f7-66dbe1e7be2a': '05/11/2026',
          '738828de-ac43-4015-8c71-4ac2a09a6571': '25/11/2026 9:05am',
          'cc702e41-ce3b-4c35-81db-a28dfb3ac3a4': '14/12/2026 - 20/12/2026',
          '817e654d-ea40-456e-a9ea-52652a063511': true,
          'ef135658-9e42-45ed-bff3-e1c833095d89': 42,
          'b5dd22a2-b2a7-4287-93bb-9b444dcf89de': 4,
          'bcb281e9-8c05-4bef-a022-fcb2d555c0fc': 8,
          '419af108-74e7-4f84-9a79-abfbda5003f4': 65,
          '2cbdd080-b6e8-4d98-a784-b4a4b17f9f88': 'Support: Good\nProduct: OK',
          '7de3cf55-e7c2-4aac-8c4e-c8fbb8bc2e68': [hydrated(files.cv), hydrated(files.notes)],
          '27ba8d64-8b74-47f8-98e4-fd0e7085aeca': [hydrated(files.sign)],
          '66011512-4de2-4942-a826-4e66ce705237': '4006381333931',
          '4b681407-9b5a-43ad-926a-22f8fae8939a': 'REF-DEFAULT',
          'cfe8c094-d4ad-467e-9605-3e3bdd2463ff': 'First comments answer\nwith two lines',
          'ff4f44a3-4c9d-40dd-802c-12e3064c77ad': 'Second comments answer',
        },
        answer_dates: {
          // 05/11 cannot be told apart from 11/05: a delivery does not say the form's date format
          '3bb821f6-b201-49a7-a5f7-66dbe1e7be2a': { start: null, end: null },
          '738828de-ac43-4015-8c71-4ac2a09a6571': { start: '2026-11-25T09:05', end: null },
          'cc702e41-ce3b-4c35-81db-a28dfb3ac3a4': { start: '2026-12-14', end: '2026-12-20' },
        },
        answer_matrices: { '2cbdd080-b6e8-4d98-a784-b4a4b17f9f88': { Support: 'Good', Product: 'OK' } },
        answer_files: {
          '7de3cf55-e7c2-4aac-8c4e-c8fbb8bc2e68': [files.cv, files.notes],
          '27ba8d64-8b74-47f8-98e4-fd0e7085aeca': [files.sign],
        },
        sample_note: null,
      },
    ]);
  });

  test('the re-delivery after the recorded edit (same id 1049) is skipped by default and shaped with edits on', async () => {
    const store = new Map<string, unknown>();
    await expect(deliver(2, undefined, store)).resolves.toHaveLength(1);
    await expect(deliver(6, undefined, store)).resolves.toEqual([]);
    const [edited] = await deliver(6, 'yes', store);
    expect(edited).toMatchObject({
      id: 1049,
      answers: { '3e07d301-d172-448c-9007-28d8a30b7e16': 'Enterprise' },
    });
  });
});

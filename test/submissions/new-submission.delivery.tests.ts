// New Submission's perform on the recorded delivery of the every-block submission (external--hook-delivery-every-block),
// its dates under both date formats, and its output fields.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPublicDefinition } from '../../scripts/breaking-change';
import { DATE_QUESTIONS_TTL_SECONDS } from '../../src/submissions/reading/delivery-dates';
import { App, op, run } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';
import { withCache } from './cache';
import { EVERY_BLOCK, formScope, perform, RECEIVED, useReceivedClock } from './new-submission-recorded';

useReceivedClock();

describe('perform (the recorded delivery of the every-block submission 1049)', () => {
  /** The delivery as OpnForm posted it (what version 1.0.4 returned as it came). */
  const DELIVERED = EVERY_BLOCK.exchange(2).request.body as Record<string, unknown>;
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

  const deliver = (index: number, include_edits?: unknown, store = new Map<string, unknown>()) =>
    run(
      withCache(perform, store),
      { workspace_id: 6, form_id: 13, ...(include_edits === undefined ? {} : { include_edits }) },
      {
        cleanedRequest: EVERY_BLOCK.exchange(index).request.body,
        subscribeData: { hookUrl: 'https://hooks.example.net/hooks/zapier-everyblock', form_id: 13 },
      },
    ) as Promise<Array<Record<string, unknown>>>;

  test('keeps every key version 1.0.4 emitted (the whole delivery), with the delivered value and type', async () => {
    const form = formScope();
    const [item] = await deliver(2);
    expect(form.isDone()).toBe(true);
    const emitted = (readPublicDefinition() as { emitted: { new_submission: string[] } }).emitted
      .new_submission;
    // every top-level key of the recorded delivery is one 1.0.4 emitted
    expect(Object.keys(DELIVERED).sort()).toEqual([...emitted].sort());
    for (const key of emitted) expect({ key, value: item?.[key] }).toEqual({ key, value: DELIVERED[key] });
    // what live Zaps map: `submission__Email`, `data__<field id>__value` (and its name and type)
    expect((item?.submission as Record<string, unknown> | undefined)?.Email).toBe('katherine@example.test');
    expect(
      (item?.data as Record<string, unknown> | undefined)?.['b27cd8f9-2004-4df7-a598-457bdf11e26d'],
    ).toEqual({
      value: 'katherine@example.test',
      name: 'Email',
      type: 'email',
    });
  });

  test('gives exactly this item: every block type, both "Comments" answers, the hidden field, files, attribution', async () => {
    expect(EVERY_BLOCK.exchange(2).kind).toBe('delivery');
    // "05/11/2026" needs the form's date format: one form read
    const form = formScope();
    await expect(deliver(2)).resolves.toEqual([
      {
        id: 1049,
        form_id: 13,
        form_slug: 'every-block-form-0bv2sb',
        form_title: 'Every Block Form',
        edit_link:
          'https://forms.example.org/forms/every-block-form-0bv2sb?submission_id=69476d2f-47ea-4f08-ab1d-6436a675f438',
        // deliveries carry no time: a first delivery was submitted (about) when Zapier received it
        submitted_at: RECEIVED,
        received_at: RECEIVED,
        is_edit: false,
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
          // ISO, as /open lists them: 2026-11-05, 2026-11-25T09:05:00.000Z, ["2026-12-14", "2026-12-20"]
          '3bb821f6-b201-49a7-a5f7-66dbe1e7be2a': '2026-11-05',
          '738828de-ac43-4015-8c71-4ac2a09a6571': '2026-11-25T09:05:00+00:00',
          'cc702e41-ce3b-4c35-81db-a28dfb3ac3a4': '2026-12-14 - 2026-12-20',
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
          // 05/11 is 5 November: the form's Visit Date has OpnForm's default dd/MM/yyyy
          '3bb821f6-b201-49a7-a5f7-66dbe1e7be2a': { start: '2026-11-05', end: null },
          '738828de-ac43-4015-8c71-4ac2a09a6571': { start: '2026-11-25T09:05:00+00:00', end: null },
          'cc702e41-ce3b-4c35-81db-a28dfb3ac3a4': { start: '2026-12-14', end: '2026-12-20' },
        },
        answer_matrices: { '2cbdd080-b6e8-4d98-a784-b4a4b17f9f88': { Support: 'Good', Product: 'OK' } },
        answer_files: {
          '7de3cf55-e7c2-4aac-8c4e-c8fbb8bc2e68': [files.cv, files.notes],
          '27ba8d64-8b74-47f8-98e4-fd0e7085aeca': [files.sign],
        },
        // the delivery's own keys, as delivered: Zaps made with version 1.0.4 map them
        submission_id: 1049,
        submission: DELIVERED.submission,
        data: DELIVERED.data,
        message:
          'Please do not use the `submission` field. It is deprecated and will be removed in the future.',
        meta: { attribution: { utm_source: 'newsletter', utm_medium: 'email', fbclid: 'fb-123' } },
      },
    ]);
    expect(form.isDone()).toBe(true);
  });

  test('the re-delivery after the recorded edit (same id 1049) is skipped with edits off (the default) and flagged as an edit with edits on', async () => {
    const store = new Map<string, unknown>();
    // one form read for all three deliveries: the date formats are cached (5 minutes)
    const form = formScope();
    await expect(deliver(2, 'no', store)).resolves.toHaveLength(1);
    await expect(deliver(6, 'no', store)).resolves.toEqual([]);
    const [edited] = await deliver(6, 'yes', store);
    expect(edited).toMatchObject({
      id: 1049,
      is_edit: true,
      received_at: RECEIVED,
      // an edit's delivery says nothing of when the submission was made
      submitted_at: null,
      answers: { '3e07d301-d172-448c-9007-28d8a30b7e16': 'Enterprise' },
    });
    expect(form.isDone()).toBe(true);
  });

  /** What the editor fills in for include_edits when a migrated 1.0.4 Zap is opened and saved again. */
  const editorDefault = () =>
    (
      (App.triggers?.new_submission?.operation.inputFields ?? []) as Array<{ key: string; default?: string }>
    ).find((f) => f.key === 'include_edits')?.default;

  test.each<[string, () => unknown]>([
    ['never re-saved (no include_edits)', () => undefined],
    ["re-saved in the editor (include_edits at the field's default)", editorDefault],
    // empty means yes, as docs/steps.md says: an emptied field, a mapped blank, a null from the API
    ['with include_edits emptied ("")', () => ''],
    ['with include_edits blank ("  ")', () => '  '],
    ['with include_edits null', () => null],
  ])('a Zap made with 1.0.4, %s, still runs on edits, as 1.0.4 did', async (_name, saved) => {
    const store = new Map<string, unknown>();
    const form = formScope();
    const [first] = await deliver(2, saved(), store);
    expect(first).toMatchObject({ id: 1049, is_edit: false });
    const [edit] = await deliver(6, saved(), store);
    expect(edit).toMatchObject({ id: 1049, is_edit: true, submission_id: 1049 });
    expect(form.isDone()).toBe(true);
  });

  test.each(['docs/steps.md', 'docs/migrating-from-1.0.4.md', 'docs/publishing.md'])(
    '%s says what the trigger does: empty (no value, "" or null) means yes',
    (file) => {
      const text = readFileSync(join(__dirname, '..', '..', file), 'utf8');
      // the paragraphs that say what a Zap without a value does
      const paragraphs = text
        .split(/\n\s*\n/)
        .filter((p) => p.includes('Also Trigger When a') && /\b(absent|empty|no value)\b/.test(p));
      expect(paragraphs.length).toBeGreaterThan(0);
      for (const paragraph of paragraphs) {
        const flat = paragraph.replace(/\s+/g, ' ');
        expect(flat).toContain('empty means yes (no value, `""` or `null`)');
        expect(flat).not.toMatch(/(empty|absent|no value)[^.]*means no\b/i);
      }
    },
  );

  test('edits on: the first delivery is new, the edited one an edit, its unchanged repeat skipped', async () => {
    const store = new Map<string, unknown>();
    const form = formScope();
    const [first] = await deliver(2, 'yes', store);
    expect(first).toMatchObject({ id: 1049, is_edit: false, submitted_at: RECEIVED });
    const [edit] = await deliver(6, 'yes', store);
    expect(edit).toMatchObject({ id: 1049, is_edit: true });
    await expect(deliver(6, 'yes', store)).resolves.toEqual([]);
    expect(form.isDone()).toBe(true);
  });

  test('the date formats are cached under their documented key for 5 minutes', async () => {
    const calls: string[] = [];
    const form = formScope();
    await run(
      withCache(perform, new Map(), calls),
      { workspace_id: 6, form_id: 13 },
      {
        cleanedRequest: EVERY_BLOCK.exchange(2).request.body,
        subscribeData: { hookUrl: 'https://hooks.example.net/hooks/zapier-everyblock', form_id: 13 },
      },
    );
    const key = `opnform:date-questions:v1:${createHash('sha256').update('https://forms.example.org/api|13').digest('hex')}`;
    expect(calls.slice(0, 2)).toEqual([`get ${key}`, `set ${key} ${DATE_QUESTIONS_TTL_SECONDS}`]);
    expect(DATE_QUESTIONS_TTL_SECONDS).toBe(300);
    expect(form.isDone()).toBe(true);
  });

  test('if the form cannot be read, the delivery still triggers; the ambiguous date keeps its text', async () => {
    // a token without forms-read and manage-integrations (recorded 403)
    const scope = recordedScope(recorded('limits--abilities-403').find('GET', '/open/forms/13', 403));
    const [item] = await deliver(2);
    expect(scope.isDone()).toBe(true);
    expect(item?.answers).toMatchObject({ '3bb821f6-b201-49a7-a5f7-66dbe1e7be2a': '05/11/2026' });
    expect(item?.answer_dates).toMatchObject({
      '3bb821f6-b201-49a7-a5f7-66dbe1e7be2a': { start: null, end: null },
    });
  });
});

describe('dates under both date formats (submissions--date-formats: form 6, question "Date" stored as 2026-02-03)', () => {
  const DATES = recorded('submissions--date-formats');
  const DATE_ID = '7c99a4d1-b593-4a33-a822-83392bba7112';
  const form6 = recorded('forms--update-form').find('GET', '/open/forms/6', 200);
  const deliver = (index: number) =>
    run(
      withCache(perform, new Map()),
      { workspace_id: 6, form_id: 6 },
      {
        cleanedRequest: DATES.exchange(index).request.body,
        subscribeData: { hookUrl: 'https://hooks.example.net/hooks/zapier-form6-dates', form_id: 6 },
      },
    ) as Promise<Array<{ answers: Record<string, unknown>; answer_dates: Record<string, unknown> }>>;

  test('d/m/Y (the form as recorded, no date_format): "03/02/2026" is 3 February', async () => {
    expect(DATES.exchange(3).request.body).toMatchObject({ data: { [DATE_ID]: { value: '03/02/2026' } } });
    const scope = recordedScope(form6);
    const [item] = await deliver(3);
    expect(scope.isDone()).toBe(true);
    expect(item?.answers[DATE_ID]).toBe('2026-02-03');
    expect(item?.answer_dates[DATE_ID]).toEqual({ start: '2026-02-03', end: null });
  });

  test('the value PHP stored as 2 March is delivered as "02/03/2026" and read as 2 March', async () => {
    const scope = recordedScope(form6);
    const [item] = await deliver(7);
    expect(scope.isDone()).toBe(true);
    expect(item?.answer_dates[DATE_ID]).toEqual({ start: '2026-03-02', end: null });
  });

  test('m/d/Y (the same form with the question set to MM/dd/yyyy): "03/02/2026" is 2 March', async () => {
    // the recorded form, with date_format changed on the question (the recording has no m/d/Y form)
    const body = structuredClone(form6.response.body) as { properties: Array<Record<string, unknown>> };
    for (const block of body.properties) if (block.id === DATE_ID) block.date_format = 'MM/dd/yyyy';
    const scope = recordedScope({ ...form6, response: { ...form6.response, body } });
    const [item] = await deliver(3);
    expect(scope.isDone()).toBe(true);
    expect(item?.answers[DATE_ID]).toBe('2026-03-02');
    expect(item?.answer_dates[DATE_ID]).toEqual({ start: '2026-03-02', end: null });
  });
});

test('output fields: the 1.0.4 keys of the chosen form labelled as kept, by field id and by question name', async () => {
  const trigger = App.triggers.new_submission.operation;
  const staticKeys = (trigger.outputFields as Array<{ key?: string; label?: string }>).filter(
    (f) => f.key !== undefined,
  );
  expect(staticKeys.filter((f) => ['submission_id', 'message'].includes(f.key ?? ''))).toEqual([
    { key: 'submission_id', label: 'Legacy Submission ID', type: 'integer' },
    // a string: no type is Zapier's default
    { key: 'message', label: 'Legacy OpnForm Note' },
  ]);
  const dynamic = (trigger.outputFields as unknown[]).find((f) => typeof f === 'function');
  const scope = formScope();
  const fields = (await run(op(dynamic as never), { workspace_id: '6', form_id: '13' })) as Array<
    Record<string, unknown>
  >;
  expect(scope.isDone()).toBe(true);
  const kept = fields.filter((f) => String(f.label).endsWith('(Kept for Zaps Made Before 1.1.0)'));
  expect(kept).toEqual(
    expect.arrayContaining([
      {
        key: 'data__b27cd8f9-2004-4df7-a598-457bdf11e26d__value',
        label: 'Email (Kept for Zaps Made Before 1.1.0)',
        type: 'string',
      },
      {
        key: 'data__ef135658-9e42-45ed-bff3-e1c833095d89__value',
        label: 'Age (Kept for Zaps Made Before 1.1.0)',
        type: 'number',
      },
      {
        key: 'data__7de3cf55-e7c2-4aac-8c4e-c8fbb8bc2e68__value[]file_url',
        label: 'Attachments: File Link (Kept for Zaps Made Before 1.1.0)',
      },
      { key: 'submission__Email', label: 'Email (by Question Name) (Kept for Zaps Made Before 1.1.0)' },
    ]),
  );
  // one field per answerable question by id; one per distinct name ("Comments" twice: one field)
  expect(kept.filter((f) => String(f.key).startsWith('data__'))).toHaveLength(22);
  expect(kept.filter((f) => f.key === 'submission__Comments')).toHaveLength(1);
  // every kept key is a key of the recorded delivery
  for (const f of kept) {
    const [group, id] = String(f.key).split(/__|\[\]/);
    expect(Object.keys(EVERY_BLOCK.exchange(2).request.body as object)).toContain(group);
    if (group === 'data')
      expect(Object.keys((EVERY_BLOCK.exchange(2).request.body as { data: object }).data)).toContain(id);
  }
});

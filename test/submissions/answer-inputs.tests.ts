// Update Submission's per-question inputs on the recorded "Every Block Form" (form 13): one input per
// matrix row, start and end inputs for a date range, the two "Comments" questions told apart in every
// picker, and the exact PUT bodies built from those inputs (the recorded accepted body, changed).
import nock from 'nock';
import { KEEP_NOTE } from '../../src/answers/answer-inputs';
import { columnChoices } from '../../src/submissions/export/columns';
import { failure, op, run } from '../helpers/app';
import { api, recorded, recordedScope } from '../helpers/recorded';

const update = op('creates.update_submission.operation.perform');
const answerFields = op('creates.update_submission.operation.inputFields.3');
const fieldList = op('triggers.form_field_list.operation.perform');

const updateRec = recorded('submissions--update');
const FORM_13 = recorded('forms--get-form').find('GET', '/open/forms/13', 200).response.body as {
  properties: Array<{ id: string }>;
};
/** The body the real server accepted for submission 1049 (every answer, Age 43). */
const ACCEPTED = updateRec.exchange(1).request.body as Record<string, unknown>;
const CURRENT = { ...ACCEPTED, 'ef135658-9e42-45ed-bff3-e1c833095d89': 42 };

const FEEDBACK = '2cbdd080-b6e8-4d98-a784-b4a4b17f9f88';
const STAY = 'cc702e41-ce3b-4c35-81db-a28dfb3ac3a4';
const C1 = 'cfe8c094-d4ad-467e-9605-3e3bdd2463ff';
const C2 = 'ff4f44a3-4c9d-40dd-802c-12e3064c77ad';

const formScope = () => api().get('/open/forms/13').reply(200, FORM_13);

/** Form read, list page 1 (recorded) and a PUT whose body must equal `body` exactly. */
const updateWith = (body: Record<string, unknown>) => {
  formScope();
  recordedScope(updateRec.exchange(0), { query: { page: '1', per_page: '100' } });
  return recordedScope(updateRec.exchange(1), {
    body: (sent: unknown) => expect(sent).toEqual(body) ?? true,
  });
};
const input = (extra: Record<string, unknown>) => ({
  workspace_id: 6,
  form_id: 13,
  submission_id: 1049,
  ...extra,
});

afterEach(() => nock.cleanAll());

test('inputs of form 13: the note once, one input per matrix row, start and end for the range, "Comments (1)"/"(2)"', async () => {
  formScope();
  const fields = (await run(answerFields, { form_id: '13' })) as Array<Record<string, unknown>>;
  expect(fields[0]).toEqual({ key: 'answers_note', type: 'copy', helpText: KEEP_NOTE });
  expect(fields.slice(1).map((f) => [f.key, f.label, f.type])).toEqual([
    ['answer__b25602d4-a4c4-4d85-b359-f75cd6520fee', 'Full Name', 'string'],
    ['answer__b27cd8f9-2004-4df7-a598-457bdf11e26d', 'Email', 'string'],
    ['answer__e537fe7d-7d57-4b50-97e3-7c8a85dc4630', 'Bio', 'text'],
    ['answer__630179c8-542a-4b35-9dc2-a47b78cbbfb3', 'Website', 'string'],
    ['answer__c902302d-7ee5-4a88-b522-a9b9d9ffed1d', 'Phone', 'string'],
    ['answer__3e07d301-d172-448c-9007-28d8a30b7e16', 'Plan', 'string'],
    ['answer__0b0070f3-6149-414f-a483-451827bca29e', 'Interests', 'string'],
    ['answer__3bb821f6-b201-49a7-a5f7-66dbe1e7be2a', 'Visit Date', 'datetime'],
    ['answer__738828de-ac43-4015-8c71-4ac2a09a6571', 'Meeting', 'datetime'],
    [`answer__${STAY}__start`, 'Stay (Start)', 'datetime'],
    [`answer__${STAY}__end`, 'Stay (End)', 'datetime'],
    ['answer__817e654d-ea40-456e-a9ea-52652a063511', 'Subscribe', 'boolean'],
    ['answer__ef135658-9e42-45ed-bff3-e1c833095d89', 'Age', 'number'],
    ['answer__b5dd22a2-b2a7-4287-93bb-9b444dcf89de', 'Rating', 'number'],
    ['answer__bcb281e9-8c05-4bef-a022-fcb2d555c0fc', 'Satisfaction', 'number'],
    ['answer__419af108-74e7-4f84-9a79-abfbda5003f4', 'Effort', 'number'],
    [`answer__${FEEDBACK}__row__Support`, 'Feedback: Support', 'string'],
    [`answer__${FEEDBACK}__row__Product`, 'Feedback: Product', 'string'],
    // files and signature: Zapier file inputs
    ['answer__7de3cf55-e7c2-4aac-8c4e-c8fbb8bc2e68', 'Attachments', 'file'],
    ['answer__27ba8d64-8b74-47f8-98e4-fd0e7085aeca', 'Signature', 'file'],
    ['answer__66011512-4de2-4942-a826-4e66ce705237', 'Barcode', 'string'],
    ['answer__4b681407-9b5a-43ad-926a-22f8fae8939a', 'Internal Ref', 'string'],
    [`answer__${C1}`, 'Comments (1)', 'string'],
    [`answer__${C2}`, 'Comments (2)', 'string'],
  ]);
  const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
  expect(byKey[`answer__${FEEDBACK}__row__Product`]).toEqual({
    key: `answer__${FEEDBACK}__row__Product`,
    label: 'Feedback: Product',
    type: 'string',
    required: false,
    helpText: 'The answer for the row "Product".',
    choices: ['Bad', 'OK', 'Good'].map((c) => ({ value: c, label: c, sample: c })),
  });
  expect(byKey[`answer__${STAY}__end`]?.helpText).toBe(
    'The last day of the range. The date part is kept as written (no time zone conversion).',
  );
  expect(byKey['answer__4b681407-9b5a-43ad-926a-22f8fae8939a']?.helpText).toBe(
    'This question is hidden on the form.',
  );
  // a file given to Update Submission replaces the signature (said on the input itself)
  expect(byKey['answer__27ba8d64-8b74-47f8-98e4-fd0e7085aeca']?.helpText).toBe(
    'PNG, JPG, JPEG or PDF, up to 50 MB (5 MB on a self-hosted server). An image or PDF of the signature. ' +
      'Replaces the current signature.',
  );
  // said once, in the note: no answer input repeats it
  expect(fields.filter((f) => String(f.helpText).includes('keep the current answer'))).toHaveLength(1);
});

test('the question pickers (Answers to Clear, Find Submission, export columns) tell the two Comments apart', async () => {
  formScope();
  const listed = (await run(fieldList, { workspace_id: '6', form_id: '13' })) as Array<{
    id: string;
    name: string;
  }>;
  expect(listed.filter((f) => f.name.startsWith('Comments'))).toEqual([
    { id: C1, name: 'Comments (1)', type: 'text' },
    { id: C2, name: 'Comments (2)', type: 'text' },
  ]);
  const columns = columnChoices(FORM_13 as never).filter((c) => c.label.startsWith('Comments'));
  expect(columns).toEqual([
    { value: C1, label: 'Comments (1)', sample: C1 },
    { value: C2, label: 'Comments (2)', sample: C2 },
  ]);
});

test('one matrix row given: the PUT keeps the other row as it is', async () => {
  const put = updateWith({ ...CURRENT, [FEEDBACK]: { Support: 'Good', Product: 'Good' } });
  await run(update, input({ [`answer__${FEEDBACK}__row__Product`]: ' good ' }));
  expect(put.isDone()).toBe(true);
});

test('the old JSON matrix input of a live Zap still works', async () => {
  const put = updateWith({ ...CURRENT, [FEEDBACK]: { Support: 'Bad', Product: 'OK' } });
  await run(update, input({ [`answer__${FEEDBACK}`]: '{"Support": "Bad", "Product": "OK"}' }));
  expect(put.isDone()).toBe(true);
});

test('a date range start given alone keeps the current end; both given replace both', async () => {
  const one = updateWith({ ...CURRENT, [STAY]: ['2026-12-15', '2026-12-20'] });
  await run(update, input({ [`answer__${STAY}__start`]: '2026-12-15T00:00:00-05:00' }));
  expect(one.isDone()).toBe(true);
  const both = updateWith({ ...CURRENT, [STAY]: ['2027-01-02', '2027-01-09'] });
  await run(
    update,
    input({ [`answer__${STAY}__start`]: '2027-01-02', [`answer__${STAY}__end`]: '2027-01-09' }),
  );
  expect(both.isDone()).toBe(true);
});

test('the old "start, end" range input of a live Zap still works', async () => {
  const put = updateWith({ ...CURRENT, [STAY]: ['2027-01-02', '2027-01-09'] });
  await run(update, input({ [`answer__${STAY}`]: '2027-01-02, 2027-01-09' }));
  expect(put.isDone()).toBe(true);
});

test('the second Comments is changed by its own input, and cleared by its picker label', async () => {
  const put = updateWith({ ...CURRENT, [C2]: 'New', [C1]: null });
  await run(update, input({ [`answer__${C2}`]: 'New', clear_fields: ['Comments (1)'] }));
  expect(put.isDone()).toBe(true);
});

test('bad parts are refused before any request, naming the row or end; both ways at once is refused too', async () => {
  const form = formScope();
  const error = await failure(
    run(
      update,
      input({
        [`answer__${FEEDBACK}__row__Support`]: 'Great',
        [`answer__${STAY}__end`]: 'next week',
      }),
    ),
  );
  expect(error.message).toBe(
    `Invalid input: Stay (End) (answer__${STAY}__end) must be a date such as 2026-11-20 or 2026-11-20T14:30:00+01:00 (got "next week"); ` +
      `Feedback: Support (answer__${FEEDBACK}__row__Support) must be one of Bad, OK, Good (got "Great"). ` +
      'Nothing was changed.',
  );
  expect(form.isDone()).toBe(true);
  formScope();
  const both = await failure(
    run(
      update,
      input({ [`answer__${STAY}`]: '2027-01-02, 2027-01-09', [`answer__${STAY}__start`]: '2027-01-03' }),
    ),
  );
  expect(both.message).toBe(
    `Invalid input: Stay is given both as one value (answer__${STAY}) and in parts (answer__${STAY}__start): ` +
      'use the parts only. Nothing was changed.',
  );
});

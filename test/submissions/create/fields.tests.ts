// Create Submission's answer inputs mark as required what the step cannot do without: the questions a
// form always requires (not hidden, no logic that can hide them or make them optional) and, on a form
// that updates existing submissions, its match questions. Update Submission, which sends only what
// changes, marks none.
import { failure, op, run } from '../../helpers/app';
import { recorded, recordedScope } from '../../helpers/recorded';
import { formScope } from '../recorded-forms';
import { FIRST_PAGE, useStepClock } from './fixtures';

const createFields = op('creates.create_submission.operation.inputFields.2');
const updateFields = op('creates.update_submission.operation.inputFields.3');
const create = op('creates.create_submission.operation.perform');
useStepClock();

type Field = { key: string; required?: boolean; helpText?: string };

const FORM_1 = recorded('production-like/forms--get-form-pg').exchange(0).response.body as {
  properties: Array<Record<string, unknown>>;
};
const NAME = '1c5361d1-734d-44b8-80c2-00151bc7ba21';
const EMAIL = '69435dcb-b7f0-4d91-8118-58daedd719dc';
const RATING = '4e441db0-b43b-41a6-9d96-c5ca4b73fc16';
const FEEDBACK = 'bf21bb65-02ca-4918-90ae-ccc05ce098bd';

const requiredKeys = (fields: Field[]) => fields.filter((f) => f.required === true).map((f) => f.key);

/** Form 1 with some of its blocks changed (hidden, logic, required). */
const form1With = (changes: Record<string, Record<string, unknown>>) => ({
  ...FORM_1,
  properties: FORM_1.properties.map((block) => ({ ...block, ...changes[block.id as string] })),
});

const HIDE_WHEN_RATED = {
  logic: {
    conditions: {
      operatorIdentifier: 'and',
      children: [
        { identifier: RATING, value: { operator: 'equals', property_meta: { id: RATING }, value: 5 } },
      ],
    },
    actions: ['hide-block'],
  },
};

test("Create Submission's file inputs do not say they replace files; Update Submission's do", async () => {
  const form13 = recorded('forms--get-form').find('GET', '/open/forms/13', 200).response.body;
  const signature = 'answer__27ba8d64-8b74-47f8-98e4-fd0e7085aeca';
  formScope(13, form13);
  const created = (await run(createFields, { workspace_id: 6, form_id: 13 })) as Field[];
  formScope(13, form13);
  const updated = (await run(updateFields, { workspace_id: 6, form_id: 13, submission_id: 3 })) as Field[];
  const help = (fields: Field[]) => fields.find((f) => f.key === signature)?.helpText;
  expect([help(created), help(updated)]).toEqual([
    'PNG, JPG, JPEG or PDF, up to 50 MB (5 MB on a self-hosted server). An image or PDF of the signature.',
    'PNG, JPG, JPEG or PDF, up to 50 MB (5 MB on a self-hosted server). An image or PDF of the signature. ' +
      'Replaces the current signature.',
  ]);
});

describe('required in the editor', () => {
  test("form 1 (recorded): Full name and Email address, the questions it requires; Update Submission's: none", async () => {
    formScope(1, FORM_1);
    const fields = (await run(createFields, { workspace_id: 1, form_id: 1 })) as Field[];
    expect(requiredKeys(fields)).toEqual([`answer__${NAME}`, `answer__${EMAIL}`]);
    formScope(1, FORM_1);
    const update = (await run(updateFields, { workspace_id: 1, form_id: 1, submission_id: 3 })) as Field[];
    expect(requiredKeys(update)).toEqual([]);
  });

  test('not a hidden question, nor one that logic can hide; a logic that only requires still counts', async () => {
    formScope(
      1,
      form1With({
        [NAME]: { hidden: true },
        [EMAIL]: HIDE_WHEN_RATED,
        [FEEDBACK]: { required: true, logic: { ...HIDE_WHEN_RATED.logic, actions: ['require-answer'] } },
      }),
    );
    const fields = (await run(createFields, { workspace_id: 1, form_id: 1 })) as Field[];
    expect(requiredKeys(fields)).toEqual([`answer__${FEEDBACK}`]);
  });

  test("a form that updates existing submissions: its match question too, and the note says what's lost", async () => {
    const upsert = recorded('production-like/submissions--database-fields-update');
    formScope(19, upsert.exchange(1).response.body);
    const fields = (await run(createFields, { workspace_id: 1, form_id: 19 })) as Field[];
    expect(requiredKeys(fields)).toEqual([
      'answer__cccccccc-0000-4000-8000-000000000001',
      'answer__cccccccc-0000-4000-8000-000000000002',
    ]);
    expect(fields[0]?.helpText).toContain(
      '**This form updates existing submissions:** when an existing submission has the same answer to "Email", ' +
        'OpnForm replaces it with these answers, and every answer left empty here is removed from it (not kept). ' +
        'Those questions must be answered.',
    );
  });
});

describe('what the step itself requires follows the same rule', () => {
  const queued = recorded('production-like/submissions--public-create-queued');

  test('a question logic can hide is left to OpnForm (not refused when empty)', async () => {
    const scopes = [
      formScope(1, form1With({ [EMAIL]: HIDE_WHEN_RATED })),
      recordedScope(queued.exchange(0), { query: FIRST_PAGE }),
      recordedScope(queued.exchange(1), {
        anonymous: true,
        body: { [NAME]: 'Queued Quinn', [RATING]: 4, [FEEDBACK]: 'queued run' },
      }),
      recordedScope(queued.exchange(3), { query: FIRST_PAGE }),
    ];
    const out = (await run(create, {
      workspace_id: 1,
      form_id: 1,
      [`answer__${NAME}`]: 'Queued Quinn',
      [`answer__${RATING}`]: 4,
      [`answer__${FEEDBACK}`]: 'queued run',
    })) as { id: number | null; outcome: string };
    expect(scopes.every((s) => s.isDone())).toBe(true);
    // the recorded row 3 also holds an Email: it holds every answer sent, so it is this step's
    expect(out).toMatchObject({ id: 3, outcome: 'created' });
  });

  test('a question the form always requires, left empty: refused before any write', async () => {
    formScope(1, FORM_1);
    const error = await failure(
      run(create, { workspace_id: 1, form_id: 1, [`answer__${NAME}`]: 'Only Name' }),
    );
    expect(error.message).toBe(
      `Invalid input: "Email address" (answer__${EMAIL}) is required. Nothing was submitted.`,
    );
  });
});

/**
 * A self-hosted server on sqlite or MySQL sends form booleans as 0/1 (recorded: `forms--get-form`,
 * README "Known local artefacts" 1). Every step that reads a full form must work with that answer,
 * exactly as it does with true/false.
 */
import nock from 'nock';
import { INT_BOOLEAN_COLUMNS } from '../../sandbox/routes/forms';
import { App, op, run, type StepPath } from '../helpers/app';
import { recorded, recordedScope } from '../helpers/recorded';

const getForm = recorded('forms--get-form');
/** `GET /open/forms/13` on sqlite: `editable_submissions: 1`, `use_captcha: 0`, `re_fillable: 0`, ... */
const byId = getForm.exchange(1);
const bySlug = getForm.exchange(0);
const sqliteForm = byId.response.body as Record<string, unknown>;

/** The same answer as PostgreSQL (OpnForm Cloud) sends it: the columns of artefact 1 as true/false. */
const pgForm = {
  ...sqliteForm,
  ...Object.fromEntries(INT_BOOLEAN_COLUMNS.map((k) => [k, sqliteForm[k] === 1])),
};

afterEach(() => nock.cleanAll());

test('the recording really holds 0/1 booleans (the case under test)', () => {
  expect(sqliteForm).toMatchObject({
    editable_submissions: 1,
    use_captcha: 0,
    re_fillable: 0,
    auto_focus: 1,
  });
});

const FOUND = {
  id: 13,
  slug: 'every-block-form-0bv2sb',
  title: 'Every Block Form',
  workspace_id: 6,
  is_closed: false,
  enable_partial_submissions: false,
  editable_submissions: true,
  submissions_count: 1,
  question_count: 22,
};

test.each([
  ['by id', byId, '13'],
  ['by slug', bySlug, 'every-block-form-0bv2sb'],
])('Find Form reads a sqlite form (%s): booleans come out as true/false', async (_name, ex, ref) => {
  const scope = recordedScope(ex);
  const [out] = (await run(op('searches.find_form.operation.perform'), { form: ref })) as Array<
    Record<string, unknown>
  >;
  expect(scope.isDone()).toBe(true);
  expect(out).toMatchObject(FOUND);
  expect(out?.editable_submissions).toBe(true);
  expect(out?.questions).toContainEqual({
    id: expect.any(String),
    name: 'Internal Ref',
    type: 'text',
    required: false,
    hidden: true,
  });
});

test('Find Form gives the same output for the 0/1 and the true/false form of the same form', async () => {
  const sqlite = recordedScope(byId);
  const a = await run(op('searches.find_form.operation.perform'), { form: '13' });
  const pg = recordedScope({ ...byId, response: { ...byId.response, body: pgForm } });
  const b = await run(op('searches.find_form.operation.perform'), { form: '13' });
  expect(sqlite.isDone() && pg.isDone()).toBe(true);
  expect(a).toEqual(b);
});

test('Find Form still refuses a value that is no boolean at all, naming the field', async () => {
  const scope = recordedScope({
    ...byId,
    response: { ...byId.response, body: { ...sqliteForm, is_closed: 2 } },
  });
  const error = await run(op('searches.find_form.operation.perform'), { form: '13' }).catch((e: Error) => e);
  expect(scope.isDone()).toBe(true);
  expect(String((error as Error).message)).toContain('is_closed: expected true/false (or 0/1)');
});

/** The path of the dynamic (function) entry of a step's output fields. */
function outputFieldsOf<K extends 'creates' | 'searches' | 'triggers'>(
  kind: K,
  key: keyof NonNullable<(typeof App)[K]> & string,
): StepPath {
  const fields = (
    App as unknown as Record<string, Record<string, { operation: { outputFields: unknown[] } }>>
  )[kind]?.[key]?.operation.outputFields;
  const at = (fields ?? []).findIndex((f) => typeof f === 'function');
  return `${kind}.${key}.operation.outputFields.${at}` as StepPath;
}

/** Every other step (or dynamic field) that reads the full form: one request, no shape error. */
test.each<[string, StepPath]>([
  ['Form Fields dropdown', 'triggers.form_field_list.operation.perform'],
  ['Update Submission answer fields', 'creates.update_submission.operation.inputFields.3'],
  ['Update Submission output fields', outputFieldsOf('creates', 'update_submission')],
  ['Find Submission output fields', outputFieldsOf('searches', 'find_submission')],
  ['New Partial Submission output fields', outputFieldsOf('triggers', 'new_partial_submission')],
  ['Export Submissions columns', 'creates.export_submissions.operation.inputFields.2'],
])('%s reads a sqlite form', async (_name, fn) => {
  const scope = recordedScope(byId);
  const out = await run(op(fn), { workspace_id: '6', form_id: '13' });
  expect(scope.isDone()).toBe(true);
  expect(JSON.stringify(out)).toMatch(/Full Name/);
});

// What OpnForm refuses before anything else (production-like submissions--public-create-refused): a
// draft, closed, expired or full form gets a bare 403 from the form policy before validation; a
// password form gets 403 "Form is protected." unless the header `form-password` holds the SHA-256 (hex)
// of the password. Create Submission refuses the first kinds before any write, naming the form's state,
// answers a password form with the password its form read holds (never logged), and maps the server's
// 403 (a read that was stale) to the same messages.
import { createHash } from 'node:crypto';
import type nock from 'nock';
import { appHandler } from '../../../harness/invoke';
import { authData, failure, op, run } from '../../helpers/app';
import { recorded, recordedScope } from '../../helpers/recorded';
import { publicApi } from '../../helpers/scopes';
import { formScope } from '../recorded-forms';
import { FIRST_PAGE, keepItems, useStepClock } from './fixtures';

const create = op('creates.create_submission.operation.perform');
useStepClock();

const refused = recorded('production-like/submissions--public-create-refused');
/** The form as its creation answered it (the read shape), with its id. */
const formOf = (index: number) => (refused.exchange(index).response.body as { form: { id: number } }).form;
const NAME = 'bbbbbbbb-0000-4000-8000-000000000001';
const answer = (formId: number, name: string) => ({
  workspace_id: 1,
  form_id: formId,
  [`answer__${NAME}`]: name,
});

describe('refused before any write (only the form is read), naming its state', () => {
  test.each([
    [
      0,
      'form_closed',
      'Form "Draft PG Form" is a draft, so it takes no submissions: OpnForm accepts answers only to public forms. ' +
        'Publish it in OpnForm (set its visibility to Public) to create submissions. Nothing was submitted.',
    ],
    [
      3,
      'form_closed',
      'Form "Closed PG Form" is closed, so it takes no new submissions. Open it again in OpnForm (Settings > ' +
        'Access, or remove the closing date) to create submissions. Nothing was submitted.',
    ],
    [
      5,
      'form_closed',
      'Form "Expired PG Form" is closed (it closed at 2026-01-01T00:00:00+00:00), so it takes no new ' +
        'submissions. Open it again in OpnForm (Settings > Access, or remove the closing date) to create ' +
        'submissions. Nothing was submitted.',
    ],
    [
      23,
      'captcha_form',
      'Form "Captcha PG Form" requires a captcha, which OpnForm demands on every submission and an automation ' +
        "cannot solve. To create submissions through Zapier, turn the captcha off in the form's settings " +
        '(Security & Privacy). Nothing was submitted.',
    ],
  ])('the form created by exchange %i', async (index, code, message) => {
    const form = formOf(index);
    const scope = formScope(form.id, form);
    const error = await failure(run(create, answer(form.id, 'Someone')));
    expect(scope.isDone()).toBe(true);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
  });

  test('a form at its limit (the read after the first answer was stored: 1 of 1)', async () => {
    const scope = formScope(15, refused.exchange(11).response.body);
    const error = await failure(run(create, answer(15, 'Second')));
    expect(scope.isDone()).toBe(true);
    expect(error.code).toBe('submission_limit');
    expect(error.message).toMatch(/^Form "Max1 PG Form" has reached its limit of 1 submissions \(it has 1\)/);
  });
});

describe('a password-protected form', () => {
  const PASSWORD_FORM = formOf(17);
  const HASH = createHash('sha256').update('opensesame').digest('hex');
  /** Form 17's list before its answers (none: the recorded empty page of form 18), and after "GoodPass" (19). */
  const NONE_YET = keepItems(refused.exchange(27), () => false);
  const GOOD_PASS = refused.exchange(26);

  const scopes = () => [
    formScope(17, PASSWORD_FORM),
    recordedScope(NONE_YET, { path: '/open/forms/17/submissions', query: FIRST_PAGE }),
    // the recorded accepted answer: the SHA-256 of the password in `form-password`, no token
    publicApi()
      .post(
        '/forms/password-pg-form-lk0etg/answer',
        refused.exchange(21).request.body as nock.RequestBodyMatcher,
      )
      .matchHeader('form-password', HASH)
      .reply(200, refused.exchange(21).response.body as nock.Body),
    recordedScope(GOOD_PASS, { query: FIRST_PAGE }),
  ];

  test('answered with the password its own read holds (sent as its SHA-256): created, id 19', async () => {
    const all = scopes();
    const out = (await run(create, answer(17, 'GoodPass'))) as { id: number; outcome: string };
    expect(all.every((s) => s.isDone())).toBe(true);
    expect(out).toMatchObject({ id: 19, outcome: 'created' });
  });

  test('neither the password nor its hash reaches a log line (through core, with its HTTP log)', async () => {
    const all = scopes();
    const logs: string[] = [];
    const reply = await appHandler({
      command: 'execute',
      method: 'creates.create_submission.operation.perform',
      bundle: { authData, inputData: answer(17, 'GoodPass') },
      calledFromCli: true,
      calledFromCliInvoke: true,
      customLogger: (message: string, data: unknown) => logs.push(`${message} ${JSON.stringify(data)}`),
    });
    expect(all.every((s) => s.isDone())).toBe(true);
    expect((reply.results as { id: number }).id).toBe(19);
    const said = logs.join('\n');
    // the answer request is logged (its header by name), its value is not
    expect(said).toContain('/forms/password-pg-form-lk0etg/answer');
    expect(said).toContain('form-password');
    expect(said).not.toContain(HASH);
    expect(said).not.toContain('opensesame');
  });

  test('a protected form whose read shows no password: refused before any write', async () => {
    const scope = formScope(17, PASSWORD_FORM, { password: null });
    const error = await failure(run(create, answer(17, 'NoPass')));
    expect(scope.isDone()).toBe(true);
    expect(error.code).toBe('password_form');
    expect(error.message).toBe(
      'Form "Password PG Form" is protected by a password, and OpnForm did not show it to the connected ' +
        'account, so this step cannot answer it. Connect an account that can edit the form, or remove the ' +
        "password in the form's settings (Security & Privacy), to create submissions through Zapier. Nothing " +
        'was submitted.',
    );
  });
});

describe("the server's 403 after a read that was stale", () => {
  test('protected after the read ("Form is protected."): said so, nothing stored', async () => {
    const all = [
      formScope(17, formOf(17), { has_password: false, password: null }),
      recordedScope(
        keepItems(refused.exchange(27), () => false),
        {
          path: '/open/forms/17/submissions',
          query: FIRST_PAGE,
        },
      ),
      recordedScope(refused.exchange(18), { anonymous: true }),
      formScope(17, formOf(17)),
    ];
    const error = await failure(run(create, answer(17, 'NoPass')));
    expect(all.every((s) => s.isDone())).toBe(true);
    expect(error.code).toBe('password_form');
    expect(error.message).toBe(
      'Form "Password PG Form" is protected by a password, and OpnForm refused the one this step read from the ' +
        'form (it was changed a moment ago, or the form was protected after the read). Run the step again. ' +
        'Nothing was submitted.',
    );
  });

  test('full by the time the answer arrived (the limit race): the form read again names its limit', async () => {
    const all = [
      formScope(16, formOf(12)),
      recordedScope(refused.exchange(15), { query: FIRST_PAGE }),
      recordedScope(refused.exchange(16), { anonymous: true }),
      formScope(16, formOf(12), { submissions_count: 2, max_number_of_submissions_reached: true }),
    ];
    const error = await failure(run(create, answer(16, 'Racer C')));
    expect(all.every((s) => s.isDone())).toBe(true);
    expect(error.code).toBe('submission_limit');
    expect(error.message).toMatch(
      /^Form "Max1 Race PG Form" has reached its limit of 1 submissions \(it has 2\)/,
    );
  });

  test('a 403 the form read again does not explain: the policy refusal said as such', async () => {
    const all = [
      formScope(12, formOf(0), { visibility: 'public' }),
      recordedScope(
        keepItems(refused.exchange(27), () => false),
        {
          path: '/open/forms/12/submissions',
          query: FIRST_PAGE,
        },
      ),
      recordedScope(refused.exchange(1), { anonymous: true }),
      formScope(12, formOf(0), { visibility: 'public' }),
    ];
    const error = await failure(run(create, answer(12, 'Drafty')));
    expect(all.every((s) => s.isDone())).toBe(true);
    expect(error.code).toBe('form_closed');
    expect(error.message).toBe(
      'OpnForm refused answers to form "Draft PG Form" (403 "This action is unauthorized."): OpnForm takes answers ' +
        'only to public forms that are open and under their submission limit, and this one was all three when the ' +
        'step read it a moment earlier. It may have reached its limit with answers still queued on the server. ' +
        "Check the form's visibility, closing date and limit in OpnForm. Nothing was submitted.",
    );
  });
});

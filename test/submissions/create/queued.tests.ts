// Create Submission on a server with a queue worker (production-like submissions--public-create-queued):
// the public answer returns 200 with `submission_id: null` BEFORE the submission exists; it appeared
// 1.8 to 3 s later. The step looks again with back-off within its 25 s budget, on a fake clock (no real
// waiting), and when the submission has not appeared it ends with `outcome: "queued"`, no id and no
// error, so nothing invites a replay that would submit the answers twice.
import type nock from 'nock';
import { op, run } from '../../helpers/app';
import { api, recorded, recordedScope } from '../../helpers/recorded';
import { publicApi } from '../../helpers/scopes';
import { formScope } from '../recorded-forms';
import { FIRST_PAGE, listLooks, useStepClock, widened } from './fixtures';

const create = op('creates.create_submission.operation.perform');
const time = useStepClock();

const queued = recorded('production-like/submissions--public-create-queued');
const FORM_1 = recorded('production-like/forms--get-form-pg').exchange(0).response.body;
/** Form 1's list: before the answer (ids 1, 2), right after it (the same), 3.03 s after it (id 3 "Queued Quinn"). */
const BEFORE = queued.exchange(0);
const RIGHT_AFTER = queued.exchange(2);
const APPEARED = queued.exchange(3);

const NAME = '1c5361d1-734d-44b8-80c2-00151bc7ba21';
const EMAIL = '69435dcb-b7f0-4d91-8118-58daedd719dc';
const RATING = '4e441db0-b43b-41a6-9d96-c5ca4b73fc16';
const FEEDBACK = 'bf21bb65-02ca-4918-90ae-ccc05ce098bd';

/** The answers of the recorded `POST /forms/zapier-pg-feedback-pwosep/answer` (exchange 1), as step inputs. */
const QUINN = {
  workspace_id: 1,
  form_id: 1,
  [`answer__${NAME}`]: 'Queued Quinn',
  [`answer__${EMAIL}`]: 'q0@example.test',
  [`answer__${RATING}`]: 4,
  [`answer__${FEEDBACK}`]: 'queued run',
};

type Out = {
  id: number | null;
  status: string | null;
  outcome: string;
  message: string;
  answers: Record<string, unknown>;
};

/** The form, the newest id before the answer, and the recorded answer (no token, as a respondent). */
const answerScopes = () => [
  formScope(1, FORM_1),
  recordedScope(BEFORE, { query: FIRST_PAGE }),
  recordedScope(queued.exchange(1), { anonymous: true }),
];

const listPath = '/open/forms/1/submissions';

describe('a server that stores the answer after replying', () => {
  test('the submission appears 3.03 s after the answer (recorded): found on the look at 3.5 s, created', async () => {
    const scopes = answerScopes();
    const answeredAt = time.now();
    // each look answers as the recorded server did at that moment: the new row from 3.033 s on
    const looks = api()
      .get(listPath)
      .query(FIRST_PAGE)
      .times(4)
      .reply(() => {
        const ex = time.now() - answeredAt >= 3_033 ? APPEARED : RIGHT_AFTER;
        return [200, ex.response.body as nock.Body];
      });
    const out = (await run(create, QUINN)) as Out;
    expect([...scopes, looks].every((s) => s.isDone())).toBe(true);
    expect(time.sleeps).toEqual([500, 1_000, 2_000]);
    expect(out.id).toBe(3);
    expect(out.outcome).toBe('created');
    expect(out.status).toBe('completed');
    expect(out.message).toBe('Submission 3 created.');
    expect(out.answers[NAME]).toBe('Queued Quinn');
  });

  test('not stored within the budget (worker busy or down): 10 looks over 21.5 s, then queued, no id, no error', async () => {
    const scopes = [...answerScopes(), ...listLooks(RIGHT_AFTER, 10)];
    const out = (await run(create, QUINN)) as Out;
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(time.sleeps).toEqual([500, 1_000, 2_000, 3_000, 3_000, 3_000, 3_000, 3_000, 3_000]);
    expect(out).toMatchObject({
      id: null,
      status: 'queued',
      outcome: 'queued',
      form_id: 1,
      form_slug: 'zapier-pg-feedback-pwosep',
      submitted_at: null,
      edit_link: null,
      answers: { [NAME]: 'Queued Quinn', [EMAIL]: 'q0@example.test', [RATING]: 4, [FEEDBACK]: 'queued run' },
    });
    expect(out.message).toBe(
      'OpnForm accepted the answers and queued them, but had not stored them when this step had to stop looking ' +
        '(10 looks in 21.5 s), so no submission id is given. OpnForm stores them when its queue worker runs. Do ' +
        'not re-run this step for these answers: it would submit them again.',
    );
  });

  test('an answer that took most of the budget: one look, no read without the time for it', async () => {
    const scopes = [formScope(1, FORM_1), recordedScope(BEFORE, { query: FIRST_PAGE })];
    // the POST answers 21.6 s into the step: 3.4 s are left, enough for one look (3 s) but not for a wait
    const post = publicApi()
      .post('/forms/zapier-pg-feedback-pwosep/answer')
      .reply(() => {
        time.advance(21_600);
        return [200, queued.exchange(1).response.body as nock.Body];
      });
    const looks = listLooks(RIGHT_AFTER, 1);
    const out = (await run(create, QUINN)) as Out;
    expect([...scopes, post, ...looks].every((s) => s.isDone())).toBe(true);
    expect(time.sleeps).toEqual([]);
    expect(out.outcome).toBe('queued');
    expect(out.message).toContain('had not stored them when this step had to stop looking (1 look in 0 s)');
  });

  test("a wide form's pages (past the 20 MB a page read whole may be) are read as a stream: found, created", async () => {
    // 99 older rows with a 230 KB answer each after the recorded ones: only ids and the candidate are held
    const json = { 'Content-Type': 'application/json' };
    const scopes = [
      formScope(1, FORM_1),
      api()
        .get(listPath)
        .query(FIRST_PAGE)
        .reply(200, widened(BEFORE, 1, FEEDBACK), json),
      recordedScope(queued.exchange(1), { anonymous: true }),
      api()
        .get(listPath)
        .query(FIRST_PAGE)
        .reply(200, widened(APPEARED, 1, FEEDBACK), json),
    ];
    const out = (await run(create, QUINN)) as Out;
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect([out.id, out.outcome, out.message]).toEqual([3, 'created', 'Submission 3 created.']);
  });

  test('a read failing after the write (500): unconfirmed, no id, the reason said, no error', async () => {
    const scopes = answerScopes();
    const look = api().get(listPath).query(FIRST_PAGE).reply(500, { message: 'Server Error' });
    const out = (await run(create, QUINN)) as Out;
    expect([...scopes, look].every((s) => s.isDone())).toBe(true);
    expect(out).toMatchObject({ id: null, status: null, outcome: 'unconfirmed' });
    expect(out.message).toMatch(
      /^OpnForm accepted the answers, but reading them back failed \(OpnForm had a temporary problem \(HTTP 500\)/,
    );
    expect(out.message).toMatch(/Do not re-run this step for these answers: it would submit them again\.$/);
  });

  test('a rate limit after the write (429): not thrown (Zapier would retry the step and submit twice)', async () => {
    const scopes = answerScopes();
    const look = api()
      .get(listPath)
      .query(FIRST_PAGE)
      .reply(429, { message: 'Too Many Attempts.' }, { 'Retry-After': '30' });
    const out = (await run(create, QUINN)) as Out;
    expect([...scopes, look].every((s) => s.isDone())).toBe(true);
    expect(out.outcome).toBe('unconfirmed');
    expect(out.message).toMatch(
      /^OpnForm accepted the answers, but reading them back failed \(OpnForm rate limit reached \(429 Too Many Requests\)/,
    );
  });
});

describe('a form with editable submissions (stored inline even with a worker)', () => {
  test('found at once by the public UUID the answer returned: 3 requests, no wait', async () => {
    const form3 = (queued.exchange(10).response.body as { form: unknown }).form;
    const scopes = [
      formScope(3, { id: 3, ...(form3 as object) }),
      recordedScope(queued.exchange(11), { anonymous: true }),
      recordedScope(queued.exchange(12), { query: FIRST_PAGE }),
    ];
    const out = (await run(create, {
      workspace_id: 1,
      form_id: 3,
      'answer__eeeeeeee-0000-4000-8000-000000000001': 'Editable Eve',
      'answer__eeeeeeee-0000-4000-8000-000000000002': 'eve@example.test',
    })) as Out;
    expect(scopes.every((s) => s.isDone())).toBe(true);
    expect(time.sleeps).toEqual([]);
    expect(out).toMatchObject({ id: 6, outcome: 'created', status: 'completed' });
  });
});

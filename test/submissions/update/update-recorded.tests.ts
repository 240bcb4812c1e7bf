// Update Submission, the Submission dropdown and the New Submission sample against the exchanges
// recorded from a real OpnForm server (submissions--*.json): the requests the connector sends are the
// ones the real server accepted, and every refusal happens before any write.
import nock from 'nock';
import { failure, op, run } from '../../helpers/app';
import { api, recorded, recordedScope } from '../../helpers/recorded';
import { formScope } from '../recorded-forms';

const update = op('creates.update_submission.operation.perform');
const dropdown = op('triggers.submission_list.operation.perform');
const samples = op('triggers.new_submission.operation.performList');

const FIRST_PAGE = { page: '1', per_page: '100' };

const updateRec = recorded('submissions--update');
const FORM_13 = recorded('forms--get-form').find('GET', '/open/forms/13', 200).response.body;

describe('files and signatures (submissions--update.json)', () => {
  test("named by its public UUID (its edit link's): found in the same list page, the recorded PUT to 1049", async () => {
    const scopes = [
      formScope(13, FORM_13),
      recordedScope(updateRec.exchange(0), { query: FIRST_PAGE }),
      recordedScope(updateRec.exchange(1)),
    ];
    const out = (await run(update, {
      workspace_id: 6,
      form_id: 13,
      submission_id: ' 69476D2F-47EA-4F08-AB1D-6436A675F438 ',
      'answer__ef135658-9e42-45ed-bff3-e1c833095d89': '43',
    })) as { id: number; answers: Record<string, unknown> };
    expect(scopes.map((s) => s.isDone())).toEqual([true, true, true]);
    expect(out.id).toBe(1049);
    expect(out.answers['ef135658-9e42-45ed-bff3-e1c833095d89']).toBe(43);
  });

  test('files go back as their stored names and the signature as one name: 200, every file kept', async () => {
    const form = formScope(13, FORM_13);
    const list = recordedScope(updateRec.exchange(0), { query: FIRST_PAGE });
    const ok = updateRec.exchange(1);
    const put = recordedScope(ok);
    const out = (await run(update, {
      workspace_id: 6,
      form_id: 13,
      submission_id: 1049,
      'answer__ef135658-9e42-45ed-bff3-e1c833095d89': '43',
    })) as { answers: Record<string, unknown>; answer_files: Record<string, Array<{ name: string }>> };
    expect([form.isDone(), list.isDone(), put.isDone()]).toEqual([true, true, true]);
    // the request is byte for byte the one the real server accepted (the recorded body is the matcher)
    expect((ok.request.body as Record<string, unknown>)['7de3cf55-e7c2-4aac-8c4e-c8fbb8bc2e68']).toEqual([
      'cv_27059e85-7a14-40c3-9d36-862669b1ecc7.pdf',
      'notes_7ac1bb82-d070-4535-9055-6e129b6f1cf1.txt',
    ]);
    expect(out.answers['ef135658-9e42-45ed-bff3-e1c833095d89']).toBe(43);
    expect(out.answer_files['7de3cf55-e7c2-4aac-8c4e-c8fbb8bc2e68']?.map((f) => f.name)).toEqual([
      'cv_27059e85-7a14-40c3-9d36-862669b1ecc7.pdf',
      'notes_7ac1bb82-d070-4535-9055-6e129b6f1cf1.txt',
    ]);
    expect(out.answer_files['27ba8d64-8b74-47f8-98e4-fd0e7085aeca']?.map((f) => f.name)).toEqual([
      'sign_282bb531-ae6e-48fa-ad79-842141cb53c5.png',
    ]);
  });

  test('a 422 names the question, not its field id', async () => {
    formScope(13, FORM_13);
    recordedScope(updateRec.exchange(0), { query: FIRST_PAGE });
    const refused = updateRec.exchange(8); // "The selected Plan is invalid." keyed by the Plan's UUID
    const put = recordedScope(refused, { body: () => true });
    const error = await failure(
      run(update, {
        workspace_id: 6,
        form_id: 13,
        submission_id: 1049,
        'answer__ef135658-9e42-45ed-bff3-e1c833095d89': '44',
      }),
    );
    expect(put.isDone()).toBe(true);
    expect(error.message).toBe(
      'OpnForm rejected the request (422): The selected Plan is invalid. Plan: The selected Plan is invalid.',
    );
    expect(error.message).not.toContain('3e07d301');
  });

  test('a required question missing on the server: named by its question name', async () => {
    formScope(13, FORM_13);
    recordedScope(updateRec.exchange(0), { query: FIRST_PAGE });
    recordedScope(updateRec.exchange(7), { body: () => true });
    const error = await failure(
      run(update, {
        workspace_id: 6,
        form_id: 13,
        submission_id: 1049,
        'answer__ef135658-9e42-45ed-bff3-e1c833095d89': '44',
      }),
    );
    expect(error.message).toBe(
      'OpnForm rejected the request (422): The Full Name field is required. Full Name: The Full Name field is required.',
    );
  });
});

const partialRec = recorded('submissions--update-partial');
const FORM_6 = recorded('forms--update-form').exchange(3).response.body;
const PARTIAL_INPUT = {
  workspace_id: 6,
  form_id: 6,
  submission_id: 2064,
  'answer__769663c6-77d2-497a-b45c-fa1acfdc38e4': 'First',
};

describe('partial submissions (submissions--update-partial.json)', () => {
  test('refused before any write, saying that completing it fires the integrations', async () => {
    const form = formScope(6, FORM_6);
    const list = recordedScope(partialRec.exchange(3), { query: FIRST_PAGE });
    const error = await failure(run(update, PARTIAL_INPUT));
    expect([form.isDone(), list.isDone()]).toEqual([true, true]);
    expect(error.message).toBe(
      'Submission 2064 is a partial submission (not finished by the person filling in the form). OpnForm turns ' +
        'a partial submission into a completed one when it is updated, and that runs every integration of the ' +
        'form (New Submission Zaps included). Nothing was changed. To do that on purpose, set "Complete a ' +
        'Partial Submission" (complete_partial) to yes and give every required answer.',
    );
    expect(error.code).toBe('partial_submission');
  });

  test('complete_partial = yes: the recorded PUT, and the output says completed', async () => {
    formScope(6, FORM_6);
    recordedScope(partialRec.exchange(3), { query: FIRST_PAGE });
    const put = recordedScope(partialRec.exchange(4));
    const out = (await run(update, { ...PARTIAL_INPUT, complete_partial: 'true' })) as { status: string };
    expect(put.isDone()).toBe(true);
    expect(out.status).toBe('completed');
  });

  test('the Submission dropdown marks partial submissions', async () => {
    recordedScope(partialRec.exchange(3), { query: { page: '1', per_page: '50' } });
    await expect(run(dropdown, { workspace_id: 6, form_id: 6 })).resolves.toEqual([
      { id: 2064, label: 'Pat Partial · 2026-11-23 17:41 UTC, partial' },
      { id: 2061, label: 'Partial Person · 2026-11-23 17:40 UTC, partial' },
    ]);
  });

  test('the New Submission sample is never a partial submission: it lists completed ones only', async () => {
    const form = recordedScope(recorded('forms--update-form').find('GET', '/open/forms/6', 200));
    // submissions--date-formats lists form 6 with status=completed (recorded with per_page 1)
    const list = recordedScope(
      recorded('submissions--date-formats').find('GET', '/open/forms/6/submissions', 200),
      {
        query: { page: 1, per_page: 3, status: 'completed' },
      },
    );
    const items = (await run(samples, { workspace_id: 6, form_id: 6 })) as Array<{
      id: number;
      status: string;
    }>;
    expect(form.isDone() && list.isDone()).toBe(true);
    expect(items.map((item) => [item.id, item.status])).toEqual([[2064, 'completed']]);
  });
});

const removedRec = recorded('submissions--removed-question');
const FORM_16 = removedRec.exchange(4).response.body;
const REMOVED_INPUT = {
  workspace_id: 6,
  form_id: 16,
  submission_id: 2065,
  'answer__118fed50-8527-43f6-a54c-f3bd022d3e88': 'kept answer (edited)',
};

describe('answers to removed questions (submissions--removed-question.json)', () => {
  test('refused before any write, naming the removed question', async () => {
    formScope(16, FORM_16);
    const list = recordedScope(removedRec.exchange(5), { query: FIRST_PAGE });
    const error = await failure(run(update, REMOVED_INPUT));
    expect(list.isDone()).toBe(true);
    expect(error.message).toBe(
      'Submission 2065 holds answers to questions no longer on the form ("Remove me"). OpnForm deletes those ' +
        'answers for good on any update. Nothing was changed. To update anyway, set "Drop Answers to Removed ' +
        'Questions" (drop_removed_answers) to yes: the step then lists the dropped answers in its output ' +
        '(Dropped Answers), so they stay in the Zap history.',
    );
  });

  test('drop_removed_answers = yes: updated, and the dropped answer is in the output', async () => {
    formScope(16, FORM_16);
    recordedScope(removedRec.exchange(5), { query: FIRST_PAGE });
    // the real server drops the answer whether it is sent or not: the connector does not send it
    const put = recordedScope(removedRec.exchange(7), {
      body: { '118fed50-8527-43f6-a54c-f3bd022d3e88': 'kept answer (edited)' },
    });
    const out = (await run(update, { ...REMOVED_INPUT, drop_removed_answers: true })) as Record<
      string,
      unknown
    >;
    expect(put.isDone()).toBe(true);
    expect(out.dropped_answers).toEqual([
      {
        id: 'cca0861c-0089-4a65-8d9f-81f4a7f1f8f1',
        name: 'Remove me',
        value: 'answer to a question that will be removed',
      },
    ]);
    expect(out.answers).toEqual({ '118fed50-8527-43f6-a54c-f3bd022d3e88': 'kept answer (edited)' });
  });
});

const CAPTCHA_FORM = (recorded('submissions--captcha-form').exchange(0).response.body as { form: unknown })
  .form;

describe('captcha forms (submissions--captcha-form.json)', () => {
  test.each([
    ['true', true],
    ['1 (MySQL, sqlite)', 1],
  ])('use_captcha %s: a clear error after reading the form, nothing else sent', async (_name, flag) => {
    const form = api()
      .get('/open/forms/17')
      .reply(200, { ...(CAPTCHA_FORM as object), use_captcha: flag });
    const error = await failure(
      run(update, {
        workspace_id: 6,
        form_id: 17,
        submission_id: 2066,
        'answer__737615a5-97b3-447d-a1bc-e67f7d6aaa81': 'edited by the admin API',
      }),
    );
    expect(form.isDone()).toBe(true);
    expect(nock.pendingMocks()).toEqual([]);
    expect(error.message).toBe(
      'Form "Captcha Form" requires a captcha, which OpnForm demands on API updates too, so no submission of ' +
        'this form can be updated through Zapier. Nothing was changed. To update it, turn the captcha off in ' +
        "the form's settings (Security & Privacy > Protect your form with a Captcha), run the step, then turn " +
        'it back on.',
    );
    expect(error.code).toBe('captcha_form');
  });
});

const datesRec = recorded('submissions--date-formats');

test('a Zapier ISO date-time in a date-only question: the date part as written (submissions--date-formats.json)', async () => {
  formScope(6, FORM_6);
  recordedScope(datesRec.exchange(1), { query: FIRST_PAGE });
  // exchange 4 is the plain date "2026-02-03", as OpnForm's own front end sends it
  const put = recordedScope(datesRec.exchange(4));
  const out = (await run(update, {
    workspace_id: 6,
    form_id: 6,
    submission_id: 2064,
    'answer__7c99a4d1-b593-4a33-a822-83392bba7112': '2026-02-03T00:00:00-05:00',
  })) as { answers: Record<string, unknown> };
  expect(put.isDone()).toBe(true);
  expect(out.answers['7c99a4d1-b593-4a33-a822-83392bba7112']).toBe('2026-02-03');
});

test('a token without forms-read or manage-integrations: the 403 names either ability (submissions--list.json)', async () => {
  const scope = recordedScope(recorded('submissions--list').exchange(9), {
    query: { page: '1', per_page: '50' },
  });
  const error = await failure(run(dropdown, { workspace_id: 6, form_id: 6 }));
  expect(scope.isDone()).toBe(true);
  expect(error.message).toMatch(
    /^OpnForm refused this step \(403\): "This action is unauthorized\." Either the access token lacks the "forms-read" or "manage-integrations" ability/,
  );
});

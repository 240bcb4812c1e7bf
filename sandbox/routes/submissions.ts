/**
 * Submissions as a real OpnForm server answers them (the connector's src/api/submissions.ts;
 * recordings `submissions--*`): the `/open` list, delete and admin update with a token, and the
 * public routes without one: the answer endpoint `POST /forms/{slug or id}/answer`, the signed file
 * route, and the single-submission read that exists but is not open to tokens.
 */
import { checkAnswers } from '../answers';
import { settleFiles } from '../file-storage';
import { isEmptyAnswer } from '../format';
import type { RouteKit } from '../kit';
import { matchesSearch, rewritten } from '../postgres';
import { fail, invalid, paymentRequired, Reply } from '../reply';
import { asRecord, param as p } from '../route-context';
import type { Form } from '../state';
import {
  answerRefusal,
  captchaFailure,
  fileNameOfLink,
  fileObjectCrash,
  type RuleFailure,
} from '../submission-rules';

export const submissionRoutes = (kit: RouteKit) => {
  const { state, route, formOr404, need, canWrite, nowIso } = kit;
  const memberOfForm = (ctx: Parameters<RouteKit['memberOf']>[0], f: Form) =>
    kit.memberOf(ctx, kit.workspaceOfForm(f));

  route('GET', '/open/forms/:form/submissions', 'open', (ctx) => {
    const f = formOr404(p(ctx, 0));
    need(ctx, 'forms-read', 'manage-integrations');
    memberOfForm(ctx, f);
    // an unknown status is ignored (all submissions), no 422 (submissions--list.json)
    const asked = ctx.query.get('status') ?? 'all';
    const status = ['completed', 'partial'].includes(asked) ? asked : 'all';
    if (status === 'partial' && kit.workspaceOfForm(f).plan_tier === 'free') throw paymentRequired();
    // PostgreSQL's search (sandbox/postgres.ts, submissions--search-pg.json); sqlite has none (500)
    const search = ctx.query.get('search') ?? '';
    if (kit.options.sqliteSearch && search !== '') throw fail(500, { message: 'Server Error' });
    const items = kit
      .submissionsOf(f.id)
      .filter((s) => status === 'all' || s.status === status)
      // answers read only for a search (the scale seed makes them on demand: sandbox/scale-seed.ts)
      .filter((s) => search === '' || matchesSearch(s.answers, search));
    // per_page 0 falls back to Laravel's default of 15 (submissions--list.json)
    const query = new URLSearchParams(ctx.query);
    if (query.get('per_page') === '0') query.set('per_page', '15');
    const page = kit.paginate(items, query, `/open/forms/${f.id}/submissions`, 100, false);
    return { ...page, data: page.data.map(kit.submissionItem) };
  });
  /** The submission `:id` of form `:form`, or the real server's 404 (its message has no id). */
  const formSubmissionOr404 = (f: Form, id: string, message: string) => {
    const s = state.submissions.find((x) => String(x.id) === id && x.form_id === f.id);
    if (s === undefined) throw fail(404, { message });
    return s;
  };
  const ruleFailure = (failure: RuleFailure | undefined) => {
    if (failure !== undefined) throw fail(failure.status, failure.body);
  };
  route('DELETE', '/open/forms/:form/submissions/:id', 'open', (ctx) => {
    const f = formOr404(p(ctx, 0));
    need(ctx, 'forms-write');
    canWrite(ctx, f);
    const s = formSubmissionOr404(f, p(ctx, 1), '');
    state.submissions = state.submissions.filter((x) => x !== s);
    return { type: 'success', message: 'Record successfully removed.' };
  });
  // The admin update (submissions--update.json and the other submissions--*.json): every answer is
  // replaced by the body, files only as strings, a signature as one string, a captcha form refused,
  // answers to removed questions dropped, a partial submission completed, integrations fired.
  route('PUT', '/open/forms/:form/submissions/:id', 'open', async (ctx) => {
    const f = formOr404(p(ctx, 0));
    const s = formSubmissionOr404(
      f,
      p(ctx, 1),
      'No query results for model [App\\Models\\Forms\\FormSubmission].',
    );
    need(ctx, 'forms-write');
    canWrite(ctx, f);
    const body = asRecord(ctx.body) ?? {};
    ruleFailure(captchaFailure(f));
    if (body.is_partial === true && f.enable_partial_submissions) {
      // validation is skipped and nothing validated is stored: every answer is wiped
      s.answers = {};
    } else {
      ruleFailure(fileObjectCrash(f, body));
      const { answers, errors } = checkAnswers(f, body, state, { strict: true });
      if (
        body.completion_time !== undefined &&
        body.completion_time !== null &&
        !Number.isInteger(body.completion_time)
      )
        errors.completion_time = ['The completion time field must be an integer.'];
      if (Object.keys(errors).length > 0) throw invalid(errors);
      // a hidden question's prefill comes back when the body leaves it out (limits--abilities-403 #28)
      s.answers = settleFiles(state, f, { ...answers, ...kit.hiddenPrefills(f, answers) });
    }
    // left out, the completion time becomes null
    s.completion_time = typeof body.completion_time === 'number' ? body.completion_time : null;
    s.status = 'completed';
    s.updated_at = nowIso();
    rewritten(state, s);
    // the edit is visible at once; in production mode the integrations run in the worker (about
    // 2.2 s later in integrations--webhook-delivery-queued.json)
    await kit.deliver(f, s);
    return { type: 'success', message: 'Record successfully updated.', data: kit.submissionItem(s) };
  });

  // ------------------------------------------------------------ public routes (no token)
  /**
   * `POST /forms/{slug or id}/answer`, as recorded in submissions--public-create.json and (production
   * mode) submissions--public-create-queued.json: the form policy's refusals first
   * (submissions--public-create-refused.json), then the captcha and the answers; a refusal is thrown.
   * `is_first_submission` and the submission limit count stored submissions only: answers still in
   * the worker's queue do not count (two queued answers both pass a limit of 1).
   */
  const publicAnswer = async (
    formKey: string,
    body: Record<string, unknown>,
    passwordHeader: string | undefined,
  ): Promise<Reply> => {
    const f = state.forms.find((x) => String(x.id) === formKey || x.slug === formKey);
    if (f === undefined)
      return fail(404, { message: 'No query results for model [App\\Models\\Forms\\Form].' });
    // code reading: the answer request reads the workspace's file size limit first, and it is gone
    if (kit.orphaned(f)) return fail(500, { message: 'Server Error' });
    const stored = kit.completed(f);
    ruleFailure(answerRefusal(f, stored, passwordHeader));
    ruleFailure(captchaFailure(f));
    const {
      is_partial: partialFlag,
      tracking_parameters: tracking,
      completion_time: seconds,
      ...answersIn
    } = body;
    // the flag only counts on a form with partial submissions enabled
    const partial = partialFlag === true && f.enable_partial_submissions;
    if (partial && Object.values(answersIn).every((v) => isEmptyAnswer(v)))
      return fail(422, {
        type: 'error',
        message: 'At least one field must have a value for partial submissions.',
      });
    ruleFailure(fileObjectCrash(f, answersIn));
    const attribution = asRecord(tracking) as Record<string, string> | undefined;
    const answered = kit.answer(f, answersIn, {
      partial,
      strict: true,
      completionTime: Number.isInteger(seconds) ? (seconds as number) : null,
      ...(attribution === undefined || Object.keys(attribution).length === 0 ? {} : { attribution }),
    });
    // queued: no id yet (submission_id null); stored now: its public UUID on an editable form
    const created = answered.queued ? undefined : await answered.stored;
    if (partial)
      return new Reply(200, {
        type: 'success',
        message: 'Partial submission saved',
        submission_hash: created?.uuid,
      });
    return new Reply(200, {
      type: 'success',
      message: 'Form submission saved.',
      submission_id: f.editable_submissions && created !== undefined ? created.uuid : null,
      is_first_submission: stored === 0,
      redirect: false,
    });
  };
  /** `GET /open/forms/{id}/submissions/file/{base64url name}?expires&signature` (submissions--file-links.json). */
  const signedFile = (formId: string, encoded: string, query: URLSearchParams): Reply => {
    const path = `/open/forms/${formId}/submissions/file/${encoded}`;
    const name = fileNameOfLink(path);
    const file = name === undefined ? undefined : state.files.get(name);
    if (!kit.signer.checkSigned(path, query) || file === undefined || name === undefined)
      return fail(403, { message: 'Invalid signature.' });
    return new Reply(200, file.content, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename=${name}`,
    });
  };
  // the single-submission read exists but is not open to tokens: 404, empty message, no rate-limit headers
  kit.router.public('GET', /^\/open\/forms\/[^/]+\/submissions\/(\d+)$/, undefined, () =>
    fail(404, { message: '' }),
  );
  kit.router.public('POST', /^\/forms\/([^/]+)\/answer$/, 'open', (ctx) => {
    let body: unknown;
    try {
      body = ctx.text.trim() === '' ? {} : JSON.parse(ctx.text);
    } catch {
      return fail(400, { message: 'The request body is not valid JSON.' });
    }
    const password = ctx.headers['form-password'];
    return publicAnswer(p(ctx, 0), asRecord(body) ?? {}, typeof password === 'string' ? password : undefined);
  });
  kit.router.public('GET', /^\/open\/forms\/(\d+)\/submissions\/file\/([A-Za-z0-9_-]+)$/, 'open', (ctx) =>
    signedFile(p(ctx, 0), p(ctx, 1), ctx.query),
  );
};

/**
 * What Create Submission refuses before any write, from the form as `GET /open/forms/{id}` reads it
 * (forms--get-form.json: `visibility`, `closes_at`, `is_closed`, `max_submissions_count`,
 * `submissions_count`, `max_number_of_submissions_reached`, `use_captcha`, `has_password`,
 * `is_password_protected`, `password`). OpnForm's form policy answers such an answer with a bare 403
 * before any validation (production-like `submissions--public-create-refused`: draft, closed, closing
 * date past, limit reached), so the step says why up front instead of meeting that refusal.
 */
import type { ZObject } from 'zapier-platform-core';
import { type ErrorCode, userError } from '../../errors';
import { flagOn } from '../../schemas/boolean';
import type { Form } from '../../schemas/forms';
import { phpTruthy } from './upsert';

const NOTHING = 'Nothing was submitted.';

const refuse = (z: ZObject, message: string, code: ErrorCode): never => {
  throw userError(z, `${message} ${NOTHING}`, code, 400);
};

const numberOf = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** `closes_at` as milliseconds since the epoch (OpnForm writes ISO or `Y-m-d H:i:s` UTC). */
const closesAtMs = (value: unknown): number | undefined => {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim().replace(' ', 'T');
  const ms = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text}Z`);
  return Number.isNaN(ms) ? undefined : ms;
};

/**
 * Refuses a form no respondent can answer now: not public (a draft), closed (visibility `closed`,
 * `is_closed`, or `closes_at` in the past, compared with `now`), at its submission limit, or with a
 * captcha. `now` is passed in (the step gives the clock; tests a fixed time). A password is no
 * refusal here: see `formPassword`.
 */
export const refuseUnanswerableForm = (z: ZObject, form: Form, now: number): void => {
  const record = form as Record<string, unknown>;
  const title = `Form "${form.title}"`;
  const visibility = typeof record.visibility === 'string' ? record.visibility.trim().toLowerCase() : '';
  if (visibility !== '' && visibility !== 'public' && visibility !== 'closed') {
    refuse(
      z,
      `${title} is ${visibility === 'draft' ? 'a draft' : `not public (visibility "${visibility}")`}, so it takes ` +
        'no submissions: OpnForm accepts answers only to public forms. Publish it in OpnForm (set its visibility ' +
        'to Public) to create submissions.',
      'form_closed',
    );
  }
  const closesAt = closesAtMs(record.closes_at);
  if (
    record.visibility === 'closed' ||
    flagOn(record.is_closed) ||
    (closesAt !== undefined && closesAt <= now)
  ) {
    const when =
      record.visibility !== 'closed' && closesAt !== undefined && closesAt <= now
        ? ` (it closed at ${String(record.closes_at)})`
        : '';
    refuse(
      z,
      `${title} is closed${when}, so it takes no new submissions. Open it again in OpnForm (Settings > ` +
        'Access, or remove the closing date) to create submissions.',
      'form_closed',
    );
  }
  const max = numberOf(record.max_submissions_count);
  const count = numberOf(record.submissions_count);
  if (
    flagOn(record.max_number_of_submissions_reached) ||
    (max !== undefined && max > 0 && count !== undefined && count >= max)
  ) {
    refuse(
      z,
      `${title} has reached its limit of ${max ?? 'its'} submissions${count === undefined ? '' : ` (it has ${count})`}, ` +
        'so it takes no new submissions. Raise or remove the limit in OpnForm (Settings > Access) to create more.',
      'submission_limit',
    );
  }
  if (flagOn(record.use_captcha)) {
    refuse(
      z,
      `${title} requires a captcha, which OpnForm demands on every submission and an automation cannot solve. ` +
        "To create submissions through Zapier, turn the captcha off in the form's settings (Security & Privacy).",
      'captcha_form',
    );
  }
};

/**
 * The password to answer a password-protected form with, `undefined` for a form without one. The
 * form's own read holds its access password (`password`, next to `has_password`): whoever may read the
 * form may read it, and OpnForm itself lets the form's signed-in owner past the password (recorded note
 * in `submissions--public-create-refused`), so the step answers as the owner could, and nothing secret
 * is stored in the Zap. The password never
 * leaves the step: the form read is kept out of the log, and the answer request sends its SHA-256 in a
 * header (src/api/submissions.ts). A protected form whose read shows no password is refused.
 */
export const formPassword = (z: ZObject, form: Form): string | undefined => {
  const record = form as Record<string, unknown>;
  if (!flagOn(record.has_password) && !flagOn(record.is_password_protected)) return undefined;
  const password = record.password;
  // PHP's truth, as OpnForm's: "0" (what a form without a password reads on sqlite) is no password
  if (typeof password === 'string' && phpTruthy(password)) return password;
  return refuse(
    z,
    `Form "${form.title}" is protected by a password, and OpnForm did not show it to the connected account, so ` +
      'this step cannot answer it. Connect an account that can edit the form, or remove the password in the ' +
      "form's settings (Security & Privacy), to create submissions through Zapier.",
    'password_form',
  );
};

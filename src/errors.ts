import type { ZObject } from 'zapier-platform-core';

/**
 * Error helpers shared by every layer. Zapier's `z.errors.Error(message, code, status)` is the
 * error a user sees in the Zap history; the `code` is stable and machine-readable for our tests.
 *
 * The rule for every outcome that is not a plain success (README: "Errors, halts and empty results"):
 * - **Normal result**: a search that finds nothing answers `[]` (Zapier shows "nothing found" and the
 *   Zap's own "if nothing is found" setting decides what happens next).
 * - **Halt** (`halt()`, `z.errors.HaltedError`): the Zap is set up right, but this run's record is not
 *   (or no longer) in a state the action applies to, as happens routinely when data changes: the goal
 *   already holds (an invite already accepted or gone when cancelling, a member already removed, a
 *   workspace already left) or this run's data gives the step nothing to do (nothing to update, an
 *   expired invite to resend, nothing to export). The run stops and says why; Zapier does not count a
 *   halt against the Zap (errors do, and switch off Zaps that fail too often).
 * - **Error** (`userError()`, `z.errors.Error`): something the user must fix in the Zap or the
 *   connection, or that retrying may fix: bad input, unknown ids that never existed, missing
 *   abilities, roles or membership, plan limits, guards refusing a harmful change (last admin), server
 *   and network failures.
 */
export type ErrorCode =
  | 'invalid_input'
  | 'invalid_base_url'
  | 'forbidden'
  | 'not_found'
  | 'validation_failed'
  | 'payment_required'
  | 'server_error'
  | 'unreachable'
  | 'request_failed'
  | 'out_of_time'
  | 'bad_response'
  | 'conflict'
  | 'file_expired'
  | 'captcha_form'
  | 'form_closed'
  | 'password_form'
  | 'submission_limit'
  | 'submission_unlocated'
  | 'partial_submission'
  | 'removed_questions'
  | 'still_running'
  | 'too_many_submissions'
  | 'export_status_unreadable';

export const userError = (z: ZObject, message: string, code: ErrorCode, status?: number): Error =>
  new z.errors.Error(message, code, status ?? 400);

/**
 * The vocabulary every operation uses (one builder per kind of outcome; never `new z.errors.Error`
 * in an operation module). Messages are whole sentences a no-code user can act on.
 */

/** Bad input, found before any request: "Invalid input: <what, naming the field and what is allowed>". */
export const invalidInput = (z: ZObject, message: string): Error =>
  userError(z, `Invalid input: ${message}`, 'invalid_input', 400);

/** An id the user gave (or mapped) names nothing in OpnForm. */
export const notFound = (z: ZObject, message: string): Error => userError(z, message, 'not_found', 404);

/** OpnForm answered, but not with what this step can use (shape, redirect, content type). */
export const badResponse = (z: ZObject, message: string, status = 502): Error =>
  userError(z, message, 'bad_response', status);

/** A file link (answer file, export) that no longer works; the user must run the step again. */
export const fileExpired = (z: ZObject, message: string, status = 410): Error =>
  userError(z, message, 'file_expired', status);

/** A refusal that a retry cannot fix (a guard against a harmful or impossible change). */
export const conflict = (z: ZObject, message: string): Error => userError(z, message, 'conflict', 409);

/** A routine outcome that stops this run without counting as an error (see the rule above). */
export const halt = (z: ZObject, message: string): Error => new z.errors.HaltedError(message);

/**
 * A run that stopped inside OpnForm's rate limit with work left: Zapier runs the step again after
 * `delaySeconds` (core's ThrottledError); the message says what was done and what is left.
 */
export const throttled = (z: ZObject, message: string, delaySeconds: number): Error =>
  new z.errors.ThrottledError(message, delaySeconds);

/**
 * The same error (its class, code, status or delay kept) with its message rewritten by `reword`: for a
 * step of several writes, to say what was done before the one that failed and what was not.
 */
export const reworded = (error: unknown, reword: (message: string) => string): unknown => {
  if (!(error instanceof Error)) return error;
  try {
    const parsed = JSON.parse(error.message) as { message?: unknown };
    if (parsed !== null && typeof parsed === 'object' && typeof parsed.message === 'string') {
      error.message = JSON.stringify({ ...parsed, message: reword(parsed.message) });
      return error;
    }
  } catch {
    // a plain message (HaltedError, a programming error)
  }
  error.message = reword(error.message);
  return error;
};

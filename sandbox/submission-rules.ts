/**
 * What a real OpnForm server does with answers sent to its submission endpoints, as recorded in
 * `submissions--*.json` (the admin `PUT /open/forms/{id}/submissions/{sid}` and the public
 * `POST /forms/{slug}/answer`): plain functions over the sandbox's state, no HTTP.
 *
 * - A captcha form demands a captcha answer on every write, the admin update included (422).
 * - Files are taken only as strings (sandbox/file-storage.ts): any object in a file answer crashes
 *   the server's file rule (500).
 * - A signature is one string: a list or object is 422 "must be a valid text", and a file link
 *   string clears it without a word (stored as null).
 * - `is_partial: true` on a form with partial submissions skips validation and stores no answer.
 * - Answers to questions not on the form (removed ones) are dropped: only current questions are kept.
 * - A partial submission that is updated becomes completed (and integrations fire).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Form } from './state';

export interface RuleFailure {
  status: number;
  body: unknown;
}

/**
 * A stored form setting: a top-level field, or one kept in a bag of other stored columns (the
 * recorded seed and the forms routes keep settings such as `use_captcha` there).
 */
export const setting = (form: Form, key: string): unknown => {
  const record = form as unknown as Record<string, unknown>;
  if (record[key] !== undefined) return record[key];
  for (const bag of ['columns', 'attributes']) {
    const values = record[bag];
    if (values !== null && typeof values === 'object' && key in values)
      return (values as Record<string, unknown>)[key];
  }
  return undefined;
};

/** `Form::is_closed`: visibility `closed`, or a closing date in the past. */
export const isClosed = (form: Form, now = Date.now()) =>
  form.visibility === 'closed' || (form.closes_at !== null && Date.parse(form.closes_at) < now);

/** `Form::has_password`: a password that PHP reads as true (`"0"` and `""` are no password). */
export const hasPassword = (form: Form) => {
  const password = setting(form, 'password');
  return typeof password === 'string' && password !== '' && password !== '0';
};

/** No password, or the `form-password` header holds the sha256 hex of it (`ProtectedForm`). */
export const unlocked = (form: Form, passwordHeader: string | undefined) =>
  !hasPassword(form) ||
  passwordHeader ===
    createHash('sha256')
      .update(String(setting(form, 'password')))
      .digest('hex');

/** `Form::max_number_of_submissions_reached`, from the number of stored (completed) submissions. */
export const reachedMax = (form: Form, stored: number) =>
  form.max_submissions_count !== null && stored >= form.max_submissions_count;

/**
 * Why the public answer route refuses a form before looking at the answers
 * (submissions--public-create-refused.json), or undefined:
 * - a password form (the `ProtectedForm` middleware) unless the `form-password` header holds the
 *   sha256 hex of the password: 403 "Form is protected." (the plain password and an owner's token
 *   do not pass);
 * - `FormPolicy::answer`: a form that is not `public` (draft included), closed, or at its limit of
 *   stored submissions: the bare 403 "This action is unauthorized." (no closed or limit text).
 */
export const answerRefusal = (
  form: Form,
  stored: number,
  passwordHeader: string | undefined,
  now = Date.now(),
): RuleFailure | undefined => {
  if (!unlocked(form, passwordHeader))
    return { status: 403, body: { status: 'Unauthorized', message: 'Form is protected.' } };
  if (form.visibility !== 'public' || isClosed(form, now) || reachedMax(form, stored))
    return { status: 403, body: { message: 'This action is unauthorized.' } };
  return undefined;
};

/** 422 on a captcha form: an API client has no way to give the captcha answer. */
export const captchaFailure = (form: Form): RuleFailure | undefined => {
  const on = setting(form, 'use_captcha');
  if (!(on === true || on === 1 || on === '1')) return undefined;
  const key =
    setting(form, 'captcha_provider') === 'recaptcha' ? 'g-recaptcha-response' : 'h-captcha-response';
  const message = 'Please complete the captcha.';
  return { status: 422, body: { message, errors: { [key]: [message] } } };
};

/** 500 when any file answer holds an object (the server's file rule crashes on it). */
export const fileObjectCrash = (form: Form, body: Record<string, unknown>): RuleFailure | undefined => {
  for (const block of form.properties) {
    if (block.type !== 'files') continue;
    const value = body[block.id];
    if (value === undefined || value === null) continue;
    const items = Array.isArray(value) ? value : [value];
    if (items.some((item) => item !== null && typeof item === 'object'))
      return { status: 500, body: { message: 'Server Error' } };
  }
  return undefined;
};

/** The path of the signed file route (`/open/forms/{id}/submissions/file/{base64url name}`), from `/api` on. */
export const fileRoutePath = (formId: number, name: string) =>
  `/open/forms/${formId}/submissions/file/${Buffer.from(name).toString('base64url')}`;

const FILE_ROUTE = /\/open\/forms\/\d+\/submissions\/file\/([A-Za-z0-9_-]+)(?:\?|$)/;
const LEGACY_ROUTE = /\/__sandbox\/files\/([^/?]+)(?:\?|$)/;

/** A file link of this server -> the stored file name it points at; undefined for anything else. */
export const fileNameOfLink = (text: string): string | undefined => {
  const route = FILE_ROUTE.exec(text);
  if (route?.[1] !== undefined) return Buffer.from(route[1], 'base64url').toString('utf8');
  const legacy = LEGACY_ROUTE.exec(text);
  return legacy?.[1] === undefined ? undefined : decodeURIComponent(legacy[1]);
};

const isLink = (text: string) => /^https?:\/\//i.test(text);

export type FileCheck = { value?: string[] | null; error?: string };

const DATA_URL = /^data:image\/(\w+);base64,([A-Za-z0-9+/=]+)$/;

/**
 * A signature answer: one string; a link clears it silently (the recorded real behaviour); a
 * drawn signature (a base64 image data URL, as the form sends it) is stored as `sign_<uuid>.<ext>`.
 */
export const strictSignature = (
  name: string,
  value: unknown,
  store: (fileName: string, content: string, contentType: string) => void,
): FileCheck => {
  if (typeof value !== 'string') return { error: `The ${name} must be a valid text.` };
  if (isLink(value)) return { value: null };
  const drawn = DATA_URL.exec(value);
  if (drawn !== null) {
    const ext = drawn[1] === 'jpeg' ? 'jpg' : (drawn[1] ?? 'png');
    const fileName = `sign_${randomUUID()}.${ext}`;
    store(fileName, Buffer.from(drawn[2] ?? '', 'base64').toString('latin1'), `image/${drawn[1]}`);
    return { value: [fileName] };
  }
  return { value: [value] };
};

/**
 * OpnForm's submissions endpoints, each written once: path, thing, abilities, answer schema and what
 * its special statuses mean. Domain modules (src/submissions) call these and never see a status code.
 */
import { createHash } from 'node:crypto';
import type { Bundle, RawHttpResponse, ZObject } from 'zapier-platform-core';
import { fileExpired, userError } from '../errors';
import { type Need, READ_FORM } from '../http/abilities';
import { ANSWER_LIMITS } from '../http/answer-size';
import type { Streamed } from '../http/calls';
import { Absent, baseUrlOf, opnform } from '../http/client';
import { downloadFile } from '../http/download';
import { path } from '../http/path';
import { MessageReply } from '../schemas/common';
import { PublicAnswerReply, Submission, SubmissionPage, UpdateReply } from '../schemas/submissions';

export interface PageQuery {
  search?: string;
  status?: 'completed' | 'partial' | 'all';
}

export const PARTIAL_PLAN_MESSAGE =
  'OpnForm refused to list partial submissions (402 Payment Required): partial submissions are a Pro feature ' +
  "and this form's workspace is not on a plan that includes them. Upgrade the workspace to Pro in OpnForm, " +
  'or use the New Submission trigger for completed submissions.';

/** Changing and deleting a submission: `forms-write`. */
const WRITE: Need = { thing: 'submission', abilities: ['forms-write'] };

const listPath = (formId: number) => path`/open/forms/${formId}/submissions`;

const pageCall = (page: number, perPage: number, query: PageQuery) => ({
  // the submissions list takes forms-read OR manage-integrations (submissions--list.json)
  need: READ_FORM,
  query: { page, per_page: perPage, search: query.search, status: query.status },
  schema: SubmissionPage(),
  maxBytes: ANSWER_LIMITS.submissionPage,
});

/**
 * One page of `GET /open/forms/{id}/submissions`, newest first. The page URL is built here with
 * every parameter (a real server's `links.next` drops `per_page`, `search` and `status`).
 */
export const listPage = (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  page: number,
  perPage: number,
  query: PageQuery = {},
) => opnform(z, bundle).get(listPath(formId), pageCall(page, perPage, query));

/**
 * The same page, `undefined` when the server answers 500: a server on sqlite cannot run `search`
 * (its SQL is PostgreSQL-only; submissions--list.json, recorded artefact 2), so callers read
 * without it instead. Any other error status is thrown as usual.
 */
export const searchPage = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  page: number,
  perPage: number,
  query: PageQuery,
): Promise<SubmissionPage | undefined> => {
  const reply = await opnform(z, bundle).get(listPath(formId), {
    ...pageCall(page, perPage, query),
    statuses: { absent: [500] },
  });
  return reply instanceof Absent ? undefined : reply;
};

/**
 * A page read as a stream (issue 33): `keep` gets each submission, checked, and returns what the step
 * needs of it (or nothing); only that is held, never the page (100 submissions of a wide form are MBs).
 * `count` is how many the page listed; `meta` and `links` tell where the list ends (`isLastPage`).
 */
export interface ScannedPage<K> {
  kept: K[];
  /** The page's items by their number only (they are let go): what `isLastPage` reads. */
  data: { length: number };
  meta?: SubmissionPage['meta'];
  links?: SubmissionPage['links'];
  /** The page's size in bytes, as read. */
  bytes: number;
}

const keepEach =
  <K>(keep: (item: Submission) => K | undefined, enough?: () => boolean) =>
  () => {
    const kept: K[] = [];
    let count = 0;
    return {
      add: (item: Submission) => {
        count += 1;
        const value = keep(item);
        if (value !== undefined) kept.push(value);
        // the rest of the page is not read (nor downloaded)
        return enough?.() === true ? true : undefined;
      },
      result: () => ({ kept, count }),
    };
  };

const scanned = <K>(read: Streamed<{ kept: K[]; count: number }>): ScannedPage<K> => {
  const { meta, links } = read.envelope as Pick<SubmissionPage, 'meta' | 'links'>;
  return { kept: read.kept.kept, data: { length: read.kept.count }, meta, links, bytes: read.bytes };
};

const streamedPage = <K>(
  page: number,
  perPage: number,
  query: PageQuery,
  keep: (item: Submission) => K | undefined,
  enough?: () => boolean,
) => {
  const { schema, ...call } = pageCall(page, perPage, query);
  return { ...call, schema, items: 'data' as const, item: Submission(), collect: keepEach(keep, enough) };
};

/**
 * `listPage`, streamed: what `keep` returns of each submission (see `ScannedPage`). Once `enough()`
 * (asked after each submission) is true, the rest of the page is not read: its `meta` and `links`,
 * which follow the items, are then missing.
 */
export const scanPage = async <K>(
  z: ZObject,
  bundle: Bundle,
  formId: number,
  page: number,
  perPage: number,
  query: PageQuery,
  keep: (item: Submission) => K | undefined,
  enough?: () => boolean,
): Promise<ScannedPage<K>> =>
  scanned(
    (await opnform(z, bundle).stream(
      listPath(formId),
      streamedPage(page, perPage, query, keep, enough),
    )) as Streamed<{ kept: K[]; count: number }>,
  );

/** `searchPage`, streamed: `undefined` when the server cannot run `search` (500). */
export const scanSearchPage = async <K>(
  z: ZObject,
  bundle: Bundle,
  formId: number,
  page: number,
  perPage: number,
  query: PageQuery,
  keep: (item: Submission) => K | undefined,
): Promise<ScannedPage<K> | undefined> => {
  const reply = await opnform(z, bundle).stream(listPath(formId), {
    ...streamedPage(page, perPage, query, keep),
    statuses: { absent: [500] },
  });
  return reply instanceof Absent ? undefined : scanned(reply);
};

/**
 * A page of partial submissions (the newest: page 1), streamed as `scanPage`; 402 means the workspace's
 * plan has no partial submissions.
 */
export const scanPartialPage = async <K>(
  z: ZObject,
  bundle: Bundle,
  formId: number,
  perPage: number,
  page: number,
  keep: (item: Submission) => K | undefined,
  enough?: () => boolean,
): Promise<ScannedPage<K>> =>
  scanned(
    (await opnform(z, bundle).stream(listPath(formId), {
      ...streamedPage(page, perPage, { status: 'partial' }, keep, enough),
      statuses: {
        known: [{ status: 402, code: 'payment_required' as const, message: PARTIAL_PLAN_MESSAGE }],
      },
    })) as Streamed<{ kept: K[]; count: number }>,
  );

/** `PUT /open/forms/{id}/submissions/{submissionId}` (replaces every answer with `body`). */
export const update = (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  submissionId: number,
  body: unknown,
  fields: Readonly<Record<string, string>>,
) =>
  opnform(z, bundle).put(path`/open/forms/${formId}/submissions/${submissionId}`, {
    need: WRITE,
    body,
    schema: UpdateReply(),
    statuses: { fields },
  });

/** Why the public answer endpoint refused an answer with 403 (recorded `submissions--public-create-refused`). */
export class AnswerRefused {
  constructor(
    /**
     * `password`: the form is protected and the password header was missing or wrong ("Form is
     * protected."); `policy`: the form takes no answers (draft, closed, at its limit; a bare
     * "This action is unauthorized." from the form policy, before any validation).
     */
    readonly refused: 'password' | 'policy',
  ) {}
}

const FORM_PROTECTED = 'form is protected.';

/**
 * `POST /forms/{slug}/answer`: the public answer endpoint, exactly as a respondent's browser calls it
 * (no token: the route is public and the recorded answer is the same with or without one), so the
 * form's integrations and hooks fire as for any respondent. A 422 is keyed by field id (`fields`
 * names the questions); 404 is an unknown form. A 403 is the endpoint's refusal of this form (no
 * token is sent, so no ability or role is involved), answered as `AnswerRefused`. `password`, the
 * form's access password, is sent as OpnForm's web page sends it: the `form-password` header holding
 * its SHA-256 in hex (the plain password is refused); its value is a secret of the call.
 */
export const answer = async (
  z: ZObject,
  bundle: Bundle,
  slug: string,
  body: Record<string, unknown>,
  fields: Readonly<Record<string, string>>,
  password?: string,
): Promise<PublicAnswerReply | AnswerRefused> => {
  const reply = await opnform(z, bundle).post(path`/forms/${slug}/answer`, {
    need: { thing: 'form', abilities: [] },
    body,
    schema: PublicAnswerReply(),
    statuses: { fields, absent: [403] },
    ...(password === undefined
      ? { respondent: {} }
      : {
          respondent: { passwordHash: createHash('sha256').update(password, 'utf8').digest('hex') },
          redact: [password],
        }),
  });
  if (!(reply instanceof Absent)) return reply;
  return new AnswerRefused(reply.message?.trim().toLowerCase() === FORM_PROTECTED ? 'password' : 'policy');
};

/**
 * Downloads one answer file's signed link (no token), only from the connection's own OpnForm origin.
 * 401, 403 and 404 mean the signature has expired.
 */
export const downloadAnswerFile = (
  z: ZObject,
  bundle: Bundle,
  url: string,
  name: string,
): Promise<RawHttpResponse> =>
  downloadFile(z, url, {
    connection: baseUrlOf(z, bundle),
    what: `the file "${name}"`,
    failure: (status) =>
      status === 401 || status === 403 || status === 404
        ? fileExpired(
            z,
            `The OpnForm file "${name}" could not be downloaded (${status}): its signed link has ` +
              'expired. OpnForm file links last 24 hours in hook deliveries (10 minutes from the API); re-run the Zap ' +
              'from a fresh submission, or raise the file-link lifetime in the OpnForm workspace settings.',
            status,
          )
        : userError(
            z,
            `The OpnForm file "${name}" could not be downloaded (HTTP ${status}). Try again later.`,
            'server_error',
            status,
          ),
  });

/**
 * A submission already deleted, an unknown id and another form's submission all answer 404 with an
 * empty message (submissions--delete.json #4, #5): OpnForm cannot tell them apart, and the goal (the
 * submission is not on this form) holds, so it halts (rule in src/errors.ts).
 */
export const SUBMISSION_ALREADY_GONE =
  'This submission is not on the form (any more): it was already deleted, or it belongs to another form. ' +
  'Nothing was deleted.';

/** `DELETE /open/forms/{id}/submissions/{submissionId}` (forms-write): the server's message, if any. */
export const remove = async (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  submissionId: number,
): Promise<string | undefined> => {
  const reply = await opnform(z, bundle).delete(path`/open/forms/${formId}/submissions/${submissionId}`, {
    need: WRITE,
    statuses: {
      known: [{ said: '', status: 404, code: 'not_found', halt: true, message: SUBMISSION_ALREADY_GONE }],
    },
    schema: MessageReply(),
  });
  return reply?.message ?? undefined;
};

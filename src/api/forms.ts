import type { Bundle, ZObject } from 'zapier-platform-core';
import { type Need, READ_FORM } from '../http/abilities';
import { Absent, opnform } from '../http/client';
import { path } from '../http/path';
import { MessageReply } from '../schemas/common';
import { Form, FormPage, FormUpdateReply, StoredForm } from '../schemas/forms';
import type { Schema } from '../schemas/parse';

/**
 * The read of one form. Quiet: a form's read holds its access password (`password`), which stays out
 * of Zapier's log (the log gets the id and the number of blocks instead).
 */
const formRead = <T extends { id: number; properties?: readonly unknown[] | null }>(schema: Schema<T>) => ({
  need: READ_FORM,
  schema,
  quiet: (form: T) => `form #${form.id} read (${form.properties?.length ?? 0} blocks)`,
});

/** `GET /open/forms/{id}`: the full form with its blocks (one request). */
export const read = (z: ZObject, bundle: Bundle, formId: number | string): Promise<Form> =>
  opnform(z, bundle).get(path`/open/forms/${formId}`, formRead(Form()));

/** `GET /open/forms/{slug}` by slug, UUID or id: `undefined` when no form matches (404). */
export const find = async (z: ZObject, bundle: Bundle, ref: string): Promise<Form | undefined> => {
  const form = await opnform(z, bundle).get(path`/open/forms/${ref}`, {
    ...formRead(Form()),
    statuses: { absent: [404] },
  });
  return form instanceof Absent ? undefined : form;
};

/** Listing a workspace's forms: `forms-read`. */
const LIST: Need = { thing: 'workspace', abilities: ['forms-read'] };

/** Creating, changing and deleting forms: `forms-write`. */
const WRITE: Need = { thing: 'form', abilities: ['forms-write'] };

/**
 * `GET /open/workspaces/{id}/forms`: one page of a workspace's forms (summaries without questions, drafts
 * included), last edited first.
 */
export const listPage = (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
  page: number,
  perPage: number,
): Promise<FormPage> =>
  opnform(z, bundle).get(path`/open/workspaces/${workspaceId}/forms`, {
    need: LIST,
    query: { page, per_page: perPage },
    schema: FormPage(),
  });

/** `GET /open/forms/{id}` kept exactly as read (no value converted), to be sent back by `update`. */
export const readStored = (z: ZObject, bundle: Bundle, formId: number): Promise<StoredForm> =>
  opnform(z, bundle).get(path`/open/forms/${formId}`, formRead(StoredForm()));

/**
 * `PUT /open/forms/{id}`: replaces the WHOLE form (recorded `forms--update-form`: a body with only the
 * changed setting answers 422 naming every required field), so `body` is the form as read with the
 * user's changes. Validation runs before authorization (another user's form can answer 422 on its slug
 * before 403). The answer holds the saved form in the read shape (`form`).
 */
export const update = (
  z: ZObject,
  bundle: Bundle,
  formId: number,
  body: Record<string, unknown>,
  fields: Readonly<Record<string, string>>,
) =>
  opnform(z, bundle).put(path`/open/forms/${formId}`, {
    need: WRITE,
    body,
    schema: FormUpdateReply(),
    statuses: { fields },
    quiet: (reply) => `form #${reply.form.id} saved (${reply.message ?? 'Form updated.'})`,
  });

/**
 * `POST /open/forms` (forms-write): creates a form from a whole body (the 15 required keys,
 * forms--create-form #0), or copies one from a read of it minus its `slug` (forms--duplicate-form #7).
 * Quiet: a copied body and every answer hold the form's access `password`. The answer wraps the saved
 * form (`form`, with its new id, slug and share link) and the server's `message`.
 */
export const create = (
  z: ZObject,
  bundle: Bundle,
  body: Record<string, unknown>,
  fields: Readonly<Record<string, string>>,
) =>
  opnform(z, bundle).post(path`/open/forms`, {
    need: WRITE,
    body,
    schema: FormUpdateReply(),
    statuses: { fields },
    quiet: (reply) => `form #${reply.form.id} created (${reply.form.properties?.length ?? 0} blocks)`,
  });

/** A form that is not there when it is to be deleted (or something under it): the goal holds. */
export const gone = (formId: number) =>
  `Form ${formId} is not there (any more): it was already deleted, or never existed. Nothing was deleted.`;

/**
 * `DELETE /open/forms/{id}` (forms-write): OpnForm's message ("Form was deleted.", forms--delete-form
 * #1). A second delete, or an id that never was, answers 404 (#2): the form is not there, which is the
 * goal, so the run halts (rule in src/errors.ts) rather than fails.
 */
export const remove = async (z: ZObject, bundle: Bundle, formId: number): Promise<string | undefined> => {
  const reply = await opnform(z, bundle).delete(path`/open/forms/${formId}`, {
    need: WRITE,
    statuses: { known: [{ status: 404, code: 'not_found', halt: true, message: gone(formId) }] },
    schema: MessageReply(),
  });
  return reply?.message ?? undefined;
};

/**
 * OpnForm's answers about forms (src/api/forms.ts): the full form with its blocks, the form exactly as
 * read (Update Form sends it back), the list item and the legacy list. Built on first use (`lazy`).
 */
import * as z from 'zod/mini';
import { optBool, optNum, optStr, Paginated, str } from './common';
import { lazy, type Out } from './lazy';

/** A select / multi_select block's options. */
const Options = () =>
  z.optional(
    z.nullable(
      z.looseObject({
        options: z.optional(z.array(z.looseObject({ id: z.optional(z.unknown()), name: str() }))),
      }),
    ),
  );

/** A field or layout block of a form (`properties`). */
export const FormBlock = lazy(() =>
  z.looseObject({
    id: str(),
    type: str(),
    name: optStr(),
    help: optStr(),
    hidden: optBool(),
    required: optBool(),
    placeholder: optStr(),
    width: optStr(),
    select: Options(),
    multi_select: Options(),
    date_range: optBool(),
    with_time: optBool(),
  }),
);
export type FormBlock = Out<typeof FormBlock>;

/** The keys a full form and a list item start with (in this order: a parsed form keeps it). */
const formHead = () => ({
  id: z.number(),
  slug: str(),
  title: str(),
  visibility: optStr(),
  tags: z.optional(z.nullable(z.array(str()))),
});

/** A form, full representation (`GET /open/forms/{slug}`). */
export const Form = lazy(() =>
  z.looseObject({
    ...formHead(),
    language: optStr(),
    closes_at: optStr(),
    max_submissions_count: optNum(),
    submission_retention_value: optNum(),
    submission_retention_unit: optStr(),
    enable_partial_submissions: optBool(),
    editable_submissions: optBool(),
    workspace_id: optNum(),
    share_url: optStr(),
    is_closed: optBool(),
    submissions_count: optNum(),
    properties: z.optional(z.nullable(z.array(FormBlock()))),
  }),
);
export type Form = Out<typeof Form>;

/**
 * A form's `database_fields_update` (production-like `submissions--database-fields-update`): the field
 * ids a public answer is matched on to replace an existing submission; null or absent when the form
 * only creates. Kept out of `Form` (a form read never fails on it): the step that needs it checks it.
 */
export const MatchFieldIds = lazy(() => z.optional(z.nullable(z.array(z.string()))));

/**
 * A form exactly as read, no value converted (0/1 booleans stay 0/1): Update Form sends it back whole
 * with only the user's changes, so every other key must travel back as the server sent it.
 */
export const StoredForm = lazy(() =>
  z.looseObject({
    id: z.number(),
    slug: str(),
    title: str(),
    visibility: optStr(),
    closes_at: optStr(),
    max_submissions_count: optNum(),
    submissions_count: optNum(),
    properties: z.array(z.looseObject({ id: str(), type: str(), name: optStr() })),
  }),
);
export type StoredForm = Out<typeof StoredForm>;

/** `PUT /open/forms/{id}` and `POST /open/forms` answer: the saved form, in the read shape. */
export const FormUpdateReply = lazy(() => z.looseObject({ message: optStr(), type: optStr(), form: Form() }));

/** A workspace form list item (`properties` omitted). */
export const FormSummary = lazy(() =>
  z.looseObject({
    ...formHead(),
    views_count: optNum(),
    submissions_count: optNum(),
    created_at: optStr(),
    updated_at: optStr(),
    last_edited_human: optStr(),
    closes_at: optStr(),
    is_closed: optBool(),
    max_submissions_count: optNum(),
    max_number_of_submissions_reached: optBool(),
    is_pro: optBool(),
    workspace_id: optNum(),
    share_url: optStr(),
  }),
);
export type FormSummary = Out<typeof FormSummary>;

/** `GET /open/workspaces/{id}/forms`: one page of form summaries. */
export const FormPage = lazy(() => Paginated(FormSummary()));
export type FormPage = Out<typeof FormPage>;

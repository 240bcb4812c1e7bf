/**
 * zod schemas of every OpnForm resource the connector reads, with the real-server variants from
 * real-server-notes.md. Objects are loose (extra fields pass through), so a newer server does not
 * break a Zap; a wrong shape fails at the boundary with a clear error instead of later.
 */
import * as z from 'zod/mini';
import { OptionalServerBoolean } from './boolean';

const str = z.string();
const optStr = z.optional(z.nullable(z.string()));
const optNum = z.optional(z.nullable(z.number()));
/** Every boolean OpnForm sends: true/false, or 0/1 from MySQL/sqlite servers. */
const optBool = OptionalServerBoolean;

/** Keys OpnForm allows in `meta.attribution` (spec: SubmissionAttribution). */
export const ATTRIBUTION_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_id',
  'utm_term',
  'utm_content',
  'utm_source_platform',
  'utm_creative_format',
  'utm_marketing_tactic',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'ttclid',
  'msclkid',
] as const;
export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];

export const Attribution = z.looseObject(
  Object.fromEntries(ATTRIBUTION_KEYS.map((key) => [key, optStr])) as Record<AttributionKey, typeof optStr>,
);
export type Attribution = z.infer<typeof Attribution>;

export const SubmissionMeta = z.optional(
  z.nullable(z.looseObject({ attribution: z.optional(z.nullable(Attribution)) })),
);

/** A file or signature answer item. */
export const FileAnswer = z.looseObject({ file_url: str, file_name: optStr });
export type FileAnswer = z.infer<typeof FileAnswer>;

/** A submission as `/open/forms/{id}/submissions` lists it (`submission_id` is a UUID on real servers). */
export const Submission = z.looseObject({
  id: z.number(),
  form_id: optNum,
  completion_time: optNum,
  data: z.record(z.string(), z.unknown()),
  meta: SubmissionMeta,
  submission_id: z.optional(z.nullable(z.union([z.string(), z.number()]))),
});
export type Submission = z.infer<typeof Submission>;

/** One option of a select / multi_select block. */
export const BlockOption = z.looseObject({ id: z.optional(z.unknown()), name: str });

/** A field or layout block of a form (`properties`). */
export const FormBlock = z.looseObject({
  id: str,
  type: str,
  name: optStr,
  help: optStr,
  hidden: optBool,
  required: optBool,
  placeholder: optStr,
  width: optStr,
  select: z.optional(z.nullable(z.looseObject({ options: z.optional(z.array(BlockOption)) }))),
  multi_select: z.optional(z.nullable(z.looseObject({ options: z.optional(z.array(BlockOption)) }))),
  date_range: optBool,
  with_time: optBool,
});
export type FormBlock = z.infer<typeof FormBlock>;

/** A form, full representation (`GET /open/forms/{slug}`). */
export const Form = z.looseObject({
  id: z.number(),
  slug: str,
  title: str,
  visibility: optStr,
  tags: z.optional(z.nullable(z.array(str))),
  language: optStr,
  closes_at: optStr,
  max_submissions_count: optNum,
  submission_retention_value: optNum,
  submission_retention_unit: optStr,
  enable_partial_submissions: optBool,
  editable_submissions: optBool,
  workspace_id: optNum,
  share_url: optStr,
  is_closed: optBool,
  submissions_count: optNum,
  properties: z.optional(z.nullable(z.array(FormBlock))),
});
export type Form = z.infer<typeof Form>;

/**
 * A form's `database_fields_update` (production-like `submissions--database-fields-update`): the field
 * ids a public answer is matched on to replace an existing submission; null or absent when the form
 * only creates. Kept out of `Form` (a form read never fails on it): the step that needs it checks it.
 */
export const MatchFieldIds = z.optional(z.nullable(z.array(z.string())));

/**
 * A form exactly as read, no value converted (0/1 booleans stay 0/1): Update Form sends it back whole
 * with only the user's changes, so every other key must travel back as the server sent it.
 */
export const StoredForm = z.looseObject({
  id: z.number(),
  slug: str,
  title: str,
  visibility: optStr,
  closes_at: optStr,
  max_submissions_count: optNum,
  submissions_count: optNum,
  properties: z.array(z.looseObject({ id: str, type: str, name: optStr })),
});
export type StoredForm = z.infer<typeof StoredForm>;

/** `PUT /open/forms/{id}` answer: the saved form, in the read shape. */
export const FormUpdateReply = z.looseObject({ message: optStr, type: optStr, form: Form });

/** A workspace form list item (`properties` omitted). */
export const FormSummary = z.looseObject({
  id: z.number(),
  slug: str,
  title: str,
  visibility: optStr,
  tags: z.optional(z.nullable(z.array(str))),
  views_count: optNum,
  submissions_count: optNum,
  created_at: optStr,
  updated_at: optStr,
  last_edited_human: optStr,
  closes_at: optStr,
  is_closed: optBool,
  max_submissions_count: optNum,
  max_number_of_submissions_reached: optBool,
  is_pro: optBool,
  workspace_id: optNum,
  share_url: optStr,
});
export type FormSummary = z.infer<typeof FormSummary>;

/** Laravel's paginated envelope; real servers' `links.next` drops filters, so pages are built by hand. */
export const Paginated = <T extends z.ZodMiniType>(item: T) =>
  z.looseObject({
    data: z.array(item),
    meta: z.optional(
      z.nullable(
        z.looseObject({
          current_page: optNum,
          last_page: optNum,
          per_page: z.optional(z.nullable(z.union([z.number(), z.string()]))),
          total: optNum,
        }),
      ),
    ),
    links: z.optional(z.nullable(z.looseObject({ next: optStr }))),
  });

/** A workspace member: `role` (spec) or `pivot.role` (real server). */
export const WorkspaceUser = z.looseObject({
  id: z.number(),
  name: optStr,
  email: str,
  role: optStr,
  pivot: z.optional(z.nullable(z.looseObject({ role: optStr, created_at: optStr }))),
  created_at: optStr,
});
export type WorkspaceUser = z.infer<typeof WorkspaceUser>;

export const Invite = z.looseObject({
  id: z.number(),
  email: str,
  role: optStr,
  status: optStr,
  valid_until: optStr,
  workspace_id: optNum,
  created_at: optStr,
});
export type Invite = z.infer<typeof Invite>;

/** A workspace as `/open/workspaces` lists it (spec: fields not shown; real server below). */
export const Workspace = z.looseObject({
  id: z.number(),
  name: str,
  icon: optStr,
  plan_tier: optStr,
  is_admin: optBool,
  is_readonly: optBool,
  users_count: optNum,
  /** The connected user's membership (real server): their user id and role. */
  pivot: z.optional(z.nullable(z.looseObject({ role: optStr, user_id: optNum }))),
  /** Real servers embed the workspace's members (role in `pivot.role`). */
  users: z.optional(z.nullable(z.array(WorkspaceUser))),
});
export type Workspace = z.infer<typeof Workspace>;

export const ExportJobStatus = z.looseObject({
  status: str,
  progress: optNum,
  form_id: optNum,
  user_id: optNum,
  job_id: optStr,
  processed_submissions: optNum,
  total_submissions: optNum,
  file_url: optStr,
  expires_at: optStr,
  error_message: optStr,
  created_at: optStr,
  updated_at: optStr,
});
export type ExportJobStatus = z.infer<typeof ExportJobStatus>;

/** The async answer of the export endpoint. */
export const AsyncExport = z.looseObject({ job_id: str, is_async: OptionalServerBoolean, message: optStr });
export type AsyncExport = z.infer<typeof AsyncExport>;

export const WebhookData = z.looseObject({
  webhook_url: optStr,
  webhook_secret: optStr,
  webhook_headers: z.optional(z.nullable(z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]))),
});

/** A form integration (`GET /open/forms/{id}/integrations` item; `form_integration` of the PUT answer). */
export const FormIntegration = z.looseObject({
  id: z.number(),
  form_id: optNum,
  integration_id: str,
  status: optStr,
  data: z.optional(z.nullable(z.union([WebhookData, z.array(z.unknown())]))),
});
export type FormIntegration = z.infer<typeof FormIntegration>;

export const IntegrationUpdateReply = z.looseObject({
  message: optStr,
  type: optStr,
  form_integration: FormIntegration,
});

/** One answer of a delivery: `{value, name, type}` keyed by field id. */
export const DeliveryAnswer = z.looseObject({ value: z.unknown(), name: optStr, type: optStr });

/** The body OpnForm POSTs to a Zapier hook (and, without `submission_id`, the legacy poll item). */
export const DeliveryPayload = z.looseObject({
  form_id: z.optional(z.union([z.number(), z.string()])),
  form_title: optStr,
  form_slug: optStr,
  submission_id: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  edit_link: optStr,
  submission: z.optional(z.nullable(z.unknown())),
  message: z.optional(z.nullable(z.unknown())),
  data: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  meta: SubmissionMeta,
  id: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  completion_time: optNum,
  created_at: optStr,
});
export type DeliveryPayload = z.infer<typeof DeliveryPayload>;

/** `{type, message}` bodies of admin actions; a 204 has no body at all. */
export const MessageReply = z.optional(z.nullable(z.looseObject({ message: optStr, type: optStr })));
export type MessageReply = z.infer<typeof MessageReply>;

/** `GET /external/zapier/validate`. */
export const ValidateReply = z.looseObject({ name: str, email: str });

/** `GET /external/zapier/workspaces`: bare array `[{id, name}]`. */
export const LegacyWorkspaces = z.array(z.looseObject({ id: z.number(), name: str }));

/** `GET /external/zapier/forms`: real server `[{id, name, label}]`; spec: full Form objects. */
export const LegacyForms = z.array(
  z.looseObject({ id: z.number(), name: optStr, label: optStr, title: optStr, slug: optStr }),
);

/** The legacy hook routes answer `[]` (real server); the spec does not show a body. */
export const AnyReply = z.unknown();

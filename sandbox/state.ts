/**
 * The sandbox's in-memory state: plain records shaped like OpnForm's tables, not like its API
 * answers (the server turns them into answers). Tests may read and change it directly.
 */

import type { Ability } from './opnform-constants';

export { type Ability, ALL_ABILITIES } from './opnform-constants';

export type Role = 'admin' | 'user' | 'readonly';

export interface User {
  id: number;
  name: string;
  email: string;
  created_at: string;
  /** When the e-mail was verified; absent: at creation (null: never, like an account made by a script). */
  email_verified_at?: string | null;
}

export interface Token {
  /** The whole bearer value, `<id>|<48 chars>` like a Sanctum personal access token. */
  token: string;
  userId: number;
  abilities: Ability[];
  /**
   * A browser-session credential (the recorded `jwt-session`), not a personal access token: the
   * real server accepts it on the export-status route only (recorded seed only).
   */
  session?: boolean;
}

export interface Membership {
  userId: number;
  role: Role;
}

export interface Workspace {
  id: number;
  name: string;
  icon: string | null;
  plan_tier: 'free' | 'pro';
  members: Membership[];
  created_at: string;
  /** Last changed (a rename); absent: never changed since `created_at`. */
  updated_at?: string;
}

export interface BlockOption {
  id: string;
  name: string;
}

/** A field or layout block (`properties` item). Extra keys are block-specific options. */
export interface Block {
  id: string;
  type: string;
  name: string;
  required?: boolean;
  hidden?: boolean;
  help?: string | null;
  placeholder?: string;
  width?: string;
  select?: { options: BlockOption[] };
  multi_select?: { options: BlockOption[] };
  date_range?: boolean;
  with_time?: boolean;
  date_format?: 'dd/MM/yyyy' | 'MM/dd/yyyy';
  rows?: string[];
  columns?: string[];
  [key: string]: unknown;
}

export interface Form {
  id: number;
  workspace_id: number;
  creator_id: number;
  slug: string;
  title: string;
  visibility: 'public' | 'draft' | 'closed';
  tags: string[];
  properties: Block[];
  editable_submissions: boolean;
  enable_partial_submissions: boolean;
  closes_at: string | null;
  max_submissions_count: number | null;
  views_count: number;
  created_at: string;
  updated_at: string;
  /**
   * Other stored columns, as OpnForm keeps them (theme, size, description, ...): set by the
   * recorded seed (and create/update bodies); full-form reads echo them.
   */
  attributes?: Record<string, unknown>;
  /** Blocks an update took out of `properties` (OpnForm keeps them for old answers). */
  removed_properties?: Block[];
}

export type Attribution = Record<string, string>;

/** A stored submission; `answers` holds raw answers keyed by field id (files as stored file names). */
export interface Submission {
  id: number;
  /** The public UUID (`submission_id` in /open answers). */
  uuid: string;
  form_id: number;
  status: 'completed' | 'partial';
  completion_time: number | null;
  answers: Record<string, unknown>;
  attribution: Attribution | null;
  created_at: string;
  updated_at: string;
}

export interface Integration {
  id: number;
  form_id: number;
  /** `webhook` and `zapier` are emulated; other OpnForm integration types are stored only. */
  integration_id: 'webhook' | 'zapier' | (string & {});
  status: 'active' | 'inactive';
  data: Record<string, unknown>;
  /** The trigger logic as stored (`[]` or `{}` when none; absent counts as `[]`). */
  logic?: unknown;
  created_at: string;
  updated_at: string;
}

/** One run of an integration (OpnForm's `form_integrations_events`): the delivery log. */
export interface IntegrationEvent {
  id: number;
  /** The integration's id (`form_integrations.id`). */
  integration_id: number;
  status: 'success' | 'error';
  /** `{}` on success; `{message}` (plus `response`, `status` for an HTTP error) on failure. */
  data: Record<string, unknown>;
  created_at: string;
}

export interface Invite {
  id: number;
  workspace_id: number;
  email: string;
  role: Role;
  status: 'pending' | 'accepted';
  valid_until: string;
  created_at: string;
  updated_at: string;
  /** How often the invitation e-mail was sent (resend adds one). */
  sent: number;
}

export interface ExportJob {
  id: string;
  form_id: number;
  user_id: number;
  columns: Record<string, boolean>;
  submissionIds: number[] | null;
  total: number;
  createdAt: number;
  /** When the job leaves `queued` (ms since epoch); null while it waits for the worker. */
  startedAt: number | null;
  /** When the job reaches `completed` (ms since epoch; infinite while it waits for the worker). */
  readyAt: number;
  /** When the status and the file disappear (ms since epoch). */
  expiresAt: number;
}

export interface StoredFile {
  name: string;
  /** Text, or the exact bytes (uploads). */
  content: string | Buffer;
  contentType: string;
  /**
   * The form whose storage holds it (`forms/{id}/submissions/` on the real server); absent for files
   * a seed or a test placed directly, which count as stored for every form.
   */
  formId?: number;
}

/** A file waiting in the temporary upload storage (`tmp/{uuid}`), as `POST /upload-file` leaves it. */
export interface Upload {
  uuid: string;
  content: Buffer;
  /** The type the client declared (multipart part or signed storage request). */
  contentType: string;
  /** The file name the client sent ('' for the S3 path, where none is sent). */
  clientName: string;
}

export interface SandboxState {
  users: User[];
  tokens: Token[];
  workspaces: Workspace[];
  forms: Form[];
  submissions: Submission[];
  integrations: Integration[];
  /** The integrations' delivery log (created empty when absent). */
  integrationEvents?: IntegrationEvent[];
  /** Ids of soft-deleted forms: still "existing" for `exists` validation, 404 otherwise. */
  deletedFormIds?: number[];
  invites: Invite[];
  exports: ExportJob[];
  files: Map<string, StoredFile>;
  /** The temporary upload storage by uuid (created empty when absent): moved to `files` by an answer. */
  uploads?: Map<string, Upload>;
  /**
   * Next ids for created records. Every route that creates a record takes its id from here (and
   * increments it): the contract test sets them to the recorded ids before a creating request.
   */
  next: {
    submission: number;
    integration: number;
    workspace: number;
    form: number;
    invite: number;
    user: number;
  };
}

/**
 * How a form is rendered as OpnForm's JSON: the full form (every stored column in the server's
 * order, then the computed ones and the embedded workspace) and the item of a workspace's form list.
 * `intBooleans` shows the boolean columns as 0/1 in reads, as a server on sqlite or MySQL does.
 */
import type { Db } from '../db';
import { COLUMN_DEFAULTS, INT_BOOLEAN_COLUMNS, LATE_COLUMNS } from '../form-columns';
import type { Form } from '../state';
import { hasPassword, isClosed, reachedMax as reached } from '../submission-rules';
import { formWorkspaceJson } from './workspaces';

/** Keys a guest does not get (`Form::$hidden` and `FormResource`'s owner data). */
const GUEST_HIDDEN = [
  'password',
  'tags',
  'removed_properties',
  'redirect_url',
  'database_fields_update',
  'submission_retention_value',
  'submission_retention_unit',
  'views_count',
  'submissions_count',
  'submissions_url',
  'cleanings',
  'last_edited_human',
];

const offsetIso = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, '+00:00');
const humanAgo = (iso: string) => {
  const minutes = Math.floor((Date.now() - Date.parse(iso)) / 60_000);
  if (minutes < 1) return '0 seconds ago';
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
};

export const createFormViews = (
  db: Pick<Db, 'state' | 'workspaceOfForm' | 'completed'>,
  origin: () => string,
  intBooleans = false,
) => {
  const { state } = db;
  const { completed } = db;
  const shareUrl = (f: Form) => `${origin()}/forms/${f.slug}`;
  const typed = (f: Form): Record<string, unknown> => ({
    closes_at: f.closes_at,
    creator_id: f.creator_id,
    max_submissions_count: f.max_submissions_count,
    visibility: f.visibility,
    editable_submissions: f.editable_submissions,
    enable_partial_submissions: f.enable_partial_submissions,
  });
  const column = (f: Form, key: string) => {
    const t = typed(f);
    if (key in t) return t[key];
    const c = f.attributes ?? {};
    return key in c ? c[key] : key in COLUMN_DEFAULTS ? COLUMN_DEFAULTS[key] : LATE_COLUMNS[key];
  };
  const isIntColumn = (key: string) => (INT_BOOLEAN_COLUMNS as readonly string[]).includes(key);
  /** A boolean column as a read shows it: 0/1 with `intBooleans`, else true/false. */
  const asRead = (key: string, value: unknown) =>
    isIntColumn(key) && typeof value === 'boolean' && intBooleans ? Number(value) : value;
  const reachedMax = (f: Form) => reached(f, completed(f));
  /** What follows the stored columns in every form answer. */
  const computed = (f: Form, viewerId: number, withUsers = false) => {
    const w = db.workspaceOfForm(f);
    return {
      share_url: shareUrl(f),
      workspace: formWorkspaceJson(w, viewerId, withUsers ? state.users : undefined),
      views_count: f.views_count,
      submissions_count: completed(f),
      redirect_url: column(f, 'redirect_url'),
      submissions_url: `${shareUrl(f)}/show/submissions`,
      database_fields_update: column(f, 'database_fields_update'),
      cleanings: [],
      password: column(f, 'password'),
      tags: f.tags,
      removed_properties: f.removed_properties ?? [],
      last_edited_human: humanAgo(f.updated_at),
      submission_retention_value: column(f, 'submission_retention_value'),
      submission_retention_unit: column(f, 'submission_retention_unit'),
      plan_tier: w.plan_tier,
      is_trialing: false,
      workspace_id: f.workspace_id,
      is_closed: isClosed(f),
      is_password_protected: false,
      has_password: hasPassword(f),
      max_number_of_submissions_reached: reachedMax(f),
      form_pending_submission_key: `openform-${f.id}-pending-submission-455507`,
      max_file_size: 50,
    };
  };
  /** `GET /open/forms/{slug|id}` (and the update answer, with `reads: false`: booleans as sent). */
  const fullForm = (f: Form, viewerId: number, reads = true, withUsers = true) => ({
    id: f.id,
    title: f.title,
    slug: f.slug,
    properties: f.properties,
    created_at: f.created_at,
    updated_at: f.updated_at,
    ...Object.fromEntries(
      Object.keys(COLUMN_DEFAULTS).map((key) => [key, reads ? asRead(key, column(f, key)) : column(f, key)]),
    ),
    ...computed(f, viewerId, withUsers),
  });
  /** A `GET /open/workspaces/{id}/forms` item (no properties). */
  const formSummary = (f: Form) => ({
    id: f.id,
    slug: f.slug,
    title: f.title,
    visibility: f.visibility,
    tags: f.tags,
    views_count: f.views_count,
    submissions_count: completed(f),
    created_at: offsetIso(f.created_at),
    updated_at: offsetIso(f.updated_at),
    last_edited_human: humanAgo(f.updated_at),
    closes_at: f.closes_at,
    is_closed: isClosed(f),
    max_submissions_count: f.max_submissions_count,
    max_number_of_submissions_reached: reachedMax(f),
    plan_tier: db.workspaceOfForm(f).plan_tier,
    workspace_id: f.workspace_id,
    share_url: shareUrl(f),
  });
  /**
   * `GET /forms/{slug}` as a respondent (no token) sees it (code reading: `FormResource` for a
   * guest): the stored columns but the hidden ones, the computed ones a guest gets and the workspace
   * reduced to its id, file size limit and settings; a password form without the right
   * `form-password` header gets only its look. Pro features are not cleaned out for Free workspaces.
   */
  const guestForm = (f: Form, unlocked: boolean) => {
    const read = (key: string) => asRead(key, column(f, key));
    if (hasPassword(f) && !unlocked)
      return {
        id: f.id,
        title: f.title,
        description: read('description'),
        slug: f.slug,
        ...Object.fromEntries(
          [
            'custom_code',
            'custom_css',
            'dark_mode',
            'transparent_background',
            'color',
            'language',
            'theme',
          ].map((k) => [k, read(k)]),
        ),
        is_password_protected: true,
        presentation_style: read('presentation_style'),
        has_password: true,
        width: 'centered',
        layout_rtl: read('layout_rtl'),
        no_branding: read('no_branding'),
        properties: [],
        logo_picture: read('logo_picture'),
        seo_meta: read('seo_meta'),
        cover_picture: read('cover_picture'),
        cover_settings: read('cover_settings') ?? {},
      };
    // the model's hidden columns and what only members get are left out; the workspace is reduced
    const full: Record<string, unknown> = fullForm(f, 0, true, false);
    for (const key of GUEST_HIDDEN) delete full[key];
    return {
      ...full,
      settings: full.settings ?? {},
      workspace: { id: f.workspace_id, max_file_size: full.max_file_size, settings: [] },
      computed_variables: full.computed_variables ?? [],
    };
  };
  return { computed, fullForm, formSummary, guestForm, isIntColumn };
};

/**
 * A form's stored columns as OpnForm's `forms` table has them: their defaults in the order the API
 * sends them, which sit in the typed `Form` record, and which lack a boolean cast (0/1 on sqlite and
 * MySQL). Used by the form views and writes (sandbox/routes/forms.ts).
 */
/** Columns without a boolean cast: 0/1 on sqlite and MySQL (recordings' README, artefact 1). */
export const INT_BOOLEAN_COLUMNS = [
  're_fillable',
  'uppercase_labels',
  'transparent_background',
  'use_captcha',
  'can_be_indexed',
  'editable_submissions',
  'confetti_on_submission',
  'show_progress_bar',
  'auto_focus',
  'layout_rtl',
] as const;

/** The stored columns of a form and their defaults, in the order OpnForm sends them. */
export const COLUMN_DEFAULTS: Record<string, unknown> = {
  description: null,
  submit_button_text: null,
  re_fillable: false,
  re_fill_button_text: null,
  color: '#3B82F6',
  uppercase_labels: false,
  no_branding: false,
  submitted_text: 'Amazing, we saved your answers. Thank you for your time and have a great day!',
  dark_mode: 'light',
  logo_picture: null,
  cover_picture: null,
  custom_code: null,
  theme: 'default',
  width: 'centered',
  transparent_background: false,
  closes_at: null,
  closed_text: null,
  use_captcha: false,
  can_be_indexed: true,
  deleted_at: null,
  creator_id: null,
  max_submissions_count: null,
  max_submissions_reached_text:
    'This form has now reached the maximum number of allowed submissions and is now closed.',
  visibility: 'public',
  editable_submissions: false,
  editable_submissions_button_text: 'Edit submission',
  confetti_on_submission: false,
  seo_meta: {},
  auto_save: true,
  custom_domain: null,
  show_progress_bar: false,
  captcha_provider: 'hcaptcha',
  size: 'md',
  border_radius: 'small',
  font_family: null,
  auto_focus: true,
  layout_rtl: false,
  language: 'en',
  enable_partial_submissions: false,
  presentation_style: 'classic',
  cover_settings: [],
  enable_ip_tracking: false,
  custom_css: null,
  translations: {},
  settings: {},
  clear_empty_fields_on_update: false,
  analytics: [],
  computed_variables: [],
  pdf_download_enabled: false,
  pdf_download_button_text: null,
  pdf_template_id: null,
  auto_increment_sequence: 0,
};
/** Columns shown after the computed ones. */
export const LATE_COLUMNS: Record<string, unknown> = {
  redirect_url: null,
  database_fields_update: null,
  password: null,
  submission_retention_value: null,
  submission_retention_unit: null,
};
/** Columns kept in the typed `Form` record rather than in `columns`. */
export const TYPED = new Set([
  'closes_at',
  'creator_id',
  'max_submissions_count',
  'visibility',
  'editable_submissions',
  'enable_partial_submissions',
]);
export const STORED = new Set([...Object.keys(COLUMN_DEFAULTS), ...Object.keys(LATE_COLUMNS)]);

/**
 * The keys OpnForm's form request validates (`UserFormRequest::rules()`, read from the code): a create
 * answer echoes only these of the body (a form read and posted back keeps `id`, `share_url`, ... out).
 * `pdf_template_id` is excluded on create; `workspace_id` and `description` are not echoed (as recorded).
 */
export const VALIDATED_KEYS = new Set([
  'title',
  'tags',
  'visibility',
  'language',
  'font_family',
  'theme',
  'presentation_style',
  'width',
  'size',
  'layout_rtl',
  'border_radius',
  'dark_mode',
  'color',
  'uppercase_labels',
  'no_branding',
  'transparent_background',
  'translations',
  'closes_at',
  'closed_text',
  'logo_picture',
  'cover_picture',
  'cover_settings',
  'custom_code',
  'custom_css',
  'submit_button_text',
  're_fillable',
  're_fill_button_text',
  'pdf_download_enabled',
  'pdf_download_button_text',
  'submitted_text',
  'redirect_url',
  'database_fields_update',
  'max_submissions_count',
  'max_submissions_reached_text',
  'editable_submissions',
  'editable_submissions_button_text',
  'confetti_on_submission',
  'show_progress_bar',
  'auto_save',
  'auto_focus',
  'enable_partial_submissions',
  'enable_ip_tracking',
  'submission_retention_value',
  'submission_retention_unit',
  'properties',
  'computed_variables',
  'can_be_indexed',
  'password',
  'use_captcha',
  'captcha_provider',
  'slug',
  'seo_meta',
  'custom_domain',
  'settings',
  'analytics',
]);

/** Array-cast columns: an empty JSON object comes back as `[]` (an empty PHP array). */
export const ARRAY_COLUMNS = ['seo_meta', 'translations', 'settings', 'cover_settings', 'analytics'];
/** Columns purified on save (`Purify::clean`): null becomes "". */
export const PURIFIED_COLUMNS = ['closed_text', 'max_submissions_reached_text'];

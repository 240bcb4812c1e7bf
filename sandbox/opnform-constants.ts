/**
 * Constants the sandbox repeats from OpnForm ON PURPOSE. The sandbox is a stand-in for a real
 * OpnForm server, so it must not import the connector's own copies (src/ may drift from the server;
 * the sandbox is what catches that). Each list mirrors the server source named beside it; when
 * OpnForm changes one, change it here and re-record (test/contract). Audited: this is the only
 * sandbox file that repeats OpnForm's tables, and `duplicates` pairs with src/ here are expected.
 */

/** Token abilities: OpnForm `app/Http/Requests/Integration/StoreTokenRequest.php` / `Token` abilities. */
export type Ability =
  | 'workspaces-read'
  | 'workspaces-write'
  | 'workspace-users-read'
  | 'workspace-users-write'
  | 'forms-read'
  | 'forms-write'
  | 'manage-integrations';

export const ALL_ABILITIES: readonly Ability[] = [
  'workspaces-read',
  'workspaces-write',
  'workspace-users-read',
  'workspace-users-write',
  'forms-read',
  'forms-write',
  'manage-integrations',
];

/** Block types that take an answer: OpnForm `client/data/blocks_types.json` (non-`nf-` types). */
export const INPUT_TYPES = new Set([
  'text',
  'rich_text',
  'date',
  'url',
  'phone_number',
  'email',
  'checkbox',
  'select',
  'multi_select',
  'matrix',
  'number',
  'rating',
  'scale',
  'slider',
  'files',
  'signature',
  'barcode',
  'payment',
]);

/** UTM and click ids a submission may carry: OpnForm `FormSubmissionData` attribution rules (`meta.attribution.*`). */
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
];

/** Webhook headers a user may not set: OpnForm `WebhookIntegration::getValidationRules` (lower-cased). */
export const BLOCKED_HEADERS = [
  'Authorization',
  'X-Webhook-Signature',
  'Content-Type',
  'Content-Length',
  'Host',
  'Cookie',
  'X-CSRF-Token',
  'X-Forwarded-For',
  'X-Forwarded-Proto',
  'X-Real-IP',
  'X-Requested-With',
  'Accept-Encoding',
  'Transfer-Encoding',
].map((h) => h.toLowerCase());

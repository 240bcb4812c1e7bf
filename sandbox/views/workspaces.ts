/**
 * The JSON shapes of a real OpnForm server's users and workspaces (recorded: `forms--list-workspaces`,
 * `team--list-users`), built from the sandbox's tables. Self-hosted mode: every workspace is Pro
 * with every feature (README of the recordings, artefact 3).
 */
import type { Role, User, Workspace } from '../state';

/** `features` of a Pro workspace, as recorded. */
export const PRO_FEATURES: readonly string[] = [
  'invite_user',
  'custom_domain',
  'form_summary',
  'form_analytics',
  'ai.form_generation',
  'security.password_protection',
  'security.form_expiration',
  'security.captcha',
  'integrations.slack',
  'integrations.discord',
  'integrations.telegram',
  'integrations.email.advanced',
  'file_upload.allowed_types',
  'editable_submissions',
  'id_generation',
  'custom_domain.wildcard',
  'integrations.hubspot',
  'integrations.salesforce',
  'integrations.airtable',
  'partial_submissions',
  'enable_partial_submissions',
  'form_versioning',
  'google_address_autocomplete',
  'database_fields_update',
  'enable_ip_tracking',
  'sso.oidc',
  'redirect_url',
  'secret_input',
  'analytics',
  'seo_meta',
];

/** `required_tiers`, as recorded. */
export const REQUIRED_TIERS: Readonly<Record<string, string>> = {
  'branding.removal': 'pro',
  'workspaces.multiple': 'pro',
  invite_user: 'pro',
  custom_domain: 'pro',
  form_summary: 'pro',
  form_analytics: 'pro',
  'ai.form_generation': 'pro',
  custom_smtp: 'pro',
  'security.password_protection': 'pro',
  'security.form_expiration': 'pro',
  'security.captcha': 'pro',
  'integrations.slack': 'pro',
  'integrations.discord': 'pro',
  'integrations.telegram': 'pro',
  'integrations.email.advanced': 'pro',
  'file_upload.allowed_types': 'pro',
  editable_submissions: 'pro',
  id_generation: 'pro',
  'branding.advanced': 'business',
  custom_code: 'business',
  'custom_domain.wildcard': 'business',
  'multi_user.roles': 'business',
  'integrations.hubspot': 'business',
  'integrations.salesforce': 'business',
  'integrations.airtable': 'business',
  partial_submissions: 'business',
  enable_partial_submissions: 'business',
  form_versioning: 'business',
  google_address_autocomplete: 'business',
  database_fields_update: 'business',
  enable_ip_tracking: 'business',
  'sso.oidc': 'enterprise',
  'sso.saml': 'enterprise',
  'sso.ldap': 'enterprise',
  audit_logs: 'enterprise',
  compliance_features: 'enterprise',
  external_storage: 'enterprise',
  white_label: 'enterprise',
  no_branding: 'pro',
  redirect_url: 'pro',
  secret_input: 'pro',
  analytics: 'pro',
  custom_css: 'business',
  seo_meta: 'business',
};

const LIMITS = { file_upload_size: 52428800, custom_domain_count: 1, workspace_count: null };

const MAX_FILE_SIZE = 50;

/** A user record as `GET /open/workspaces/{id}/users` lists it (role in `pivot.role` only). */
export const userJson = (u: User, workspaceId: number, role: Role) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  email_verified_at: u.email_verified_at === undefined ? u.created_at : u.email_verified_at,
  created_at: u.created_at,
  updated_at: u.created_at,
  stripe_id: null,
  pm_type: null,
  pm_last_four: null,
  trial_ends_at: null,
  utm_data: null,
  blocked_at: null,
  photo_url: `https://www.gravatar.com/avatar/${u.id}.jpg?s=200&d=mp`,
  is_blocked: false,
  pivot: { workspace_id: workspaceId, user_id: u.id, role },
});

/** The workspace columns every workspace answer starts with. */
const workspaceHead = (w: Workspace) => ({
  id: w.id,
  created_at: w.created_at,
  updated_at: w.updated_at ?? w.created_at,
  name: w.name,
  icon: w.icon,
  custom_domains: [],
  settings: [],
  plan_overrides: null,
  plan_overrides_subscription_id: null,
  plan_tier: w.plan_tier,
  is_trialing: false,
  users_count: w.members.length,
  is_yearly_plan: false,
});

const workspaceTail = (w: Workspace) => ({
  features: w.plan_tier === 'free' ? [] : PRO_FEATURES,
  limits: LIMITS,
  required_tiers: REQUIRED_TIERS,
  is_grandfathered: false,
});

const roleFlags = (role: Role | undefined) => ({
  max_file_size: MAX_FILE_SIZE,
  is_readonly: role === 'readonly',
  is_admin: role === 'admin',
});

const membersJson = (w: Workspace, users: readonly User[]) =>
  w.members.flatMap((m) => {
    const u = users.find((x) => x.id === m.userId);
    return u === undefined ? [] : [userJson(u, w.id, m.role)];
  });

/**
 * The workspace embedded in a form (`workspace`): no pivot; every member in `users` when given (a
 * single form read and the update answer have them, the create answer and the list of all forms not).
 */
export const formWorkspaceJson = (w: Workspace, viewerId: number, users?: readonly User[]) => ({
  ...workspaceHead(w),
  ...(users === undefined ? {} : { users: membersJson(w, users) }),
  ...roleFlags(w.members.find((m) => m.userId === viewerId)?.role),
  ...workspaceTail(w),
});

/** `extra.loadedWorkspace` of the deprecated list of all forms: the columns and a role-less pivot. */
export const loadedWorkspaceJson = (w: Workspace, viewerId: number) => ({
  ...workspaceHead(w),
  pivot: { user_id: viewerId, workspace_id: w.id },
});

/** A `GET /open/workspaces` item: the viewer's `pivot`, every member in `users`, role flags. */
export const workspaceListJson = (w: Workspace, viewerId: number, users: readonly User[]) => {
  const role = w.members.find((m) => m.userId === viewerId)?.role;
  return {
    ...workspaceHead(w),
    pivot: { user_id: viewerId, workspace_id: w.id, role: role ?? 'user' },
    users: membersJson(w, users),
    ...roleFlags(role),
    ...workspaceTail(w),
  };
};

/** Abilities a personal access token can carry (spec: Authentication). */
export type Ability =
  | 'workspaces-read'
  | 'workspaces-write'
  | 'workspace-users-read'
  | 'workspace-users-write'
  | 'forms-read'
  | 'forms-write'
  | 'manage-integrations';

/** What a request is about, for "not found" wording. */
export type Thing =
  | 'account'
  | 'workspace'
  | 'form'
  | 'submission'
  | 'member'
  | 'invite'
  | 'webhook integration'
  | 'export job'
  | 'file';

/** The abilities to tick when creating a token for this connector (README and auth help). */
export const CONNECTOR_ABILITIES: readonly Ability[] = [
  'workspaces-read',
  'workspaces-write',
  'workspace-users-read',
  'workspace-users-write',
  'forms-read',
  'forms-write',
  'manage-integrations',
];

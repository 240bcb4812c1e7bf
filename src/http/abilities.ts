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
  | 'file'
  /** API Request: a path the user typed (its 404 gets its own message). */
  | 'API';

/**
 * The abilities to tick when creating a token for this connector (README and auth help): the ones a
 * real OpnForm server checks. `workspace-users-read`/`-write` exist on the token page but no route
 * checks them (recorded: `team--list-users`, `limits--abilities-403`), so they are not asked for.
 */
export const CONNECTOR_ABILITIES: readonly Ability[] = [
  'workspaces-read',
  'workspaces-write',
  'forms-read',
  'forms-write',
  'manage-integrations',
];

/**
 * What an endpoint needs, said once per endpoint family: what it is about (`thing`: the 404 and
 * shape-error wording), the token's abilities (every one listed, or with `anyOf` any one of them) and
 * the connected user's role in the workspace (the 403 wording tells a missing ability from a role).
 */
export interface Need {
  thing: Thing;
  abilities: readonly Ability[];
  /** Any one of `abilities` is enough (the server's policy accepts either). */
  anyOf?: boolean;
  /**
   * Who may do it: `admin` (an admin of the workspace), `member` (any member, read-only ones too), or
   * (the default) `editor`: any member but a read-only one.
   */
  role?: 'admin' | 'editor' | 'member';
}

/**
 * Reading a full form, listing its submissions and exporting them: `forms-read` OR
 * `manage-integrations` (FormPolicy::view; recorded in `forms--get-form`, `limits--abilities-403`).
 */
export const READ_FORM: Need = {
  thing: 'form',
  abilities: ['forms-read', 'manage-integrations'],
  anyOf: true,
  role: 'member',
};

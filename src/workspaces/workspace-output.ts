/**
 * The one output shape of the workspace steps (Create, Update, Find and New Workspace): what a Zap maps
 * of a workspace, from `GET /open/workspaces` or a create/update reply (both carry `users_count` and
 * `is_admin`). No icon is `null` (OpnForm stores ""), dates ISO 8601.
 */
import type { Workspace } from '../schemas/workspaces';
import { isoDateTime } from '../shared/dates';

export const shapeWorkspace = (w: Workspace) => ({
  id: w.id,
  name: w.name,
  icon: w.icon === undefined || w.icon === null || w.icon === '' ? null : w.icon,
  users_count: w.users_count ?? null,
  is_admin: w.is_admin ?? null,
  plan_tier: w.plan_tier ?? null,
  created_at: isoDateTime(w.created_at),
});
export type WorkspaceOutput = ReturnType<typeof shapeWorkspace>;

export const WORKSPACE_SAMPLE: WorkspaceOutput = {
  id: 7,
  name: 'Marketing',
  icon: '🚀',
  users_count: 1,
  is_admin: true,
  plan_tier: 'pro',
  created_at: '2026-11-25T11:43:41+00:00',
};

/** Only what the sample does not say itself: the id's and the date's types. */
export const WORKSPACE_OUTPUT_FIELDS = [
  { key: 'id', label: 'Workspace ID', type: 'integer' as const },
  { key: 'created_at', label: 'Created At', type: 'datetime' as const },
];

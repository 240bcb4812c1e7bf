/**
 * Workspaces as a real OpnForm server answers them (the connector's src/api/workspaces.ts;
 * recorded: `forms--list-workspaces`, `workspaces--create-update-delete`): the list, create
 * (`POST /open/workspaces/create`: `POST /open/workspaces` is a 405), rename with PUT and delete.
 *
 * - Only `name` (required, trimmed, no length rule) and `emoji` (the icon) are read; `icon` is
 *   ignored, and a PUT without `emoji` clears the icon to "".
 * - Create and update need `workspaces-write` ("This action is unauthorized."); update refuses
 *   non-members and read-only members first ("You cannot update this workspace."), so a `user`
 *   member may rename. Delete needs `workspaces-write` and the admin role ("You need to be an admin
 *   of this workspace to do this.", also for a token without the ability) and refuses the user's
 *   last workspace.
 * - Deleting a workspace keeps its forms, submissions and integrations (no foreign key): its forms
 *   are orphaned, every read of them is 403 and the public form 404 (sandbox/db.ts). Its members and
 *   invites go with it; a member left with no workspace gets none.
 * - On OpnForm Cloud (not `selfHosted`), a Free user may have one workspace (code reading:
 *   `WorkspacePolicy::create`, `plans.limits.workspace_count.free`); a user is Pro here when one of
 *   the workspaces they administer is Pro, and a new workspace has its creator's tier.
 */
import type { RouteKit } from '../kit';
import { fail, UNAUTHORIZED } from '../reply';
import { asRecord, param as p, type RouteCtx } from '../route-context';
import type { Workspace } from '../state';
import { formWorkspaceJson, workspaceListJson } from '../views/workspaces';

/** Laravel's TrimStrings and ConvertEmptyStringsToNull, then PHP's string conversion (undefined: not a scalar). */
const input = (value: unknown): string | null | undefined => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? '1' : null;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return text === '' ? null : text;
};

export const workspaceRoutes = (kit: RouteKit) => {
  const { state } = kit;
  const uid = (ctx: RouteCtx) => ctx.token.userId;
  const workspacesOf = (userId: number) =>
    state.workspaces.filter((w) => kit.roleIn(w, userId) !== undefined);
  /** The user's plan: self-hosted servers have no billing (every workspace is Pro). */
  const tierOf = (userId: number): Workspace['plan_tier'] =>
    kit.options.selfHosted ||
    state.workspaces.some((w) => w.plan_tier === 'pro' && kit.roleIn(w, userId) === 'admin')
      ? 'pro'
      : 'free';
  /** `name` required (422 after the policy, as the controller validates after authorizing). */
  const nameOf = (ctx: RouteCtx) => {
    const name = input(asRecord(ctx.body)?.name);
    if (name === null) throw kit.invalid({ name: ['The name field is required.'] });
    // an array or object reaches the model and fails there
    if (name === undefined) throw fail(500, { message: 'Server Error' });
    return name;
  };
  const emojiOf = (ctx: RouteCtx) => input(asRecord(ctx.body)?.emoji) ?? '';

  kit.route('GET', '/open/workspaces', 'open', (ctx) => {
    kit.need(ctx, 'workspaces-read');
    return workspacesOf(uid(ctx)).map((w) => workspaceListJson(w, uid(ctx), state.users));
  });

  kit.route('POST', '/open/workspaces/create', 'open', (ctx) => {
    const tier = tierOf(uid(ctx));
    if (tier === 'free' && workspacesOf(uid(ctx)).length >= 1)
      throw fail(403, {
        message:
          'You have reached the workspace limit for Free plan. Upgrade to create additional workspaces.',
      });
    if (!ctx.token.abilities.includes('workspaces-write')) throw UNAUTHORIZED();
    const name = nameOf(ctx);
    // `($request->emoji) ? $request->emoji : ''`: "0" is no icon either
    const emoji = emojiOf(ctx);
    const at = kit.nowIso();
    const w: Workspace = {
      id: state.next.workspace++,
      name,
      icon: emoji === '0' ? '' : emoji,
      plan_tier: tier,
      members: [{ userId: uid(ctx), role: 'admin' }],
      created_at: at,
      updated_at: at,
    };
    state.workspaces.push(w);
    return {
      type: 'success',
      message: 'Workspace created.',
      workspace_id: w.id,
      workspace: formWorkspaceJson(w, uid(ctx)),
    };
  });

  kit.route('PUT', '/open/workspaces/:id', 'open', (ctx) => {
    const w = kit.workspaceOr404(p(ctx, 0));
    const role = kit.roleIn(w, uid(ctx));
    if (role === undefined || role === 'readonly')
      throw fail(403, { message: 'You cannot update this workspace.' });
    if (!ctx.token.abilities.includes('workspaces-write')) throw UNAUTHORIZED();
    w.name = nameOf(ctx);
    w.icon = emojiOf(ctx);
    w.updated_at = kit.nowIso();
    return {
      type: 'success',
      message: 'Workspace updated.',
      workspace: formWorkspaceJson(w, uid(ctx), state.users),
    };
  });

  kit.route('DELETE', '/open/workspaces/:id', 'open', (ctx) => {
    const w = kit.workspaceOr404(p(ctx, 0));
    if (!ctx.token.abilities.includes('workspaces-write') || kit.roleIn(w, uid(ctx)) !== 'admin')
      throw fail(403, { message: 'You need to be an admin of this workspace to do this.' });
    if (workspacesOf(uid(ctx)).length <= 1)
      throw fail(403, { message: 'You cannot delete your last workspace. Delete your account instead.' });
    state.workspaces = state.workspaces.filter((x) => x !== w);
    state.invites = state.invites.filter((i) => i.workspace_id !== w.id);
    return { type: 'success', message: 'Workspace successfully deleted.', workspace_id: w.id };
  });
};

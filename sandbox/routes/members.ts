/**
 * Workspace members, as a real OpnForm server answers them (the connector's src/api/members.ts;
 * recorded: `team--*.json`, `limits--abilities-403.json`): the abilities it really checks
 * (`workspaces-read` to list members and to leave, `workspaces-write` + admin to manage;
 * `workspace-users-*` never), its check order (route model binding 404, then 403, then membership
 * 404 with an empty message, then 422), adding a user (or inviting an unknown email: the invite
 * routes are sandbox/routes/invites.ts). Leaving has no last-admin guard on the server.
 */
import type { RouteKit } from '../kit';
import { asRecord, isoMicro, param as p, type RouteCtx } from '../route-context';
import type { Invite, Role } from '../state';
import { userJson } from '../views/workspaces';

export interface MemberOptions {
  /**
   * Self-hosted without a licence (recordings' artefact 5): adding an email with no account
   * answers 403 once the instance has 2 users or more. Default false: an invite is created, as on
   * OpnForm Cloud.
   */
  selfHosted?: boolean;
}

const ROLES: readonly Role[] = ['admin', 'user', 'readonly'];
const INVITE_DAYS = 7;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const success = (message: string) => ({ type: 'success', message });

export const memberRoutes = (kit: RouteKit, options: MemberOptions = {}) => {
  const { state, route, fail } = kit;
  const uid = (ctx: RouteCtx) => ctx.token.userId;

  const userOr404 = (id: string) => {
    const u = state.users.find((x) => String(x.id) === id);
    if (u === undefined) throw kit.missing('User', id);
    return u;
  };
  /** A user left with no workspace gets a new personal one (recorded: `team--leave`). */
  const ensureWorkspace = (userId: number) => {
    if (state.workspaces.some((w) => w.members.some((m) => m.userId === userId))) return;
    state.workspaces.push({
      id: state.next.workspace++,
      name: 'My Workspace',
      icon: null,
      plan_tier: options.selfHosted ? 'pro' : 'free',
      created_at: kit.nowIso(),
      members: [{ userId, role: 'admin' }],
    });
  };
  route('GET', '/open/workspaces/:id/users', 'open', (ctx) => {
    const w = kit.workspaceOr404(p(ctx, 0));
    kit.need(ctx, 'workspaces-read');
    kit.memberOf(ctx, w);
    return w.members.flatMap((m) => {
      const u = state.users.find((x) => x.id === m.userId);
      return u === undefined ? [] : [userJson(u, w.id, m.role)];
    });
  });

  route('POST', '/open/workspaces/:id/users/add', 'open', (ctx) => {
    const w = kit.workspaceOr404(p(ctx, 0));
    if (!ctx.token.abilities.includes('workspaces-write') || kit.roleIn(w, uid(ctx)) !== 'admin')
      throw fail(403, { message: 'You need to be an admin of this workspace to do this.' });
    const body = asRecord(ctx.body) ?? {};
    const errors: Record<string, string[]> = {};
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (email === '') errors.email = ['The email field is required.'];
    else if (!EMAIL.test(email)) errors.email = ['The email field must be a valid email address.'];
    if (body.role === undefined || body.role === null || body.role === '')
      errors.role = ['The role field is required.'];
    else if (!ROLES.includes(body.role as Role)) errors.role = ['The selected role is invalid.'];
    if (Object.keys(errors).length > 0) throw kit.invalid(errors);
    const role = body.role as Role;
    // the user lookup is case-sensitive: another case of an existing email becomes an invite
    const existing = state.users.find((u) => u.email === email);
    if (existing !== undefined) {
      if (w.members.some((m) => m.userId === existing.id)) return success('User is already in workspace.');
      w.members.push({ userId: existing.id, role });
      return success('User has been successfully added to workspace.');
    }
    // the seat check is case-insensitive
    const known = state.users.some((u) => u.email.toLowerCase() === email.toLowerCase());
    if (options.selfHosted && !known && state.users.length >= 2)
      throw fail(403, {
        message: 'Enterprise license is required to add more than 2 users to a self-hosted instance.',
      });
    if (state.invites.some((i) => i.workspace_id === w.id && i.email === email && i.status === 'pending'))
      throw fail(400, { type: 'error', message: 'User has already been invited.' });
    const now = Date.now();
    const at = kit.nowIso();
    const invite: Invite = {
      id: state.next.invite++,
      workspace_id: w.id,
      email,
      role,
      status: 'pending',
      valid_until: new Date(now + INVITE_DAYS * 86_400_000).toISOString(),
      created_at: at,
      updated_at: at,
      sent: 1,
    };
    state.invites.push(invite);
    return {
      ...success('Registration invitation email sent to user.'),
      invite: {
        email,
        role,
        workspace_id: w.id,
        valid_until: isoMicro(Date.parse(invite.valid_until)),
        updated_at: at,
        created_at: at,
        id: invite.id,
      },
    };
  });

  /** Update-role and remove: workspace and user 404s, then 403, then membership 404 (empty message). */
  const targetMember = (ctx: RouteCtx) => {
    const w = kit.workspaceOr404(p(ctx, 0));
    const u = userOr404(p(ctx, 1));
    kit.workspaceAdmin(ctx, w);
    const m = w.members.find((x) => x.userId === u.id);
    if (m === undefined) throw fail(404, { message: '' });
    return { w, m };
  };
  route('PUT', '/open/workspaces/:id/users/:user/update-role', 'open', (ctx) => {
    const { m } = targetMember(ctx);
    const role = asRecord(ctx.body)?.role;
    if (role === undefined || role === null || role === '')
      throw kit.invalid({ role: ['The role field is required.'] });
    if (!ROLES.includes(role as Role)) throw kit.invalid({ role: ['The selected role is invalid.'] });
    m.role = role as Role;
    return success('User role changed successfully.');
  });
  route('DELETE', '/open/workspaces/:id/users/:user/remove', 'open', (ctx) => {
    const { w, m } = targetMember(ctx);
    w.members = w.members.filter((x) => x !== m);
    ensureWorkspace(m.userId);
    return success('User removed from workspace successfully.');
  });

  /** `workspaces-read` is enough; no last-admin guard (the sole admin can leave). */
  route('POST', '/open/workspaces/:id/leave', 'open', (ctx) => {
    const w = kit.workspaceOr404(p(ctx, 0));
    kit.need(ctx, 'workspaces-read');
    kit.memberOf(ctx, w);
    w.members = w.members.filter((x) => x.userId !== uid(ctx));
    ensureWorkspace(uid(ctx));
    return success('You have left the workspace successfully.');
  });
};

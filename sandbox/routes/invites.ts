/**
 * Workspace invites as a real OpnForm server answers them (the connector's src/api/invites.ts;
 * recorded: `team--invites*.json`): the list (every status, oldest first), resend (no extension of
 * `valid_until`) and cancel, admins only, and its 400 bodies. Inviting is `users/add`
 * (sandbox/routes/members.ts).
 */
import type { RouteKit } from '../kit';
import { param as p, ymdHisUtc } from '../route-context';
import type { Invite, Workspace } from '../state';
import { success } from './members';

export const inviteRoutes = (kit: RouteKit) => {
  const { state, route, fail } = kit;
  const inviteError = (message: string) => fail(400, { type: 'error', success: false, message });
  const inviteJson = (i: Invite) => ({
    id: i.id,
    workspace_id: i.workspace_id,
    email: i.email,
    role: i.role,
    status: i.status,
    valid_until: ymdHisUtc(i.valid_until),
    created_at: i.created_at,
    updated_at: i.updated_at,
  });
  const inviteOr400 = (w: Workspace, id: string) => {
    const invite = state.invites.find((i) => String(i.id) === id && i.workspace_id === w.id);
    if (invite === undefined) throw inviteError('Invite not found for this workspace.');
    if (invite.status === 'accepted') throw inviteError('Invite already accepted.');
    return invite;
  };

  /** Every invite (pending, accepted, expired: there is no "expired" status), oldest first. */
  route('GET', '/open/workspaces/:id/invites', 'open', (ctx) => {
    const w = kit.workspaceOr404(p(ctx, 0));
    kit.workspaceAdmin(ctx, w);
    return state.invites
      .filter((i) => i.workspace_id === w.id)
      .sort((a, b) => a.id - b.id)
      .map(inviteJson);
  });
  /** Sends the email again; `valid_until` is NOT extended (an expired invite stays expired). */
  route('POST', '/open/workspaces/:id/invites/:invite/resend', 'open', (ctx) => {
    const w = kit.workspaceOr404(p(ctx, 0));
    kit.workspaceAdmin(ctx, w);
    const invite = inviteOr400(w, p(ctx, 1));
    invite.sent += 1;
    return success('Invite email resent successfully.');
  });
  route('DELETE', '/open/workspaces/:id/invites/:invite/cancel', 'open', (ctx) => {
    const w = kit.workspaceOr404(p(ctx, 0));
    kit.workspaceAdmin(ctx, w);
    const invite = inviteOr400(w, p(ctx, 1));
    state.invites = state.invites.filter((i) => i !== invite);
    return success('Invite deleted successfully.');
  });
};

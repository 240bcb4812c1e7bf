/** `GET /open/workspaces` as a real OpnForm server answers it (the connector's src/api/workspaces.ts). */
import type { RouteKit } from '../kit';
import { workspaceListJson } from '../views/workspaces';

export const workspaceRoutes = (kit: RouteKit) => {
  const { state } = kit;
  kit.route('GET', '/open/workspaces', 'open', (ctx) => {
    kit.need(ctx, 'workspaces-read');
    return state.workspaces
      .filter((w) => kit.roleIn(w, ctx.token.userId))
      .map((w) => workspaceListJson(w, ctx.token.userId, state.users));
  });
};

/**
 * `npm start` steps of Invite Member (issue 15): Find or Invite Member as Zapier runs it (the search,
 * then the create when nothing is found) adds a person who has an account, Remove Member removes
 * them again, and a person without an account gets an invite.
 */
import type { DemoContext, DemoStep } from '../types';

const workspaceOf = (ctx: DemoContext) => ctx.picked.workspace_id ?? ctx.sandbox.ids.workspaceId;

interface Invited {
  id: number | null;
  status: string;
  email: string;
  role: string;
  name: string | null;
  invite_id: number | null;
  valid_until: string | null;
}

export const INVITE_STEPS: DemoStep[] = [
  {
    name: 'find or invite a member (find_member, then invite_member)',
    run: async (ctx) => {
      const input = { workspace_id: workspaceOf(ctx), email: 'EDSGER@example.org' };
      const found = await ctx.invoke<unknown[]>('searches.find_member.operation.perform', input);
      if (found.length > 0) throw new Error(`${input.email} is a member already`);
      const done = await ctx.invoke<Invited>('creates.invite_member.operation.perform', {
        ...input,
        role: 'readonly',
      });
      if (done.status !== 'added' || done.id === null)
        throw new Error(`expected "added" with a user id, got ${JSON.stringify(done)}`);
      ctx.picked.added_user_id = done.id;
      return `not found, so invited: ${done.name} <${done.email}> ${done.status} as ${done.role} (user ${done.id})`;
    },
  },
  {
    name: 'remove the added member (remove_member)',
    run: async (ctx) => {
      const done = await ctx.invoke<{ id: number; removed: boolean; message: string }>(
        'creates.remove_member.operation.perform',
        { workspace_id: workspaceOf(ctx), user_id: ctx.picked.added_user_id },
      );
      if (!done.removed) throw new Error(`user ${done.id} was not removed`);
      return `user ${done.id}: ${done.message}`;
    },
  },
  {
    name: 'invite a person without an account (invite_member)',
    run: async (ctx) => {
      const done = await ctx.invoke<Invited>('creates.invite_member.operation.perform', {
        workspace_id: workspaceOf(ctx),
        email: 'Katherine.Johnson@example.org',
        role: 'user',
      });
      if (done.status !== 'invited' || done.invite_id === null)
        throw new Error(`expected "invited" with an invite id, got ${JSON.stringify(done)}`);
      return `${done.email}: ${done.status}, invite ${done.invite_id} valid until ${done.valid_until}`;
    },
  },
];

/** `npm start` steps of the workspace team issue: find a member, resend and cancel an invite. */
import type { DemoContext, DemoStep } from '../types';

const workspaceOf = (ctx: DemoContext) => ctx.picked.workspace_id ?? ctx.sandbox.ids.workspaceId;

interface Member {
  id: number;
  name: string;
  email: string;
  role: string;
}
interface Invite {
  id: number;
  email: string;
  role: string;
  status: string;
  is_expired: boolean;
  label: string;
}

export const TEAM_STEPS: DemoStep[] = [
  {
    name: 'find a member (find_member)',
    run: async (ctx) => {
      const me = ctx.picked.me as { email?: string } | undefined;
      const email = ` ${(me?.email ?? 'ada@example.org').toUpperCase()} `;
      const found = await ctx.invoke<Member[]>('searches.find_member.operation.perform', {
        workspace_id: workspaceOf(ctx),
        email,
      });
      const member = found[0];
      if (member === undefined) throw new Error(`no member found for "${email.trim()}"`);
      return `"${email.trim()}" is ${member.name} <${member.email}> (user ${member.id}), role ${member.role}`;
    },
  },
  {
    name: 'pick a pending invite (invite_list)',
    run: async (ctx) => {
      const invites = await ctx.invoke<Invite[]>('triggers.invite_list.operation.perform', {
        workspace_id: workspaceOf(ctx),
      });
      const chosen = invites.find((i) => i.status === 'pending' && !i.is_expired);
      if (chosen === undefined) throw new Error('no pending invite in the list');
      ctx.picked.invite_id = chosen.id;
      ctx.picked.invite_email = chosen.email;
      return `${invites.length} invites (${invites.map((i) => i.label).join('; ')}); picked "${chosen.label}"`;
    },
  },
  {
    name: 'resend the invite (resend_invite)',
    run: async (ctx) => {
      const done = await ctx.invoke<{ id: number; message: string }>(
        'creates.resend_invite.operation.perform',
        {
          workspace_id: workspaceOf(ctx),
          invite_id: ctx.picked.invite_id,
        },
      );
      return `invite ${done.id}: ${done.message}`;
    },
  },
  {
    name: 'cancel the invite (cancel_invite)',
    run: async (ctx) => {
      const workspace_id = workspaceOf(ctx);
      const done = await ctx.invoke<{ id: number; message: string }>(
        'creates.cancel_invite.operation.perform',
        {
          workspace_id,
          invite_id: ctx.picked.invite_id,
        },
      );
      const left = await ctx.invoke<Invite[]>('searches.find_invite.operation.perform', {
        workspace_id,
        email: ctx.picked.invite_email,
        status: 'pending',
      });
      if (left.some((i) => i.id === done.id))
        throw new Error(`invite ${done.id} is still pending after cancelling`);
      return `invite ${done.id}: ${done.message} (find_invite no longer finds it pending)`;
    },
  },
];

import type { Bundle, ZObject } from 'zapier-platform-core';
import * as members from '../../api/members';
import * as workspaces from '../../api/workspaces';
import { conflict, halt, notFound } from '../../errors';
import type { Member } from '../../schemas/members';
import type { Workspace } from '../../schemas/workspaces';
import { adminOf, memberRole } from '../member';

/**
 * The connected user's place in a workspace, read with `workspaces-read` before a team step that
 * could leave the workspace without an admin:
 * 1. `GET /open/workspaces`: whether the connected user is a member, an admin (`is_admin`), and who
 *    they are (`pivot.user_id`);
 * 2. `members()`, only when asked: the workspace's members from that answer when it embeds every one
 *    (`users` as long as `users_count`, as real servers and the sandbox do), else
 *    `GET /open/workspaces/{id}/users`.
 */
export const readMembership = async (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
  outcome: string,
  purpose: 'leave' | 'change member',
  /** Leaving a workspace one is not in: the goal holds, a halt; managing it: an error (src/errors.ts). */
  notMember: 'halt' | 'error' = 'error',
) => {
  const mine = await workspaces.listMine(z, bundle, purpose);
  const workspace = mine.find((w) => w.id === workspaceId);
  if (workspace === undefined) {
    const message =
      `The connected OpnForm user is not a member of workspace ${workspaceId}, so ${outcome}. ` +
      'Choose a workspace from the list (it shows only the workspaces this user belongs to).';
    throw notMember === 'halt' ? halt(z, message) : notFound(z, message);
  }
  const embedded = workspace.users ?? [];
  const complete = embedded.length > 0 && embedded.length === workspace.users_count;
  return {
    workspace,
    me: workspace.pivot?.user_id ?? undefined,
    admin: adminOf(workspace),
    members: async (): Promise<Member[]> =>
      complete ? embedded : await members.list(z, bundle, workspaceId),
  };
};

const adminCount = (members: readonly Member[]) => members.filter((m) => memberRole(m) === 'admin').length;

/**
 * OpnForm lets the last admin leave a workspace (recorded: `team--leave`), which leaves it with no
 * one who can manage members, invites or settings. Before Leave Workspace sends anything, this
 * refuses that: a leave costs 2 requests (3 for an admin on a server that does not embed members).
 * Returns the workspace, for the step's output.
 */
export const refuseLastAdmin = async (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
): Promise<Workspace> => {
  const { workspace, admin, members } = await readMembership(
    z,
    bundle,
    workspaceId,
    'there is nothing to leave',
    'leave',
    'halt',
  );
  if (!admin) return workspace;
  const all = await members();
  if (adminCount(all) > 1) return workspace;
  const others = all.length - 1;
  throw conflict(
    z,
    `You are the only admin of the workspace "${workspace.name}", so Leave Workspace did not leave it: ` +
      `OpnForm would let you, and ${others > 0 ? `its ${others} other member${others === 1 ? '' : 's'} would be left` : 'it would be left with no members and'} ` +
      'with no admin to manage members, invites or settings. ' +
      (others > 0
        ? 'Make another member an admin first (Update Member Role), then leave.'
        : 'Invite someone as admin first, or delete the workspace in OpnForm.'),
  );
};

export type MemberChange = 'remove' | 'demote' | 'promote';

const SELF: Record<Exclude<MemberChange, 'promote'>, string> = {
  remove:
    'Remove Member does not remove the connected OpnForm user (the owner of the access token this Zap uses): ' +
    'use Leave Workspace for that, which also makes sure the workspace keeps an admin.',
  demote:
    "Update Member Role does not lower the connected OpnForm user's own role (the owner of the access token " +
    'this Zap uses): the Zap would lose the admin rights its team steps need, and the workspace could be left ' +
    'without an admin. Have another admin change this role in OpnForm.',
};

/**
 * Before Remove Member or Update Member Role. For a removal or a demotion (to user or readonly) it refuses, before any
 * write, a change to the connected user themself (they are the admin the Zap acts as; leaving has its
 * own step) and a change that would leave the workspace without an admin. Reads the workspaces and,
 * when that answer does not embed every member, the member list (2 or 3 requests with the write).
 * A promotion is never refused; it is read too, so every run of the step outputs the member's name,
 * email and previous role. Returns the member the change is about (undefined when the server does not
 * list them: the write then gets OpnForm's own answer).
 */
export const guardMemberChange = async (
  z: ZObject,
  bundle: Bundle,
  workspaceId: number,
  userId: number,
  change: MemberChange,
): Promise<Member | undefined> => {
  const step = change === 'remove' ? 'Remove Member' : 'Update Member Role';
  const { workspace, me, members } = await readMembership(
    z,
    bundle,
    workspaceId,
    `${step} changed nothing`,
    'change member',
  );
  if (change !== 'promote' && me === userId) throw conflict(z, SELF[change]);
  const all = await members();
  const target = all.find((m) => m.id === userId);
  if (
    change !== 'promote' &&
    target !== undefined &&
    memberRole(target) === 'admin' &&
    adminCount(all) <= 1
  ) {
    throw conflict(
      z,
      `${target.name || target.email} is the only admin of the workspace "${workspace.name}", so ${step} did ` +
        `not ${change === 'remove' ? 'remove them' : 'change their role'}: the workspace would be left with no ` +
        'admin to manage members, invites or settings. Make another member an admin first.',
    );
  }
  return target;
};

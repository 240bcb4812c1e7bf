import type { Bundle, ZObject } from 'zapier-platform-core';
import { halt, userError } from '../../errors';
import { opnform } from '../../http/client';
import { path } from '../../http/path';
import { OpenWorkspaceList } from '../../schemas/workspaces';
import { LEAVE } from '../access';
import { listMembers, memberRole } from './member';

/**
 * OpnForm lets the last admin leave a workspace (recorded: `team--leave`), which leaves it with no
 * one who can manage members, invites or settings. Before Leave Workspace sends anything, this reads
 * what it needs with `workspaces-read` (the ability leaving needs anyway):
 * 1. `GET /open/workspaces`: whether the connected user is a member, and an admin (`is_admin`);
 * 2. only for an admin whose workspace answer does not embed every member (`users` shorter than
 *    `users_count`): `GET /open/workspaces/{id}/users`, to count the admins.
 * So a leave costs 2 requests (3 for an admin on a server that does not embed members).
 */
export const refuseLastAdmin = async (z: ZObject, bundle: Bundle, workspaceId: number): Promise<void> => {
  const workspaces = await opnform(z, bundle).get(path`/open/workspaces`, {
    thing: 'workspace',
    ...LEAVE,
    schema: OpenWorkspaceList,
  });
  const workspace = workspaces.find((w) => w.id === workspaceId);
  if (workspace === undefined) {
    // Already not a member: the step's goal holds (a halt, rule in src/errors.ts).
    throw halt(
      z,
      `The connected OpnForm user is not a member of workspace ${workspaceId}, so there is nothing to leave. ` +
        'Choose a workspace from the list (it shows only the workspaces this user belongs to).',
    );
  }
  const admin = workspace.is_admin ?? memberRole({ role: workspace.pivot?.role }) === 'admin';
  if (!admin) return;
  const embedded = workspace.users ?? [];
  const complete = embedded.length > 0 && embedded.length === workspace.users_count;
  const members = complete ? embedded : await listMembers(z, bundle, workspaceId);
  const admins = members.filter((m) => memberRole(m) === 'admin').length;
  if (admins > 1) return;
  const others = members.length - 1;
  throw userError(
    z,
    `You are the only admin of the workspace "${workspace.name}", so Leave Workspace did not leave it: ` +
      `OpnForm would let you, and ${others > 0 ? `its ${others} other member${others === 1 ? '' : 's'} would be left` : 'it would be left with no members and'} ` +
      'with no admin to manage members, invites or settings. ' +
      (others > 0
        ? 'Make another member an admin first (Update Member Role), then leave.'
        : 'Invite someone as admin first, or delete the workspace in OpnForm.'),
    'conflict',
    409,
  );
};

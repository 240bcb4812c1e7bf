// The workspaces parts (test/workspaces/) in one test file (test/helpers/parts.ts).
import { part } from './helpers/parts';

part('workspaces/create-workspace', () => require('./workspaces/create-workspace.tests'));
part('workspaces/delete-workspace', () => require('./workspaces/delete-workspace.tests'));
part('workspaces/find-workspace', () => require('./workspaces/find-workspace.tests'));
part('workspaces/invites/find-invite', () => require('./workspaces/invites/find-invite.tests'));
part('workspaces/invites/invite-actions', () => require('./workspaces/invites/invite-actions.tests'));
part('workspaces/invites/invite-list', () => require('./workspaces/invites/invite-list.tests'));
part('workspaces/members/find-member', () => require('./workspaces/members/find-member.tests'));
part('workspaces/members/invite-member', () => require('./workspaces/members/invite-member.tests'));
part('workspaces/members/leave-workspace', () => require('./workspaces/members/leave-workspace.tests'));
part('workspaces/members/member-list', () => require('./workspaces/members/member-list.tests'));
part('workspaces/members/new-workspace-member', () =>
  require('./workspaces/members/new-workspace-member.tests'),
);
part('workspaces/members/remove-member', () => require('./workspaces/members/remove-member.tests'));
part('workspaces/members/update-member-role', () => require('./workspaces/members/update-member-role.tests'));
part('workspaces/new-workspace', () => require('./workspaces/new-workspace.tests'));
part('workspaces/recorded', () => require('./workspaces/recorded.tests'));
part('workspaces/update-workspace', () => require('./workspaces/update-workspace.tests'));
part('workspaces/workspace-list', () => require('./workspaces/workspace-list.tests'));

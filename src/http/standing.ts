import type { HttpResponse } from 'zapier-platform-core';
import { FormWorkspace, OpenWorkspaceList, type Workspace } from '../schemas/workspaces';
import { READ_FORM } from './abilities';
import {
  type ForbiddenTarget,
  formOfRequest,
  type Membership,
  type RequestContext,
  type Standing,
  workspaceOfRequest,
} from './failures';
import { type ApiPath, path } from './path';

/**
 * One read on the error path of a policy 403, sent by the client (`src/http/client.ts`): a GET whose
 * `allow` statuses are answered, not thrown (a 403 there must not be explained in turn).
 */
export type ErrorPathRead = (
  apiPath: ApiPath,
  ctx: RequestContext & { quiet?: () => string },
  allow: readonly number[],
) => Promise<HttpResponse>;

export const STANDING_PATH = path`/open/workspaces`;

/** The connected user's role in one workspace (`is_admin`/`is_readonly`, else `pivot.role`). */
const membershipOf = (w: Workspace): Membership => {
  const pivot = (w.pivot?.role ?? '').trim().toLowerCase();
  const role =
    w.is_admin || pivot === 'admin' ? 'admin' : w.is_readonly || pivot === 'readonly' ? 'readonly' : 'user';
  return { id: w.id, name: w.name, role };
};

/**
 * One `GET /open/workspaces`: whether the connected user is a member of the workspace and in which
 * role, so the message says whether a new token, a workspace admin or an invite can help. Its own
 * failure leaves the 403 as it was.
 */
const readStanding = async (read: ErrorPathRead): Promise<Standing> => {
  try {
    const reply = await read(
      STANDING_PATH,
      { need: { thing: 'workspace', abilities: ['workspaces-read'] } },
      [403],
    );
    if (reply.status === 403) return { kind: 'no-workspaces-read' };
    const parsed = OpenWorkspaceList().safeParse(reply.data);
    if (!parsed.success) return { kind: 'unknown' };
    return { kind: 'memberships', memberships: parsed.data.map(membershipOf) };
  } catch {
    return { kind: 'unknown' };
  }
};

/**
 * The workspace of a form, read (`GET /open/forms/{id}`, which any member may send) when the refused
 * request named no workspace: without it a user who is read-only in one workspace and an admin in
 * another could only be told "the ability, or the role". Quiet: a form read holds its access
 * password. A refusal or any failure leaves the workspace unknown.
 */
const readFormWorkspace = async (read: ErrorPathRead, formId: number): Promise<number | undefined> => {
  try {
    const reply = await read(
      path`/open/forms/${formId}`,
      { need: READ_FORM, quiet: () => `form #${formId}: its workspace` },
      [403, 404],
    );
    const parsed = FormWorkspace().safeParse(reply.status === 200 ? reply.data : undefined);
    return parsed.success ? parsed.data.workspace_id : undefined;
  } catch {
    return undefined;
  }
};

/**
 * What the connector can learn after a policy 403, never on the success path: the connected user's
 * standing (one `GET /open/workspaces`), and the workspace the request was about: named by the request
 * itself, or, for a form route that names none, the form's own (one form read, unless the refused
 * request was that very read).
 */
export const forbiddenContext = async (
  read: ErrorPathRead,
  method: string,
  apiPath: ApiPath,
  query?: unknown,
  body?: unknown,
): Promise<{ standing: Standing; target: ForbiddenTarget }> => {
  // Listing one's own workspaces needs only "workspaces-read": a 403 there says the token lacks it.
  if (apiPath === STANDING_PATH) return { standing: { kind: 'no-workspaces-read' }, target: {} };
  const standing = await readStanding(read);
  const workspaceId = workspaceOfRequest(apiPath, query, body);
  const formId = formOfRequest(apiPath, query, body);
  if (workspaceId !== undefined || formId === undefined || standing.kind !== 'memberships') {
    return { standing, target: { workspaceId } };
  }
  if (method === 'GET' && apiPath === path`/open/forms/${formId}`) return { standing, target: {} };
  return { standing, target: { workspaceId: await readFormWorkspace(read, formId) } };
};

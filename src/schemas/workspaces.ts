/**
 * OpnForm's answers about workspaces (src/api/workspaces.ts): the connected user's workspaces with their
 * membership, and the legacy name list. Built on first use (`lazy`).
 */
import * as z from 'zod/mini';
import { optBool, optNum, optStr, str } from './common';
import { lazy, type Out } from './lazy';
import { Member } from './members';

/** A workspace as `/open/workspaces` lists it (spec: fields not shown; real server below). */
export const Workspace = lazy(() =>
  z.looseObject({
    id: z.number(),
    name: str(),
    icon: optStr(),
    plan_tier: optStr(),
    is_admin: optBool(),
    is_readonly: optBool(),
    users_count: optNum(),
    created_at: optStr(),
    /** The connected user's membership (real server): their user id and role. */
    pivot: z.optional(z.nullable(z.looseObject({ role: optStr(), user_id: optNum() }))),
    /** Real servers embed the workspace's members (role in `pivot.role`). */
    users: z.optional(z.nullable(z.array(Member()))),
  }),
);
export type Workspace = Out<typeof Workspace>;

/** `GET /open/workspaces`: a bare array of the user's workspaces (no paging). */
export const OpenWorkspaceList = lazy(() => z.array(Workspace()));

/** `POST /open/workspaces/create` and `PUT /open/workspaces/{id}`: `{type, message, workspace}`. */
export const WorkspaceReply = lazy(() => z.looseObject({ message: optStr(), workspace: Workspace() }));

/** One page of `GET /open/workspaces/{id}/forms`, read for its `meta.total` only (the form count). */
export const FormCount = lazy(() => z.looseObject({ meta: z.looseObject({ total: z.number() }) }));

/** `GET /external/zapier/workspaces`: bare array `[{id, name}]`. */
export const LegacyWorkspaces = lazy(() => z.array(z.looseObject({ id: z.number(), name: str() })));

/** The part of a form read that says where the form lives (a 403's error path reads only this). */
export const FormWorkspace = lazy(() => z.looseObject({ workspace_id: z.number() }));

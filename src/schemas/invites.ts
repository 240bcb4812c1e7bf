/**
 * OpnForm's answers about workspace invites (src/api/invites.ts). Invites never expose a token here,
 * and the output is built from an allow-list anyway. Built on first use (`lazy`).
 */
import * as z from 'zod/mini';
import { optNum, optStr, str } from './common';
import { lazy, type Out } from './lazy';

export const INVITE_STATUSES = ['pending', 'accepted'] as const;

export const Invite = lazy(() =>
  z.looseObject({
    id: z.number(),
    email: str(),
    role: optStr(),
    status: optStr(),
    valid_until: optStr(),
    workspace_id: optNum(),
    created_at: optStr(),
  }),
);
export type Invite = Out<typeof Invite>;

/** `GET /open/workspaces/{id}/invites`: a bare array. */
export const InviteList = lazy(() => z.array(Invite()));

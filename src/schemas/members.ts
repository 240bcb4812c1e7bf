/**
 * OpnForm's answers about workspace members (src/api/members.ts). Members carry their role in `role`
 * (spec) or `pivot.role` (real server). Built on first use (`lazy`).
 */
import * as z from 'zod/mini';
import { optStr, str } from './common';
import { lazy, type Out } from './lazy';

/** The roles the role-update operation accepts (spec). */
export const MEMBER_ROLES = ['admin', 'user', 'readonly'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A workspace member, with the membership's timestamps (real server: `pivot.created_at`). */
export const Member = lazy(() =>
  z.looseObject({
    id: z.number(),
    name: optStr(),
    email: str(),
    role: optStr(),
    pivot: z.optional(z.nullable(z.looseObject({ role: optStr(), created_at: optStr() }))),
    created_at: optStr(),
  }),
);
export type Member = Out<typeof Member>;

/** `GET /open/workspaces/{id}/users`: a bare array. */
export const MemberList = lazy(() => z.array(Member()));

/**
 * `POST /open/workspaces/{id}/users/add`: `{type, message}`, plus the new `invite` (without its
 * token; `valid_until` ISO here) when OpnForm sent a registration invitation.
 */
export const AddMemberReply = lazy(() =>
  z.looseObject({
    message: z.optional(z.nullable(z.string())),
    invite: z.optional(
      z.nullable(
        z.looseObject({
          id: z.number(),
          email: z.optional(z.nullable(z.string())),
          role: z.optional(z.nullable(z.string())),
          valid_until: z.optional(z.nullable(z.string())),
        }),
      ),
    ),
  }),
);
export type AddMemberReply = Out<typeof AddMemberReply>;

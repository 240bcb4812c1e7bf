/**
 * What OpnForm's answers share: the field types (objects are loose elsewhere, so a newer server does
 * not break a Zap), Laravel's paginated envelope and the `{type, message}` reply. Each schema is built
 * on first use (`lazy`).
 */
import * as z from 'zod/mini';
import { OptionalServerBoolean } from './boolean';
import { lazy, type Out } from './lazy';

export const str = lazy(() => z.string());
export const optStr = lazy(() => z.optional(z.nullable(z.string())));
export const optNum = lazy(() => z.optional(z.nullable(z.number())));
/** Every boolean OpnForm sends: true/false, or 0/1 from MySQL/sqlite servers. */
export const optBool = OptionalServerBoolean;

/** Laravel's paginated envelope; real servers' `links.next` drops filters, so pages are built by hand. */
export const Paginated = <T extends z.ZodMiniType>(item: T) =>
  z.looseObject({
    data: z.array(item),
    meta: z.optional(
      z.nullable(
        z.looseObject({
          current_page: optNum(),
          last_page: optNum(),
          per_page: z.optional(z.nullable(z.union([z.number(), z.string()]))),
          total: optNum(),
        }),
      ),
    ),
    links: z.optional(z.nullable(z.looseObject({ next: optStr() }))),
  });

/** `{type, message}` bodies of admin actions; a 204 has no body at all. */
export const MessageReply = lazy(() =>
  z.optional(z.nullable(z.looseObject({ message: optStr(), type: optStr() }))),
);
export type MessageReply = Out<typeof MessageReply>;

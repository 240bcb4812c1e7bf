import type * as z from 'zod/mini';

/**
 * A value built on first use, then kept. Every zod schema of OpnForm's answers is one: `Form()` gives
 * the same schema object each time, and none is built while the app loads (a cold start builds only
 * what its step uses). `Out<typeof Form>` is the type the schema parses to.
 */
export const lazy = <T>(build: () => T): (() => T) => {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
};

/** What a lazy schema parses to. */
export type Out<L extends () => z.ZodMiniType> = z.infer<ReturnType<L>>;

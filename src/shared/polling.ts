import type { ZObject } from 'zapier-platform-core';

/**
 * A polling trigger's `type`, `perform` and `canPaginate`, spread into its `operation`. Core types
 * polling results as `id: string`; OpnForm ids are integers (Zapier takes either): the one cast is here.
 */
export const polling = (
  perform: (z: ZObject, bundle: never) => Promise<ReadonlyArray<{ id: number | string }>>,
  canPaginate: boolean,
) => ({ type: 'polling' as const, perform: perform as never, canPaginate });

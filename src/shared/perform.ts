import type { Bundle, PollingTriggerPerform, ZObject } from 'zapier-platform-core';

/**
 * Core's types require polling results to carry `id: string`; OpnForm ids are integers and Zapier
 * deduplicates on either. This keeps our precise result type and hands core the type it asks for.
 */
export const pollingPerform = <Out extends { id: number | string }>(
  fn: (z: ZObject, bundle: Bundle) => Promise<Out[]>,
): PollingTriggerPerform & ((z: ZObject, bundle: Bundle) => Promise<Out[]>) => fn as never;

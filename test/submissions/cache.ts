import type { Bundle, ZObject } from 'zapier-platform-core';

type Perform = (z: ZObject, bundle: Bundle) => unknown;

/** Runs `fn` with a stand-in for Zapier's cache (an RPC in production): a map, or one that always fails. */
export const withCache =
  (fn: Perform, store: Map<string, unknown> | 'broken', calls: string[] = []) =>
  (z: ZObject, bundle: Bundle) => {
    (z as { cache: unknown }).cache = {
      get: async (key: string) => {
        calls.push(`get ${key}`);
        if (store === 'broken') throw new Error('rpc is not available');
        return store.get(key) ?? null;
      },
      set: async (key: string, value: unknown, ttl: number) => {
        calls.push(`set ${key} ${ttl}`);
        if (store === 'broken') throw new Error('rpc is not available');
        store.set(key, value);
        return true;
      },
      delete: async (key: string) => {
        calls.push(`delete ${key}`);
        if (store === 'broken') throw new Error('rpc is not available');
        return store.delete(key);
      },
    };
    return fn(z, bundle);
  };

/** Every key path of an output (into objects, not into lists). */
export const keyPaths = (value: unknown, prefix = ''): string[] =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value).flatMap(([key, child]) => [
        `${prefix}${key}`,
        ...keyPaths(child, `${prefix}${key}.`),
      ])
    : [];

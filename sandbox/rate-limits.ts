/**
 * Laravel's per-user, per-minute throttle: one window per user and route group, `X-RateLimit-*`
 * headers on every answer, 429 "Too Many Attempts." with `Retry-After` once spent.
 */
import type { RateLimits } from './options';
import { fail, type Reply } from './reply';

export interface RateLimiter {
  /** Counts one request; the headers to add, or the 429 answer. */
  take(userId: number, group: keyof RateLimits): Record<string, string> | Reply;
  /** Emptied by `clearCache()`. */
  windows: Map<string, { start: number; count: number }>;
}

export const createRateLimiter = (limits: RateLimits): RateLimiter => {
  const windows = new Map<string, { start: number; count: number }>();
  const take = (userId: number, group: keyof RateLimits): Record<string, string> | Reply => {
    const key = `${userId}:${group}`;
    const now = Date.now();
    let w = windows.get(key);
    if (w === undefined || now - w.start >= 60_000) {
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    const limit = limits[group];
    if (w.count >= limit) {
      const retry = Math.max(1, Math.ceil((w.start + 60_000 - now) / 1000));
      return fail(
        429,
        { message: 'Too Many Attempts.' },
        {
          'Retry-After': String(retry),
          'X-RateLimit-Limit': String(limit),
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset': String(Math.ceil((w.start + 60_000) / 1000)),
        },
      );
    }
    w.count += 1;
    return { 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': String(limit - w.count) };
  };
  return { take, windows };
};

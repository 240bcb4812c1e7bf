/**
 * Laravel's per-user, per-minute throttle: one window per user and route group, `X-RateLimit-*`
 * headers on every answer, 429 "Too Many Attempts." with `Retry-After` once spent. The upload
 * limiter's hourly group (`uploadsHourly`) has a one-hour window.
 */
import type { RateLimits } from './options';
import { fail, Reply } from './reply';

export interface RateLimiter {
  /** Counts one request; the headers to add, or the 429 answer. */
  take(userId: number, group: keyof RateLimits): Record<string, string> | Reply;
  /** Counts one request in several groups (stacked throttles). */
  takeAll(userId: number, groups: Array<keyof RateLimits>): Record<string, string> | Reply;
  /** Emptied by `clearCache()`. */
  windows: Map<string, { start: number; count: number }>;
}

export const createRateLimiter = (limits: RateLimits): RateLimiter => {
  const windows = new Map<string, { start: number; count: number }>();
  const take = (userId: number, group: keyof RateLimits): Record<string, string> | Reply => {
    const key = `${userId}:${group}`;
    const now = Date.now();
    let w = windows.get(key);
    const span = group === 'uploadsHourly' ? 3_600_000 : 60_000;
    if (w === undefined || now - w.start >= span) {
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    const limit = limits[group];
    if (w.count >= limit) {
      const retry = Math.max(1, Math.ceil((w.start + span - now) / 1000));
      return fail(
        429,
        { message: 'Too Many Attempts.' },
        {
          'Retry-After': String(retry),
          'X-RateLimit-Limit': String(limit),
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset': String(Math.ceil((w.start + span) / 1000)),
        },
      );
    }
    w.count += 1;
    return { 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Remaining': String(limit - w.count) };
  };
  /**
   * Counts one request in each group in turn (a 429 stops at that group); the headers shown are the
   * group's with the fewest requests left, as Laravel's stacked throttles keep them.
   */
  const takeAll = (userId: number, groups: Array<keyof RateLimits>): Record<string, string> | Reply => {
    let shown: Record<string, string> | undefined;
    for (const group of groups) {
      const taken = take(userId, group);
      if (taken instanceof Reply) return taken;
      if (
        shown === undefined ||
        Number(taken['X-RateLimit-Remaining']) < Number(shown['X-RateLimit-Remaining'])
      )
        shown = taken;
    }
    return shown ?? {};
  };
  return { take, takeAll, windows };
};

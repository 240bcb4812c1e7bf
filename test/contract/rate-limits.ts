/**
 * The rate-limit buckets of a replay (replay.ts): how far each user's `X-RateLimit-Remaining` went down
 * in the sandbox and on the recording server between two recorded answers.
 */
import type { RecordedExchange } from '../helpers/recorded';

/**
 * Whose rate-limit bucket an exchange counts in: the token's user, or the client for the public
 * routes (`none`: per IP on the real server, one shared counter in the sandbox, token or not).
 */
export const bucketOf = (ex: RecordedExchange): string => {
  if (/^\/forms\/[^/]+(\/answer)?$|^\/local\/|^\/upload-file$|^\/vapor\/|^\/content\//.test(ex.request.path))
    return 'none';
  return String(ex.request.auth).split(':')[0] ?? '';
};

export class RateLimitBuckets {
  /** Per user and bucket: the last recorded and sandbox `X-RateLimit-Remaining`. */
  private readonly counters = new Map<string, { recorded: number; sandbox: number }>();

  clear() {
    this.counters.clear();
  }

  /** Requests a step makes outside the recording, per user and bucket (`main|100`). */
  countUnrecorded(auth: string, limit: number, requests: number) {
    const key = `${auth.split(':')[0]}|${limit}`;
    const c = this.counters.get(key);
    if (c !== undefined) c.sandbox += requests;
  }

  /**
   * Where the absolute counters cannot match (the recording server's also counted calls it did not
   * record), each user's bucket must go down by as many calls as on the recording server between
   * two recorded answers (so the same requests count: 401s and unknown routes do not, 403s and
   * 422s do; buckets are per user). A recorded counter that went up means its cache was cleared.
   */
  countedSince(bucket: string, limit: number, recorded: number, sandbox: number): string[] {
    const key = `${bucket}|${limit}`;
    const last = this.counters.get(key);
    this.counters.set(key, { recorded, sandbox });
    if (last === undefined || recorded >= last.recorded) return [];
    const want = last.recorded - recorded;
    const got = last.sandbox - sandbox;
    return want === got
      ? []
      : [
          `the ${limit}/min bucket of this user went down by ${got} since its last recorded answer, recorded ${want}`,
        ];
  }
}

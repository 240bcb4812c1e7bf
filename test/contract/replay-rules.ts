/**
 * The shape of what a replay (replay.ts) is told about the recordings, over the replay's own type `R`:
 * replay.ts uses it with itself, replay-config.ts names it for the suites (no import cycle).
 */
import type { RecordedExchange } from '../helpers/recorded';

/** What the contract expects instead of the recorded answer at one exchange (a local artefact). */
export interface ExpectationOf<R> {
  reason: string;
  /** Replaces the recorded status. */
  status?: number;
  /** Replaces the body comparison: returns differences. */
  check?: (body: unknown, replay: R) => string[];
  /** Paths compared by type only. */
  typeOnly?: RegExp[];
  /** Response headers compared by this pattern instead of exactly. */
  headerPatterns?: Record<string, RegExp>;
}

export interface OutOfBandOf<R> {
  /** What the recording's comment says was done out of band. */
  what: string;
  before?: (replay: R, ex: RecordedExchange) => void | Promise<void>;
  /** `actual`: the sandbox's answer to this exchange (parsed JSON, or text). */
  after?: (replay: R, ex: RecordedExchange, actual: unknown) => void | Promise<void>;
  /** Request headers the recording does not keep (it keeps Accept and Content-Type only). */
  headers?: Record<string, string>;
}

export interface ReplayConfigOf<R> {
  expectations: Record<string, ExpectationOf<R>>;
  outOfBand: Record<string, OutOfBandOf<R>>;
  /** Paths compared by type only in every exchange (random values), with why. */
  typeOnlyEverywhere: RegExp[];
  /** Files where `X-RateLimit-Remaining` is compared exactly (elsewhere: how much it went down). */
  exactRemaining: string[];
  /**
   * Calls the recording server counted before an exchange but the recording does not show (its
   * counter went down by more than the recorded calls), per exchange: which bucket, how many, why.
   */
  unrecordedCalls: Record<string, { auth: string; limit: number; calls: number; why: string }>;
}

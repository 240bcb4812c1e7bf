/** What a replay (replay.ts) is told about the recordings: expected differences and out-of-band steps. */
import type { Replay } from './replay';
import type { ExpectationOf, OutOfBandOf, ReplayConfigOf } from './replay-rules';

/** What the contract expects instead of the recorded answer at one exchange (a local artefact). */
export type Expectation = ExpectationOf<Replay>;
export type OutOfBand = OutOfBandOf<Replay>;
export type ReplayConfig = ReplayConfigOf<Replay>;

/**
 * One valid call of a step against the seeded sandbox, declared at the end of the step's own module
 * (`export const cases: StepCase[] = [...]`). harness/step-cases.ts finds them through the app
 * definition; the fault, secrets and deadline suites, the demo, the benchmark's request table,
 * test/cases.test.ts and `npm run examples` run them. Nothing in the app reads them: the release
 * bundle leaves them out (test/scripts/release-build.tests.ts). Types only, so src/ never imports the
 * sandbox: seeded ids are written as placeholders.
 */
export interface StepCase {
  /** The step's key, needed only when its module exports more than one step. */
  step?: string;
  /** The method Zapier calls: `perform` unless said (a hook trigger's own methods; the connection test in src/auth.ts). */
  method?: 'perform' | 'performList' | 'performSubscribe' | 'performUnsubscribe';
  /** Tells a second case of the same method apart (shown as `key (name)`). */
  name?: string;
  /**
   * The step's inputData. `$` and a name are the sandbox's seeded ids (`SandboxIds`, sandbox/seed.ts):
   * a value that is exactly `'$workspaceId'` becomes the id itself, `$name` inside a longer key or
   * value becomes its text (`answer__$fields.plan`).
   */
  input: Record<string, unknown>;
  /** Other bundle members (targetUrl, subscribeData, meta), placeholders as in `input`. */
  bundle?: Record<string, unknown>;
  /** The fewest OpnForm requests the call can need: the sandbox must count exactly this many. */
  minimum: number;
  /**
   * The most requests an ordinary run sends, when some input needs more than `minimum` (said in `why`):
   * the step's `throttle: throttleFor(n)` divides OpnForm's limit by it (src/shared/limits.ts).
   */
  most?: number;
  /** Why it needs them. */
  why: string;
  /** Writes that must not be sent when an earlier read failed or time ran out: `METHOD path` lines it matches. */
  writes?: RegExp;
  /** The error the call must end in against the real-like sandbox, when failing is its right answer. */
  fails?: RegExp;
  /**
   * A search's inputData that matches nothing in the seeded sandbox (placeholders as in `input`):
   * test/quality/searches.tests.ts runs it and wants `[]`, Zapier's "nothing found". Every search has one.
   */
  nothing?: Record<string, unknown>;
  /**
   * Zapier's review runs every visible step once, live: where a reviewer can run it (`on`) and the
   * recorded exchanges that show it succeed on a real server (`evidence`: `file#N` or `file#N-#M` in
   * test/recorded/, `pl/file#N` in test/recorded-production-like/). One case of every visible step says it.
   * `note`: the reviewer's note a step that deletes, removes, cancels or leaves must carry (Zapier asks
   * to avoid such actions or justify them): why it is there, then the non-permanent alternative
   * ("Instead: ..."). `npm run examples -- --review` prints them; docs/publishing.md repeats them.
   */
  review?: { on: string; evidence: string[]; note?: string };
}

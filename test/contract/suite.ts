/**
 * What both contract tests (recorded.test.ts, production-like.tests.ts) declare the same way: one
 * sandbox and its replay for the file, only `Date` faked (the replay sets the clock to the
 * recording's time line), the checks of the recording set itself, and one test per recorded file
 * that fails listing every difference.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Sandbox } from '../../sandbox/server';
import { fakeDateOnly } from '../helpers/clock';
import { readRecording } from './recordings';
import type { Replay } from './replay';

export interface ContractSuite {
  /** The recording set's name in the test titles. */
  name: string;
  dir: string;
  /** The files replayed, in the recording order. */
  order: readonly string[];
  /**
   * Files of the folder another contract test of this folder replays (its file name -> its files):
   * a set recorded on another server state (the recordings' group 9).
   */
  replayedBy?: Record<string, readonly string[]>;
  /** Every `auth` value the seed has a credential for (`none` and `invalid` need none). */
  auth: readonly string[];
  /** The `file#index` keys of the steps, expectations, exclusions and unrecorded calls. */
  keys: () => string[];
  /** Starts the sandbox and its replay (jest's `setSystemTime` as the clock). */
  start: (setClock: (ms: number) => void) => Promise<{ sandbox: Sandbox; replay: Replay }>;
}

export const contractSuite = (suite: ContractSuite) => {
  let started: { sandbox: Sandbox; replay: Replay } | undefined;
  beforeAll(async () => {
    started = await suite.start((ms) => jest.setSystemTime(ms));
    fakeDateOnly();
  });
  afterAll(async () => {
    jest.useRealTimers();
    await started?.sandbox.close();
  });

  describe(`the ${suite.name} themselves`, () => {
    test('every file of the folder is replayed once: here in the recording order, or by the other contract', () => {
      const files = readdirSync(suite.dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, ''))
        .sort();
      const elsewhere = Object.entries(suite.replayedBy ?? {});
      expect(elsewhere.map(([test]) => test).filter((test) => !existsSync(join(__dirname, test)))).toEqual(
        [],
      );
      expect([...suite.order, ...elsewhere.flatMap(([, list]) => list)].sort()).toEqual(files);
    });

    test('every auth value has a credential in the seed', () => {
      const used = new Set<string>();
      for (const file of suite.order)
        for (const ex of readRecording(file, suite.dir).exchanges)
          if (ex.kind !== 'delivery') used.add(String(ex.request.auth));
      const known = new Set<string>([...suite.auth, 'none', 'invalid']);
      expect([...used].filter((a) => !known.has(a))).toEqual([]);
    });

    test('every out-of-band step, expectation and exclusion names an existing exchange', () => {
      for (const key of suite.keys()) {
        const [file, index] = key.split('#');
        expect(readRecording(file ?? '', suite.dir).exchanges[Number(index)]).toBeDefined();
      }
    });
  });

  describe(`the sandbox reproduces every exchange of the ${suite.name}`, () => {
    for (const file of suite.order) {
      test(file, async () => {
        if (started === undefined) throw new Error('the sandbox did not start');
        const differences = await started.replay.run(file);
        if (differences.length > 0)
          throw new Error(
            `${file}: ${differences.length} difference(s) with the recording:\n${differences.join('\n')}`,
          );
      }, 60_000);
    }
  });
};

/**
 * What the Create Submission tests share: controlled time (the step budget's clock and the step's
 * sleep, so a test never waits and never depends on the machine's speed) and the recorded list pages
 * of the production-like server as nock answers.
 */
import { clock } from '../../../src/shared/budget';
import { createClock } from '../../../src/submissions/create/wait';
import { type RecordedExchange, recordedScope } from '../../helpers/recorded';

/** 2027-01-15T08:00:00Z: after every recorded date (the recorded closing date of 2026-01-01 is past). */
export const START_MS = 1_800_000_000_000;

/**
 * A fake clock for the step: `clock.now` stands still unless the step sleeps (each sleep advances it
 * by its length and is recorded in `sleeps`) or a test advances it.
 */
export const useStepClock = () => {
  const real = { sleep: createClock.sleep, now: clock.now };
  let now = START_MS;
  const sleeps: number[] = [];
  beforeEach(() => {
    now = START_MS;
    sleeps.length = 0;
    clock.now = () => now;
    createClock.sleep = async (ms) => {
      sleeps.push(ms);
      now += ms;
    };
  });
  afterEach(() => {
    clock.now = real.now;
    createClock.sleep = real.sleep;
  });
  return {
    sleeps,
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
};

/** The first page of a form's list as the connector asks for it (page 1, 100 a page). */
export const FIRST_PAGE = { page: '1', per_page: '100' };

type ListBody = { data: Array<{ id: number; data: Record<string, unknown> }> };

/** A recorded list answer with only the items `keep` accepts (the page envelope as recorded). */
export const keepItems = (ex: RecordedExchange, keep: (item: ListBody['data'][number]) => boolean) => {
  const body = ex.response.body as ListBody;
  return { ...ex, response: { ...ex.response, body: { ...body, data: body.data.filter(keep) } } };
};

/**
 * A recorded list answer of a wide form (issue 33): 99 copies of row `id` with a 230 KB answer to `question`
 * after its rows, past the 20 MB a page read whole may be (as JSON text: nock sends it as it is).
 */
export const widened = (ex: RecordedExchange, id: number, question: string) => {
  const body = ex.response.body as ListBody;
  const row = body.data.find((item) => item.id === id);
  const wide = Array.from({ length: 99 }, () => ({
    ...row,
    data: { ...row?.data, [question]: 'w'.repeat(230_000) },
  }));
  return JSON.stringify({ ...body, data: [...body.data, ...wide] });
};

/**
 * A recorded list answer as PostgreSQL answers it with `search` (production-like `submissions--search-pg`:
 * a case-insensitive "contains" over the top-level answer values): only the items holding the term.
 */
export const searched = (ex: RecordedExchange, term: string) =>
  keepItems(ex, (item) =>
    Object.entries(item.data).some(
      ([key, value]) =>
        !['id', 'status', 'created_at', 'submission_id'].includes(key) &&
        String(typeof value === 'object' ? JSON.stringify(value) : value)
          .toLowerCase()
          .includes(term.toLowerCase()),
    ),
  );

/** `n` interceptors answering the same recorded list page (one per look of the step). */
export const listLooks = (ex: RecordedExchange, n: number, query: Record<string, string> = FIRST_PAGE) =>
  Array.from({ length: n }, () => recordedScope(ex, { query }));

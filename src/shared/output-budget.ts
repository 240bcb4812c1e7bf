import type { ZObject } from 'zapier-platform-core';
import { userError } from '../errors';

/**
 * Zapier hands a step's output on as at most 6 MB (its next step's input); a bigger output fails there.
 */
export const ZAPIER_OUTPUT_BYTES = 6 * 1024 * 1024;

/**
 * What one call of a list step returns at most, as the JSON of its items (issue 33): safely under
 * `ZAPIER_OUTPUT_BYTES`, leaving room for core's envelope and for what Zapier adds to each item (its
 * dedupe and Transfer bookkeeping). A wide form's shaped submission is about 200 KB: about 20 a call.
 */
export const OUTPUT_BUDGET_BYTES = 4 * 1024 * 1024;

/** The UTF-8 size of a value's JSON, as core sends it on. */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

interface Held<K> {
  id: number;
  value: K;
  bytes: number;
  /** The list page the item was read on (where a Transfer reads again for what was left). */
  page: number;
}

/**
 * The items with the highest ids (the newest) whose JSON together fits `budget`, whatever order they
 * are offered in: always at least the newest one. What does not fit is let go at once, so no more than
 * the budget (and one item) is ever held. `cut` is the highest id let go: nothing at or below it is
 * held after that (the newest that fit end there).
 */
export class NewestWithin<K> {
  private readonly held: Held<K>[] = [];
  private readonly ids = new Set<number>();
  private bytes = 0;
  /** The highest id let go for the budget; `leftOn`: the lowest page such an item was listed on. */
  cut: { id: number; leftOn: number } | undefined;

  constructor(private readonly budget = OUTPUT_BUDGET_BYTES) {}

  get size(): number {
    return this.held.length;
  }

  has(id: number): boolean {
    return this.ids.has(id);
  }

  /** Whether an item of this id can still be among the newest that fit (none newer was let go). */
  open(id: number): boolean {
    return this.cut === undefined || id > this.cut.id;
  }

  /** An item below the cut, read on `page`, let go without being held. */
  refuse(id: number, page: number): void {
    this.letGo(id, page);
  }

  /** Holds an item (its id not held yet and `open`), then lets the oldest go while over the budget. */
  offer(id: number, page: number, value: K, bytes: number): void {
    let at = this.held.findIndex((item) => item.id < id);
    if (at < 0) at = this.held.length;
    this.held.splice(at, 0, { id, value, bytes, page });
    this.ids.add(id);
    this.bytes += bytes;
    while (this.held.length > 1 && this.bytes > this.budget) {
      const oldest = this.held.pop() as Held<K>;
      this.ids.delete(oldest.id);
      this.bytes -= oldest.bytes;
      this.letGo(oldest.id, oldest.page);
    }
  }

  private letGo(id: number, page: number): void {
    this.cut = {
      id: Math.max(id, this.cut?.id ?? Number.NEGATIVE_INFINITY),
      leftOn: Math.min(page, this.cut?.leftOn ?? Number.POSITIVE_INFINITY),
    };
  }

  /** What is held, newest first, with the page each was read on. */
  items(): ReadonlyArray<Readonly<Held<K>>> {
    return this.held;
  }
}

/** The first of `items` (newest first) whose JSON together fits the budget, at least the first. */
export const newestThatFit = <T>(items: readonly T[], budget = OUTPUT_BUDGET_BYTES): T[] => {
  const fit: T[] = [];
  let total = 0;
  for (const item of items) {
    const bytes = jsonBytes(item);
    if (fit.length > 0 && total + bytes > budget) break;
    fit.push(item);
    total += bytes;
  }
  return fit;
};

/**
 * Refuses one item whose JSON alone is over Zapier's 6 MB: it cannot be handed on, and Zapier would fail
 * the step anyway, with no word of which submission or why. (One alone over the budget is returned.)
 */
export const refuseOversized = (z: ZObject, item: { id: number | string }, bytes = jsonBytes(item)) => {
  if (bytes <= ZAPIER_OUTPUT_BYTES) return;
  const mb = (bytes / (1024 * 1024)).toFixed(1);
  throw userError(
    z,
    `Submission ${item.id} is ${mb} MB as this step's output, over the 6 MB Zapier passes on to the next ` +
      'step, so it cannot trigger a Zap. Shorten its longest answers in OpnForm (or delete it) and try again.',
    'bad_response',
    413,
  );
};

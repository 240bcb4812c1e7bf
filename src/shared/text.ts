/**
 * Plain text helpers that replace patterns a backtracking engine runs in quadratic time on hostile
 * input (`/\/+$/` on a run of slashes followed by another character): the ReDoS check of
 * test/quality/redos.tests.ts refuses those patterns in src/.
 */

/** The text without the run of `char` (one character) at its end: linear, unlike `/x+$/`. */
export const trimEnd = (text: string, char: string): string => {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end -= 1;
  return text.slice(0, end);
};

/**
 * One `@`, a dotted domain, no spaces: the same addresses as `/^[^\s@]+@[^\s@]+\.[^\s@]+$/`, written so
 * that each character can be read one way only (the domain's first dot after its first character), which
 * a backtracking engine runs in linear time. Callers check the length first all the same.
 */
export const EMAIL_ADDRESS = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

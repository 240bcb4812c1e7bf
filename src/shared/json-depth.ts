/**
 * How deep a parsed JSON value nests objects and lists, measured without recursion (JSON.parse reads
 * any depth; a recursive walk of a few thousand levels overflows the stack).
 */

/**
 * The deepest nesting OpnForm reads: PHP's `json_decode` (Laravel's request body) stops at 512 levels
 * and reads a deeper body as no body at all. The connector's own walks of a JSON value stop there too.
 */
export const MAX_JSON_DEPTH = 512;

/** The levels of objects and lists in a value: 0 for a text or number, 1 for `{}` or `[1]`, 2 for `[[1]]`. */
export const jsonDepth = (value: unknown): number => {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, depth] = next;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    for (const item of Object.values(node)) {
      if (item !== null && typeof item === 'object') stack.push([item, depth + 1]);
    }
  }
  return deepest;
};

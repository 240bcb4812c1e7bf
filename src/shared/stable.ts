/**
 * A value with its object keys sorted at every level, so the same content always gives the same
 * JSON text (to hash it, or to compare two reads). `emptyAsObject`: an empty list counts as an empty
 * object (PHP writes an empty array as either: a form's `settings` reads `{}`, then `[]` after a save).
 */
export const sortedKeys = (value: unknown, emptyAsObject = false): unknown => {
  if (Array.isArray(value)) {
    return emptyAsObject && value.length === 0 ? {} : value.map((item) => sortedKeys(item, emptyAsObject));
  }
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value as Record<string, unknown>)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key], emptyAsObject)]),
  );
};

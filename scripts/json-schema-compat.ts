// Zapier's promotion guardrail 9, "incompatible JSON field schema changes" on `type: 'json'` inputs
// (their `schema` is a JSON Schema). Zapier does not publish its comparison, so this one is
// conservative: a new schema is compatible only when it provably accepts every value the old one
// accepted (a live Zap keeps sending what it sent before). Anything it cannot prove is reported:
//   - a schema where there was none (any JSON was accepted), or a keyword it does not know changed;
//   - `type` narrowed (a type of the old list is missing), `enum`/`const` added or losing a value;
//   - a property newly `required`, `additionalProperties: false` (or a schema) newly limiting the
//     properties, a property the old schema allowed that a closed new schema no longer lists;
//   - a bound tightened (`minimum`, `minLength`, `minItems`, `minProperties` up; their `max` down;
//     `exclusiveMinimum`/`exclusiveMaximum` likewise; draft 4's boolean ones changed), `pattern`,
//     `format` or `multipleOf` added or changed;
//   - the same, recursively, in `properties`, `items` and `additionalProperties`.
// Descriptions, titles, examples and defaults are free to change.

type Schema = Record<string, unknown>;

const FREE = new Set(['title', 'description', 'examples', 'default', '$comment', '$schema', '$id']);
const CHECKED = new Set([
  'type',
  'enum',
  'const',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'pattern',
  'format',
  'multipleOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'uniqueItems',
]);
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];

const isSchema = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const list = (value: unknown): unknown[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];
/** `integer` values are `number` values too: a type list widened from integer to number accepts them. */
const typeAccepts = (types: unknown[], type: unknown) =>
  types.includes(type) || (type === 'integer' && types.includes('number'));

/** Where `after` refuses a value `before` accepted (`at`, `at.properties.x`, ...); empty when compatible. */
export const incompatibleAt = (before: unknown, after: unknown, at: string): string[] => {
  // nothing was accepted before, or anything is accepted now
  if (before === false || after === undefined || after === true) return [];
  if (isSchema(after) && Object.keys(after).every((key) => FREE.has(key))) return [];
  if (before === undefined || before === true || !isSchema(before) || !isSchema(after)) {
    return same(before, after) ? [] : [at];
  }
  const found: string[] = [];
  const flag = (where: string) => found.push(where);

  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!FREE.has(key) && !CHECKED.has(key) && !same(before[key], after[key])) flag(`${at}.${key}`);
  }
  const typesBefore = list(before.type);
  const typesAfter = list(after.type);
  if (typesAfter && (!typesBefore || typesBefore.some((t) => !typeAccepts(typesAfter, t))))
    flag(`${at}.type`);
  const enumAfter = list(after.enum);
  if (
    enumAfter &&
    (!before.enum || (list(before.enum) ?? []).some((v) => !enumAfter.some((w) => same(v, w))))
  )
    flag(`${at}.enum`);
  for (const key of ['const', 'pattern', 'format', 'multipleOf']) {
    if (after[key] !== undefined && !same(before[key], after[key])) flag(`${at}.${key}`);
  }
  if (after.uniqueItems === true && before.uniqueItems !== true) flag(`${at}.uniqueItems`);
  // a bound that is not a number (draft 4's boolean `exclusiveMinimum`) counts as changed unless equal
  for (const [keys, loosened] of [
    [LOWER_BOUNDS, (is: number, was: number) => is <= was],
    [UPPER_BOUNDS, (is: number, was: number) => is >= was],
  ] as const) {
    for (const key of keys) {
      const was = before[key];
      const is = after[key];
      if (is === undefined || same(was, is)) continue;
      if (!(typeof is === 'number' && typeof was === 'number' && loosened(is, was))) flag(`${at}.${key}`);
    }
  }
  const requiredBefore = new Set(list(before.required) ?? []);
  for (const key of list(after.required) ?? []) {
    if (!requiredBefore.has(key)) flag(`${at}.required.${String(key)}`);
  }

  const propsBefore = isSchema(before.properties) ? before.properties : {};
  const propsAfter = isSchema(after.properties) ? after.properties : {};
  // a property the old schema allowed is checked against what the new one applies to it
  for (const [key, was] of Object.entries(propsBefore)) {
    const is = key in propsAfter ? propsAfter[key] : after.additionalProperties;
    found.push(...incompatibleAt(was, is, `${at}.properties.${key}`));
  }
  for (const [key, is] of Object.entries(propsAfter)) {
    if (!(key in propsBefore))
      found.push(...incompatibleAt(before.additionalProperties, is, `${at}.properties.${key}`));
  }
  found.push(
    ...incompatibleAt(before.additionalProperties, after.additionalProperties, `${at}.additionalProperties`),
  );
  found.push(...incompatibleAt(before.items, after.items, `${at}.items`));
  return found;
};
